// Lights Out: zoom and pan on the canvas of a large board — the wheel (about the pointer), a
// pinch, a drag, the + and − keys, the zoom bar (−, +, Fit) and a minimap. At zoom 1 the canvas
// holds the whole board a pixel a light (or a square of lights), as ./draw.js paints it; zoomed
// in, it is as many pixels as it shows on screen and only the visible lights are drawn. `ctrl` is
// the controller (./controller.js); `ctrl.zoom` is `{scale, x, y, spec}`: how many times the fit size, and the top-left
// corner of the visible rectangle in lights.
import { canvasOf } from './cells.js';

/** @typedef {import('./controller.js').LightsCtrl} LightsCtrl */
/** @typedef {import('../../types.js').LightsBoard} LightsBoard */


/** CSS pixels a light is at the deepest zoom. */
const DEEPEST_LIGHT_PX = 48;

/** The view's zoom (the controller drops it when the board's size or kind changes: fit).
 * @param {LightsCtrl} ctrl */
export function zoomOf(ctrl) {
  ctrl.zoom ??= { scale: 1, x: 0, y: 0 };
  return ctrl.zoom;
}

/** @param {LightsCtrl} ctrl */
export const isZoomed = (ctrl) => zoomOf(ctrl).scale > 1;

/** The visible rectangle in lights: `{x, y, w, h}`.
 * @param {LightsCtrl} ctrl */
export function visible(ctrl) {
  const { scale, x, y } = zoomOf(ctrl);
  return { x, y, w: ctrl.spec.cols / scale, h: ctrl.spec.rows / scale };
}

/** The CSS width the board is drawn at (the wrapper's inner width; 560 before layout).
 * @param {LightsCtrl} ctrl */
export const drawnWidth = (ctrl) => canvasOf(ctrl, 'canvas').getBoundingClientRect().width || 560;

/** The deepest zoom: a light `DEEPEST_LIGHT_PX` CSS pixels wide.
 * @param {LightsCtrl} ctrl */
const maxScale = (ctrl) => Math.max(2, (DEEPEST_LIGHT_PX * ctrl.spec.cols) / drawnWidth(ctrl));

/** Sets the zoom and corner (clamped to the board), says them on the wrapper and redraws.
 * @param {LightsCtrl} ctrl @param {number} scale @param {number} x @param {number} y */
export function setView(ctrl, scale, x, y) {
  const z = zoomOf(ctrl);
  const { rows, cols } = ctrl.spec;
  z.scale = Math.min(maxScale(ctrl), Math.max(1, scale));
  z.x = Math.min(cols - cols / z.scale, Math.max(0, x));
  z.y = Math.min(rows - rows / z.scale, Math.max(0, y));
  if (z.scale === 1) z.x = z.y = 0;
  describeView(ctrl);
  requestDraw(ctrl);
}

/** Zooms by `factor` keeping the point at fractions (`fx`, `fy`) of the canvas in place.
 * @param {LightsCtrl} ctrl @param {number} factor @param {number} fx @param {number} fy */
export function zoomAbout(ctrl, factor, fx, fy) {
  const { x, y, w, h } = visible(ctrl);
  const z = zoomOf(ctrl);
  const scale = Math.min(maxScale(ctrl), Math.max(1, z.scale * factor));
  setView(ctrl, scale, x + fx * w - (fx * ctrl.spec.cols) / scale, y + fy * h - (fy * ctrl.spec.rows) / scale);
}

/** Zooms by `factor` about the keyboard cursor's light.
 * @param {LightsCtrl} ctrl @param {number} factor */
function zoomAtCursor(ctrl, factor) {
  const { x, y, w, h } = visible(ctrl);
  const r = Math.floor(ctrl.cursor / ctrl.spec.cols);
  const c = ctrl.cursor % ctrl.spec.cols;
  const fx = (c + 0.5 - x) / w;
  const fy = (r + 0.5 - y) / h;
  // About the view's centre when the cursor is out of sight.
  if (fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1) zoomAbout(ctrl, factor, fx, fy);
  else zoomAbout(ctrl, factor, 0.5, 0.5);
}

/** Moves the view the least so the cursor's light is inside it (with a light to spare);
 * true when it moved.
 * @param {LightsCtrl} ctrl */
export function followCursor(ctrl) {
  if (!isZoomed(ctrl)) return false;
  const { x, y, w, h } = visible(ctrl);
  const r = Math.floor(ctrl.cursor / ctrl.spec.cols);
  const c = ctrl.cursor % ctrl.spec.cols;
  const margin = Math.min(1, w / 4, h / 4);
  const nx = c < x + margin ? c - margin : c + 1 > x + w - margin ? c + 1 + margin - w : x;
  const ny = r < y + margin ? r - margin : r + 1 > y + h - margin ? r + 1 + margin - h : y;
  if (nx === x && ny === y) return false;
  setView(ctrl, zoomOf(ctrl).scale, nx, ny);
  return true;
}

/** The zoom and the visible rectangle as data-* on the canvas wrapper (tests read them), and
 * the zoom bar's text.
 * @param {LightsCtrl} ctrl */
export function describeView(ctrl) {
  const { $ } = ctrl.ctx;
  const z = zoomOf(ctrl);
  const { x, y, w, h } = visible(ctrl);
  const wrap = $('canvas-wrap');
  Object.assign(wrap.dataset, {
    zoom: z.scale.toFixed(4),
    viewX: x.toFixed(4),
    viewY: y.toFixed(4),
    viewW: w.toFixed(4),
    viewH: h.toFixed(4),
    lightPx: (drawnWidth(ctrl) / w).toFixed(3),
  });
  const level = $('zoom-level');
  if (!level) return;
  const r0 = Math.floor(y) + 1;
  const c0 = Math.floor(x) + 1;
  const r1 = Math.min(ctrl.spec.rows, Math.ceil(y + h));
  const c1 = Math.min(ctrl.spec.cols, Math.ceil(x + w));
  level.textContent = z.scale === 1 ? 'whole board' : `${z.scale < 10 ? z.scale.toFixed(1) : Math.round(z.scale)}× · rows ${r0}–${r1}, columns ${c0}–${c1}`;
  $('zoom-out').disabled = z.scale === 1;
  $('zoom-fit').disabled = z.scale === 1;
  $('zoom-in').disabled = z.scale >= maxScale(ctrl);
}

/** Redraws once per frame however many events moved the view. The wrapper carries
 * `data-drawing` from the change to the frame that draws it, so a reader of the canvas (a test)
 * can wait for the drawing to match what the wrapper says.
 * @param {LightsCtrl} ctrl */
function requestDraw(ctrl) {
  const ui = ctrl.zoomUi;
  if (!ui || ui.frame) return;
  const wrap = ctrl.ctx.$('canvas-wrap');
  wrap.dataset.drawing = 'true';
  ui.frame = requestAnimationFrame(() => {
    ui.frame = 0;
    ui.redraw();
    delete wrap.dataset.drawing;
  });
}

/** The light under the point (`x`, `y`) of the canvas drawn at `rect`, or null when the point
 * is off the drawn board. The same map as the drawing: light (r, c) covers
 * [(c − x₀)·p, (c + 1 − x₀)·p) across, p the pixels a light.
 * @param {LightsCtrl} ctrl @param {DOMRect} rect @param {number} px @param {number} py */
export function lightAt(ctrl, rect, px, py) {
  const { rows, cols } = ctrl.spec;
  const fx = (px - rect.left) / rect.width;
  const fy = (py - rect.top) / rect.height;
  if (!(fx >= 0 && fx < 1 && fy >= 0 && fy < 1)) return null;
  const { x, y, w, h } = visible(ctrl);
  const r = Math.min(rows - 1, Math.floor(y + fy * h));
  const c = Math.min(cols - 1, Math.floor(x + fx * w));
  return r * cols + c;
}

const wheelPixels = (/** @type {WheelEvent} */ e) => e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1);

/**
 * Adds the zoom bar and the minimap around the canvas and wires the wheel, pointers (drag to
 * pan, pinch to zoom) and the minimap. `redraw` draws the canvas (./draw.js); `tap` presses
 * the light under a touch that lifted without moving (a browser may send no click for it
 * after a pinch).
 * @param {any} ctrl
 * @param {() => void} redraw
 * @param {(e: PointerEvent) => void} tap
 * @returns {{ dragged: () => boolean, key: (e: KeyboardEvent) => boolean }} whether the last
 *   pointer gesture moved the view or was a tap already pressed (its click presses nothing),
 *   and the zoom keys
 * @param {LightsCtrl} ctrl
 */
export function setUpZoom(ctrl, redraw, tap) {
  const { $ } = ctrl.ctx;
  const canvas = canvasOf(ctrl, 'canvas');
  const wrap = $('canvas-wrap');
  const map = document.createElement('canvas');
  map.id = 'minimap';
  map.className = 'minimap';
  map.hidden = true;
  map.setAttribute('aria-hidden', 'true');
  map.title = 'The whole board: click or drag to move the view';
  wrap.append(map);
  const bar = document.createElement('div');
  bar.id = 'zoom-bar';
  bar.className = 'zoom-bar';
  bar.hidden = true;
  bar.innerHTML =
    '<button type="button" id="zoom-out" aria-label="Zoom out" aria-keyshortcuts="-">−</button>' +
    '<button type="button" id="zoom-in" aria-label="Zoom in" aria-keyshortcuts="+">+</button>' +
    '<button type="button" id="zoom-fit" title="The whole board">Fit</button>' +
    '<small id="zoom-level"></small>';
  // On the board's corner, so the controls are wherever the board is (a map's zoom).
  wrap.append(bar);
  ctrl.zoomUi = {
    redraw,
    frame: 0,
    base: document.createElement('canvas'),
    scratch: document.createElement('canvas'),
    baseKey: null,
  };
  $('zoom-in').addEventListener('click', () => zoomAtCursor(ctrl, 2));
  $('zoom-out').addEventListener('click', () => zoomAtCursor(ctrl, 0.5));
  $('zoom-fit').addEventListener('click', () => setView(ctrl, 1, 0, 0));

  canvas.addEventListener(
    'wheel',
    (e) => {
      const dy = wheelPixels(e);
      // Zooming out of the whole board scrolls the page instead.
      if (dy > 0 && !isZoomed(ctrl)) return;
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      zoomAbout(ctrl, Math.exp(-dy * 0.002), (e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height);
    },
    { passive: false },
  );

  /** Pointers down on the canvas: id → last {x, y}. */
  const down = new Map();
  let moved = 0;
  let gesture = false;
  /** When the last tap pressed, so the click that may follow it does not press again. */
  let tapped = -Infinity;
  canvas.addEventListener('pointerdown', (e) => {
    // A primary pointer starts a new gesture (no other pointer is down then).
    if (e.isPrimary || down.size === 0) {
      down.clear();
      moved = 0;
      gesture = false;
    }
    down.set(e.pointerId, { x: e.clientX, y: e.clientY });
    canvas.setPointerCapture?.(e.pointerId);
  });
  canvas.addEventListener('pointermove', (e) => {
    const last = down.get(e.pointerId);
    if (!last) return;
    const rect = canvas.getBoundingClientRect();
    const { x, y, w, h } = visible(ctrl);
    if (down.size === 1) {
      const dx = e.clientX - last.x;
      const dy = e.clientY - last.y;
      moved += Math.abs(dx) + Math.abs(dy);
      down.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (!isZoomed(ctrl) || moved < 4) return;
      gesture = true;
      setView(ctrl, zoomOf(ctrl).scale, x - (dx * w) / rect.width, y - (dy * h) / rect.height);
    } else if (down.size === 2) {
      // A pinch: the midpoint stays under the fingers, the zoom follows their distance.
      const [a, b] = [...down.values()];
      const before = { mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
      down.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const [c, d] = [...down.values()];
      const after = { mx: (c.x + d.x) / 2, my: (c.y + d.y) / 2, d: Math.hypot(c.x - d.x, c.y - d.y) };
      gesture = true;
      if (before.d < 1 || after.d < 1) return;
      const fx0 = (before.mx - rect.left) / rect.width;
      const fy0 = (before.my - rect.top) / rect.height;
      const fx1 = (after.mx - rect.left) / rect.width;
      const fy1 = (after.my - rect.top) / rect.height;
      // The light under the old midpoint goes under the new one.
      const lx = x + fx0 * w;
      const ly = y + fy0 * h;
      const scale = Math.min(maxScale(ctrl), Math.max(1, zoomOf(ctrl).scale * (after.d / before.d)));
      setView(ctrl, scale, lx - (fx1 * ctrl.spec.cols) / scale, ly - (fy1 * ctrl.spec.rows) / scale);
    }
  });
  const up = (/** @type {PointerEvent} */ e) => {
    down.delete(e.pointerId);
  };
  canvas.addEventListener('pointerup', (e) => {
    const alone = down.size === 1 && down.has(e.pointerId);
    up(e);
    if (alone && e.pointerType !== 'mouse' && !gesture && moved < 10) {
      tapped = performance.now();
      tap(e);
    }
  });
  canvas.addEventListener('pointercancel', up);

  // The minimap: a press or drag on it centres the view there.
  const moveTo = (/** @type {PointerEvent} */ e) => {
    const rect = map.getBoundingClientRect();
    const { w, h } = visible(ctrl);
    const lx = ((e.clientX - rect.left) / rect.width) * ctrl.spec.cols;
    const ly = ((e.clientY - rect.top) / rect.height) * ctrl.spec.rows;
    setView(ctrl, zoomOf(ctrl).scale, lx - w / 2, ly - h / 2);
  };
  map.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    map.setPointerCapture?.(e.pointerId);
    moveTo(e);
  });
  map.addEventListener('pointermove', (e) => {
    if (e.buttons & 1 || map.hasPointerCapture?.(e.pointerId)) moveTo(e);
  });

  new ResizeObserver(() => {
    if (ctrl.shown && isZoomed(ctrl)) requestDraw(ctrl);
  }).observe(wrap);

  return {
    dragged: () => gesture || performance.now() - tapped < 800,
    key: (e) => {
      if (e.key === '+' || e.key === '=') zoomAtCursor(ctrl, 2);
      else if (e.key === '-' || e.key === '_') zoomAtCursor(ctrl, 0.5);
      else return false;
      return true;
    },
  };
}

/** Shows the zoom bar and the minimap for a canvas board (hidden for a grid).
 * @param {LightsCtrl} ctrl @param {boolean} big */
export function showZoomControls(ctrl, big) {
  const { $ } = ctrl.ctx;
  if (!ctrl.zoomUi) return;
  $('zoom-bar').hidden = !big;
  $('minimap').hidden = !big || !isZoomed(ctrl);
  $('canvas-wrap').classList.toggle('zoomed', big && isZoomed(ctrl));
  if (big) describeView(ctrl);
}
