// Lights Out: the drawing of a zoomed board — only the visible lights, as pixels or (deep in)
// as shapes with gaps and marks, the rows of the largest boards fetched by bands — and the
// minimap; and the palette of states. ./zoom.js keeps the view (zoom, corner) and the input.
import { canvasOf, cellsOf, context2d, drawBlock } from './cells.js';
import { found } from '../../app.js';
import { visible, drawnWidth } from './zoom.js';

/** @typedef {import('./controller.js').LightsCtrl} LightsCtrl */
/** @typedef {import('../../types.js').LightsBoard} LightsBoard */

/** The zoom's drawing state, made by `setUpZoom`. @param {LightsCtrl} ctrl */
const zoomUi = (ctrl) => found(ctrl.zoomUi, 'the zoom controls (setUpZoom)');

export const OFF = 0xff40342d;
export const PRESS = 0xfffc3f8a;
export const QUIET = 0xffd2a01e;
export const HINT = 0xff20c040;

/** One colour (ABGR word) a state of a `k`-state light. @param {number} k */
export function statePalette(k) {
  const palette = new Uint32Array(k);
  palette[0] = OFF;
  for (let s = 1; s < k; s++) {
    const t = s / (k - 1);
    palette[s] = k === 2 ? 0xff3fd2ff : 0xff000000 | (Math.round(63 * t) << 16) | (Math.round(120 + 90 * t) << 8) | 255;
  }
  return palette;
}


/** Device pixels a light needs before it is drawn with gaps and marks instead of as a pixel. */
const SHAPE_PX = 6;
/** Rows fetched from the core at once for a board drawn by squares (its rows at one light a pixel). */
const BAND = 64;
/** Bands kept per board (64 × 8192 bytes each at most). */
const BANDS_KEPT = 48;

/** Rows of `board` light by light: (r) → [bytes, offset of the row's first light]. Boards
 * drawn a light a pixel have every light at hand already; the largest are fetched from the
 * core by bands of rows, only those shown, and kept while the board lives. */
/** @type {WeakMap<LightsBoard, Map<number, Uint8Array>>} */
const bandCache = new WeakMap();
/** @param {LightsCtrl} ctrl @param {LightsBoard} board @returns {(r: number) => [Uint8Array, number]} */
function rowsOf(ctrl, board) {
  const { rows, cols } = ctrl.spec;
  if (drawBlock(ctrl.spec) === 1) {
    const all = cellsOf(ctrl, board);
    return (r) => [all, r * cols];
  }
  let bands = bandCache.get(board);
  if (!bands) bandCache.set(board, (bands = new Map()));
  return (r) => {
    const b = Math.floor(r / BAND);
    let cells = bands.get(b);
    if (!cells) {
      cells = ctrl.core.lights_cells(board, 1, b * BAND, Math.min(rows, (b + 1) * BAND));
      const oldest = bands.keys().next();
      if (bands.size >= BANDS_KEPT && !oldest.done) bands.delete(oldest.value);
      bands.set(b, cells);
    } else {
      bands.delete(b);
      bands.set(b, cells);
    }
    return [cells, (r - b * BAND) * cols];
  };
}

/** The whole board as ./draw.js paints it at zoom 1, on a canvas of its own, repainted only
 * when the lights or the overlay changed: the source of far views and of the minimap.
 * @param {LightsCtrl} ctrl
 * @param {(target: HTMLCanvasElement) => void} paintBase */
function baseOf(ctrl, paintBase) {
  const ui = zoomUi(ctrl);
  const { overlay } = ctrl;
  const key = [ctrl.lights, overlay.presses, overlay.quiet, overlay.hint];
  const before = ui.baseKey;
  if (!before || key.some((k, i) => k !== before[i])) {
    paintBase(ui.base);
    ui.baseKey = key;
  }
  return ui.base;
}

/**
 * Draws the visible part of the board on the canvas at the size it shows: from the whole
 * board's picture while a light is under a pixel, else light by light from the visible rows,
 * with gaps between lights and the overlay as marks once a light is `SHAPE_PX` pixels wide.
 * @param {(target: HTMLCanvasElement) => void} paintBase paints the whole board (./draw.js)
 * @param {LightsCtrl} ctrl
 */
export function drawZoomed(ctrl, paintBase) {
  const canvas = canvasOf(ctrl, 'canvas');
  const { rows, cols, states } = ctrl.spec;
  const dpr = window.devicePixelRatio || 1;
  let W = Math.round(drawnWidth(ctrl) * dpr);
  let H = Math.round((W * rows) / cols);
  const cap = 4096 / Math.max(W, H);
  if (cap < 1) [W, H] = [Math.max(1, Math.round(W * cap)), Math.max(1, Math.round(H * cap))];
  if (canvas.width !== W || canvas.height !== H) {
    canvas.width = W;
    canvas.height = H;
  }
  const ctx = context2d(canvas);
  ctx.imageSmoothingEnabled = false;
  const { x, y, w, h } = visible(ctrl);
  const p = W / w;
  const base = baseOf(ctrl, paintBase);
  if (p < 1) {
    const b = drawBlock(ctrl.spec);
    ctx.drawImage(base, x / b, y / b, w / b, h / b, 0, 0, W, H);
  } else {
    drawLights(ctrl, ctx, { x, y, w, h, p, states });
  }
  drawMinimap(ctrl, base);
}

/** The visible lights, one pixel each on a scratch canvas stretched to `p` pixels a light.
 * @param {LightsCtrl} ctrl
 * @param {CanvasRenderingContext2D} ctx
 * @param {{ x: number, y: number, w: number, h: number, p: number, states: number }} shown */
function drawLights(ctrl, ctx, { x, y, w, h, p, states }) {
  const { rows, cols } = ctrl.spec;
  const { overlay } = ctrl;
  const c0 = Math.floor(x);
  const r0 = Math.floor(y);
  const c1 = Math.min(cols, Math.ceil(x + w));
  const r1 = Math.min(rows, Math.ceil(y + h));
  const cw = c1 - c0;
  const ch = r1 - r0;
  const shapes = p >= SHAPE_PX;
  const lights = rowsOf(ctrl, ctrl.lights);
  const presses = overlay.presses && rowsOf(ctrl, overlay.presses);
  const quiet = overlay.quiet && rowsOf(ctrl, overlay.quiet);
  const palette = statePalette(states);
  const img = new ImageData(cw, ch);
  const px = new Uint32Array(img.data.buffer);
  /** Overlay marks to draw as shapes: [row, col, presses, quiet]. */
  const marks = [];
  for (let r = r0; r < r1; r++) {
    const [cells, at] = lights(r);
    const [pc, pat] = presses ? presses(r) : [null, 0];
    const [qc, qat] = quiet ? quiet(r) : [null, 0];
    const line = (r - r0) * cw;
    for (let c = c0; c < c1; c++) {
      const n = pc ? pc[pat + c] : 0;
      const q = qc ? qc[qat + c] : 0;
      let colour = palette[cells[at + c]];
      if (shapes) {
        if (n || q) marks.push([r, c, n, q]);
      } else if (n) colour = PRESS;
      else if (q) colour = QUIET;
      px[line + c - c0] = colour;
    }
  }
  if (!shapes && overlay.hint >= 0) {
    const hr = Math.floor(overlay.hint / cols);
    const hc = overlay.hint % cols;
    if (hr >= r0 && hr < r1 && hc >= c0 && hc < c1) px[(hr - r0) * cw + hc - c0] = HINT;
  }
  const ui = zoomUi(ctrl);
  if (ui.scratch.width < cw || ui.scratch.height < ch) {
    ui.scratch.width = Math.max(ui.scratch.width, cw);
    ui.scratch.height = Math.max(ui.scratch.height, ch);
  }
  context2d(ui.scratch).putImageData(img, 0, 0);
  ctx.fillStyle = '#1b1f27';
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.drawImage(ui.scratch, 0, 0, cw, ch, (c0 - x) * p, (r0 - y) * p, cw * p, ch * p);
  if (!shapes) return;
  // Gaps between the lights, then the overlay: a dot a press (×n past one), a blue frame a
  // light of the quiet pattern, a green frame the hint.
  const gap = Math.max(1, Math.round(p / 14));
  ctx.fillStyle = '#1b1f27';
  for (let c = c0; c <= c1; c++) ctx.fillRect(Math.round((c - x) * p) - gap / 2, 0, gap, ctx.canvas.height);
  for (let r = r0; r <= r1; r++) ctx.fillRect(0, Math.round((r - y) * p) - gap / 2, ctx.canvas.width, gap);
  for (const [r, c, n, q] of marks) {
    const left = (c - x) * p;
    const top = (r - y) * p;
    if (q) {
      ctx.strokeStyle = '#1ea0d2';
      ctx.lineWidth = Math.max(2, p / 8);
      ctx.strokeRect(left + gap + ctx.lineWidth / 2, top + gap + ctx.lineWidth / 2, p - 2 * gap - ctx.lineWidth, p - 2 * gap - ctx.lineWidth);
    }
    if (n) {
      ctx.fillStyle = '#8a3ffc';
      ctx.beginPath();
      ctx.arc(left + p / 2, top + p / 2, Math.max(1.5, p / 4.5), 0, 2 * Math.PI);
      ctx.fill();
      if (n > 1 && p >= 24) {
        ctx.fillStyle = '#fff';
        ctx.font = `${Math.round(p / 4)}px sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(`×${n}`, left + p / 2, top + p / 2);
      }
    }
  }
  if (overlay.hint >= 0) {
    const hr = Math.floor(overlay.hint / cols);
    const hc = overlay.hint % cols;
    ctx.strokeStyle = '#20c040';
    ctx.lineWidth = Math.max(2, p / 7);
    const inset = gap + ctx.lineWidth / 2;
    ctx.strokeRect((hc - x) * p + inset, (hr - y) * p + inset, p - 2 * inset, p - 2 * inset);
  }
}

/** The minimap: the whole board small, the visible rectangle framed on it.
 * @param {LightsCtrl} ctrl
 * @param {HTMLCanvasElement} base */
function drawMinimap(ctrl, base) {
  const map = canvasOf(ctrl, 'minimap');
  const { rows, cols } = ctrl.spec;
  const dpr = window.devicePixelRatio || 1;
  const cssW = Math.min(140, Math.max(72, drawnWidth(ctrl) * 0.28));
  const W = Math.round(cssW * dpr);
  const H = Math.max(1, Math.round((W * rows) / cols));
  if (map.width !== W || map.height !== H) {
    map.width = W;
    map.height = H;
  }
  map.style.width = `${cssW}px`;
  const ctx = context2d(map);
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(base, 0, 0, base.width, base.height, 0, 0, W, H);
  const { x, y, w, h } = visible(ctrl);
  const k = W / cols;
  const rw = Math.max(6, w * k);
  const rh = Math.max(6, h * k);
  ctx.lineWidth = Math.max(1, dpr);
  ctx.strokeStyle = '#fff';
  ctx.strokeRect(x * k - ctx.lineWidth, y * k - ctx.lineWidth, rw + 2 * ctx.lineWidth, rh + 2 * ctx.lineWidth);
  ctx.strokeStyle = '#8a3ffc';
  ctx.lineWidth = 2 * Math.max(1, dpr);
  ctx.strokeRect(x * k, y * k, rw, rh);
}

// ---- input ----

/** Wheel steps normalised to pixels (lines and pages as browsers scroll them). */
