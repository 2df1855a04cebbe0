// The chess codes view: a board editor, every position scheme's bits, the Huffman tree, share
// links, a decode panel and (on the page) a game stepper with bits per move. Every rule —
// legality, the codes, SAN, PGN — is computed by the wasm core; this file draws and forwards input.
import { loadCore, errorText } from '../app.js';
import { GridBoard } from '../board.js';
import { runJob, jobPanel } from '../worker-client.js';
import { viewContext, drawTemplate, SITE } from '../view.js';
import { SHARE_BAR, wireShareBar, enableShareBar } from '../components/share-bar.js';
import { segmented, onSegmented, markSegmented } from '../components/segmented.js';
import { followLinks } from '../share-link.js';

export const PAGE = 'chess.html';
export const STYLES = ['css/site.css', 'css/chess.css'];
export const CORE = 'chess';

/** Pieces are drawn from www/img/pieces/ (drawn for this project) through a class per piece. */
const PIECES = new Set(['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p']);
/** The CSS class that draws piece `p` (FEN letter): `pc-wK`, `pc-bN`, … */
const pieceClass = (p) => `pc pc-${p === p.toUpperCase() ? 'w' : 'b'}${p.toUpperCase()}`;
const KIND = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const PALETTE = ['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', ''];
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SERIES = { 'from-to': '#8d99a6', 'move-index': '#e8a33d', 'ranked-huffman': '#2f81f7', arithmetic: '#8a3ffc' };

/** The position editor and its bits; the decode panel and the game stepper are the page's. */
export const TEMPLATE = `
<div id="message" hidden></div>

<h2 class="no-embed">A position</h2>
<div class="play-area">
  <div>
    <div id="board" class="board checkered chess" style="--cols: 8; --rows: 8"></div>
    <div class="palette" role="group" aria-label="Piece to place" id="palette"></div>
    <div class="toolbar">
      ${segmented('Side to move', 'side', [['w', 'White to move'], ['b', 'Black to move']])}
    </div>
    <div class="toolbar" role="group" aria-label="Castling rights and en passant">
      <label><input type="checkbox" data-castle="0"> White O-O</label>
      <label><input type="checkbox" data-castle="1"> White O-O-O</label>
      <label><input type="checkbox" data-castle="2"> Black O-O</label>
      <label><input type="checkbox" data-castle="3"> Black O-O-O</label>
      <label>En passant <select id="ep" aria-label="En-passant square"></select></label>
    </div>
    <div class="toolbar">
      <button type="button" id="start-pos">Start position</button>
      <button type="button" id="clear-board">Clear board</button>
    </div>
    <div class="toolbar fen-row">
      <label for="fen">FEN</label>
      <input id="fen" class="mono" spellcheck="false" autocomplete="off">
      <button type="button" id="load-fen">Load FEN</button>
    </div>
    <p id="status" aria-live="polite"></p>
    <p class="no-embed"><small>Mouse: pick a piece in the palette, then click squares (or drag it onto a square);
      the eraser clears. Keyboard: arrows move, a FEN letter places that piece (P N B R Q K white, p n b r q k black),
      Space places the palette piece, Delete clears.</small></p>
  </div>
  <div class="panel" id="side">
    <h2>Bits per scheme</h2>
    <div id="bars" role="list" aria-label="Bits each scheme takes for this position"></div>
    <h2>The bits</h2>
    <div class="toolbar">
      <label>Scheme <select id="scheme" aria-label="Scheme whose bits are shown"></select></label>
      <label><input type="checkbox" id="with-counters"> with move counters</label>
    </div>
    <p id="scheme-note" class="note"></p>
    <div id="bitstring" class="bitstring mono" aria-label="The code's bits, by square or field"></div>
    <p id="segment-info" class="note" aria-live="polite">Hover or focus a run of bits to see what it stores.</p>
    <details id="tree-box">
      <summary>The source's Huffman tree</summary>
      <div id="tree"></div>
    </details>
    <h2>Share</h2>
    <p class="note">The link holds the compact code.</p>
    ${SHARE_BAR}
    <h2 class="no-embed">Decode</h2>
    <div class="toolbar no-embed">
      <label>Scheme <select id="decode-scheme" aria-label="Scheme of the code to decode"></select></label>
      <label><input type="checkbox" id="decode-counters"> ends with move counters</label>
    </div>
    <textarea id="decode-input" class="mono no-embed" rows="2" aria-label="Code to decode (base64url)" placeholder="paste a code (base64url)"></textarea>
    <div class="toolbar no-embed"><button type="button" id="decode">Decode</button><span id="decode-result" class="note" aria-live="polite"></span></div>
  </div>
</div>

<h2 class="no-embed">A game</h2>
<div class="game-area no-embed">
  <div class="toolbar">
    <label>Sample game <select id="sample" aria-label="Sample game"><option value="">—</option></select></label>
    <label>Game <select id="game-index" aria-label="Game in the PGN"></select></label>
  </div>
  <textarea id="pgn" class="mono" rows="5" aria-label="PGN text" placeholder="paste a PGN game here"></textarea>
  <div class="toolbar">
    <button type="button" id="load-pgn" class="primary">Load PGN</button>
    <span id="job-slot"></span>
  </div>
  <div id="game" hidden>
    <div class="step-controls">
      <button type="button" id="g-start" aria-label="Start of the game">Start</button>
      <button type="button" id="g-back" aria-label="Previous move">◀</button>
      <button type="button" id="g-forward" aria-label="Next move">▶</button>
      <button type="button" id="g-end" aria-label="End of the game">End</button>
      <span id="ply" aria-live="polite"></span>
    </div>
    <p class="note">Stepping loads each position into the board above. Arrow keys step when the chart has focus.</p>
    <div id="move-chart" tabindex="0" role="img" aria-label="Bits per move for each game scheme"></div>
    <table id="totals" class="totals">
      <thead><tr><th>Scheme</th><th>Bits</th><th>Bits a move</th><th>Round trip</th></tr></thead>
      <tbody></tbody>
    </table>
  </div>
</div>
`;

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'chess' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $, showError, clearMessage } = ctx;

  let core;
  let board;
  let schemes;
  /** The editor's board: {board: [64] (a1 … h8), side, castling: [4], ep}. */
  let parts;
  /** The core's answer for `parts`: {fen, error, position}. */
  let analysis;
  let shown = 'compact';
  let tool = 'P';
  let highlight = new Set();
  let game = null;
  let ply = 0;
  let sampleText = null;
  let job = null;

  const squareName = (s) => 'abcdefgh'[s % 8] + String(1 + (s >> 3));
  const squareOfCell = (i) => (7 - (i >> 3)) * 8 + (i & 7);
  const pieceName = (p) => (p ? `${p === p.toUpperCase() ? 'white' : 'black'} ${KIND[p.toLowerCase()]}` : 'empty');

  async function main() {
    core = await loadCore(CORE);
    schemes = core.chess_schemes();
    board = new GridBoard($('board'), { label: 'Chess board editor', onActivate: (i) => place(squareOfCell(i), tool), onKey: key });
    $('board').classList.add('checkered', 'chess');
    board.resize(8, 8);
    setUpDrop();
    setUpPalette();
    setUpControls();
    // The page's introduction lists the schemes (an embed has none).
    if ($('scheme-list')) $('scheme-list').innerHTML = [...schemes.position, ...schemes.game]
      .map((s) => `<li><b>${s.name}</b>: ${s.description}${s.worst_case ? ` (at most ${s.worst_case} bits)` : ''}</li>`)
      .join('');
    for (const s of schemes.position) {
      $('scheme').add(new Option(s.name, s.name));
      $('decode-scheme').add(new Option(s.name, s.name));
    }
    $('scheme').value = shown;
    $('decode-scheme').value = 'compact';
    drawTree(core.chess_huffman_tree());
    await followLinks(ctx, {
      current: () => analysis?.position?.link ?? null,
      open: (hash) => {
        parts = core.chess_from_link(hash).parts;
        update();
      },
      fresh: () => {
        parts = core.chess_analyze_fen(START).parts;
        update();
      },
      what: 'the start position',
    });
    ctx.ready();
  }

  function setUpPalette() {
    for (const p of PALETTE) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.piece = p;
      b.textContent = p ? '' : '⌫';
      b.className = p ? pieceClass(p) : 'eraser';
      b.setAttribute('aria-label', p ? pieceName(p) : 'eraser (clear a square)');
      b.setAttribute('aria-pressed', String(p === tool));
      b.draggable = true;
      b.addEventListener('click', () => setTool(p));
      b.addEventListener('dragstart', (e) => {
        e.dataTransfer.setData('text/plain', p || '-');
        e.dataTransfer.effectAllowed = 'copy';
      });
      $('palette').append(b);
    }
  }

  function setTool(p) {
    tool = p;
    for (const b of $('palette').children) b.setAttribute('aria-pressed', String(b.dataset.piece === p));
  }

  function setUpDrop() {
    const host = $('board');
    host.addEventListener('dragover', (e) => {
      if (e.target.closest('[data-index]')) e.preventDefault();
    });
    host.addEventListener('drop', (e) => {
      const cell = e.target.closest('[data-index]');
      if (!cell) return;
      e.preventDefault();
      const p = e.dataTransfer.getData('text/plain');
      place(squareOfCell(Number(cell.dataset.index)), p === '-' ? '' : p, false);
    });
  }

  function setUpControls() {
    onSegmented(ctx, 'side', (side) => {
      parts.side = side;
      parts.ep = null;
      update();
    });
    for (const c of ctx.$$('[data-castle]')) {
      c.addEventListener('change', () => {
        parts.castling[Number(c.dataset.castle)] = c.checked;
        update();
      });
    }
    $('ep').addEventListener('change', () => {
      parts.ep = $('ep').value || null;
      update();
    });
    $('start-pos').addEventListener('click', () => loadFen(START));
    $('clear-board').addEventListener('click', () => {
      parts = { board: Array(64).fill(''), side: 'w', castling: [false, false, false, false], ep: null };
      update();
    });
    $('load-fen').addEventListener('click', () => loadFen($('fen').value));
    $('fen').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') loadFen($('fen').value);
    });
    $('with-counters').addEventListener('change', drawBits);
    $('scheme').addEventListener('change', () => {
      shown = $('scheme').value;
      drawBits();
      drawBars();
    });
    wireShareBar(ctx, {
      link: () => analysis.position?.link ?? null,
      title: 'Chess codes',
      frameSize: () => ({ width: 460, height: 900 }),
      linkNote: 'this position',
    });
    $('decode').addEventListener('click', decode);
    $('load-pgn').addEventListener('click', () => loadGame(Number($('game-index').value || 0)));
    $('game-index').addEventListener('change', () => loadGame(Number($('game-index').value)));
    $('sample').addEventListener('change', loadSample);
    $('g-start').addEventListener('click', () => goToPly(0));
    $('g-back').addEventListener('click', () => goToPly(ply - 1));
    $('g-forward').addEventListener('click', () => goToPly(ply + 1));
    $('g-end').addEventListener('click', () => goToPly(game?.sans.length ?? 0));
    $('move-chart').addEventListener('keydown', (e) => {
      const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: game?.sans.length ?? 0 }[e.key];
      if (to !== undefined && game) {
        goToPly(to);
        e.preventDefault();
      }
    });
    const panel = jobPanel('Reading the games');
    $('job-slot').append(panel);
    $('job-slot').panel = panel;
    // The game stepper is the page's: an embed does not fetch the sample games.
    if (!ctx.embed) {
      fetch(new URL('data/chess-sample.pgn', SITE))
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`sample games: HTTP ${r.status}`))))
        .then((text) => {
          sampleText = text;
          core.chess_game_list(text).forEach((g, i) => {
            $('sample').add(new Option(`Sample game ${i + 1}: ${g.white} – ${g.black}, ${g.result}`, String(i)));
          });
        })
        .catch(showError);
    }
    $('ep').add(new Option('none', ''));
  }

  function key(index, e) {
    const s = squareOfCell(index);
    if (e.key.length === 1 && PIECES.has(e.key)) {
      place(s, e.key, false);
      return true;
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      place(s, '', false);
      return true;
    }
    if (e.key === ' ' || e.key === 'Enter') {
      place(s, tool);
      return true;
    }
    return false;
  }

  /** Puts `piece` on square `s` ('' clears); clicking a square that already holds it clears it. */
  function place(s, piece, toggle = true) {
    parts.board[s] = toggle && parts.board[s] === piece ? '' : piece;
    update();
  }

  function loadFen(fen) {
    try {
      parts = core.chess_analyze_fen(fen.trim()).parts;
      clearMessage();
      update();
    } catch (err) {
      showError(`FEN not loaded: ${errorText(err)}`);
    }
  }

  function decode() {
    const out = $('decode-result');
    try {
      const v = core.chess_decode($('decode-scheme').value, $('decode-input').value, $('decode-counters').checked);
      parts = v.parts;
      update();
      out.textContent = `Decoded: ${v.fen}`;
      out.dataset.kind = 'ok';
    } catch (err) {
      out.textContent = `Not decoded: ${errorText(err)}`;
      out.dataset.kind = 'error';
    }
  }

  function update() {
    try {
      analysis = core.chess_analyze_parts(parts);
    } catch (err) {
      showError(err);
      return;
    }
    highlight = new Set();
    drawBoard();
    $('fen').value = analysis.fen;
    markSegmented(ctx, 'side', parts.side);
    for (const c of ctx.$$('[data-castle]')) c.checked = parts.castling[Number(c.dataset.castle)];
    const ranks = parts.side === 'w' ? [5] : [2];
    const ep = $('ep');
    ep.length = 1;
    for (const r of ranks) for (let f = 0; f < 8; f++) ep.add(new Option(squareName(r * 8 + f), squareName(r * 8 + f)));
    ep.value = parts.ep ?? '';
    const status = $('status');
    const pos = analysis.position;
    if (pos) {
      const end = pos.legal_moves === 0 ? (pos.in_check ? ' — checkmate' : ' — stalemate') : pos.in_check ? ', in check' : '';
      status.textContent = `Legal position: ${pos.legal_moves} legal moves${end}.`;
      status.dataset.kind = 'ok';
      ctx.showLink(pos.link);
    } else {
      status.textContent = `Illegal position: ${analysis.error}.`;
      status.dataset.kind = 'error';
    }
    enableShareBar(ctx, Boolean(pos));
    drawBars();
    drawBits();
  }

  function drawBoard() {
    board.update((i) => {
      const s = squareOfCell(i);
      const p = parts.board[s];
      const dark = ((s >> 3) + (s & 7)) % 2 === 0;
      const classes = [dark ? 'dark' : '', p ? pieceClass(p) : '', highlight.has(s) ? 'hl' : '']
        .filter(Boolean)
        .join(' ');
      return { classes, label: `${squareName(s)}, ${pieceName(p)}`, text: '' };
    });
  }

  function drawBars() {
    const host = $('bars');
    const pos = analysis.position;
    if (!pos) {
      host.innerHTML = '<p class="note">No code: the position is illegal.</p>';
      return;
    }
    const top = Math.max(...pos.schemes.map((s) => s.worst_case));
    host.replaceChildren(
      ...pos.schemes.map((s) => {
        const row = document.createElement('div');
        row.className = 'bar-row';
        row.setAttribute('role', 'listitem');
        row.setAttribute('aria-current', String(s.name === shown));
        row.innerHTML = `<button type="button" class="linkish">${s.name}</button><div class="bar" style="width:${(100 * s.bits) / top}%"><span class="worst" style="left:${(100 * s.worst_case) / s.bits}%" title="worst case ${s.worst_case} bits"></span></div><span class="num">${s.bits} bits</span>`;
        row.querySelector('button').addEventListener('click', () => {
          shown = s.name;
          $('scheme').value = shown;
          drawBars();
          drawBits();
        });
        row.title = `${s.description}; worst case ${s.worst_case} bits`;
        return row;
      }),
    );
  }

  function drawBits() {
    const host = $('bitstring');
    const pos = analysis.position;
    $('tree-box').open = $('tree-box').open || shown === 'huffman';
    if (!pos) {
      host.textContent = '—';
      $('scheme-note').textContent = '';
      return;
    }
    // The optional counters field: the scheme's code, padded to a byte, then 23 bits of
    // halfmove clock and move number (the editor's board has the counters of its FEN, 0 1).
    const s = $('with-counters').checked ? core.chess_code_with_counters(pos.fen, shown) : pos.schemes.find((x) => x.name === shown);
    const extra = $('with-counters').checked ? ' with move counters' : '';
    $('scheme-note').textContent = `${s.description}${extra}. ${s.bits} bits here; at most ${s.worst_case}. Code: ${s.code}`;
    host.replaceChildren(
      ...s.segments.map((seg, k) => {
        const span = document.createElement('span');
        span.className = `seg c${k % 6}`;
        span.tabIndex = 0;
        span.textContent = s.bitstring.slice(seg.start, seg.start + seg.len);
        span.setAttribute('aria-label', `${seg.label}: ${seg.len} bits`);
        const on = () => {
          for (const a of host.querySelectorAll('.seg.active')) a.classList.remove('active');
          span.classList.add('active');
          highlight = new Set(seg.squares);
          drawBoard();
          $('segment-info').textContent = `${seg.label} — bits ${seg.start}–${seg.start + seg.len - 1} (${seg.len}): ${span.textContent}`;
        };
        span.addEventListener('mouseenter', on);
        span.addEventListener('focus', on);
        return span;
      }),
    );
  }

  function drawTree(nodes) {
    const leaves = nodes.filter((n) => n.label).sort((a, b) => (a.path < b.path ? -1 : 1));
    const x = new Map();
    leaves.forEach((n, i) => x.set(n.path, 34 + i * 64));
    const byDepth = [...nodes].sort((a, b) => b.path.length - a.path.length);
    for (const n of byDepth) {
      if (!x.has(n.path)) x.set(n.path, (x.get(`${n.path}0`) + x.get(`${n.path}1`)) / 2);
    }
    const y = (n) => 16 + n.path.length * 38;
    const width = 68 + leaves.length * 64;
    const parts = [];
    for (const n of nodes) {
      if (!n.path) continue;
      const parent = n.path.slice(0, -1);
      const px = x.get(parent);
      const py = 16 + parent.length * 38;
      parts.push(`<line x1="${px}" y1="${py}" x2="${x.get(n.path)}" y2="${y(n)}" stroke="#888"/>`);
      parts.push(`<text x="${(px + x.get(n.path)) / 2 + 3}" y="${(py + y(n)) / 2}" fill="#5b6570">${n.path.at(-1)}</text>`);
    }
    for (const n of nodes) {
      const cx = x.get(n.path);
      if (n.label) {
        parts.push(`<circle cx="${cx}" cy="${y(n)}" r="5" fill="#8a3ffc"/>`);
        parts.push(`<text x="${cx}" y="${y(n) + 16}" text-anchor="middle">${n.label.replace(' ', '\u00a0')}</text>`);
        parts.push(`<text x="${cx}" y="${y(n) + 28}" text-anchor="middle" class="mono" fill="#5b6570">${n.path}</text>`);
      } else {
        parts.push(`<circle cx="${cx}" cy="${y(n)}" r="3" fill="#444"/>`);
      }
    }
    const height = 16 + 7 * 38 + 40;
    $('tree').innerHTML = `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="Huffman tree: each leaf is a square's contents, its path the code">${parts.join('')}</svg>`;
  }

  function loadSample() {
    const i = $('sample').value;
    if (i === '' || !sampleText) return;
    $('pgn').value = sampleText;
    loadGame(Number(i));
  }

  async function loadGame(index) {
    const text = $('pgn').value;
    if (!text.trim()) {
      showError('Paste a PGN game first, or pick a sample game.');
      return;
    }
    job?.cancel();
    try {
      // Coding a game in every scheme takes 60–250 ms even for a short one: always in the Worker.
      job = runJob('chess_game', [text, index], $('job-slot').panel, CORE);
      const view = await job.promise;
      job = null;
      clearMessage();
      game = view;
      const sel = $('game-index');
      if (sel.length !== view.games) {
        sel.length = 0;
        for (let i = 0; i < view.games; i++) sel.add(new Option(`${i + 1} of ${view.games}`, String(i)));
      }
      sel.value = String(index);
      $('game').hidden = false;
      drawTotals();
      goToPly(0);
    } catch (err) {
      if (errorText(err) !== 'cancelled') showError(`PGN not loaded: ${errorText(err)}`);
    }
  }

  function goToPly(p) {
    if (!game) return;
    ply = Math.max(0, Math.min(game.sans.length, p));
    parts = core.chess_analyze_fen(game.fens[ply]).parts;
    update();
    const label = $('ply');
    if (ply === 0) {
      label.textContent = `Start (${game.sans.length} plies)`;
    } else {
      const n = Math.ceil(ply / 2);
      const san = `${n}.${ply % 2 === 0 ? '..' : ''} ${game.sans[ply - 1]}`;
      const costs = game.schemes.map((s) => `${s.name} ${fmt(s.move_bits[ply - 1])}`).join(', ');
      label.textContent = `Ply ${ply}: ${san} — ${costs} bits`;
    }
    drawWhy();
    drawChart();
  }

  /** Why the arithmetic code spent what it did on the move just played: the model's top feature contributions. */
  function drawWhy() {
    let why = $('why');
    if (!why) {
      why = document.createElement('div');
      why.id = 'why';
      why.className = 'note';
      why.setAttribute('aria-live', 'polite');
      $('move-chart').before(why);
    }
    why.textContent = '';
    if (ply === 0) return;
    // Explained in the Worker with the game (the first explanation builds the opening book).
    const e = game.explanations[ply - 1];
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

  const fmt = (b) => (Number.isInteger(b) ? String(b) : b.toFixed(2));

  function drawTotals() {
    const plies = Math.max(1, game.sans.length);
    $('totals').tBodies[0].innerHTML = game.schemes
      .map(
        (s) =>
          `<tr><td><span class="legend-swatch" style="background:${SERIES[s.name]}"></span>${s.name}</td><td>${s.bits}</td><td>${(s.bits / plies).toFixed(2)}</td><td>${s.round_trip ? '✓' : '✗'}</td></tr>`,
      )
      .join('');
  }

  function drawChart() {
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
      goToPly(i + 1);
    };
  }

  await main();
}
