// The rotating table: drawing the round table (SVG, turning with the devil's turns, letters kept
// upright) and the row of positions (an ARIA grid). `v` is the view (see ../table.js).
import { found } from '../../app.js';

/** @typedef {import('../table.js').TableParts} TableParts */

/** @param {TableParts} v @param {number} f */
const faceName = (v, f) => (v.view.sides === 2 ? (f === 0 ? 'heads' : 'tails') : f === 0 ? 'heads (0)' : `face ${f}`);
/** @param {TableParts} v @param {number} f */
const faceText = (v, f) => (v.view.sides === 2 ? (f === 0 ? 'H' : 'T') : String(f));

/** Redraws the positions grid: each position's coin (when sighted), choice and last change.
 * @param {TableParts} v */
export function drawPositions(v) {
  const { view, chosen, flashed } = v;
  v.grid.update((i) => {
    const parts = [`position ${i}`, view.sighted ? faceName(v, view.faces[i]) : 'hidden'];
    if (chosen[i]) parts.push(view.sides === 2 ? 'to flip' : `to turn by ${chosen[i]}`);
    const classes = ['pos', view.sighted ? (view.faces[i] === 0 ? 'heads' : 'tails') : 'hidden'];
    if (chosen[i]) classes.push('chosen');
    if (flashed.has(i)) {
      classes.push('flashed');
      parts.push('changed by the last move');
    }
    const text = `${i}${chosen[i] ? (view.sides === 2 ? '•' : `+${chosen[i]}`) : ''}`;
    const data = { face: view.sighted ? String(view.faces[i]) : 'hidden' };
    return { classes: classes.join(' '), label: parts.join(', '), text, data };
  });
}

/** Redraws the table: fixed position marks around it, the coins on the turning top.
 * @param {TableParts} v
 * @param {(position: number) => void} choose  a position was clicked */
export function drawTable(v, choose) {
  const { view, chosen } = v;
  const svg = v.ctx.$('table');
  const n = view.coins;
  const angle = (/** @type {number} */ k) => ((-90 + (360 * k) / n) * Math.PI) / 180;
  const R = 82;
  const r = Math.max(3, Math.min(17, (Math.PI * R) / n - 1.5));
  const guarded = new Set(view.guarded);
  let marks = '';
  for (let p = 0; p < n; p++) {
    const x = 114 * Math.cos(angle(p));
    const y = 114 * Math.sin(angle(p));
    const cls = `mark${chosen[p] ? ' chosen' : ''}`;
    marks += `<circle class="${cls}" data-pos="${p}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${Math.min(9, r * 0.7).toFixed(1)}"/>`;
    if (n <= 24) marks += `<text class="mark-label" x="${x.toFixed(1)}" y="${(y + 3.5).toFixed(1)}">${p}</text>`;
  }
  let coins = '';
  for (let s = 0; s < n; s++) {
    const x = R * Math.cos(angle(s));
    const y = R * Math.sin(angle(s));
    const f = view.seats[s];
    const cls = view.sighted ? (f === 0 ? 'coin heads' : 'coin tails') : 'coin hidden';
    coins += `<g class="${cls}${guarded.has(s) ? ' guarded' : ''}" data-seat="${s}"><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}"/>`;
    // Letters stay upright: each is turned back by the table's own turn.
    const upright = `rotate(${(-v.spin).toFixed(2)} ${x.toFixed(1)} ${y.toFixed(1)})`;
    if (r >= 7) coins += `<text transform="${upright}" x="${x.toFixed(1)}" y="${(y + r * 0.38).toFixed(1)}" font-size="${(r * 1.05).toFixed(1)}">${view.sighted ? faceText(v, f) : '?'}</text>`;
    coins += '</g>';
  }
  // The turn is set through the style object, which a page's Content-Security-Policy allows (a
  // style attribute in markup needs 'unsafe-inline'); the letters' size is an SVG attribute.
  svg.innerHTML = `<g id="marks">${marks}</g><g id="spin"><circle class="top" r="102"/><circle class="rim" r="60"/>${coins}</g>`;
  /** @type {SVGGElement} */ (svg.querySelector('#spin')).style.transform = `rotate(${v.spin}deg)`;
  found(svg.querySelector('#marks'), 'the table marks').addEventListener('click', (e) => {
    const m = /** @type {Element} */ (e.target).closest('[data-pos]');
    if (m) choose(Number(m.getAttribute('data-pos')));
  });
  // A coin is clicked where it stands: the coin on seat s is at position (s + turn) mod N.
  found(svg.querySelector('#spin'), 'the table top').addEventListener('click', (e) => {
    const coin = /** @type {Element} */ (e.target).closest('[data-seat]');
    if (coin) choose((Number(coin.getAttribute('data-seat')) + view.turn) % n);
  });
}

/** Turns the drawn table by `steps` positions and waits for the animation.
 * @param {TableParts} v
 * @param {number} steps */
export async function turnTable(v, steps) {
  if (!steps) return;
  v.spin += (360 / v.view.coins) * steps;
  const g = v.ctx.$('spin');
  if (g) g.style.transform = `rotate(${v.spin}deg)`;
  await v.ctx.pause(650);
}
