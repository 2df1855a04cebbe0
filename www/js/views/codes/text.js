// The codes lab's drawings as text, apart from the page so that they are tested under Node:
// the parity-check regions of a word and a checker's report as facts.

/**
 * The rows of the parity-check table: one per check, the positions it looks at highlighted
 * and its parity last. Words longer than 63 bits show the parities alone.
 * @param {string} word  0s and 1s, position 1 first
 * @param {number[]} checks  the parity of each check (0 even, 1 odd)
 */
export function regionsHtml(word, checks) {
  const show = word.length <= 63;
  const head = `<tr><th scope="col">check</th>${show ? [...word].map((_, i) => `<th scope="col">${i + 1}</th>`).join('') : ''}<th scope="col">parity</th></tr>`;
  const bits = `<tr><th scope="row">word</th>${show ? [...word].map((b) => `<td>${b}</td>`).join('') : ''}<td></td></tr>`;
  const rows = checks
    .map((parity, j) => {
      const cells = show ? [...word].map((b, i) => (((i + 1) >> j) & 1 ? `<td class="on ${b === '1' ? 'bit1' : ''}" aria-label="position ${i + 1} in check ${j}">${b}</td>` : '<td></td>')).join('') : '';
      return `<tr><th scope="row">${j} (bit ${1 << j})</th>${cells}<td class="${parity ? 'bad' : 'ok'}">${parity}</td></tr>`;
    })
    .join('');
  return head + bits + rows;
}

/**
 * A perfect-code checker's report (`codes_check`) as facts, [term, value] pairs.
 * @param {any} r
 * @returns {[string, string | number][]}
 */
export function reportFacts(r) {
  /** @type {[string, string | number][]} */
  const out = [
    ['Words', `${r.words} of length ${r.length}`],
    ['Minimum distance', r.min_distance ?? '—'],
  ];
  if (r.closest) out.push(['Closest pair', `${r.closest[0]}, ${r.closest[1]}`]);
  out.push(['Corrects one error', r.corrects_one_error ? 'yes' : 'no']);
  out.push(['Perfect', r.perfect ? 'yes: every word is within distance 1 of exactly one codeword' : 'no']);
  if (r.uncovered) out.push(['A word far from every codeword', r.uncovered]);
  out.push(['Linear', r.linear ? 'yes' : 'no']);
  if (r.not_closed) out.push(['Not closed under XOR', `${r.not_closed[0]} XOR ${r.not_closed[1]} = ${r.not_closed[2]} is not a codeword`]);
  return out;
}

/**
 * The checker's report as data: what its list says, in figures and yes/no.
 * @param {any} r
 */
export function reportData(r) {
  return { words: r.words, length: r.length, minDistance: r.min_distance, correctsOneError: r.corrects_one_error, perfect: r.perfect, linear: r.linear };
}

/**
 * Facts as the inside of a `<dl>`.
 * @param {[string, string | number][]} list
 */
export function factsHtml(list) {
  return list.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('');
}

/**
 * `word` (position 1 first) with the bit at position `position` flipped.
 * @param {string} word
 * @param {number} position  1 to word.length
 */
export function flipBit(word, position) {
  const i = position - 1;
  return word.slice(0, i) + (word[i] === '1' ? '0' : '1') + word.slice(i + 1);
}

/**
 * A message resized to the 2^r − r − 1 bits the Hamming code of length 2^r − 1 carries: cut,
 * or filled with 0s.
 * @param {string} message
 * @param {number} r
 */
export function resizedMessage(message, r) {
  const bits = 2 ** r - r - 1;
  return message.replace(/[^01]/g, '').slice(0, bits).padEnd(bits, '0');
}
