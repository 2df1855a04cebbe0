// What the Devil page shows beside the board to follow the XOR strategy: the live helper of
// Play as A and B (the colour of the board as it stands, bit by bit) and, in Watch, the region
// being counted marked on the board's edge with its parity and the bit it gives. Every number
// comes from the core's explanation of the board (the session's `explain` query with the XOR strategy).

/**
 * One region's count, as the core's explanation gives it.
 * @typedef {{kind: string, bit: number, heads: number, parity: number}} RegionCount
 */

/**
 * Fills `box` with the colour of the board bit by bit: for each region j (index bit j set),
 * its heads, their parity, which is bit j of the colour; with the key's bits when it is known.
 * The box carries the colour as `data-colour`, each bit of it `data-bit` and `data-value`.
 * @param {HTMLElement} box
 * @param {{steps: Array<Record<string, any>>, bits: number, key: number | null, name: (i: number) => string}} round
 */
export function renderHelper(box, { steps, bits, key, name }) {
  const start = steps.find((s) => s.kind === 'start');
  /** @type {Record<number, RegionCount>} */
  const regions = Object.fromEntries(steps.filter((s) => s.kind === 'count_region').map((s) => [s.bit, s]));
  const colour = start ? start.colour : 0;
  const order = Array.from({ length: bits }, (_, i) => bits - 1 - i);
  const head = order.map((b) => `<th scope="col">2<sup>${b}</sup></th>`).join('');
  const heads = order.map((b) => `<td>${regions[b]?.heads ?? 0}</td>`).join('');
  const colourBits = order
    .map((b) => {
      const p = regions[b]?.parity ?? 0;
      return `<td class="bit-${p}" data-bit="${b}" data-value="${p}">${p}</td>`;
    })
    .join('');
  const rows = [`<tr><th scope="row">heads in region</th>${heads}</tr>`, `<tr class="colour-row"><th scope="row">parity = colour bit</th>${colourBits}</tr>`];
  if (key !== null) {
    const keyBits = order.map((b) => {
      const k = (key >> b) & 1;
      const differs = k !== ((colour >> b) & 1);
      return `<td class="bit-${k}${differs ? ' differs' : ''}">${k}</td>`;
    });
    rows.push(`<tr><th scope="row">key</th>${keyBits.join('')}</tr>`);
  }
  const caption = `Helper: colour ${colour} (square ${name(colour)})${key !== null && key !== colour ? `, key ${key}: the bits marked differ` : ''}`;
  box.innerHTML = `<p class="helper-caption">${caption}</p><table class="bits"><thead><tr><th scope="col">region (index bit)</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
  box.dataset.colour = String(colour);
}

/**
 * Marks on the board's edge the columns (low index bits) or rows (high bits) of the region a
 * Watch frame counts, and says its heads, parity and bit in `note`; clears them otherwise.
 * On a board of `rows` × `cols`, square i is at row ⌊i / cols⌋, column i mod cols, so region j
 * is the columns with bit j set when 2^j < cols, else the rows with bit j − log2(cols) set.
 * @param {{top: HTMLElement, left: HTMLElement, note: HTMLElement}} edge
 * @param {{rows: number, cols: number, frame: Record<string, any> | undefined}} shown
 */
export function renderEdge({ top, left, note }, { rows, cols, frame }) {
  const counting = frame && (frame.kind === 'count_region' || frame.kind === 'decode_region') ? frame : null;
  const colBits = Math.log2(cols);
  const marks = (/** @type {number} */ count, /** @type {number | null} */ bit) =>
    Array.from({ length: count }, (_, i) => `<span class="${bit !== null && ((i >> bit) & 1) === 1 ? 'in' : ''}"></span>`).join('');
  const j = counting ? counting.bit : null;
  top.style.setProperty('--cols', String(cols));
  left.style.setProperty('--rows', String(rows));
  top.innerHTML = marks(cols, j !== null && j < colBits ? j : null);
  left.innerHTML = marks(rows, j !== null && j >= colBits ? j - colBits : null);
  if (!counting) {
    note.textContent = '';
    delete note.dataset.bit;
    return;
  }
  const where = j < colBits ? 'the marked columns' : 'the marked rows';
  note.textContent = `Region ${j} (${where}): ${counting.heads} heads, ${counting.parity ? 'odd' : 'even'} → bit ${j} = ${counting.parity}`;
  Object.assign(note.dataset, { bit: String(j), parity: String(counting.parity) });
}
