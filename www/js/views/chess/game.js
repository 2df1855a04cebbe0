// Chess codes: the game viewer (the page's, not an embed's) — sample games, a PGN coded in the
// Worker in every game scheme, a board with the last move and the model's likeliest next moves,
// a move list with the bits each move cost, the site's step bar, why a move cost what it did,
// the totals and the bits-per-move chart. `v` is the view (see ../chess.js).
import { byId, errorText, found } from '../../app.js';
import { runJob, isCancelled } from '../../worker-client.js';
import { SITE } from '../../view.js';
import { Stepper, mountStepBar } from '../../components/step-bar.js';
import { showResult } from '../../components/result.js';
import { drawViewerBoard, drawArrows } from './viewer-board.js';
import { moveNumber, scrollIntoList } from './moves.js';
import { loadedGame, listedScheme, arithmetic, fmt, plyName, drawRunning, drawNextMoves, drawWhy, drawTotals, drawChart } from './game-details.js';

/** @typedef {import('./view-state.js').ChessView} ChessView */
/** @typedef {import('../../types.js').ChessGame} ChessGame */


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
      v.ctx.showMessage('The board changed while the PGN was read, so the game was not loaded over it: press Load PGN to load it.', 'info', {
        pgn: 'not-loaded',
        reason: 'board-changed',
      });
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
    leaps: true,
    go: (to) => {
      v.ply = to;
      // Only the ply a walk ends on loads the editor and the details (quick → → → queue three).
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
    showResult(label, `Start (${game.sans.length} plies)`, { ply: 0, plies: game.sans.length });
  } else {
    const costs = game.schemes.map((s) => `${s.name} ${fmt(s.move_bits[ply - 1])}`).join(', ');
    // The ply, its move and each scheme's bits on it as data (`data-bits-from-to` …).
    const bits = Object.fromEntries(game.schemes.map((s) => [`bits-${s.name}`.replace(/-(\w)/g, (_, c) => c.toUpperCase()), s.move_bits[ply - 1]]));
    showResult(label, `Ply ${ply}: ${plyName(game, ply)} — ${costs} bits`, { ply, plies: game.sans.length, san: game.sans[ply - 1], ...bits });
  }
  drawNextMoves(v, candidates);
  drawWhy(v);
  drawChart(v);
}

