// Chess codes: the game viewer's board — drawn from a FEN, read-only, with a–h and 1–8 on its
// edges, the last move's two squares marked, and the model's likeliest next moves as arrows.

const FILES = 'abcdefgh';
/** The CSS class that draws piece `p` (FEN letter): `pc-wK`, `pc-bN`, … (as the editor's board). */
const pieceClass = (/** @type {string} */ p) => `pc pc-${p === p.toUpperCase() ? 'w' : 'b'}${p.toUpperCase()}`;

/**
 * The 64 squares of a FEN's board, row 0 = rank 8: FEN letters, '' for empty.
 * @param {string} fen
 */
export function fenSquares(fen) {
  const out = [];
  for (const ch of fen.split(' ')[0]) {
    if (ch === '/') continue;
    if (/\d/.test(ch)) for (let k = 0; k < Number(ch); k++) out.push('');
    else out.push(ch);
  }
  return out;
}

/**
 * Draws `fen` into `host` (64 cells, built once), marking the squares of `uci` (the last move).
 * @param {HTMLElement} host
 * @param {string} fen
 * @param {string | null} uci
 */
export function drawViewerBoard(host, fen, uci) {
  if (host.children.length !== 64) {
    const cells = [];
    for (let i = 0; i < 64; i++) {
      const row = i >> 3;
      const col = i & 7;
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.dataset.square = `${FILES[col]}${8 - row}`;
      if (col === 0) cell.insertAdjacentHTML('beforeend', `<span class="coord rank">${8 - row}</span>`);
      if (row === 7) cell.insertAdjacentHTML('beforeend', `<span class="coord file">${FILES[col]}</span>`);
      cells.push(cell);
    }
    host.replaceChildren(...cells);
  }
  const squares = fenSquares(fen);
  const marked = uci ? [uci.slice(0, 2), uci.slice(2, 4)] : [];
  [...host.children].forEach((cell, i) => {
    const el = /** @type {HTMLElement} */ (cell);
    const p = squares[i];
    const dark = ((i >> 3) + (i & 7)) % 2 === 1;
    el.className = ['cell', dark ? 'dark' : '', p ? pieceClass(p) : '', marked.includes(el.dataset.square ?? '') ? 'last' : ''].filter(Boolean).join(' ');
    el.dataset.piece = p;
  });
}

/** The centre of square `sq` ('e4') in the board's 8 × 8 units, y down from rank 8. */
const centre = (/** @type {string} */ sq) => [FILES.indexOf(sq[0]) + 0.5, 8 - Number(sq[1]) + 0.5];

/**
 * Draws the model's likeliest next moves as arrows (thicker = likelier) with their bits, the move
 * played next in its own colour (dashed when the model did not rank it among them).
 * @param {SVGSVGElement} svg  viewBox 0 0 8 8, laid over the board
 * @param {{san: string, uci: string, bits: number}[]} candidates  likeliest first
 * @param {{uci: string, bits: number} | null} played
 */
export function drawArrows(svg, candidates, played) {
  const shapes = [];
  const arrows = candidates.map((c) => ({ ...c, played: c.uci === played?.uci, dashed: false }));
  if (played && !arrows.some((a) => a.played)) arrows.push({ san: '', uci: played.uci, bits: played.bits, played: true, dashed: true });
  // The likeliest drawn last, on top.
  for (const a of [...arrows].reverse()) {
    const [x1, y1] = centre(a.uci.slice(0, 2));
    const [x2, y2] = centre(a.uci.slice(2, 4));
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const p = 2 ** -a.bits;
    const w = 0.07 + 0.2 * Math.sqrt(p);
    const head = 0.28;
    const [hx, hy] = [x2 - ux * 0.12, y2 - uy * 0.12];
    const [bx, by] = [hx - ux * head, hy - uy * head];
    const cls = a.played ? 'arrow played' : 'arrow';
    shapes.push(
      `<g class="${cls}" data-uci="${a.uci}"><line x1="${x1 + ux * 0.2}" y1="${y1 + uy * 0.2}" x2="${bx}" y2="${by}" stroke-width="${w.toFixed(3)}"${a.dashed ? ' stroke-dasharray="0.15 0.1"' : ''}/>` +
        `<polygon points="${hx},${hy} ${bx - uy * (w + 0.12)},${by + ux * (w + 0.12)} ${bx + uy * (w + 0.12)},${by - ux * (w + 0.12)}"/></g>`,
    );
  }
  // The bits on each arrow's shaft, after the arrows so no arrow covers a number.
  /** @type {[number, number][]} */
  const placed = [];
  for (const a of arrows) {
    const [x1, y1] = centre(a.uci.slice(0, 2));
    const [x2, y2] = centre(a.uci.slice(2, 4));
    const len = Math.hypot(x2 - x1, y2 - y1);
    // Near the head; back along the shaft while another label is in the way (two moves to one square).
    let t = Math.max(0.35, 1 - 0.75 / len);
    const at = () => [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
    while (t > 0.3 && placed.some(([px, py]) => Math.abs(px - at()[0]) < 0.6 && Math.abs(py - at()[1]) < 0.34)) t -= 0.4 / len;
    const [lx, ly] = at();
    placed.push([lx, ly]);
    shapes.push(`<g class="arrow-label${a.played ? ' played' : ''}"><rect x="${lx - 0.27}" y="${ly - 0.15}" width="0.54" height="0.3" rx="0.08"/><text x="${lx}" y="${ly + 0.1}">${a.bits.toFixed(1)}</text></g>`);
  }
  svg.innerHTML = shapes.join('');
}
