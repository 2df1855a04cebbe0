// Chess codes: the game viewer (the page's, not an embed's) — sample games, a PGN coded in the
// Worker in every game scheme, a board with the last move and the model's likeliest next moves,
// a move list with the bits each move cost, the site's step bar, why a move cost what it did,
// the totals and the bits-per-move chart. `v` is the view (see ../chess.js).
import { byId, errorText, found } from '../../app.js';
import { runJob, isCancelled } from '../../worker-client.js';
import { SITE } from '../../view.js';
import { Stepper, mountStepBar } from '../../components/step-bar.js';
import { drawViewerBoard, drawArrows } from './viewer-board.js';
import { moveNumber, scrollIntoList, codeParts } from './moves.js';

/** @typedef {import('./view-state.js').ChessView} ChessView */
/** @typedef {import('../../types.js').ChessGame} ChessGame */
/** @typedef {import('../../types.js').ChessMoveExplanation} ChessMoveExplanation */

/** The game loaded: the viewer's parts draw only once `loadGame` has set it. @param {ChessView} v */
const loadedGame = (v) => found(v.game, 'a loaded game');

/** The scheme the move list shows (the last one until one is chosen). @param {ChessView} v @param {ChessGame} game */
const listedScheme = (v, game) => found(game.schemes.find((s) => s.name === v.listScheme) ?? game.schemes[game.schemes.length - 1], 'a game scheme');

/** @type {Record<string, string>} */
const SERIES = { 'from-to': '#8d99a6', 'move-index': '#e8a33d', 'ranked-huffman': '#2f81f7', arithmetic: '#8a3ffc' };

const fmt = (/** @type {number} */ b) => (Number.isInteger(b) ? String(b) : b.toFixed(2));

/** Wires the game controls and, on the page, fetches the sample games.
 * @param {ChessView} v */
export function setUpGame(v) {
  const { $ } = v.ctx;
  v.steps = mountStepBar($('game-steps'));
  v.listScheme = 'arithmetic';
  $('load-pgn').addEventListener('click', () => loadGame(v, Number($('game-index').value || 0)));
  $('game-index').addEventListener('change', () => loadGame(v, Number($('game-index').value)));
  $('sample').addEventListener('change', () => loadSample(v));
  $('list-scheme').addEventListener('change', () => {
    v.listScheme = $('list-scheme').value;
    drawMoveList(v);
    showPly(v);
  });
  $('moves').addEventListener('click', (e) => {
    const item = /** @type {Element} */ (e.target).closest('[data-ply]');
    if (!item || !v.steps?.stepper) return;
    v.steps?.stepper.pause();
    v.steps?.stepper.seek(Number(/** @type {HTMLElement} */ (item).dataset.ply));
  });
  // ←/→/Home/End anywhere in the viewer (the bar handles its own keys first).
  $('game').addEventListener('keydown', (e) => {
    const s = v.steps?.stepper;
    if (!s || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/** @type {Element} */ (e.target).matches('select, input, textarea')) return;
    const act = { ArrowLeft: () => s.back(), ArrowRight: () => (s.pause(), s.forward()), Home: () => s.start(), End: () => s.end() }[e.key];
    if (act) {
      act();
      e.preventDefault();
    }
  });
  $('job-slot').append(v.jobPanel);
  // The game viewer is the page's: an embed does not fetch the sample games.
  if (!v.ctx.embed) {
    fetch(new URL('data/chess-sample.pgn', SITE))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`sample games: HTTP ${r.status}`))))
      .then((text) => {
        v.sampleText = text;
        v.core.chess_game_list(text).forEach((/** @type {{ white: string, black: string, result: string }} */ g, /** @type {number} */ i) => {
          $('sample').add(new Option(`Sample game ${i + 1}: ${g.white} – ${g.black}, ${g.result}`, String(i)));
        });
      })
      .catch(v.ctx.showError);
  }
}

/** @param {ChessView} v */
function loadSample(v) {
  const { $ } = v.ctx;
  const i = $('sample').value;
  if (i === '' || !v.sampleText) return;
  $('pgn').value = v.sampleText;
  loadGame(v, Number(i));
}

/** @param {ChessView} v @param {number} index */
async function loadGame(v, index) {
  const { $, showError, clearMessage } = v.ctx;
  const text = $('pgn').value;
  if (!text.trim()) {
    showError('Paste a PGN game first, or pick a sample game.');
    return;
  }
  v.job?.cancel();
  const position = v.positions;
  try {
    // Coding a game in every scheme takes 60–250 ms even for a short one: always in the Worker.
    const job = runJob('chess_game', [text, index], v.jobPanel, 'chess');
    v.job = job;
    // A finished job's worker waits for the next job: it must not be cancelled any more.
    const game = await job.promise.finally(() => {
      if (v.job === job) v.job = null;
    });
    if (v.positions !== position) {
      // The board shows a position the user chose while the game was read: it stays.
      v.ctx.showMessage('The board changed while the PGN was read, so the game was not loaded over it: press Load PGN to load it.');
      return;
    }
    clearMessage();
    showGame(v, game, index, 0);
  } catch (err) {
    if (!isCancelled(err)) showError(`PGN not loaded: ${errorText(err)}`);
  }
}

/** Whether a fragment is a game link (`#chess-game/…`), which opens in the viewer. @param {string} hash */
export const isGameLink = (hash) => /^#?chess-game\//.test(hash);

/**
 * Opens a game link in the viewer at its ply. In the Worker, with the progress panel and
 * Cancel: the core decodes the link and codes the game in every scheme for the viewer (60–250
 * ms even for a short game; a garbled payload can take a fifth of a second to refuse, see
 * `view::from_link` in src/chess/view.rs). Rejects with the core's one-line reason on a bad link.
 * @param {ChessView} v @param {string} hash
 */
export async function openGameLink(v, hash) {
  v.job?.cancel();
  const slot = /** @type {HTMLElement} */ (v.ctx.slot);
  // An embed shows the game area (and the job's progress in it) instead of the editor.
  if (v.ctx.embed) slot.dataset.game = 'true';
  const job = runJob('chess_from_link', [hash], v.jobPanel, 'chess');
  v.job = job;
  let opened;
  try {
    opened = await job.promise.finally(() => {
      if (v.job === job) v.job = null;
    });
    if (!opened.game) throw new Error('this link is not a game link');
  } catch (err) {
    if (!v.game) delete slot.dataset.game;
    throw err;
  }
  v.ctx.$('pgn').value = opened.pgn;
  v.ctx.$('sample').value = '';
  showGame(v, opened.game, 0, opened.ply);
}

/** The game link of the ply shown, while the editor shows the viewer's position; `undefined`
 * when it does not, and for a game whose link is over the budget (very long games or tags): the
 * position's link is the page's then. @param {ChessView} v */
export function gameLink(v) {
  if (!v.game || v.gameShownAt !== v.positions) return undefined;
  return v.game.links[v.ply] ?? undefined;
}

/** Shows `game` (game `index` of its PGN) in the viewer at `ply`.
 * @param {ChessView} v @param {ChessGame} game @param {number} index @param {number} ply */
function showGame(v, game, index, ply) {
  const { $ } = v.ctx;
  v.game = game;
  v.ply = ply;
  if (v.ctx.embed) {
    // An embed shows the viewer instead of the editor (css/chess.css), and its step(n),
    // play() and pause() drive the game's plies.
    /** @type {HTMLElement} */ (v.ctx.slot).dataset.game = 'true';
    v.ctx.steps = v.steps ?? null;
  }
  const sel = $('game-index');
  if (sel.length !== game.games) {
    sel.length = 0;
    for (let i = 0; i < game.games; i++) sel.add(new Option(`${i + 1} of ${game.games}`, String(i)));
  }
  sel.value = String(index);
  const schemes = $('list-scheme');
  if (schemes.length === 0) for (const s of game.schemes) schemes.add(new Option(s.name, s.name));
  schemes.value = v.listScheme ?? '';
  $('game').hidden = false;
  drawPlayers(v);
  drawTotals(v);
  drawMoveList(v);
  const stepper = new Stepper({
    count: game.sans.length,
    at: ply,
    go: (to) => {
      v.ply = to;
      // A jump walks one ply at a time: only its last step loads the editor and the details.
      showPly(v, to === stepper.goal);
    },
  });
  v.steps?.load(stepper, (at, count) => (at === 0 ? `start of ${count} plies` : `ply ${at} of ${count}`));
  showPly(v);
  // The whole viewer on screen (board, list and bar), without moving it when it already is.
  $('game').scrollIntoView({ block: 'nearest' });
  // The keys step the game at once: the focus moves from Load PGN (or the game list) to the
  // viewer's board, where ←/→/Home/End work; not from a select (its arrows choose a game) nor
  // when the reader has gone on elsewhere.
  const root = /** @type {Document | ShadowRoot} */ ($('game').getRootNode());
  const from = root.activeElement;
  if (!from || from === document.body || from === $('load-pgn')) {
    $('vboard').focus({ preventScroll: true });
  }
}

/** The players, the result and where and when, from the tags.
 * @param {ChessView} v */
function drawPlayers(v) {
  const tags = new Map(loadedGame(v).tags);
  const who = (/** @type {string} */ side) => {
    const name = tags.get(side) || '?';
    const elo = tags.get(`${side}Elo`);
    return elo && elo !== '?' ? `${name} (${elo})` : name;
  };
  const where = [tags.get('Event'), tags.get('Date')].filter((t) => t && t !== '?' && !t.includes('?.?')).join(', ');
  const p = v.ctx.$('players');
  p.replaceChildren();
  const names = document.createElement('b');
  names.textContent = `${who('White')} – ${who('Black')}`;
  const result = document.createElement('span');
  result.className = 'result';
  result.textContent = loadedGame(v).result;
  p.append(names, ' ', result);
  if (where) p.append(` · ${where}`);
}

/** The move list: every ply a button with its SAN, a bar as long as its bits, and the bits.
 * @param {ChessView} v */
function drawMoveList(v) {
  const game = loadedGame(v);
  const scheme = listedScheme(v, game);
  const top = scheme.move_bits.reduce((a, b) => Math.max(a, b), 1);
  const list = v.ctx.$('moves');
  const rows = [];
  for (let i = 0; i < game.sans.length; i += 2) {
    const row = document.createElement('div');
    row.className = 'move-row';
    row.setAttribute('role', 'listitem');
    const num = document.createElement('span');
    num.className = 'move-num';
    num.textContent = `${moveNumber(game.fens[0], i + 1)}.`;
    row.append(num);
    if (i === 0 && game.fens[0].split(' ')[1] === 'b') {
      // A game from a set-up position with Black to move: White's first cell is empty.
      const gap = document.createElement('span');
      gap.className = 'move gap';
      gap.textContent = '…';
      row.append(gap);
      i -= 1;
    }
    for (const ply of [i + 1, i + 2]) {
      if (ply > game.sans.length || ply < 1) continue;
      const bits = scheme.move_bits[ply - 1];
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.dataset.ply = String(ply);
      b.dataset.bits = String(bits);
      // The name read out is the text shown: the move, then its bits (the bar is drawn only).
      b.innerHTML = `<span class="san"></span> <span class="mbar" aria-hidden="true"></span> <span class="mbits">${bits.toFixed(1)}<span class="unit"> bits</span></span>`;
      found(b.querySelector('.san'), 'a move button\'s SAN').textContent = game.sans[ply - 1];
      // Set through the style object, which a Content-Security-Policy allows (style attributes need 'unsafe-inline').
      /** @type {HTMLElement} */ (b.querySelector('.mbar')).style.width = `${((100 * bits) / top).toFixed(1)}%`;
      b.title = `${game.sans[ply - 1]}: ${bits.toFixed(2)} bits (${scheme.name})`;
      row.append(b);
    }
    rows.push(row);
  }
  list.replaceChildren(...rows);
  if (game.sans.length === 0) list.textContent = 'No moves.';
}

/** Shows ply `v.ply`: the board, the list's current move, the totals so far; with `details`, also
 * the editor above (with the codes), the label, the next moves and why the move cost what it did.
 * @param {ChessView} v */
function showPly(v, details = true) {
  const { ply } = v;
  const game = loadedGame(v);
  const { $ } = v.ctx;
  const uci = ply > 0 ? game.ucis[ply - 1] : null;
  const candidates = ply < game.sans.length ? game.explanations[ply].candidates : [];
  drawViewerBoard($('vboard'), game.fens[ply], uci);
  $('vboard').setAttribute('aria-label', ply === 0 ? 'The game’s start position' : `Position after ${plyName(game, ply)}`);
  const next = ply < game.sans.length ? { uci: game.ucis[ply], bits: arithmetic(game).move_bits[ply] } : null;
  drawArrows(byId(v.ctx.slot, 'arrows', SVGSVGElement), candidates, next);
  const list = $('moves');
  for (const b of list.querySelectorAll('.move[aria-current]')) b.removeAttribute('aria-current');
  const current = list.querySelector(`[data-ply="${ply}"]`);
  if (current) {
    current.setAttribute('aria-current', 'step');
    scrollIntoList(list, current);
  } else {
    list.scrollTop = 0;
  }
  drawRunning(v);
  if (!details) return;
  v.parts = v.core.chess_analyze_fen(game.fens[ply]).parts;
  // The editor now shows the game's ply: the page's link is the game's (see gameLink).
  v.update(true);
  const label = $('ply');
  if (ply === 0) {
    label.textContent = `Start (${game.sans.length} plies)`;
  } else {
    const costs = game.schemes.map((s) => `${s.name} ${fmt(s.move_bits[ply - 1])}`).join(', ');
    label.textContent = `Ply ${ply}: ${plyName(game, ply)} — ${costs} bits`;
  }
  drawNextMoves(v, candidates);
  drawWhy(v);
  drawChart(v);
}

/** The arithmetic scheme's part of the game: the bits the arrows show. */
/** @param {ChessGame} game */
const arithmetic = (game) => found(game.schemes.find((s) => s.name === 'arithmetic'), 'the arithmetic scheme');

/** "12. Nf3" or "12... Nc6". @param {ChessGame} game @param {number} ply */
function plyName(game, ply) {
  const n = moveNumber(game.fens[0], ply);
  const white = game.fens[ply - 1].split(' ')[1] === 'w';
  return `${n}.${white ? '' : '..'} ${game.sans[ply - 1]}`;
}

/** The running total of the list's scheme up to this ply, and the whole game's make-up.
 * @param {ChessView} v */
function drawRunning(v) {
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
  const tail = parts.end > 0 || parts.flush > 0 ? ` + ${fmt(parts.end)} game ends + ${fmt(parts.flush)} coder's last bits` : '';
  const header = scheme.name === 'arithmetic' ? 'start' : 'start and ply count';
  whole.textContent = `Whole game: ${scheme.bits} bits = ${parts.header} ${header} + ${parts.moves.toFixed(2)} moves${tail}; ${(scheme.bits / plies).toFixed(2)} bits a move.`;
  el.append(now, ' ', whole);
}

/** The model's likeliest next moves, as the arrows on the board show them, with a legend.
 * @param {ChessView} v
 * @param {ChessMoveExplanation['candidates']} candidates */
function drawNextMoves(v, candidates) {
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
function drawWhy(v) {
  const why = v.ctx.$('why');
  why.textContent = '';
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
}

/** @param {ChessView} v */
function drawTotals(v) {
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
function drawChart(v) {
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
