// The lab views' pure parts under Node (www/js/views/lab/, devil-lab/text.js, codes/text.js):
// a lab state's link when it fits and when it does not, another lab's link refused, the
// strategy lab's readings of typed boards and edited tables, the codes lab's parity regions.
// Expected values are worked out here by the definitions (a board's bits, a check's positions).
import test from 'node:test';
import assert from 'node:assert/strict';
import { labLink, ofKind } from '../../www/js/views/lab/state-link.js';
import { strategySpec, boardOf, editedTable, verdictText, searchText, verdictFacts, searchFacts } from '../../www/js/views/devil-lab/text.js';
import { regionsHtml, reportFacts, factsHtml } from '../../www/js/views/codes/text.js';

test('a state that fits has its link; one that does not keeps the link of its small part and offers its file', () => {
  const file = { name: 'words.txt', text: '000\n111\n' };
  /** A core that links states whose words are at most 3 characters. */
  const link = (/** @type {{ words: string }} */ s) => (s.words.length <= 3 ? { fragment: `codes/v1/${s.words}` } : { fragment: null, too_large: 'These words are too large for a link.', file });
  const withoutLarge = (/** @type {{ words: string }} */ s) => ({ ...s, words: '' });
  assert.deepEqual(labLink({ words: '01' }, link, withoutLarge), { fragment: 'codes/v1/01' });
  const big = labLink({ words: '000 111' }, link, withoutLarge);
  assert.equal(big.fragment, 'codes/v1/');
  assert.equal(big.reason, 'These words are too large for a link.');
  assert.ok(big.tooLarge?.startsWith('These words are too large for a link. The link in the address bar leaves it out'), big.tooLarge);
  assert.equal(big.file, file);
  // When even the small part does not fit, nothing is linked.
  assert.equal(labLink({ words: '0000' }, () => ({ fragment: null, too_large: 'x' }), withoutLarge).fragment, null);
});

test('a link of the other lab is refused in the words the core uses for other puzzles', () => {
  const state = { kind: 'codes', r: 3 };
  assert.equal(ofKind(state, 'codes'), state);
  assert.throws(() => ofKind(state, 'lab'), { message: "this link is for 'codes', not for 'lab'" });
});

test('the strategy the core reads: an f only where the strategy takes one', () => {
  assert.deepEqual(strategySpec({ strategy: 'vasilev', f: '', seed: '1' }), { strategy: 'vasilev', f: 'popcount3', seed: '1' });
  assert.deepEqual(strategySpec({ strategy: 'vasilev', f: 'random', seed: '7' }), { strategy: 'vasilev', f: 'random', seed: '7' });
  assert.deepEqual(strategySpec({ strategy: 'coset', f: '', seed: '1' }), { strategy: 'coset', seed: '1' });
  assert.deepEqual(strategySpec({ strategy: 'coset', f: 'majority', seed: '1' }), { strategy: 'coset', f: 'majority', seed: '1' });
  assert.deepEqual(strategySpec({ strategy: 'xor', f: 'zero', seed: '1' }), { strategy: 'xor', seed: '1' });
});

test('a board typed as 0s and 1s, coin 0 first', () => {
  // Coins 0 and 2 heads: 2^0 + 2^2.
  assert.equal(boardOf('1010', 4), 5);
  assert.equal(boardOf(' 0001 ', 4), 8);
  assert.equal(boardOf('', 4), 0);
  assert.throws(() => boardOf('10101', 4), { message: 'a board of 4 squares is up to 4 characters 0 or 1, coin 0 first' });
  assert.throws(() => boardOf('12', 4), /0 or 1/);
});

test('editing a table changes one board, by number or by its coins, and writes 16 squares a line', () => {
  assert.equal(editedTable('0 1 2 3', '2', '0'), '0 1 0 3\n');
  // Coin 1 heads (coin 0 first) is board 2.
  assert.equal(editedTable('0,1;2\n3', '01', ' 7 '), '0 1 7 3\n');
  const twenty = [...Array(20).keys()].join(' ');
  assert.equal(editedTable(twenty, '19', '5'), `${[...Array(16).keys()].join(' ')}\n16 17 18 5\n`);
  assert.throws(() => editedTable('0 1 2 3', '4', '0'), { message: 'Board 4 is not in the table (boards 0 to 3, or 0/1 with coin 0 first).' });
  assert.throws(() => editedTable('0 1 2 3', '1.5', '0'), /Board 1\.5 is not in the table/);
  assert.throws(() => editedTable('0 1 2 3', '1', 'x'), { message: "'x' is not a square number." });
});

test('verdicts and search outcomes as sentences', () => {
  assert.equal(verdictText({ valid: true, method: 'exhaustive', explanation: 'every board checked' }), '✔ Valid (checked on every board): every board checked.');
  assert.equal(verdictText({ valid: false, method: 'random', explanation: 'x' }), '✘ Not valid (random boards only — not a proof): x.');
  assert.match(searchText({ found: true, exhausted: false, squares: 16, nodes: 456 }), /found a strategy for 16 squares after 456 search nodes/);
  assert.match(searchText({ found: false, exhausted: true, squares: 7, nodes: 128 }), /for 7 squares ran to its end after 128 nodes/);
  assert.match(searchText({ found: false, exhausted: false, squares: 9, nodes: 2000000 }), /stopped after 2000000 nodes/);
});

test('verdicts and search outcomes as facts: the three outcomes of a search told apart', () => {
  assert.deepEqual(verdictFacts({ valid: false, method: 'random', squares: 8 }), { valid: false, method: 'random', squares: 8 });
  const outcome = (/** @type {boolean} */ found, /** @type {boolean} */ exhausted) => searchFacts({ found, exhausted, squares: 7, nodes: 1 }).outcome;
  assert.deepEqual([outcome(true, true), outcome(true, false), outcome(false, true), outcome(false, false)], ['found', 'found', 'none', 'stopped']);
});

test('the parity-check regions: check j looks at the positions whose number has bit j set', () => {
  const word = '1110010';
  const html = regionsHtml(word, [0, 1, 1]);
  const rows = html.split('</tr>').filter(Boolean);
  assert.equal(rows.length, 2 + 3);
  for (let j = 0; j < 3; j++) {
    const marked = [...rows[2 + j].matchAll(/aria-label="position (\d+) in check (\d+)"/g)].map((m) => Number(m[1]));
    assert.deepEqual(marked, [1, 2, 3, 4, 5, 6, 7].filter((p) => (p >> j) & 1), `check ${j}`);
    // The parity shown is the parity of the word's 1s in those positions.
    const ones = marked.filter((p) => word[p - 1] === '1').length % 2;
    assert.match(rows[2 + j], new RegExp(`<td class="${ones ? 'bad' : 'ok'}">${[0, 1, 1][j]}</td>$`));
  }
  // Longer than 63 bits: the parities alone.
  assert.doesNotMatch(regionsHtml('1'.repeat(127), [0, 0, 0, 0, 0, 0, 0]), /position/);
});

test('a checker report as facts', () => {
  const facts = reportFacts({ words: 2, length: 3, min_distance: 1, closest: ['000', '001'], corrects_one_error: false, perfect: false, uncovered: '011', linear: true });
  assert.deepEqual(facts, [
    ['Words', '2 of length 3'],
    ['Minimum distance', 1],
    ['Closest pair', '000, 001'],
    ['Corrects one error', 'no'],
    ['Perfect', 'no'],
    ['A word far from every codeword', '011'],
    ['Linear', 'yes'],
  ]);
  assert.equal(reportFacts({ words: 1, length: 3, min_distance: null, linear: false })[1][1], '—');
  assert.equal(factsHtml([['a', 1], ['b', 'c']]), '<dt>a</dt><dd>1</dd><dt>b</dt><dd>c</dd>');
});

test('a typed input waits for its pause; a button pressed meanwhile runs once, and the waiting rerun is dropped', async (t) => {
  const { debounce } = await import('../../www/js/views/lab/live.js');
  t.mock.timers.enable({ apis: ['setTimeout'] });
  /** @type {string[]} */
  const calls = [];
  const typed = debounce((/** @type {string} */ why) => calls.push(why), 300);
  typed('key 1');
  t.mock.timers.tick(200);
  typed('key 2');
  t.mock.timers.tick(299);
  assert.deepEqual(calls, [], 'no call before a 300 ms pause');
  t.mock.timers.tick(1);
  assert.deepEqual(calls, ['key 2'], 'one call, with the last input');
  typed('key 3');
  typed.now('button');
  t.mock.timers.tick(1000);
  assert.deepEqual(calls, ['key 2', 'button'], 'the button ran at once and the typing after it never did');
});
