// Chess codes: the position's codes — bits per scheme (bars), one scheme's bits by square or
// field, the source's Huffman tree, and the decode panel. The core computes every code; `v` is
// the view (see ../chess.js).
import { byId, errorText, found } from '../../app.js';
import { drawBoard } from './editor.js';
import { showResult } from '../../components/result.js';

/** @typedef {import('./view-state.js').ChessView} ChessView */
/** @typedef {import('../../types.js').ChessScheme} ChessScheme */

/** Fills the scheme lists, draws the Huffman tree and wires the scheme, counters and decode controls.
 * @param {ChessView} v */
export function setUpCodes(v) {
  const { $ } = v.ctx;
  const schemes = v.core.chess_schemes();
  v.positionSchemes = schemes.position;
  // The page's introduction lists the schemes (an embed has none).
  if ($('scheme-list')) $('scheme-list').innerHTML = [...schemes.position, ...schemes.game]
    .map((s) => `<li><b>${s.name}</b>: ${s.description}${s.worst_case ? ` (at most ${s.worst_case} bits)` : ''}</li>`)
    .join('');
  for (const s of schemes.position) {
    $('scheme').add(new Option(s.name, s.name));
    $('decode-scheme').add(new Option(s.name, s.name));
  }
  $('scheme').value = v.shown;
  $('decode-scheme').value = 'compact';
  drawTree(v, schemes.huffman_tree);
  $('with-counters').addEventListener('change', () => drawBits(v));
  $('scheme').addEventListener('change', () => {
    v.shown = $('scheme').value;
    drawBits(v);
    drawBars(v);
  });
  $('decode').addEventListener('click', () => decode(v));
}

/** @param {ChessView} v */
function decode(v) {
  const { $ } = v.ctx;
  const out = $('decode-result');
  try {
    const decoded = v.core.chess_decode($('decode-scheme').value, $('decode-input').value, $('decode-counters').checked);
    v.parts = decoded.parts;
    v.update();
    showResult(out, `Decoded: ${decoded.fen}`, { fen: decoded.fen });
    out.dataset.kind = 'ok';
  } catch (err) {
    showResult(out, `Not decoded: ${errorText(err)}`, {});
    out.dataset.kind = 'error';
  }
}

/** The bars: bits each scheme takes for this position, against its worst case. An illegal
 * position has no code: its rows keep their place (the scheme, no bar, '—'), so the panel and an
 * embed's frame keep their height while the reader edits.
 * @param {ChessView} v */
export function drawBars(v) {
  const { $ } = v.ctx;
  const host = $('bars');
  const pos = v.analysis?.position;
  host.dataset.illegal = String(!pos);
  const schemes = pos?.schemes ?? v.positionSchemes.map((s) => ({ ...s, bits: 0 }));
  const top = Math.max(...schemes.map((s) => s.worst_case));
  host.replaceChildren(
    ...schemes.map((s) => {
      const row = document.createElement('div');
      row.className = 'bar-row';
      row.setAttribute('role', 'listitem');
      row.setAttribute('aria-current', String(s.name === v.shown));
      row.innerHTML = `<button type="button" class="linkish">${s.name}</button><div class="bar"><span class="worst" title="worst case ${s.worst_case} bits"></span></div><span class="num"></span>`;
      found(row.querySelector('.num'), "a bar's figure").textContent = pos ? `${s.bits} bits` : '—';
      row.title = pos ? `${s.description}; worst case ${s.worst_case} bits` : `${s.description}: no code, the position is illegal`;
      const bar = /** @type {HTMLElement} */ (row.querySelector('.bar'));
      // Sizes through the style object, which a Content-Security-Policy allows (style attributes need 'unsafe-inline').
      if (pos) {
        bar.style.width = `${(100 * s.bits) / top}%`;
        /** @type {HTMLElement} */ (row.querySelector('.worst')).style.left = `${(100 * s.worst_case) / s.bits}%`;
      } else bar.style.visibility = 'hidden';
      found(row.querySelector('button'), "a bar's button").addEventListener('click', () => {
        v.shown = s.name;
        $('scheme').value = v.shown;
        drawBars(v);
        drawBits(v);
      });
      return row;
    }),
  );
}

/** The shown scheme's bits, one run per square or field; a run marks its squares on the board.
 * @param {ChessView} v */
export function drawBits(v) {
  const { $ } = v.ctx;
  const host = $('bitstring');
  const pos = v.analysis?.position;
  const treeBox = byId(v.ctx.slot, 'tree-box', HTMLDetailsElement);
  treeBox.open = treeBox.open || v.shown === 'huffman';
  // An illegal position has no bits: the note and the bits keep the room the last code took.
  keepHeight($('scheme-note'), !pos);
  keepHeight(host, !pos);
  if (!pos) {
    host.textContent = '—';
    showResult($('scheme-note'), '', {});
    return;
  }
  // The optional counters field: the scheme's code, padded to a byte, then 23 bits of
  // halfmove clock and move number (the editor's board has the counters of its FEN, 0 1).
  /** @type {ChessScheme} */
  const s = $('with-counters').checked ? v.core.chess_code_with_counters(pos.fen, v.shown) : found(pos.schemes.find((x) => x.name === v.shown), `the scheme ${v.shown}`);
  const extra = $('with-counters').checked ? ' with move counters' : '';
  // The compact rank is one number: its runs are each part's share of it, not fields of their own.
  const shares = v.shown === 'compact' && !extra ? ' The rank is one number: its runs below are each part’s share of it (log2 of that part’s choices), not separate fields.' : '';
  showResult($('scheme-note'), `${s.description}${extra}. ${s.bits} bits here; at most ${s.worst_case}.${shares} Code: ${s.code}`, {
    scheme: v.shown,
    counters: Boolean(extra),
    bits: s.bits,
    worstCase: s.worst_case,
    code: s.code,
  });
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
        v.highlight = new Set(seg.squares);
        drawBoard(v);
        showResult($('segment-info'), `${seg.label} — bits ${seg.start}–${seg.start + seg.len - 1} (${seg.len}): ${span.textContent}`, {
          label: seg.label,
          start: seg.start,
          bits: seg.len,
        });
      };
      span.addEventListener('mouseenter', on);
      span.addEventListener('focus', on);
      return span;
    }),
  );
}

/** Holds `el` at least as tall as it is now while `keep` (and lets it go when not), so an
 * edit that empties it does not shorten the panel, or an embed's frame, under the reader.
 * @param {HTMLElement} el @param {boolean} keep */
function keepHeight(el, keep) {
  if (!keep) {
    el.style.minHeight = '';
    return;
  }
  if (el.style.minHeight) return;
  // Measured only here (a layout): once, as the position turns illegal; 0 where the view hides it.
  const height = el.getBoundingClientRect().height;
  if (height) el.style.minHeight = `${height}px`;
}

/** The source's Huffman tree as SVG, root on the left and one row per leaf, drawn at its natural
 * size (the box scrolls sideways on a narrow screen) so no label is shrunk or overlaps another.
 * @param {ChessView} v
 * @param {{ path: string, label: string | null }[]} nodes  the tree's nodes, parents before children */
function drawTree(v, nodes) {
  const leaves = nodes.filter((n) => n.label).sort((a, b) => (a.path < b.path ? -1 : 1));
  const row = 24;
  const col = 44;
  const y = new Map();
  leaves.forEach((n, i) => y.set(n.path, 16 + i * row));
  const byDepth = [...nodes].sort((a, b) => b.path.length - a.path.length);
  for (const n of byDepth) {
    if (!y.has(n.path)) y.set(n.path, (y.get(`${n.path}0`) + y.get(`${n.path}1`)) / 2);
  }
  const depth = Math.max(...nodes.map((n) => n.path.length));
  const x = (/** @type {string} */ path) => 14 + path.length * col;
  const shapes = [];
  for (const n of nodes) {
    if (!n.path) continue;
    const parent = n.path.slice(0, -1);
    const [px, py, cx, cy] = [x(parent), y.get(parent), x(n.path), y.get(n.path)];
    // An elbow: up or down from the parent, then across to the child, the bit above the crossing.
    shapes.push(`<path d="M${px} ${py}V${cy}H${cx}" fill="none" stroke="#888"/>`);
    shapes.push(`<text x="${(px + cx) / 2}" y="${cy - 3}" text-anchor="middle" class="bit">${n.path.at(-1)}</text>`);
  }
  const labelX = x('x'.repeat(depth)) + 12;
  for (const n of nodes) {
    const [cx, cy] = [x(n.path), y.get(n.path)];
    if (n.label) {
      shapes.push(`<line x1="${cx}" y1="${cy}" x2="${labelX - 4}" y2="${cy}" stroke="#ccc" stroke-dasharray="2 3"/>`);
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="5" fill="#8a3ffc"/>`);
      shapes.push(`<text x="${labelX}" y="${cy + 4}">${n.label}</text>`);
      shapes.push(`<text x="${labelX + 96}" y="${cy + 4}" class="mono code">${n.path} (${n.path.length} bit${n.path.length === 1 ? '' : 's'})</text>`);
    } else {
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="#444"/>`);
    }
  }
  const width = labelX + 96 + 130;
  const height = 16 + leaves.length * row;
  v.ctx.$('tree').innerHTML = `<p class="note">Read a code from the root (left): 0 goes up, 1 down; each purple dot is what a square holds, with its code.</p><svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Huffman tree: each leaf is a square's contents, its path the code">${shapes.join('')}</svg>`;
}
