// Lights Out: zoom and pan on the canvas of a large board — the wheel (about the pointer), a
// pinch, a drag, the + and − keys, the zoom bar (−, +, Fit) and a minimap. At zoom 1 the canvas
// holds the whole board a pixel a light (or a square of lights), as ./draw.js paints it; zoomed
// in, it is as many pixels as it shows on screen and only the visible lights are drawn. `v` is
// the view; `v.zoom` is `{scale, x, y, spec}`: how many times the fit size, and the top-left
// corner of the visible rectangle in lights.
import { canvasOf } from './state.js';

/** @typedef {import('./state.js').LightsParts} LightsParts */
/** @typedef {import('../../types.js').LightsBoard} LightsBoard */


/** CSS pixels a light is at the deepest zoom. */
const DEEPEST_LIGHT_PX = 48;

/** The view's zoom, back to fit when the board's size or kind changed.
 * @param {LightsParts} v */
export function zoomOf(v) {
  const key = JSON.stringify(v.spec);
  if (!v.zoom || v.zoom.spec !== key) v.zoom = { scale: 1, x: 0, y: 0, spec: key };
  return v.zoom;
}

/** @param {LightsParts} v */
export const isZoomed = (v) => zoomOf(v).scale > 1;

/** The visible rectangle in lights: `{x, y, w, h}`.
 * @param {LightsParts} v */
export function visible(v) {
  const { scale, x, y } = zoomOf(v);
  return { x, y, w: v.spec.cols / scale, h: v.spec.rows / scale };
}

/** The CSS width the board is drawn at (the wrapper's inner width; 560 before layout).
 * @param {LightsParts} v */
export const drawnWidth = (v) => canvasOf(v, 'canvas').getBoundingClientRect().width || 560;

/** The deepest zoom: a light `DEEPEST_LIGHT_PX` CSS pixels wide.
 * @param {LightsParts} v */
const maxScale = (v) => Math.max(2, (DEEPEST_LIGHT_PX * v.spec.cols) / drawnWidth(v));

/** Sets the zoom and corner (clamped to the board), says them on the wrapper and redraws.
 * @param {LightsParts} v @param {number} scale @param {number} x @param {number} y */
export function setView(v, scale, x, y) {
  const z = zoomOf(v);
  const { rows, cols } = v.spec;
  z.scale = Math.min(maxScale(v), Math.max(1, scale));
  z.x = Math.min(cols - cols / z.scale, Math.max(0, x));
  z.y = Math.min(rows - rows / z.scale, Math.max(0, y));
  if (z.scale === 1) z.x = z.y = 0;
  describeView(v);
  requestDraw(v);
}

/** Zooms by `factor` keeping the point at fractions (`fx`, `fy`) of the canvas in place.
 * @param {LightsParts} v @param {number} factor @param {number} fx @param {number} fy */
export function zoomAbout(v, factor, fx, fy) {
  const { x, y, w, h } = visible(v);
  const z = zoomOf(v);
  const scale = Math.min(maxScale(v), Math.max(1, z.scale * factor));
  setView(v, scale, x + fx * w - (fx * v.spec.cols) / scale, y + fy * h - (fy * v.spec.rows) / scale);
}

/** Zooms by `factor` about the keyboard cursor's light.
 * @param {LightsParts} v @param {number} factor */
function zoomAtCursor(v, factor) {
  const { x, y, w, h } = visible(v);
  const r = Math.floor(v.cursor / v.spec.cols);
  const c = v.cursor % v.spec.cols;
  const fx = (c + 0.5 - x) / w;
  const fy = (r + 0.5 - y) / h;
  // About the view's centre when the cursor is out of sight.
  if (fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1) zoomAbout(v, factor, fx, fy);
  else zoomAbout(v, factor, 0.5, 0.5);
}

/** Moves the view the least so the cursor's light is inside it (with a light to spare);
 * true when it moved.
 * @param {LightsParts} v */
export function followCursor(v) {
  if (!isZoomed(v)) return false;
  const { x, y, w, h } = visible(v);
  const r = Math.floor(v.cursor / v.spec.cols);
  const c = v.cursor % v.spec.cols;
  const margin = Math.min(1, w / 4, h / 4);
  const nx = c < x + margin ? c - margin : c + 1 > x + w - margin ? c + 1 + margin - w : x;
  const ny = r < y + margin ? r - margin : r + 1 > y + h - margin ? r + 1 + margin - h : y;
  if (nx === x && ny === y) return false;
  setView(v, zoomOf(v).scale, nx, ny);
  return true;
}

/** The zoom and the visible rectangle as data-* on the canvas wrapper (tests read them), and
 * the zoom bar's text.
 * @param {LightsParts} v */
export function describeView(v) {
  const { $ } = v.ctx;
  const z = zoomOf(v);
  const { x, y, w, h } = visible(v);
  const wrap = $('canvas-wrap');
  Object.assign(wrap.dataset, {
    zoom: z.scale.toFixed(4),
    viewX: x.toFixed(4),
    viewY: y.toFixed(4),
    viewW: w.toFixed(4),
    viewH: h.toFixed(4),
    lightPx: (drawnWidth(v) / w).toFixed(3),
  });
  const level = $('zoom-level');
  if (!level) return;
  const r0 = Math.floor(y) + 1;
  const c0 = Math.floor(x) + 1;
  const r1 = Math.min(v.spec.rows, Math.ceil(y + h));
  const c1 = Math.min(v.spec.cols, Math.ceil(x + w));
  level.textContent = z.scale === 1 ? 'whole board' : `${z.scale < 10 ? z.scale.toFixed(1) : Math.round(z.scale)}× · rows ${r0}–${r1}, columns ${c0}–${c1}`;
  $('zoom-out').disabled = z.scale === 1;
  $('zoom-fit').disabled = z.scale === 1;
  $('zoom-in').disabled = z.scale >= maxScale(v);
}

/** Redraws once per frame however many events moved the view. The wrapper carries
 * `data-drawing` from the change to the frame that draws it, so a reader of the canvas (a test)
 * can wait for the drawing to match what the wrapper says.
 * @param {LightsParts} v */
function requestDraw(v) {
  const ui = v.zoomUi;
  if (!ui || ui.frame) return;
  const wrap = v.ctx.$('canvas-wrap');
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
 * @param {LightsParts} v @param {DOMRect} rect @param {number} px @param {number} py */
export function lightAt(v, rect, px, py) {
  const { rows, cols } = v.spec;
  const fx = (px - rect.left) / rect.width;
  const fy = (py - rect.top) / rect.height;
  if (!(fx >= 0 && fx < 1 && fy >= 0 && fy < 1)) return null;
  const { x, y, w, h } = visible(v);
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
 * @param {any} v
 * @param {() => void} redraw
 * @param {(e: PointerEvent) => void} tap
 * @returns {{ dragged: () => boolean, key: (e: KeyboardEvent) => boolean }} whether the last
 *   pointer gesture moved the view or was a tap already pressed (its click presses nothing),
 *   and the zoom keys
 * @param {LightsParts} v
 */
export function setUpZoom(v, redraw, tap) {
  const { $ } = v.ctx;
  const canvas = canvasOf(v, 'canvas');
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
  v.zoomUi = {
    redraw,
    frame: 0,
    base: document.createElement('canvas'),
    scratch: document.createElement('canvas'),
    baseKey: null,
  };
  $('zoom-in').addEventListener('click', () => zoomAtCursor(v, 2));
  $('zoom-out').addEventListener('click', () => zoomAtCursor(v, 0.5));
  $('zoom-fit').addEventListener('click', () => setView(v, 1, 0, 0));

  canvas.addEventListener(
    'wheel',
    (e) => {
      const dy = wheelPixels(e);
      // Zooming out of the whole board scrolls the page instead.
      if (dy > 0 && !isZoomed(v)) return;
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      zoomAbout(v, Math.exp(-dy * 0.002), (e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height);
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
    const { x, y, w, h } = visible(v);
    if (down.size === 1) {
      const dx = e.clientX - last.x;
      const dy = e.clientY - last.y;
      moved += Math.abs(dx) + Math.abs(dy);
      down.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (!isZoomed(v) || moved < 4) return;
      gesture = true;
      setView(v, zoomOf(v).scale, x - (dx * w) / rect.width, y - (dy * h) / rect.height);
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
      const scale = Math.min(maxScale(v), Math.max(1, zoomOf(v).scale * (after.d / before.d)));
      setView(v, scale, lx - (fx1 * v.spec.cols) / scale, ly - (fy1 * v.spec.rows) / scale);
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
    const { w, h } = visible(v);
    const lx = ((e.clientX - rect.left) / rect.width) * v.spec.cols;
    const ly = ((e.clientY - rect.top) / rect.height) * v.spec.rows;
    setView(v, zoomOf(v).scale, lx - w / 2, ly - h / 2);
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
    if (v.spec && isZoomed(v)) requestDraw(v);
  }).observe(wrap);

  return {
    dragged: () => gesture || performance.now() - tapped < 800,
    key: (e) => {
      if (e.key === '+' || e.key === '=') zoomAtCursor(v, 2);
      else if (e.key === '-' || e.key === '_') zoomAtCursor(v, 0.5);
      else return false;
      return true;
    },
  };
}

/** Shows the zoom bar and the minimap for a canvas board (hidden for a grid).
 * @param {LightsParts} v @param {boolean} big */
export function showZoomControls(v, big) {
  const { $ } = v.ctx;
  if (!v.zoomUi) return;
  $('zoom-bar').hidden = !big;
  $('minimap').hidden = !big || !isZoomed(v);
  $('canvas-wrap').classList.toggle('zoomed', big && isZoomed(v));
  if (big) describeView(v);
}
