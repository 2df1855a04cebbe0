// Lights Out: what the view shows of the core's session (a `GameSession` of lights, held by
// the game driver) and the moves it forwards. The session keeps the history, the move counter
// and the seed; the view keeps a copy of its last `view()` here for drawing. `v` is the view
// (see ../lights.js).
import { byId, found } from '../../app.js';
import { runJob } from '../../worker-client.js';

/** @typedef {import('../../types.js').LightsPlan} LightsPlan */
/** @typedef {import('../../types.js').LightsSolution} LightsSolution */
/** @typedef {import('../../types.js').LightsBoard} LightsBoard */
/** @typedef {import('../../types.js').LightsSpec} LightsSpec */

/**
 * The game as the view holds it (see `initialState`).
 * @typedef {object} LightsGame
 * @property {LightsSpec} spec  the board's size and rules (set by the first draw)
 * @property {LightsBoard} lights  the board as the core gave it: held and handed back, never read
 *   but for `lit`; what to draw comes from the core (`cellsOf`, `markAt`)
 * @property {LightsPlan} plan  how the page handles this board
 * @property {string | null} seed  the seed the lights came from (a decimal string), kept through presses and edits
 * @property {string | null | undefined} shownLink  the session's link of what is shown: null when
 *   no link fits, undefined when the session leaves it to the Worker (large boards)
 * @property {number} moves  presses made (edits are not counted)
 * @property {boolean} canUndo
 * @property {boolean} canRedo
 * @property {'play' | 'edit'} mode
 * @property {number} version  bumped on every change of the lights, so cached answers know they are stale
 * @property {number} cursor
 */

/**
 * The view: the game plus what its parts (./*.js) share.
 * @typedef {LightsGame & {
 *   ctx: ReturnType<typeof import('../../view.js').viewContext>,
 *   core: import('../../app.js').Cores['lights'],
 *   grid: import('../../board.js').GridBoard,
 *   job: HTMLElement,
 *   solved: { version: number, minimal: boolean, result: LightsSolution } | null,
 *   overlay: { presses: LightsBoard | null, hint: number, quiet: LightsBoard | null, row: number },
 *   showSolution: boolean,
 *   busy: boolean,
 *   pendingNew: boolean,
 *   newPuzzle: () => void,
 *   steps: ReturnType<typeof import('../../components/step-bar.js').mountStepBar>,
 *   stepping: boolean,
 *   driver: Awaited<ReturnType<typeof import('../../game-driver.js').driveGame<import('../../types.js').LightsDrawn>>> | null,
 *   zoom?: { scale: number, x: number, y: number, spec: string },
 *   zoomUi?: ZoomUi,
 * }} LightsParts
 */

/**
 * The zoomed canvas's drawing state (./zoom.js).
 * @typedef {{ redraw: () => void, frame: number, base: HTMLCanvasElement, scratch: HTMLCanvasElement, baseKey: unknown[] | null }} ZoomUi
 */

/** A fresh view state: no game yet, until the driver's first draw (`takeView`) sets the board.
 * @returns {LightsGame} */
export function initialState() {
  return {
    // The board's fields are set by the first draw, before any part of the view runs.
    ...(/** @type {Pick<LightsGame, 'spec' | 'lights' | 'plan'>} */ ({})),
    seed: null,
    shownLink: undefined,
    moves: 0,
    canUndo: false,
    canRedo: false,
    mode: 'play',
    version: 0,
    cursor: 0,
  };
}

/**
 * Takes what the session shows (`GameSession.view()`) into the view.
 * @param {import('../../game-driver.js').GameView<import('../../types.js').LightsDrawn>} view
 * @returns {boolean} whether the board's size or kind changed
 * @param {LightsParts} v
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

/** The settings a new session of `board` (made in the Worker or read from a file) starts from.
 * @param {LightsBoard} board @param {string | null} [seed] @param {number} [moves] */
export const fromBoard = (board, seed = null, moves = 0) => ({ board, seed, moves });

/** The share fragment now (made here when the session left it out: Copy link asks for it
 * at once); null when no link fits.
 * @param {LightsParts} v */
export function linkNow(v) {
  if (v.shownLink === undefined) v.shownLink = v.driver?.session?.query('link', null) ?? null;
  return v.shownLink;
}

/** The share fragment as the session gives it, made in the Worker (a promise) when the board
 * is large; null when no link fits.
 * @param {LightsParts} v */
export function linkSoon(v) {
  if (v.shownLink !== undefined) return v.shownLink;
  return linkInWorker(v);
}

/** @param {LightsParts} v */
async function linkInWorker(v) {
  const { lights, seed, moves } = v;
  const job = runJob('GameSession.create', ['lights', fromBoard(lights, seed, moves), ''], null, 'lights', ['query', 'link', null]);
  const made = (await job.promise).value ?? null;
  if (v.lights === lights) v.shownLink = made;
  return made;
}

/** The canvas `id` of the view's markup (the board's `canvas`, the zoom's `minimap`).
 * @param {LightsParts} v
 * @param {string} id */
export const canvasOf = (v, id) => byId(v.ctx.slot, id, HTMLCanvasElement);

/** The 2d context of `canvas` (a canvas gives one unless another kind was asked of it first).
 * @param {HTMLCanvasElement} canvas */
export const context2d = (canvas) => found(canvas.getContext('2d'), 'a canvas 2d context');

/** Boards with a side beyond this are drawn at one pixel for `BLOCK`×`BLOCK` lights. */
const MAX_CANVAS_SIDE = 4096;
export const BLOCK = 4;

/** Lights a side of one drawn square of this board: 1, or `BLOCK` for the largest boards. */
export const drawBlock = (/** @type {LightsSpec} */ spec) => (Math.max(spec.rows, spec.cols) > MAX_CANVAS_SIDE ? BLOCK : 1);

/** One byte a light of each board asked for (the lights, a solution, a quiet pattern), kept
 * while the board object lives. */
/** @type {WeakMap<LightsBoard, Map<number, Uint8Array>>} */
const cellCache = new WeakMap();

/** What to draw of `board`: with `block` 1 each light's state, else how many lights are on in
 * each `block`×`block` square — from the core, once per board object.
 * @param {LightsBoard} board
 * @returns {Uint8Array}
 * @param {LightsParts} v */
export function cellsOf(v, board, block = 1) {
  let byBlock = cellCache.get(board);
  if (!byBlock) cellCache.set(board, (byBlock = new Map()));
  let cells = byBlock.get(block);
  if (!cells) byBlock.set(block, (cells = v.core.lights_cells(board, block, 0, board.spec.rows)));
  return cells;
}

/** The row of a large board last read light by light, per board object (the cursor's). */
/** @type {WeakMap<LightsBoard, { r: number, cells: Uint8Array }>} */
const rowCache = new WeakMap();

/** The state of light `index` in `board` (the lights, a solution, a quiet pattern).
 * @param {LightsBoard} board
 * @param {number} index
 * @param {LightsParts} v */
export function markAt(v, board, index) {
  const { cols } = v.spec;
  if (drawBlock(v.spec) === 1) return cellsOf(v, board)[index];
  const r = Math.floor(index / cols);
  let row = rowCache.get(board);
  if (!row || row.r !== r) rowCache.set(board, (row = { r, cells: v.core.lights_cells(board, 1, r, r + 1) }));
  return row.cells[index % cols];
}

/** How many lights are on (the core counts them with every new board).
 * @param {LightsParts} v */
export function litCount(v) {
  return v.lights.lit;
}
