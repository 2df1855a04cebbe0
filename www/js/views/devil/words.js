// What the Devil page says and writes on its squares, as pure functions of what the core gave:
// a Watch frame in words, the colour's bits as a table, the labels on the squares. No DOM, so
// tests/node/devil-words.test.mjs checks them without a page.

/** @typedef {import('../../types.js').DevilStep} DevilStep */

/** What each square can show besides its coin's face. @typedef {'none' | 'index' | 'binary' | 'coordinate'} Labels */

/** A square's index in binary, as wide as the indices of a board of `squares`.
 * @param {number} value @param {number} squares */
export function binary(value, squares) {
  const bits = Math.log2(squares);
  return bits === 0 ? '0' : value.toString(2).padStart(bits, '0');
}

/**
 * A Watch frame in words (HTML).
 * @param {DevilStep | undefined} s
 * @param {{ squares: number, names: string[], strategy: string | null }} round  the board's size,
 *   its squares' names, and the strategy's name (null for XOR, which the frames explain)
 */
export function describeFrame(s, { squares, names, strategy }) {
  if (!s) return '';
  const name = (/** @type {number} */ i) => `<b>${names[i]}</b>`;
  const bin = (/** @type {number} */ v) => `<span class="mono">${binary(v, squares)}</span>`;
  switch (s.kind) {
    case 'start':
      if (strategy !== null) return `The key is under ${name(s.key)}. Under the strategy “${strategy}”, the board now names square ${s.colour}.`;
      return `The key is under ${name(s.key)}. The board's colour (XOR of the indices of the heads) is ${s.colour}.`;
    case 'count_region':
      return `A counts region ${s.bit} (index bit ${s.bit} set): ${s.heads} heads, ${s.parity ? 'odd' : 'even'} → bit ${s.bit} = ${s.parity}.`;
    case 'colour':
      return `The parities read as a binary number: colour ${bin(s.colour)} = ${s.colour}.`;
    case 'xor_with_key':
      if (s.colour === s.key) return `The colour already equals the key, so A flips coin 0: index 0 is in no region, so the colour stays ${s.colour}.`;
      return `colour ${bin(s.colour)} XOR key ${bin(s.key)} = ${bin(s.flip)}: A flips coin ${s.flip}.`;
    case 'flip':
      return `A flips the coin on ${name(s.square)} and leaves.`;
    case 'decode_region':
      return `B counts region ${s.bit}: ${s.heads} heads → bit ${s.bit} = ${s.parity}.`;
    case 'split_halves': {
      const who = s.after ? 'B' : 'A';
      return `${who} splits the board: u = squares ${s.half}…${2 * s.half - 1} (highlighted), v = squares 0…${s.half - 1}. The strategy for ${s.half} squares, read on u XOR v, names the pair {${s.pair}, ${s.pair + s.half}}; parity(u) = ${s.parity}, f(u XOR v) = ${s.f}, so the ${s.upper ? 'upper' : 'lower'} half: the board names square ${s.colour}.`;
    }
    case 'choose_half':
      return `The key's pair is {${s.flip % s.half}, ${(s.flip % s.half) + s.half}}: flipping square ${s.sub_flip} of u XOR v makes it name that pair. To land in the ${s.want_upper ? 'upper' : 'lower'} half A flips it in ${s.flip >= s.half ? 'u (changing parity(u))' : 'v (keeping parity(u))'}: square ${s.flip}.`;
    case 'answer':
      return `B names ${name(s.square)}: ${s.correct ? 'the key. Both go free.' : 'not the key.'}`;
    default:
      return 'No single flip makes B name the key.';
  }
}

/**
 * The colour's bits as the XOR strategy finds them in the frames `seen` so far: A's region
 * parities, the key, their XOR (the coin A flips), B's parities; each row's known bits by bit
 * number. Null before the first count (and on a board of one square).
 * @param {DevilStep[]} seen
 * @param {number} bits  the board's index bits
 * @returns {[string, Record<number, number>][] | null}
 */
export function colourBits(seen, bits) {
  if (bits === 0 || !seen.some((s) => s.kind === 'count_region')) return null;
  /** @param {'count_region' | 'decode_region'} kind */
  const parities = (kind) => Object.fromEntries(seen.flatMap((s) => (s.kind === kind ? [[s.bit, s.parity]] : [])));
  /** @type {[string, Record<number, number>][]} */
  const rows = [
    ["A's parities (colour)", parities('count_region')],
    ['key', {}],
    ['XOR: coin to flip', {}],
    ["B's parities (answer)", parities('decode_region')],
  ];
  const xor = seen.find((s) => s.kind === 'xor_with_key');
  if (xor?.kind === 'xor_with_key') {
    for (let b = 0; b < bits; b++) {
      rows[1][1][b] = (xor.key >> b) & 1;
      rows[2][1][b] = (xor.flip >> b) & 1;
    }
  }
  return rows;
}

/** The rows of {@link colourBits} as the table's HTML, high bit first.
 * @param {[string, Record<number, number>][]} rows @param {number} bits */
export function colourBitsTable(rows, bits) {
  const head = Array.from({ length: bits }, (_, i) => `<th scope="col">2<sup>${bits - 1 - i}</sup></th>`).join('');
  const body = rows
    .map(([label, known]) => {
      const cells = Array.from({ length: bits }, (_, i) => {
        const b = bits - 1 - i;
        return b in known ? `<td class="bit-${known[b]}">${known[b]}</td>` : '<td class="bit-unknown">·</td>';
      });
      return `<tr><th scope="row">${label}</th>${cells.join('')}</tr>`;
    })
    .join('');
  return `<caption>The colour, bit by bit</caption><thead><tr><th scope="col">bit</th>${head}</tr></thead><tbody>${body}</tbody>`;
}

/** The longest label of a board of `squares`: its characters a line and its lines (binary past
 * 4 bits takes two lines, so it fits its coin).
 * @param {Labels} labels @param {number} squares */
export function labelShape(labels, squares) {
  const bits = Math.log2(squares);
  const lines = labels === 'binary' && bits > 4 ? 2 : 1;
  const chars = labels === 'binary' ? Math.ceil(Math.max(bits, 2) / lines) : labels === 'index' ? String(squares - 1).length : labels === 'coordinate' ? 3 : 1;
  return { chars, lines };
}

/**
 * The text square `i` shows: its coin's face, or the label chosen (binary past 4 bits in two
 * lines, high bits over low bits).
 * @param {Labels} labels @param {number} i @param {boolean} heads
 * @param {{ squares: number, names: string[] }} board
 */
export function labelOf(labels, i, heads, { squares, names }) {
  if (labels === 'index') return String(i);
  if (labels === 'binary') {
    const text = binary(i, squares);
    const half = Math.ceil(text.length / 2);
    return text.length > 4 ? `${text.slice(0, half)}\n${text.slice(half)}` : text;
  }
  if (labels === 'coordinate') return names[i];
  return heads ? 'H' : 'T';
}

/**
 * What Play as A, Play as B and Edit say of the round: the status line, the result message once
 * the round is over, and Edit's hint for the log.
 * @param {{ mode: 'play_a' | 'play_b' | 'edit', game: import('../../types.js').DevilGame, won: boolean,
 *   names: string[], xor: boolean, colour: () => number, right: () => number }} round
 *   `colour`: what the board names (as dealt for A's result); `right`: the coin A should flip on
 *   the board as dealt — asked of the core only when a sentence needs them
 * @returns {{ status: string, message: { text: string, kind: 'win' | 'lose' } | null, log: string[] }}
 */
export function playWords({ mode, game, won, names, xor, colour, right }) {
  /** A square's name; a move not made yet has none. @param {number | null} i */
  const nameOf = (i) => (i === null ? '' : names[i]);
  const key = names[game.key];
  if (mode === 'play_a') {
    if (game.flipped === null) return { status: `The key is under ${key}. Click the one coin to flip so that B can find it.`, message: null, log: [] };
    const flipped = `You flipped ${nameOf(game.flipped)}. B names ${nameOf(game.answer)}`;
    if (won) return { status: `${flipped}: the key. You both go free!`, message: { text: 'You both go free!', kind: 'win' }, log: [] };
    const why = xor ? ` (colour ${colour()} XOR key ${game.key})` : '';
    return { status: `${flipped}, but the key is under ${key}. The coin to flip was ${names[right()]}${why}.`, message: { text: 'B named the wrong square.', kind: 'lose' }, log: [] };
  }
  if (mode === 'play_b') {
    if (game.answer === null) {
      return { status: 'A has flipped one coin (you did not see which). Click the square where the key is, or move with the arrows and press Enter.', message: null, log: [] };
    }
    const c = colour();
    return won
      ? { status: `Right: the key is under ${key}. A flipped ${nameOf(game.flipped)}. The colour of the board is ${c}.`, message: { text: 'You found the key!', kind: 'win' }, log: [] }
      : { status: `The key is under ${key}, not ${nameOf(game.answer)}. A flipped ${nameOf(game.flipped)}; the board's colour is ${c} = ${names[c]}.`, message: { text: 'Not the key.', kind: 'lose' }, log: [] };
  }
  const c = colour();
  return {
    status: `This board names ${names[c]} (colour ${c}). With the key under ${key}, A would flip ${names[right()]}.`,
    message: null,
    log: ['Click a coin to turn it over, or switch the click to place the key. With the keyboard: Space turns a coin over, K places the key.'],
  };
}
