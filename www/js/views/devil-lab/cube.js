// Section 6 of the strategy lab: the chosen strategy as a colouring of the n-cube — the whole
// cube up to 4 squares, one board's neighbours up to 16.
import { boardOf } from './text.js';

/** Colour `c` of `n`, evenly round the hue circle. */
const colourOf = (c, n) => `hsl(${Math.round((360 * c) / Math.max(n, 1))} 70% 55%)`;

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
    const view = core.devil_lab_neighbours(lab.spec(), n, board);
    const bits = (x) => Array.from({ length: n }, (_, i) => (x >> i) & 1).join('');
    $('cube-neighbours').innerHTML = view.neighbours
      .map((nb) => `<li><span class="swatch"></span>flip ${nb.flip}: board <span class="mono">${bits(nb.board)}</span> names square <b>${nb.colour}</b></li>`)
      .join('');
    // Colours through the style object, which a Content-Security-Policy allows (style attributes need 'unsafe-inline').
    $('cube-neighbours').querySelectorAll('.swatch').forEach((swatch, i) => {
      /** @type {HTMLElement} */ (swatch).style.background = colourOf(view.neighbours[i].colour, n);
    });
    $('cube').innerHTML = view.colours ? cubeSvg(n, view.colours, board) : `<p>Board <span class="mono">${bits(board)}</span> names square ${view.colour}; its ${n} neighbours name the squares listed below — each once.</p>`;
    ctx.clearMessage();
  } catch (err) {
    ctx.showError(err);
  }
}

/** The whole n-cube (n ≤ 4) in a fixed projection, each corner in its square's colour. */
function cubeSvg(n, colours, picked) {
  const dirs = [[150, 0], [0, 150], [60, 45], [-55, 80]];
  const pos = (x) => {
    let px = 90;
    let py = 40;
    for (let i = 0; i < n; i++) if ((x >> i) & 1) (px += dirs[i][0]), (py += dirs[i][1]);
    return [px, py];
  };
  const lines = [];
  const dots = [];
  for (let x = 0; x < 1 << n; x++) {
    const [ax, ay] = pos(x);
    for (let i = 0; i < n; i++) {
      const y = x ^ (1 << i);
      if (y > x) {
        const [bx, by] = pos(y);
        const near = x === picked || y === picked;
        lines.push(`<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${near ? '#222' : '#bbb'}" stroke-width="${near ? 3 : 1.5}"/>`);
      }
    }
  }
  for (let x = 0; x < 1 << n; x++) {
    const [px, py] = pos(x);
    const label = Array.from({ length: n }, (_, i) => (x >> i) & 1).join('');
    dots.push(
      `<g><circle cx="${px}" cy="${py}" r="15" fill="${colourOf(colours[x], n)}" class="${x === picked ? 'picked' : ''}"><title>board ${label} names square ${colours[x]}</title></circle>` +
        `<text x="${px}" y="${py + 4}" text-anchor="middle" font-size="11">${colours[x]}</text><text x="${px}" y="${py + 28}" text-anchor="middle" font-size="9" fill="#555">${label}</text></g>`,
    );
  }
  return `<svg viewBox="0 0 420 380" role="img" aria-label="The ${n}-cube coloured by the strategy: each corner shows the square its board names">${lines.join('')}${dots.join('')}</svg>`;
}
