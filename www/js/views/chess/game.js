// Chess codes: the game stepper (the page's, not an embed's) — sample games, a PGN coded in the
// Worker in every game scheme, stepping the plies through the editor's board, why a move cost
// what it did, the totals and the bits-per-move chart. `v` is the view (see ../chess.js).
import { errorText } from '../../app.js';
import { runJob, isCancelled } from '../../worker-client.js';
import { SITE } from '../../view.js';

const SERIES = { 'from-to': '#8d99a6', 'move-index': '#e8a33d', 'ranked-huffman': '#2f81f7', arithmetic: '#8a3ffc' };

const fmt = (b) => (Number.isInteger(b) ? String(b) : b.toFixed(2));

/** Wires the game controls and, on the page, fetches the sample games. */
export function setUpGame(v) {
  const { $ } = v.ctx;
  $('load-pgn').addEventListener('click', () => loadGame(v, Number($('game-index').value || 0)));
  $('game-index').addEventListener('change', () => loadGame(v, Number($('game-index').value)));
  $('sample').addEventListener('change', () => loadSample(v));
  $('g-start').addEventListener('click', () => goToPly(v, 0));
  $('g-back').addEventListener('click', () => goToPly(v, v.ply - 1));
  $('g-forward').addEventListener('click', () => goToPly(v, v.ply + 1));
  $('g-end').addEventListener('click', () => goToPly(v, v.game?.sans.length ?? 0));
  $('move-chart').addEventListener('keydown', (e) => {
    const to = { ArrowLeft: v.ply - 1, ArrowRight: v.ply + 1, Home: 0, End: v.game?.sans.length ?? 0 }[e.key];
    if (to !== undefined && v.game) {
      goToPly(v, to);
      e.preventDefault();
    }
  });
  $('job-slot').append(v.jobPanel);
  // The game stepper is the page's: an embed does not fetch the sample games.
  if (!v.ctx.embed) {
    fetch(new URL('data/chess-sample.pgn', SITE))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`sample games: HTTP ${r.status}`))))
      .then((text) => {
        v.sampleText = text;
        v.core.chess_game_list(text).forEach((g, i) => {
          $('sample').add(new Option(`Sample game ${i + 1}: ${g.white} – ${g.black}, ${g.result}`, String(i)));
        });
      })
      .catch(v.ctx.showError);
  }
}

function loadSample(v) {
  const { $ } = v.ctx;
  const i = $('sample').value;
  if (i === '' || !v.sampleText) return;
  $('pgn').value = v.sampleText;
  loadGame(v, Number(i));
}

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
    v.game = game;
    const sel = $('game-index');
    if (sel.length !== game.games) {
      sel.length = 0;
      for (let i = 0; i < game.games; i++) sel.add(new Option(`${i + 1} of ${game.games}`, String(i)));
    }
    sel.value = String(index);
    $('game').hidden = false;
    drawTotals(v);
    goToPly(v, 0);
  } catch (err) {
    if (!isCancelled(err)) showError(`PGN not loaded: ${errorText(err)}`);
  }
}

/** Shows ply `p` (clamped) of the game: its position in the editor, its costs, why, the chart. */
function goToPly(v, p) {
  const { game } = v;
  if (!game) return;
  v.ply = Math.max(0, Math.min(game.sans.length, p));
  const { ply } = v;
  v.parts = v.core.chess_analyze_fen(game.fens[ply]).parts;
  v.update();
  const label = v.ctx.$('ply');
  if (ply === 0) {
    label.textContent = `Start (${game.sans.length} plies)`;
  } else {
    const n = Math.ceil(ply / 2);
    const san = `${n}.${ply % 2 === 0 ? '..' : ''} ${game.sans[ply - 1]}`;
    const costs = game.schemes.map((s) => `${s.name} ${fmt(s.move_bits[ply - 1])}`).join(', ');
    label.textContent = `Ply ${ply}: ${san} — ${costs} bits`;
  }
  drawWhy(v);
  drawChart(v);
}

/** Why the arithmetic code spent what it did on the move just played: the model's top feature contributions. */
function drawWhy(v) {
  const { $ } = v.ctx;
  let why = $('why');
  if (!why) {
    why = document.createElement('div');
    why.id = 'why';
    why.className = 'note';
    why.setAttribute('aria-live', 'polite');
    $('move-chart').before(why);
  }
  why.textContent = '';
  if (v.ply === 0) return;
  // Explained in the Worker with the game (the first explanation builds the opening book).
  const e = v.game.explanations[v.ply - 1];
  const head = document.createElement('p');
  head.textContent = `Why ${e.san} cost ${e.bits.toFixed(2)} bits: probability ${(100 * e.probability).toFixed(1)} %, rank ${e.rank} of ${e.legal_moves} legal moves. Features against the average move (+ cheaper, − dearer):`;
  const list = document.createElement('ul');
  for (const c of e.contributions) {
    const li = document.createElement('li');
    li.textContent = `${c.bits >= 0 ? '+' : '−'}${Math.abs(c.bits).toFixed(2)} bits — ${c.feature}`;
    list.append(li);
  }
  why.append(head, list);
}

function drawTotals(v) {
  const { game } = v;
  const plies = Math.max(1, game.sans.length);
  v.ctx.$('totals').tBodies[0].innerHTML = game.schemes
    .map(
      (s) =>
        `<tr><td><span class="legend-swatch" style="background:${SERIES[s.name]}"></span>${s.name}</td><td>${s.bits}</td><td>${(s.bits / plies).toFixed(2)}</td><td>${s.round_trip ? '✓' : '✗'}</td></tr>`,
    )
    .join('');
}

/** The bits each game scheme spent on each ply, with a cursor at the current ply; a click steps there. */
function drawChart(v) {
  const { $ } = v.ctx;
  const { game, ply } = v;
  const n = game.sans.length;
  const w = 900;
  const h = 220;
  const pad = 30;
  // A loop, not Math.max(...spread): a long game has more plies than the call stack has room for.
  const top = game.schemes.reduce((m, s) => s.move_bits.reduce((a, b) => Math.max(a, b), m), 14);
  const sx = (i) => pad + ((w - 2 * pad) * (i + 0.5)) / Math.max(1, n);
  const sy = (b) => h - pad - ((h - 2 * pad) * b) / top;
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
    goToPly(v, i + 1);
  };
}
