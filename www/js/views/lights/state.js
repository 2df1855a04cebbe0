// Lights Out: the game the view shows (settings, lights, moves, seed) and its undo/redo
// history. Presses go through the core; `v` is the view (see ../lights.js).
import { runJob } from '../../worker-client.js';

/** A fresh view state (no game yet). */
export function initialState() {
  return {
    /** The board: {rows, cols, rule, torus, states}. */
    spec: null,
    /** One byte a light, row by row; or, when `packed`, 32 lights a word (a Uint32Array). */
    lights: null,
    /** The lights are packed bits: a classic board beyond 4096 (the core's plan says so). */
    packed: false,
    /** How the page handles this board: the core's `lights_plan` (Worker or not, limits). */
    plan: null,
    /** The seed while the lights are exactly the seeded puzzle (short links). */
    seed: null,
    /** The core's link of the game as shown (seeded or not): null when no link fits, undefined
     * until asked. Kept until the lights change: asking again encodes the whole board. */
    shownLink: undefined,
    moves: 0,
    history: [],
    future: [],
    mode: 'play',
    /** Bumped on every change of the lights, so cached answers know they are stale. */
    version: 0,
    cursor: 0,
  };
}

/** Shows a game from the core ({spec, lights, seed, moves, link}); clears the history. */
export function setGame(v, game) {
  const newSize = !v.spec || JSON.stringify(v.spec) !== JSON.stringify(game.spec);
  v.spec = game.spec;
  v.plan = v.core.lights_plan(game.spec);
  v.packed = Boolean(game.packed);
  v.lights = game.lights;
  v.seed = game.seed;
  v.shownLink = game.link ?? null;
  v.moves = game.moves;
  v.history = [];
  v.future = [];
  if (newSize) v.cursor = 0;
}

/** The share fragment, or null when no link fits: the seeded form while the puzzle is
 * untouched (short even for huge boards), else every light. */
export function link(v) {
  if (v.packed) return null; // saved as a PBM file instead
  if (v.shownLink === undefined) v.shownLink = v.core.lights_link(v.spec, v.lights, v.moves) ?? null;
  return v.shownLink;
}

/** Boards with more lights than this have their links made in the Worker (the core encodes
 * ~3 million lights a second, so this is ~20 ms). */
const WORKER_LINK_LIGHTS = 65_536;

/** The share fragment as `link` gives it; made in the Worker (a promise) when the board is
 * large: the address bar follows every press, and encoding millions of lights takes seconds. */
export function linkSoon(v) {
  if (v.packed || v.shownLink !== undefined || v.spec.rows * v.spec.cols <= WORKER_LINK_LIGHTS) return link(v);
  return linkInWorker(v);
}

async function linkInWorker(v) {
  const { spec, lights, moves } = v;
  const made = (await runJob('lights_link', [spec, lights, moves], null, 'lights').promise) ?? null;
  if (v.lights === lights) v.shownLink = made;
  return made;
}

/** Words (u32) a row of a packed board holds: the core pads each row to whole 64-bit words. */
export const wordsPerRow = (cols) => 2 * Math.ceil(cols / 64);

/** The state of light `index` in `marks` (the lights, a solution, a quiet pattern), bytes or
 * packed bits alike. */
export function markAt(v, marks, index) {
  if (!v.packed) return marks[index];
  const { cols } = v.spec;
  const r = Math.floor(index / cols);
  const c = index % cols;
  return (marks[r * wordsPerRow(cols) + (c >>> 5)] >>> (c & 31)) & 1;
}

/** The first light set in `marks` (bytes or packed bits), or −1. */
export function firstMarked(v, marks) {
  if (!v.packed) return marks.findIndex((p) => p > 0);
  const w = wordsPerRow(v.spec.cols);
  const j = marks.findIndex((x) => x !== 0);
  if (j < 0) return -1;
  return Math.floor(j / w) * v.spec.cols + (j % w) * 32 + (31 - Math.clz32(marks[j] & -marks[j]));
}

/** How many lights are on (the core's count), asked once per version of the lights: a large
 * board is megabytes to copy into the core. */
export function litCount(v) {
  if (v.litVersion !== v.version || v.litLights !== v.lights) {
    v.lit = v.packed ? v.core.lights_packed_lit(v.spec, v.lights) : v.core.lights_lit(v.spec, v.lights);
    v.litVersion = v.version;
    v.litLights = v.lights;
  }
  return v.lit;
}

/** Presses (r, c) `times` times through the core, as one user move each. */
export function press(v, r, c, times = 1) {
  v.lights = pressed(v, r, c, times);
  v.moves += times;
  v.seed = null;
  v.shownLink = undefined;
}

/** The lights after pressing (r, c) `times` times, from the core. */
function pressed(v, r, c, times) {
  return v.packed ? v.core.lights_packed_press(v.spec, v.lights, r, c, times) : v.core.lights_press(v.spec, v.lights, r, c, times);
}

/** The lights with light `index` set to `state` (an Edit-mode change, not a press). */
function withLight(v, index, state) {
  const next = v.lights.slice();
  if (!v.packed) {
    next[index] = state;
    return next;
  }
  const { cols } = v.spec;
  const j = Math.floor(index / cols) * wordsPerRow(cols) + ((index % cols) >>> 5);
  const bit = 1 << (index % cols & 31);
  next[j] = state ? next[j] | bit : next[j] & ~bit;
  return next;
}

/** Applies an action (through the core for presses) and records it for undo. */
export function doAction(v, a, record = true) {
  if (a.kind === 'press') {
    press(v, a.r, a.c);
  } else {
    v.lights = withLight(v, a.index, a.to);
    v.seed = null;
    v.shownLink = undefined;
  }
  if (record) v.history.push(a);
}

export function undoAction(v, a) {
  if (a.kind === 'press') {
    // k−1 more presses of the same light undo one press.
    v.lights = pressed(v, a.r, a.c, v.spec.states - 1);
    v.moves--;
  } else {
    v.lights = withLight(v, a.index, a.from);
  }
  v.seed = null;
  v.shownLink = undefined;
}

/** Undoes the last action; false when there is none. */
export function undo(v) {
  if (!v.history.length) return false;
  const a = v.history.pop();
  undoAction(v, a);
  v.future.push(a);
  return true;
}

/** Redoes the last undone action; false when there is none. */
export function redo(v) {
  if (!v.future.length) return false;
  const a = v.future.pop();
  doAction(v, a, false);
  v.history.push(a);
  return true;
}

/** The action a click on light `index` makes: a press (Play) or the next state (Edit). */
export function actionAt(v, index, mode = v.mode) {
  if (mode === 'edit') {
    const from = markAt(v, v.lights, index);
    return { kind: 'set', index, from, to: (from + 1) % v.spec.states };
  }
  return { kind: 'press', r: Math.floor(index / v.spec.cols), c: index % v.spec.cols };
}
