// The strategy lab's words and small readings, apart from the page so that they are tested
// under Node: verdicts and search results as sentences, a board typed as 0s and 1s, a table
// with one board's square changed, and the strategy the core reads from the fields.

/**
 * The strategy chosen in section 1 as the core reads it (`devil_lab_verify` …): an f only
 * where the strategy takes one (Vasil'ev always, popcount ≥ 3 by default).
 * @param {{ strategy: string, f: string, seed: string }} fields
 */
export function strategySpec({ strategy, f, seed }) {
  /** @type {{ strategy: string, seed: string, f?: string }} */
  const out = { strategy, seed };
  if (strategy === 'vasilev') out.f = f || 'popcount3';
  if (strategy === 'coset' && f) out.f = f;
  return out;
}

/** A verifier's verdict as a sentence. @param {{ valid: boolean, method: string, explanation: string }} v */
export function verdictText(v) {
  const method = { exhaustive: 'checked on every board', construction: 'by construction', random: 'random boards only — not a proof' }[v.method];
  return `${v.valid ? '✔ Valid' : '✘ Not valid'} (${method}): ${v.explanation}.`;
}

/** A verifier's verdict as facts (`data-*`, see components/result.js): valid, method and squares.
 * @param {{ valid: boolean, method: string, squares?: number }} v */
export function verdictFacts(v) {
  return { valid: v.valid, method: v.method, squares: v.squares };
}

/** A search's outcome as facts: its squares, and whether it found a strategy, ran to its end
 * without one (a proof), or stopped. @param {{ found: boolean, exhausted: boolean, squares: number, nodes: number | string }} out */
export function searchFacts(out) {
  return { squares: out.squares, outcome: out.found ? 'found' : out.exhausted ? 'none' : 'stopped', nodes: out.nodes };
}

/** A search's outcome as a sentence. @param {{ found: boolean, exhausted: boolean, squares: number, nodes: number | string }} out */
export function searchText(out) {
  if (out.found) return `Second check, by search: found a strategy for ${out.squares} squares after ${out.nodes} search nodes.`;
  if (out.exhausted) return `Second proof, by search: the search for ${out.squares} squares ran to its end after ${out.nodes} nodes and found no strategy.`;
  return `The search stopped after ${out.nodes} nodes without a conclusion.`;
}

/**
 * The board typed in the cube view (0s and 1s, coin 0 first; empty is board 0) as a number.
 * Throws the page's one-line reason.
 * @param {string} text
 * @param {number} n  squares
 */
export function boardOf(text, n) {
  const bits = text.trim() || '0';
  if (!/^[01]+$/.test(bits) || bits.length > n) throw new Error(`a board of ${n} squares is up to ${n} characters 0 or 1, coin 0 first`);
  return parseInt([...bits].reverse().join(''), 2);
}

/**
 * The table in its list form (16 squares a line) with the square one board names changed. The
 * board is its number, or 0s and 1s with coin 0 first (two or more of them). Throws the page's
 * one-line reason.
 * @param {string} table  the table box's text (square numbers)
 * @param {string} boardText
 * @param {string} squareText
 */
export function editedTable(table, boardText, squareText) {
  const tokens = table.trim().split(/[\s,;]+/).filter(Boolean);
  const text = boardText.trim();
  const board = /^[01]+$/.test(text) && text.length > 1 ? parseInt([...text].reverse().join(''), 2) : Number(text);
  const square = squareText.trim();
  if (!Number.isInteger(board) || board < 0 || board >= tokens.length) {
    throw new Error(`Board ${text} is not in the table (boards 0 to ${tokens.length - 1}, or 0/1 with coin 0 first).`);
  }
  if (!/^\d+$/.test(square)) throw new Error(`'${square}' is not a square number.`);
  tokens[board] = square;
  const lines = [];
  for (let i = 0; i < tokens.length; i += 16) lines.push(tokens.slice(i, i + 16).join(' '));
  return `${lines.join('\n')}\n`;
}

/**
 * The Devil page's link to a fresh round of `squares` in Watch, played by strategy `number`
 * (a round of the core's game session, freed once its link is written).
 * @param {{ GameSession: { create(puzzle: string, settings: unknown, seed: string): any } }} core
 * @param {number} squares
 * @param {number} number
 */
export function watchLink(core, squares, number) {
  const session = core.GameSession.create('devil', { squares }, '');
  try {
    session.set_extras({ mode: 'watch', strategy: number, step: 0 });
    return session.link();
  } finally {
    session.free();
  }
}
