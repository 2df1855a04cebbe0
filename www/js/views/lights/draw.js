// Lights Out: drawing the board — a grid of cells (ARIA grid, ../../board.js) when small, one
// canvas with a keyboard cursor when large — and the status line. `v` is the view.
import { litCount } from './state.js';

/** Boards up to this many lights are a grid of elements; larger ones a canvas. */
export const GRID_MAX = 1024;

export const cells = (v) => v.spec.rows * v.spec.cols;
const stateName = (v, s) => (v.spec.states === 2 ? (s ? 'on' : 'off') : s ? `state ${s}` : 'off');

/** Redraws the board (grid or canvas) with the overlay (solution, hint, quiet pattern, row). */
export function render(v) {
  const { $ } = v.ctx;
  const big = cells(v) > GRID_MAX;
  $('board').hidden = big;
  $('canvas-wrap').hidden = !big;
  if (big) return drawCanvas(v);
  v.grid.resize(v.spec.rows, v.spec.cols);
  $('board').classList.toggle('many', v.spec.states > 2);
  v.grid.update((i) => describe(v, i));
}

function describe(v, i) {
  const { spec, lights, overlay } = v;
  const r = Math.floor(i / spec.cols);
  const c = i % spec.cols;
  const s = lights[i];
  const classes = [s ? `on s${s}` : 'off'];
  const label = [`row ${r + 1}, column ${c + 1}, ${stateName(v, s)}`];
  let text = spec.states > 2 && s ? String(s) : '';
  const p = overlay.presses?.[i] ?? 0;
  if (p) {
    classes.push('press');
    label.push(spec.states > 2 ? `press ${p} times` : 'press');
    text = spec.states > 2 ? `×${p}` : '●';
  }
  if (overlay.hint === i) {
    classes.push('hint');
    label.push('hint');
  }
  if (overlay.quiet?.[i]) {
    classes.push('quiet');
    label.push('in the quiet pattern');
  }
  if (overlay.row === r) classes.push('chase-row');
  return { classes: classes.join(' '), label: label.join(', '), text };
}

/** Wraps the canvas with its cursor mark and wires its mouse and keys to `activate`/`key`. */
export function setUpCanvas(v, { activate, key }) {
  const { $ } = v.ctx;
  const canvas = $('canvas');
  // Too many lights for a grid of elements: one focusable surface with a keyboard cursor whose
  // position and light are announced in the status line.
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-roledescription', 'large Lights Out board');
  canvas.setAttribute('aria-describedby', 'status');
  canvas.addEventListener('click', (e) => {
    const { spec } = v;
    const rect = canvas.getBoundingClientRect();
    const r = Math.min(spec.rows - 1, Math.floor(((e.clientY - rect.top) / rect.height) * spec.rows));
    const c = Math.min(spec.cols - 1, Math.floor(((e.clientX - rect.left) / rect.width) * spec.cols));
    v.cursor = r * spec.cols + c;
    activate(v.cursor);
  });
  canvas.addEventListener('keydown', (e) => {
    const { spec } = v;
    const r = Math.floor(v.cursor / spec.cols);
    const c = v.cursor % spec.cols;
    const step = e.shiftKey ? Math.max(1, Math.floor(Math.min(spec.rows, spec.cols) / 16)) : 1;
    const moves = { ArrowUp: [-step, 0], ArrowDown: [step, 0], ArrowLeft: [0, -step], ArrowRight: [0, step] };
    if (e.key in moves) {
      const [dr, dc] = moves[e.key];
      const nr = Math.max(0, Math.min(spec.rows - 1, r + dr));
      const nc = Math.max(0, Math.min(spec.cols - 1, c + dc));
      v.cursor = nr * spec.cols + nc;
      drawCursor(v);
      e.preventDefault();
    } else if (key(v.cursor, e)) {
      e.preventDefault();
    }
  });
}

function drawCanvas(v) {
  const { spec, lights, overlay } = v;
  const canvas = v.ctx.$('canvas');
  if (canvas.width !== spec.cols || canvas.height !== spec.rows) {
    canvas.width = spec.cols;
    canvas.height = spec.rows;
  }
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(spec.cols, spec.rows);
  const px = new Uint32Array(img.data.buffer);
  // Colours as little-endian ABGR words.
  const off = 0xff40342d;
  const on = 0xff3fd2ff;
  const press = 0xfffc3f8a;
  const quiet = 0xffd2a01e;
  const k = spec.states;
  for (let i = 0; i < lights.length; i++) {
    let colour;
    if (overlay.presses?.[i]) colour = press;
    else if (overlay.quiet?.[i]) colour = quiet;
    else if (!lights[i]) colour = off;
    else if (k === 2) colour = on;
    else {
      const t = lights[i] / (k - 1);
      colour = 0xff000000 | (Math.round(63 * t) << 16) | (Math.round(120 + 90 * t) << 8) | 255;
    }
    px[i] = colour;
  }
  if (overlay.hint >= 0) px[overlay.hint] = 0xff20c040;
  ctx.putImageData(img, 0, 0);
  canvas.setAttribute(
    'aria-label',
    `Lights Out board, ${spec.rows} by ${spec.cols}: ${litCount(v)} lights on. Arrows move, Space presses.`,
  );
  drawCursor(v);
}

/** Moves the canvas cursor mark to `v.cursor` and announces it in the status line. */
export function drawCursor(v) {
  const { $ } = v.ctx;
  if (cells(v) <= GRID_MAX) return;
  const { spec, cursor } = v;
  const mark = $('canvas-cursor');
  const r = Math.floor(cursor / spec.cols);
  const c = cursor % spec.cols;
  mark.style.left = `${(100 * c) / spec.cols}%`;
  mark.style.top = `${(100 * r) / spec.rows}%`;
  mark.style.width = `max(6px, ${100 / spec.cols}%)`;
  mark.style.height = `max(6px, ${100 / spec.rows}%)`;
  $('status').dataset.cursor = `row ${r + 1}, column ${c + 1}, ${stateName(v, v.lights[cursor])}`;
  drawStatus(v);
}

/** The status line (moves, board, lit lights, seed, cursor) and the undo/redo buttons. */
export function drawStatus(v) {
  const { $ } = v.ctx;
  const { spec } = v;
  const rule = { plus: 'classic', neighbours: 'neighbours only', x: 'X', king: 'king' }[spec.rule];
  const where = cells(v) > GRID_MAX && $('status').dataset.cursor ? ` · cursor ${$('status').dataset.cursor}` : '';
  $('status').textContent =
    `Moves: ${v.moves} · ${spec.rows}×${spec.cols} ${rule}, ${spec.torus ? 'torus' : 'bounded'}, ${spec.states} states · ` +
    `${litCount(v)} lit${v.seed !== null ? ` · seed ${v.seed}` : ''}${where}`;
  $('undo').disabled = v.history.length === 0;
  $('redo').disabled = v.future.length === 0;
}
