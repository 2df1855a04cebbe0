// Chess codes: the game viewer's details — the running code of the listed scheme, the model's likeliest
// next moves, why the move just played cost what it did, the totals and the bits-per-move chart. Each
// draws from the view `v` (see ./view-state.js) as it stands; game.js decides when.
import { byId, found } from '../../app.js';
import { moveNumber, codeParts } from './moves.js';
import { setFacts } from '../../components/result.js';

/** @typedef {import('./view-state.js').ChessView} ChessView */
/** @typedef {import('../../types.js').ChessGame} ChessGame */
/** @typedef {import('../../types.js').ChessMoveExplanation} ChessMoveExplanation */

/** The game loaded: the viewer's parts draw only once `loadGame` has set it. @param {ChessView} v */
export const loadedGame = (v) => found(v.game, 'a loaded game');

/** The scheme the move list shows (the last one until one is chosen). @param {ChessView} v @param {ChessGame} game */
export const listedScheme = (v, game) => found(game.schemes.find((s) => s.name === v.listScheme) ?? game.schemes[game.schemes.length - 1], 'a game scheme');

/** @type {Record<string, string>} */
const SERIES = { 'from-to': '#8d99a6', 'move-index': '#e8a33d', 'ranked-huffman': '#2f81f7', arithmetic: '#8a3ffc' };

export const fmt = (/** @type {number} */ b) => (Number.isInteger(b) ? String(b) : b.toFixed(2));
/** The arithmetic scheme's part of the game: the bits the arrows show. */
/** @param {ChessGame} game */
export const arithmetic = (game) => found(game.schemes.find((s) => s.name === 'arithmetic'), 'the arithmetic scheme');

/** "12. Nf3" or "12... Nc6". @param {ChessGame} game @param {number} ply */
export function plyName(game, ply) {
  const n = moveNumber(game.fens[0], ply);
  const white = game.fens[ply - 1].split(' ')[1] === 'w';
  return `${n}.${white ? '' : '..'} ${game.sans[ply - 1]}`;
}

/** The running total of the list's scheme up to this ply, and the whole game's make-up.
 * @param {ChessView} v */
export function drawRunning(v) {
  const { ply } = v;
  const game = loadedGame(v);
  const scheme = listedScheme(v, game);
  const parts = codeParts(scheme);
  const moves = scheme.move_bits.slice(0, ply).reduce((a, b) => a + b, 0);
  const soFar = parts.header + moves;
  const plies = Math.max(1, game.sans.length);
  const el = v.ctx.$('running');
  el.replaceChildren();
  const now = document.createElement('span');
  now.className = 'so-far';
  const perMove = ply > 0 ? `, ${moves.toFixed(1)} for ${ply} ${ply === 1 ? 'ply' : 'plies'}: ${(moves / ply).toFixed(2)} a move` : '';
  now.textContent = `${scheme.name}: ${soFar.toFixed(1)} bits so far (${parts.header} before the moves${perMove}).`;
  const whole = document.createElement('span');
  whole.className = 'whole';
  whole.dataset.bits = String(scheme.bits);
  whole.dataset.headerBits = String(parts.header);
  const tail = parts.end > 0 || parts.flush > 0 ? ` + ${fmt(parts.end)} game ends + ${fmt(parts.flush)} coder's last bits` : '';
  const header = scheme.name === 'arithmetic' ? 'start' : 'start and ply count';
  whole.textContent = `Whole game: ${scheme.bits} bits = ${parts.header} ${header} + ${parts.moves.toFixed(2)} moves${tail}; ${(scheme.bits / plies).toFixed(2)} bits a move.`;
  el.append(now, ' ', whole);
}

/** The model's likeliest next moves, as the arrows on the board show them, with a legend.
 * @param {ChessView} v
 * @param {ChessMoveExplanation['candidates']} candidates */
export function drawNextMoves(v, candidates) {
  const { ply } = v;
  const game = loadedGame(v);
  const host = v.ctx.$('next-moves');
  host.replaceChildren();
  if (ply >= game.sans.length) {
    host.textContent = `The game ends here (${game.result}).`;
    return;
  }
  const e = game.explanations[ply];
  const head = document.createElement('p');
  head.className = 'legend';
  head.innerHTML = '<span class="l-arrow">the model’s likeliest next moves: thicker is likelier; the number is the bits each would cost</span><span class="l-played">the move played next (dashed when the model did not rank it this high)</span><span class="l-last">the last move’s two squares</span>';
  const list = document.createElement('ol');
  list.className = 'candidates';
  for (const c of candidates) {
    const li = document.createElement('li');
    // The move played costs what the code spent on it (the figure in its bar); the others, what the model gives them.
    const bits = c.uci === game.ucis[ply] ? arithmetic(game).move_bits[ply] : c.bits;
    li.textContent = `${c.san} ${bits.toFixed(2)} bits${c.uci === game.ucis[ply] ? ' (played)' : ''}`;
    if (c.uci === game.ucis[ply]) li.className = 'played';
    list.append(li);
  }
  const played = document.createElement('p');
  played.className = 'note';
  played.textContent = `Played: ${e.san}, rank ${e.rank} of ${e.legal_moves} legal moves, ${arithmetic(game).move_bits[ply].toFixed(2)} bits.`;
  host.append(head, list, played);
}

/** Why the arithmetic code spent what it did on the move just played: the model's top feature contributions.
 * @param {ChessView} v */
export function drawWhy(v) {
  const why = v.ctx.$('why');
  why.textContent = '';
  setFacts(why, {});
  if (v.ply === 0) return;
  // Explained in the Worker with the game (the first explanation builds the opening book).
  const e = loadedGame(v).explanations[v.ply - 1];
  const head = document.createElement('p');
  // The bits the code spent, as in the move's bar (the model's −log₂ p, rounded by the code's integer probabilities).
  const spent = arithmetic(loadedGame(v)).move_bits[v.ply - 1];
  head.textContent = `Why ${e.san} cost ${spent.toFixed(2)} bits: probability ${(100 * e.probability).toFixed(1)} %, rank ${e.rank} of ${e.legal_moves} legal moves. Features against the average move (+ cheaper, − dearer):`;
  const list = document.createElement('ul');
  for (const c of e.contributions) {
    const li = document.createElement('li');
    li.textContent = `${c.bits >= 0 ? '+' : '−'}${Math.abs(c.bits).toFixed(2)} bits — ${c.feature}`;
    list.append(li);
  }
  why.append(head, list);
  setFacts(why, { san: e.san, bits: spent, probability: e.probability, rank: e.rank, legalMoves: e.legal_moves });
}

/** @param {ChessView} v */
export function drawTotals(v) {
  const game = loadedGame(v);
  const plies = Math.max(1, game.sans.length);
  byId(v.ctx.slot, 'totals', HTMLTableElement).tBodies[0].innerHTML = game.schemes
    .map(
      (s) =>
        `<tr><td><span class="legend-swatch" data-series="${s.name}"></span>${s.name}</td><td>${s.bits}</td><td>${(s.bits / plies).toFixed(2)}</td><td>${s.round_trip ? '✓' : '✗'}</td></tr>`,
    )
    .join('');
  for (const swatch of v.ctx.$('totals').querySelectorAll('.legend-swatch')) {
    /** @type {HTMLElement} */ (swatch).style.background = SERIES[/** @type {HTMLElement} */ (swatch).dataset.series ?? ''];
  }
}

/** The bits each game scheme spent on each ply, with a cursor at the current ply; a click steps there.
 * @param {ChessView} v */
export function drawChart(v) {
  const { $ } = v.ctx;
  const { ply } = v;
  const game = loadedGame(v);
  const n = game.sans.length;
  const w = 900;
  const h = 220;
  const pad = 30;
  // A loop, not Math.max(...spread): a long game has more plies than the call stack has room for.
  const top = game.schemes.reduce((m, s) => s.move_bits.reduce((a, b) => Math.max(a, b), m), 14);
  const sx = (/** @type {number} */ i) => pad + ((w - 2 * pad) * (i + 0.5)) / Math.max(1, n);
  const sy = (/** @type {number} */ b) => h - pad - ((h - 2 * pad) * b) / top;
  const lines = game.schemes.map((s) => {
    const pts = s.move_bits.map((b, i) => `${sx(i).toFixed(1)},${sy(b).toFixed(1)}`).join(' ');
    return `<polyline fill="none" stroke="${SERIES[s.name]}" stroke-width="1.6" points="${pts}"><title>${s.name}</title></polyline>`;
  });
  const axis = [0, 4, 8, 12].map((b) => `<line x1="${pad}" x2="${w - pad}" y1="${sy(b)}" y2="${sy(b)}" stroke="#eee"/><text x="4" y="${sy(b) + 4}" font-size="10">${b}</text>`);
  const cursor = ply > 0 ? `<line x1="${sx(ply - 1)}" x2="${sx(ply - 1)}" y1="${pad / 2}" y2="${h - pad}" stroke="#d62d20" stroke-dasharray="3 2"/>` : '';
  $('move-chart').innerHTML = `<svg viewBox="0 0 ${w} ${h}">${axis.join('')}${lines.join('')}${cursor}<text x="${w / 2}" y="${h - 6}" text-anchor="middle" font-size="11">ply (bits per move)</text></svg>`;
  $('move-chart').setAttribute('aria-label', `Bits per move for each game scheme; ply ${ply} of ${n}`);
  $('move-chart').onclick = (e) => {
    const r = $('move-chart').getBoundingClientRect();
    const i = Math.round(((e.clientX - r.left) / r.width * w - pad) / ((w - 2 * pad) / Math.max(1, n)) - 0.5);
    v.steps?.stepper?.pause();
    v.steps?.stepper?.seek(i + 1);
  };
}
