// Lights Out: what to draw of a board the core gave (the lights, a solution, a quiet pattern),
// asked of the core once per board object, and the canvas the large boards are drawn on.
import { byId, found } from '../../app.js';

/** @typedef {import('./controller.js').LightsCtrl} LightsCtrl */
/** @typedef {import('../../types.js').LightsBoard} LightsBoard */
/** @typedef {import('../../types.js').LightsSpec} LightsSpec */

/** The canvas `id` of the view's markup (the board's `canvas`, the zoom's `minimap`).
 * @param {LightsCtrl} ctrl
 * @param {string} id */
export const canvasOf = (ctrl, id) => byId(ctrl.ctx.slot, id, HTMLCanvasElement);

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
 * @param {LightsCtrl} ctrl */
export function cellsOf(ctrl, board, block = 1) {
  let byBlock = cellCache.get(board);
  if (!byBlock) cellCache.set(board, (byBlock = new Map()));
  let cells = byBlock.get(block);
  if (!cells) byBlock.set(block, (cells = ctrl.core.lights_cells(board, block, 0, board.spec.rows)));
  return cells;
}

/** The row of a large board last read light by light, per board object (the cursor's). */
/** @type {WeakMap<LightsBoard, { r: number, cells: Uint8Array }>} */
const rowCache = new WeakMap();

/** The state of light `index` in `board` (the lights, a solution, a quiet pattern).
 * @param {LightsBoard} board
 * @param {number} index
 * @param {LightsCtrl} ctrl */
export function markAt(ctrl, board, index) {
  const { cols } = ctrl.spec;
  if (drawBlock(ctrl.spec) === 1) return cellsOf(ctrl, board)[index];
  const r = Math.floor(index / cols);
  let row = rowCache.get(board);
  if (!row || row.r !== r) rowCache.set(board, (row = { r, cells: ctrl.core.lights_cells(board, 1, r, r + 1) }));
  return row.cells[index % cols];
}
