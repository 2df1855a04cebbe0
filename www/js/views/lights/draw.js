// Lights Out: drawing the board — a grid of cells (ARIA grid, ../../board.js) when small, one
// canvas with a keyboard cursor when large — and the status line. `ctrl` is the view's controller (./controller.js).
import { showResult } from '../../components/result.js';
import { BLOCK, canvasOf, cellsOf, context2d, drawBlock, markAt } from './cells.js';
import { followCursor, isZoomed, lightAt, setUpZoom, showZoomControls, visible } from './zoom.js';
import { HINT, PRESS as PRESS_WORD, QUIET as QUIET_WORD, drawZoomed, statePalette } from './zoom-draw.js';

/** @typedef {import('./controller.js').LightsCtrl} LightsCtrl */

/** Boards up to this many lights are a grid of elements; larger ones a canvas. */
export const GRID_MAX = 1024;

/** @param {LightsCtrl} ctrl */
export const cells = (ctrl) => ctrl.spec.rows * ctrl.spec.cols;
/** @param {LightsCtrl} ctrl */
const stateName = (/** @type {LightsCtrl} */ ctrl, /** @type {number} */ s) => (ctrl.spec.states === 2 ? (s ? 'on' : 'off') : s ? `state ${s}` : 'off');

/** Redraws the board (grid or canvas) with the overlay (solution, hint, quiet pattern, row).
 * @param {LightsCtrl} ctrl */
export function render(ctrl) {
  const { $ } = ctrl.ctx;
  const big = cells(ctrl) > GRID_MAX;
  $('board').hidden = big;
  $('canvas-wrap').hidden = !big;
  showZoomControls(ctrl, big);
  if (big) return drawCanvas(ctrl);
  ctrl.grid.resize(ctrl.spec.rows, ctrl.spec.cols);
  $('board').classList.toggle('many', ctrl.spec.states > 2);
  ctrl.grid.update((i) => describe(ctrl, i));
}

/** @param {LightsCtrl} ctrl @param {number} i */
function describe(ctrl, i) {
  const { spec, overlay } = ctrl;
  const r = Math.floor(i / spec.cols);
  const c = i % spec.cols;
  const s = cellsOf(ctrl, ctrl.lights)[i];
  const presses = overlay.presses && cellsOf(ctrl, overlay.presses);
  const quietCells = overlay.quiet && cellsOf(ctrl, overlay.quiet);
  const classes = [s ? `on s${s}` : 'off'];
  const label = [`row ${r + 1}, column ${c + 1}, ${stateName(ctrl, s)}`];
  let text = spec.states > 2 && s ? String(s) : '';
  const p = presses?.[i] ?? 0;
  if (p) {
    classes.push('press');
    label.push(spec.states > 2 ? `press ${p} times` : 'press');
    text = spec.states > 2 ? `×${p}` : '●';
  }
  if (overlay.hint === i) {
    classes.push('hint');
    label.push('hint');
  }
  if (quietCells?.[i]) {
    classes.push('quiet');
    label.push('in the quiet pattern');
  }
  if (overlay.row === r) classes.push('chase-row');
  const data = { state: String(s), presses: String(p), hint: String(overlay.hint === i), quiet: String(Boolean(quietCells?.[i])) };
  return { classes: classes.join(' '), label: label.join(', '), text, data };
}

/** Wraps the canvas with its cursor mark and wires its mouse and keys to `activate`/`key`.
 * @param {LightsCtrl} ctrl
 * @param {{ activate: (index: number) => void, key: (index: number, e: KeyboardEvent) => boolean }} input */
export function setUpCanvas(ctrl, { activate, key }) {
  const canvas = canvasOf(ctrl, 'canvas');
  const zoom = setUpZoom(ctrl, () => drawCanvas(ctrl), pressAt);
  // Too many lights for a grid of elements: one focusable surface with a keyboard cursor whose
  // position and light are announced in the status line.
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-roledescription', 'large Lights Out board');
  canvas.setAttribute('aria-describedby', 'status');
  canvas.addEventListener('click', (e) => {
    // A drag or pinch that moved the view presses nothing, nor a click after a tap pressed.
    if (!zoom.dragged()) pressAt(e);
  });
  /** Only a click on the drawn board presses a light; anything the press throws goes to the
   * message line. @param {MouseEvent} e */
  function pressAt(e) {
    const index = lightAt(ctrl, canvas.getBoundingClientRect(), e.clientX, e.clientY);
    if (index === null) return;
    ctrl.cursor = index;
    try {
      activate(index);
    } catch (err) {
      ctrl.ctx.showError(err);
    }
  }
  canvas.addEventListener('keydown', (e) => {
    const { spec } = ctrl;
    const r = Math.floor(ctrl.cursor / spec.cols);
    const c = ctrl.cursor % spec.cols;
    const step = e.shiftKey ? Math.max(1, Math.floor(Math.min(spec.rows, spec.cols) / 16)) : 1;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-step, 0], ArrowDown: [step, 0], ArrowLeft: [0, -step], ArrowRight: [0, step] };
    if (Object.hasOwn(moves, e.key)) {
      const [dr, dc] = moves[e.key];
      const nr = Math.max(0, Math.min(spec.rows - 1, r + dr));
      const nc = Math.max(0, Math.min(spec.cols - 1, c + dc));
      ctrl.cursor = nr * spec.cols + nc;
      // Zoomed in, the view follows the cursor.
      if (followCursor(ctrl)) drawCanvas(ctrl);
      else drawCursor(ctrl);
      e.preventDefault();
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && zoom.key(e)) {
      e.preventDefault();
    } else if (key(ctrl.cursor, e)) {
      e.preventDefault();
    }
  });
}

/** Draws the canvas: the whole board a pixel a light (or a square of lights) at zoom 1, the
 * visible part at screen resolution when zoomed (./zoom.js).
 * @param {LightsCtrl} ctrl */
function drawCanvas(ctrl) {
  const canvas = canvasOf(ctrl, 'canvas');
  const { spec } = ctrl;
  const block = drawBlock(spec);
  showZoomControls(ctrl, true);
  if (isZoomed(ctrl)) {
    drawZoomed(ctrl, (target) => (block > 1 ? drawBlocks(ctrl, target) : drawLights(ctrl, target)));
  } else if (block > 1) drawBlocks(ctrl, canvas);
  else drawLights(ctrl, canvas);
  const scale = block > 1 ? `, drawn at one pixel for ${BLOCK}×${BLOCK} lights` : '';
  canvas.setAttribute('aria-label', `Lights Out board, ${spec.rows} by ${spec.cols}${scale}: ${ctrl.lit} lights on. Arrows move, Space presses, + and − zoom.`);
  // The side of the square of lights one pixel draws, as data (the label says it in words).
  canvas.dataset.block = String(block);
  drawCursor(ctrl);
}

/** The whole board on `canvas`, a pixel a light, the overlay's marks in their colours.
 * @param {LightsCtrl} ctrl */
function drawLights(ctrl, /** @type {HTMLCanvasElement} */ canvas) {
  const { spec, overlay } = ctrl;
  const lights = cellsOf(ctrl, ctrl.lights);
  if (canvas.width !== spec.cols || canvas.height !== spec.rows) {
    canvas.width = spec.cols;
    canvas.height = spec.rows;
  }
  const ctx = context2d(canvas);
  const img = ctx.createImageData(spec.cols, spec.rows);
  const px = new Uint32Array(img.data.buffer);
  // Colours as little-endian ABGR words.
  // One look-up a light (an 8192² board is 67 million), then the overlay's few marks on top.
  const palette = statePalette(spec.states);
  for (let i = 0; i < lights.length; i++) px[i] = palette[lights[i]];
  paint(px, overlay.quiet && cellsOf(ctrl, overlay.quiet), QUIET_WORD);
  paint(px, overlay.presses && cellsOf(ctrl, overlay.presses), PRESS_WORD);
  if (overlay.hint >= 0) px[overlay.hint] = HINT;
  ctx.putImageData(img, 0, 0);
}

const OFF = [0x2d, 0x34, 0x40];
const ON = [0xff, 0xd2, 0x3f];
const PRESS = [0x8a, 0x3f, 0xfc];
const QUIET = [0x1e, 0xa0, 0xd2];

/** BLOCK² + 1 colours (ABGR words) from `from` (none of a square's lights) to `to` (all). */
function ramp(/** @type {number[]} */ from, /** @type {number[]} */ to) {
  return Uint32Array.from({ length: BLOCK * BLOCK + 1 }, (_, n) => {
    const t = n / (BLOCK * BLOCK);
    const [r, g, b] = from.map((x, i) => Math.round(x + (to[i] - x) * t));
    return (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
  });
}
const LIT = ramp(OFF, ON);
const PRESSED = ramp(OFF, PRESS);
const QUIETED = ramp(OFF, QUIET);

/** The largest boards at one pixel for BLOCK×BLOCK lights (an 8192² board is a 2048² canvas,
 * 16 MB of pixels, not 256 MB): each pixel shades the share of its lights that are on, or,
 * where the overlay marks any (presses, a quiet pattern), the share marked. The core counts.
 * @param {LightsCtrl} ctrl */
function drawBlocks(ctrl, /** @type {HTMLCanvasElement} */ canvas) {
  const { spec, overlay } = ctrl;
  const width = Math.ceil(spec.cols / BLOCK);
  const height = Math.ceil(spec.rows / BLOCK);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = context2d(canvas);
  const img = ctx.createImageData(width, height);
  const px = new Uint32Array(img.data.buffer);
  const lit = cellsOf(ctrl, ctrl.lights, BLOCK);
  const marks = overlay.presses ?? overlay.quiet;
  const mark = marks && cellsOf(ctrl, marks, BLOCK);
  const marked = overlay.presses ? PRESSED : QUIETED;
  for (let i = 0; i < px.length; i++) px[i] = mark?.[i] ? marked[mark[i]] : LIT[lit[i]];
  if (overlay.hint >= 0) {
    px[Math.floor(overlay.hint / spec.cols / BLOCK) * width + Math.floor((overlay.hint % spec.cols) / BLOCK)] = HINT;
  }
  ctx.putImageData(img, 0, 0);
}

/** Paints `colour` on every pixel whose mark (a press count, a quiet-pattern bit) is set.
 * @param {Uint32Array} px @param {ArrayLike<number> | null} marks @param {number} colour */
function paint(px, marks, colour) {
  if (!marks) return;
  for (let i = 0; i < marks.length; i++) if (marks[i]) px[i] = colour;
}

/** Moves the canvas cursor mark to `ctrl.cursor` and announces it in the status line.
 * @param {LightsCtrl} ctrl */
export function drawCursor(ctrl) {
  const { $ } = ctrl.ctx;
  if (cells(ctrl) <= GRID_MAX) return;
  const { spec, cursor } = ctrl;
  const mark = $('canvas-cursor');
  const r = Math.floor(cursor / spec.cols);
  const c = cursor % spec.cols;
  // Where the light is in the visible rectangle (the whole board at zoom 1).
  const { x, y, w, h } = visible(ctrl);
  mark.hidden = c + 1 <= x || c >= x + w || r + 1 <= y || r >= y + h;
  mark.style.left = `${(100 * (c - x)) / w}%`;
  mark.style.top = `${(100 * (r - y)) / h}%`;
  mark.style.width = `max(6px, ${100 / w}%)`;
  mark.style.height = `max(6px, ${100 / h}%)`;
  const state = stateName(ctrl, markAt(ctrl, ctrl.lights, cursor));
  // The cursor in words for the status line, and as its row, column and state for what reads the page.
  Object.assign($('status').dataset, { cursor: `row ${r + 1}, column ${c + 1}, ${state}`, cursorRow: String(r + 1), cursorCol: String(c + 1), cursorState: state });
  drawStatus(ctrl);
}

/** The status line (moves, board, lit lights, seed, cursor) and the undo/redo buttons.
 * @param {LightsCtrl} ctrl */
export function drawStatus(ctrl) {
  const { $ } = ctrl.ctx;
  const { spec } = ctrl;
  const rule = { plus: 'classic', neighbours: 'neighbours only', x: 'X', king: 'king' }[spec.rule];
  const where = cells(ctrl) > GRID_MAX && $('status').dataset.cursor ? ` · cursor ${$('status').dataset.cursor}` : '';
  const lit = ctrl.lit;
  showResult(
    $('status'),
    `Moves: ${ctrl.moves} · ${spec.rows}×${spec.cols} ${rule}, ${spec.torus ? 'torus' : 'bounded'}, ${spec.states} states · ` +
      `${lit} lit${ctrl.seed !== null ? ` · seed ${ctrl.seed}` : ''}${where}`,
    // The puzzle's own press count (a link carries it; an edit is no press), and its board.
    { presses: ctrl.moves, rows: spec.rows, cols: spec.cols, rule: spec.rule, edges: spec.torus ? 'torus' : 'bounded', states: spec.states, lit },
  );
}
