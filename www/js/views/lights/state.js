// Lights Out: the game the view shows (settings, lights, moves, seed) and its undo/redo
// history. Presses go through the core; `v` is the view (see ../lights.js).
import { runJob } from '../../worker-client.js';

/** A fresh view state (no game yet). */
export function initialState() {
  return {
    /** The board: {rows, cols, rule, torus, states}. */
    spec: null,
    /** The board as the core gave it, `{spec, data, lit}`: held and handed back, never read
     * but for `lit`; what to draw comes from the core (`cellsOf`, `markAt`). */
    lights: null,
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
  if (v.plan.packed) return null; // beyond a link's 4096: saved as a file instead
  if (v.shownLink === undefined) v.shownLink = v.core.lights_link(v.lights, v.moves) ?? null;
  return v.shownLink;
}

/** Boards with more lights than this have their links made in the Worker (the core encodes
 * ~3 million lights a second, so this is ~20 ms). */
const WORKER_LINK_LIGHTS = 65_536;

/** The share fragment as `link` gives it; made in the Worker (a promise) when the board is
 * large: the address bar follows every press, and encoding millions of lights takes seconds. */
export function linkSoon(v) {
  if (v.plan.packed || v.shownLink !== undefined || v.spec.rows * v.spec.cols <= WORKER_LINK_LIGHTS) return link(v);
  return linkInWorker(v);
}

async function linkInWorker(v) {
  const { lights, moves } = v;
  const made = (await runJob('lights_link', [lights, moves], null, 'lights').promise) ?? null;
  if (v.lights === lights) v.shownLink = made;
  return made;
}

/** Boards with a side beyond this are drawn at one pixel for `BLOCK`×`BLOCK` lights. */
const MAX_CANVAS_SIDE = 4096;
export const BLOCK = 4;

/** Lights a side of one drawn square of this board: 1, or `BLOCK` for the largest boards. */
export const drawBlock = (spec) => (Math.max(spec.rows, spec.cols) > MAX_CANVAS_SIDE ? BLOCK : 1);

/** One byte a light of each board asked for (the lights, a solution, a quiet pattern), kept
 * while the board object lives. */
const cellCache = new WeakMap();

/** What to draw of `board`: with `block` 1 each light's state, else how many lights are on in
 * each `block`×`block` square — from the core, once per board object. */
export function cellsOf(v, board, block = 1) {
  let byBlock = cellCache.get(board);
  if (!byBlock) cellCache.set(board, (byBlock = new Map()));
  let cells = byBlock.get(block);
  if (!cells) byBlock.set(block, (cells = v.core.lights_cells(board, block, 0, board.spec.rows)));
  return cells;
}

/** The row of a large board last read light by light, per board object (the cursor's). */
const rowCache = new WeakMap();

/** The state of light `index` in `board` (the lights, a solution, a quiet pattern). */
export function markAt(v, board, index) {
  const { cols } = v.spec;
  if (drawBlock(v.spec) === 1) return cellsOf(v, board)[index];
  const r = Math.floor(index / cols);
  let row = rowCache.get(board);
  if (!row || row.r !== r) rowCache.set(board, (row = { r, cells: v.core.lights_cells(board, 1, r, r + 1) }));
  return row.cells[index % cols];
}

/** How many lights are on (the core counts them with every new board). */
export function litCount(v) {
  return v.lights.lit;
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
  return v.core.lights_press(v.lights, r, c, times, false);
}

/** The lights with light `index` moved on `times` states alone (an Edit-mode change, not a
 * press), from the core. */
function edited(v, index, times) {
  const { cols, states } = v.spec;
  return v.core.lights_press(v.lights, Math.floor(index / cols), index % cols, ((times % states) + states) % states, true);
}

/** Applies an action (through the core for presses) and records it for undo. */
export function doAction(v, a, record = true) {
  if (a.kind === 'press') {
    press(v, a.r, a.c);
  } else {
    v.lights = edited(v, a.index, a.to - a.from);
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
    v.lights = edited(v, a.index, a.from - a.to);
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
