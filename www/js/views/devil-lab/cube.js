// Section 6 of the strategy lab: the chosen strategy as a colouring of the n-cube — the whole
// cube up to 4 squares, turned by drag or arrow keys, one board's neighbours up to 16.
import { found } from '../../app.js';
import { boardOf } from './text.js';
import { debounce } from '../lab/live.js';

/** Colour `c` of `n`, evenly round the hue circle. */
const colourOf = (/** @type {number} */ c, /** @type {number} */ n) => `hsl(${Math.round((360 * c) / Math.max(n, 1))} 70% 55%)`;

/**
 * Where flipping coin i moves a corner, in space: three axes and, for the fourth coin, a
 * direction no sum of the others with signs −1, 0, 1 reaches, so all 16 corners of the
 * 4-cube lie at different points of space (a flat projection then separates them at all but a
 * few turns, which `turnApart` steps past).
 */
const AXES = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [0.43, 0.31, -0.57],
];
/** Half the drawing's side, in its own units, and the length of an axis. */
const HALF = 190;
const AXIS = 150;
/** The least distance kept between two drawn corners (their dots have radius 15). */
const MIN_APART = 24;
/** The turn of a fresh drawing: askew, so that no corner hides another. */
const FRESH_TURN = { yaw: 0.55, pitch: 0.4 };

/**
 * The drawing positions of the corners of the n-cube turned by `yaw` (about the vertical)
 * then `pitch` (about the horizontal): [x, y, depth] per corner, the cube's centre at the
 * drawing's centre.
 * @param {number} n  1 to 4
 * @param {{ yaw: number, pitch: number }} turn
 */
export function cornerPositions(n, { yaw, pitch }) {
  const turned = AXES.slice(0, n).map(([x, y, z]) => {
    const x1 = x * Math.cos(yaw) + z * Math.sin(yaw);
    const z1 = -x * Math.sin(yaw) + z * Math.cos(yaw);
    return [x1 * AXIS, (y * Math.cos(pitch) - z1 * Math.sin(pitch)) * AXIS, (y * Math.sin(pitch) + z1 * Math.cos(pitch)) * AXIS];
  });
  const centre = [0, 1, 2].map((k) => turned.reduce((sum, d) => sum + d[k], 0) / 2);
  return Array.from({ length: 1 << n }, (_, corner) => {
    const p = [0, 1, 2].map((k) => turned.reduce((sum, d, i) => sum + ((corner >> i) & 1) * d[k], 0) - centre[k]);
    return [HALF + p[0], HALF - p[1], p[2]];
  });
}

/** The least distance between two of `points` on the drawing. @param {number[][]} points */
function closest(points) {
  let least = Infinity;
  for (let a = 0; a < points.length; a++) {
    for (let b = a + 1; b < points.length; b++) least = Math.min(least, Math.hypot(points[a][0] - points[b][0], points[a][1] - points[b][1]));
  }
  return least;
}

/**
 * `turn`, or the nearest turn past it in the direction of motion (steps of 0.02 rad) at which
 * every two corners are at least MIN_APART apart: a drawing never puts two corners on one
 * spot, whatever the drag. The pitch moves too (by half a step when the motion has none), since
 * at some pitches no yaw separates them (a square seen edge-on).
 * @param {number} n
 * @param {{ yaw: number, pitch: number }} turn
 * @param {{ yaw: number, pitch: number }} motion  the turn just made
 */
export function turnApart(n, turn, motion = { yaw: 1, pitch: 0 }) {
  const sy = motion.yaw < 0 ? -1 : 1;
  const sp = Math.sign(motion.pitch) || 0.5;
  for (let step = 0; step < 400; step++) {
    const t = { yaw: turn.yaw + sy * 0.02 * step, pitch: turn.pitch + sp * 0.02 * step };
    if (closest(cornerPositions(n, t)) >= MIN_APART) return t;
  }
  return FRESH_TURN;
}

/** Per cube element: the turn it is drawn at. @type {WeakMap<HTMLElement, { yaw: number, pitch: number }>} */
const turns = new WeakMap();

/**
 * Wires the cube view: the board field redraws it, a drag or an arrow key turns it, a click
 * on a corner picks that board.
 * @param {import('../devil-lab.js').Lab} lab
 */
export function wireCube(lab) {
  const { $ } = lab.ctx;
  const box = $('cube');
  $('cube-board').addEventListener('input', debounce(() => drawCube(lab), 250));
  $('cube-board').addEventListener('keydown', (e) => e.key === 'Enter' && drawCube(lab));
  box.style.touchAction = 'none';
  /** @type {{ id: number, x: number, y: number, moved: boolean } | null} */
  let drag = null;
  const turnBy = (/** @type {number} */ dyaw, /** @type {number} */ dpitch) => {
    const was = turns.get(box) ?? FRESH_TURN;
    const n = Number(box.dataset.dimension);
    turns.set(box, turnApart(n, { yaw: was.yaw + dyaw, pitch: was.pitch + dpitch }, { yaw: dyaw, pitch: dpitch }));
    drawCube(lab);
  };
  box.addEventListener('pointerdown', (e) => {
    if (!box.querySelector('svg')) return;
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
    box.setPointerCapture(e.pointerId);
  });
  box.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    drag = { ...drag, x: e.clientX, y: e.clientY, moved: true };
    turnBy(dx * 0.01, -dy * 0.01);
  });
  const end = (/** @type {PointerEvent} */ e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const clicked = !drag.moved;
    drag = null;
    if (!clicked) return;
    // The corner under the pointer (captured events target the box, so look it up by position).
    const rootNode = box.getRootNode();
    const under = (rootNode instanceof ShadowRoot ? rootNode : document).elementFromPoint(e.clientX, e.clientY);
    const corner = /** @type {HTMLElement | null} */ (under?.closest('[data-board]') ?? null);
    if (corner) {
      const n = Number(box.dataset.dimension);
      const x = Number(corner.dataset.board);
      $('cube-board').value = Array.from({ length: n }, (_, i) => (x >> i) & 1).join('');
      drawCube(lab);
    }
  };
  box.addEventListener('pointerup', end);
  box.addEventListener('pointercancel', () => (drag = null));
  box.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: [-0.15, 0], ArrowRight: [0.15, 0], ArrowUp: [0, 0.15], ArrowDown: [0, -0.15] }[e.key];
    if (!step || !box.querySelector('svg')) return;
    e.preventDefault();
    turnBy(step[0], step[1]);
  });
}

/**
 * Draws the board picked in the cube view and its neighbours; a bad board is a one-line message.
 * @param {import('../devil-lab.js').Lab} lab
 */
export function drawCube(lab) {
  const { ctx, core } = lab;
  const { $ } = ctx;
  const n = Number($('squares').value);
  try {
    if (n > 16) throw new Error('the cube view goes up to 16 squares');
    const board = boardOf($('cube-board').value, n);
    /** The corner and its neighbours (src/devil/lab/cube.rs, `Corner`); `colours`: every corner's, on cubes small enough to draw.
     * @type {{ board: number, colour: number, neighbours: { flip: number, board: number, colour: number }[], colours: number[] | null }} */
    const view = core.devil_lab_neighbours(lab.spec(), n, board);
    const bits = (/** @type {number} */ x) => Array.from({ length: n }, (_, i) => (x >> i) & 1).join('');
    $('cube-neighbours').innerHTML = view.neighbours
      .map((nb) => `<li><span class="swatch"></span>flip ${nb.flip}: board <span class="mono">${bits(nb.board)}</span> names square <b>${nb.colour}</b></li>`)
      .join('');
    // Colours through the style object, which a Content-Security-Policy allows (style attributes need 'unsafe-inline').
    $('cube-neighbours').querySelectorAll('.swatch').forEach((swatch, i) => {
      /** @type {HTMLElement} */ (swatch).style.background = colourOf(view.neighbours[i].colour, n);
    });
    const box = $('cube');
    if (view.colours) {
      const dimension = Math.round(Math.log2(view.colours.length));
      if (box.dataset.dimension !== String(dimension)) turns.set(box, turnApart(dimension, FRESH_TURN));
      box.dataset.dimension = String(dimension);
      drawWholeCube(box, dimension, view.colours, board, turns.get(box) ?? FRESH_TURN);
    } else {
      delete box.dataset.dimension;
      box.removeAttribute('tabindex');
      box.innerHTML = `<p>Board <span class="mono">${bits(board)}</span> names square ${view.colour}; its ${n} neighbours name the squares listed below — each once.</p>`;
    }
    ctx.clearMessage();
  } catch (err) {
    ctx.showError(err);
  }
}

/**
 * The whole n-cube (n ≤ 4) at `turn`, each corner in its square's colour, nearer corners
 * drawn over farther ones. Each corner's group carries its board and drawn position as
 * data-board, data-x and data-y.
 * @param {HTMLElement} box
 * @param {number} n
 * @param {number[]} colours
 * @param {number} picked
 * @param {{ yaw: number, pitch: number }} turn
 */
function drawWholeCube(box, n, colours, picked, turn) {
  const at = cornerPositions(n, turn);
  const round = (/** @type {number} */ v) => Math.round(v * 10) / 10;
  const lines = [];
  for (let x = 0; x < 1 << n; x++) {
    for (let i = 0; i < n; i++) {
      const y = x ^ (1 << i);
      if (y > x) {
        const near = x === picked || y === picked;
        lines.push(`<line x1="${round(at[x][0])}" y1="${round(at[x][1])}" x2="${round(at[y][0])}" y2="${round(at[y][1])}" class="${near ? 'near' : ''}"/>`);
      }
    }
  }
  const order = Array.from({ length: 1 << n }, (_, x) => x).sort((a, b) => at[a][2] - at[b][2]);
  const dots = order.map((x) => {
    const [px, py] = at[x].map(round);
    const label = Array.from({ length: n }, (_, i) => (x >> i) & 1).join('');
    return (
      `<g class="corner" data-board="${x}" data-x="${px}" data-y="${py}"><circle cx="${px}" cy="${py}" r="15" fill="${colourOf(colours[x], n)}" class="${x === picked ? 'picked' : ''}"><title>board ${label} names square ${colours[x]}</title></circle>` +
      `<text x="${px}" y="${py + 4}" text-anchor="middle" font-size="11">${colours[x]}</text><text x="${px}" y="${py + 28}" text-anchor="middle" font-size="9" class="bits">${label}</text></g>`
    );
  });
  let svg = box.querySelector('svg');
  if (!svg) {
    box.innerHTML = `<svg viewBox="0 0 ${2 * HALF} ${2 * HALF}" role="img"></svg>`;
    svg = found(box.querySelector('svg'), 'the cube drawing');
    box.tabIndex = 0;
  }
  svg.setAttribute('aria-label', `The ${n}-cube coloured by the strategy: each corner shows the square its board names. Drag, or use the arrow keys, to turn it.`);
  svg.dataset.yaw = turn.yaw.toFixed(3);
  svg.dataset.pitch = turn.pitch.toFixed(3);
  svg.innerHTML = lines.join('') + dots.join('');
}
