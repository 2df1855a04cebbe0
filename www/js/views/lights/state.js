// Lights Out: what the view shows of the core's session (a `GameSession` of lights, held by
// the game driver) and the moves it forwards. The session keeps the history, the move counter
// and the seed; the view keeps a copy of its last `view()` here for drawing. `v` is the view
// (see ../lights.js).
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
    /** The seed the lights came from (a decimal string), kept through presses and edits. */
    seed: null,
    /** The session's link of what is shown: null when no link fits, undefined when the session
     * leaves it to the Worker (large boards). */
    shownLink: undefined,
    /** Presses made (edits are not counted). */
    moves: 0,
    canUndo: false,
    canRedo: false,
    mode: 'play',
    /** Bumped on every change of the lights, so cached answers know they are stale. */
    version: 0,
    cursor: 0,
  };
}

/**
 * Takes what the session shows (`GameSession.view()`) into the view.
 * @returns {boolean} whether the board's size or kind changed
 */
export function takeView(v, view) {
  const { state } = view;
  const newSpec = !v.spec || JSON.stringify(v.spec) !== JSON.stringify(state.spec);
  v.spec = state.spec;
  if (newSpec) v.plan = v.core.lights_plan(state.spec);
  v.lights = state.lights;
  v.seed = state.seed;
  v.moves = state.moves;
  // The core's plan says whether the session left the link to the Worker (large boards).
  v.shownLink = view.link ?? (v.plan.link_in_worker ? undefined : null);
  v.canUndo = view.can_undo;
  v.canRedo = view.can_redo;
  return newSpec;
}

/** The settings a new session of `board` (made in the Worker or read from a file) starts from. */
export const fromBoard = (board, seed = null, moves = 0) => ({ board, seed, moves });

/** The share fragment now (made here when the session left it out: Copy link asks for it
 * at once); null when no link fits. */
export function linkNow(v) {
  if (v.shownLink === undefined) v.shownLink = v.core.lights_link(v.lights, v.seed, v.moves) ?? null;
  return v.shownLink;
}

/** The share fragment as the session gives it, made in the Worker (a promise) when the board
 * is large; null when no link fits. */
export function linkSoon(v) {
  if (v.shownLink !== undefined) return v.shownLink;
  return linkInWorker(v);
}

async function linkInWorker(v) {
  const { lights, seed, moves } = v;
  const made = (await runJob('lights_link', [lights, seed, moves], null, 'lights').promise) ?? null;
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

/** The move a click on light `index` makes: a press (Play) or its next state (Edit). */
export function moveAt(v, index, mode = v.mode) {
  const move = { row: Math.floor(index / v.spec.cols), col: index % v.spec.cols };
  return mode === 'edit' ? { ...move, edit: 1 } : move;
}
