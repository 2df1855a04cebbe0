// Chess codes: the position editor — the board (an ARIA grid, ../../board.js), the piece palette,
// drag and drop, keys, side to move, castling, en passant, FEN — and its status line. The core
// judges every position; `v` is the view (see ../chess.js).
import { errorText, found } from '../../app.js';
import { GridBoard } from '../../board.js';
import { onSegmented, markSegmented } from '../../components/segmented.js';

/** @typedef {import('./view-state.js').ChessView} ChessView */

/** The editor's position: set before the editor draws or takes input. @param {ChessView} v */
const partsOf = (v) => found(v.parts, "the editor's position");

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Pieces are drawn from www/img/pieces/ (drawn for this project) through a class per piece. */
const PIECES = new Set(['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p']);
/** The CSS class that draws piece `p` (FEN letter): `pc-wK`, `pc-bN`, … */
const pieceClass = (/** @type {string} */ p) => `pc pc-${p === p.toUpperCase() ? 'w' : 'b'}${p.toUpperCase()}`;
/** @type {Record<string, string>} */
const KIND = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const PALETTE = ['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', ''];

const squareName = (/** @type {number} */ s) => 'abcdefgh'[s % 8] + String(1 + (s >> 3));
/** The square (a1 = 0 … h8 = 63) of grid cell `i` (row 0 is rank 8). */
const squareOfCell = (/** @type {number} */ i) => (7 - (i >> 3)) * 8 + (i & 7);
const pieceName = (/** @type {string} */ p) => (p ? `${p === p.toUpperCase() ? 'white' : 'black'} ${KIND[p.toLowerCase()]}` : 'empty');

/** Builds the board and palette and wires the editor's controls.
 * @param {ChessView} v */
export function setUpEditor(v) {
  const { $ } = v.ctx;
  v.board = new GridBoard($('board'), { label: 'Chess board editor', onActivate: (i) => place(v, squareOfCell(i), v.tool), onKey: (i, e) => key(v, i, e) });
  v.board.resize(8, 8);
  setUpDrop(v);
  setUpPalette(v);
  onSegmented(v.ctx, 'side', (side) => {
    partsOf(v).side = side;
    partsOf(v).ep = null;
    v.update();
  });
  for (const c of v.ctx.$$('[data-castle]')) {
    c.addEventListener('change', () => {
      partsOf(v).castling[Number(c.dataset.castle)] = /** @type {HTMLInputElement} */ (c).checked;
      v.update();
    });
  }
  $('ep').add(new Option('none', ''));
  $('ep').addEventListener('change', () => {
    partsOf(v).ep = $('ep').value || null;
    v.update();
  });
  $('start-pos').addEventListener('click', () => loadFen(v, START));
  $('clear-board').addEventListener('click', () => {
    v.parts = { board: Array(64).fill(''), side: 'w', castling: [false, false, false, false], ep: null };
    v.update();
  });
  $('load-fen').addEventListener('click', () => loadFen(v, $('fen').value));
  $('fen').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') loadFen(v, $('fen').value);
  });
}

/** @param {ChessView} v */
function setUpPalette(v) {
  const { $ } = v.ctx;
  for (const p of PALETTE) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.piece = p;
    b.textContent = p ? '' : '⌫';
    b.className = p ? pieceClass(p) : 'eraser';
    b.setAttribute('aria-label', p ? pieceName(p) : 'eraser (clear a square)');
    b.setAttribute('aria-pressed', String(p === v.tool));
    b.draggable = true;
    b.addEventListener('click', () => setTool(v, p));
    b.addEventListener('dragstart', (e) => {
      e.dataTransfer?.setData('text/plain', p || '-');
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'copy';
    });
    $('palette').append(b);
  }
}

/** @param {ChessView} v @param {string} p */
function setTool(v, p) {
  v.tool = p;
  for (const b of v.ctx.$('palette').children) b.setAttribute('aria-pressed', String(b.getAttribute('data-piece') === p));
}

/** @param {ChessView} v */
function setUpDrop(v) {
  const host = v.ctx.$('board');
  host.addEventListener('dragover', (e) => {
    if (/** @type {Element} */ (e.target).closest('[data-index]')) e.preventDefault();
  });
  host.addEventListener('drop', (e) => {
    const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-index]'));
    if (!cell) return;
    e.preventDefault();
    const p = e.dataTransfer?.getData('text/plain') ?? '';
    place(v, squareOfCell(Number(cell.dataset.index)), p === '-' ? '' : p, false);
  });
}

/** @param {ChessView} v @param {number} index @param {KeyboardEvent} e */
function key(v, index, e) {
  const s = squareOfCell(index);
  if (e.key.length === 1 && PIECES.has(e.key)) {
    place(v, s, e.key, false);
    return true;
  }
  if (e.key === 'Delete' || e.key === 'Backspace') {
    place(v, s, '', false);
    return true;
  }
  if (e.key === ' ' || e.key === 'Enter') {
    place(v, s, v.tool);
    return true;
  }
  return false;
}

/** Puts `piece` on square `s` ('' clears); clicking a square that already holds it clears it.
 * @param {ChessView} v @param {number} s @param {string} piece */
function place(v, s, piece, toggle = true) {
  partsOf(v).board[s] = toggle && partsOf(v).board[s] === piece ? '' : piece;
  v.update();
}

/** @param {ChessView} v @param {string} fen */
function loadFen(v, fen) {
  try {
    v.parts = v.core.chess_analyze_fen(fen.trim()).parts;
    v.ctx.clearMessage();
    v.update();
  } catch (err) {
    v.ctx.showError(`FEN not loaded: ${errorText(err)}`);
  }
}

/** Redraws the editor from `v.parts` and the core's `v.analysis`: board, controls, status.
 * @param {ChessView} v */
export function drawEditor(v) {
  const { $ } = v.ctx;
  const parts = partsOf(v);
  const analysis = found(v.analysis, "the core's analysis of the position");
  drawBoard(v);
  $('fen').value = analysis.fen;
  markSegmented(v.ctx, 'side', parts.side);
  for (const c of v.ctx.$$('[data-castle]')) /** @type {HTMLInputElement} */ (c).checked = parts.castling[Number(c.dataset.castle)];
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
  } else {
    status.textContent = `Illegal position: ${analysis.error}.`;
    status.dataset.kind = 'error';
  }
}

/** Redraws the board's cells, marking the squares in `v.highlight`.
 * @param {ChessView} v */
export function drawBoard(v) {
  found(v.board, "the editor's board").update((i) => {
    const s = squareOfCell(i);
    const p = partsOf(v).board[s];
    const dark = ((s >> 3) + (s & 7)) % 2 === 0;
    const classes = [dark ? 'dark' : '', p ? pieceClass(p) : '', v.highlight.has(s) ? 'hl' : '']
      .filter(Boolean)
      .join(' ');
    return { classes, label: `${squareName(s)}, ${pieceName(p)}`, text: '', data: { piece: p || '' } };
  });
}
