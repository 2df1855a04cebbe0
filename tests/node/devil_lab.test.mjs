// The strategy lab's wasm exports under Node: answers checked against definitions computed
// here (validity of a table by its definition, hand counts), bad input met with Errors.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';
import { walkFacts, walkAt, walkStepsHtml } from '../../www/js/views/codes/walk.js';

const core = await load('lab');

const none = () => {};

/** Validity by the definition: from every board the n flips name n different squares. */
/** @param {number} n @param {number[]} colours */
function isStrategy(n, colours) {
  for (let x = 0; x < 1 << n; x++) {
    const seen = new Set();
    for (let i = 0; i < n; i++) seen.add(colours[x ^ (1 << i)]);
    if (seen.size !== n) return false;
  }
  return true;
}

test('every menu strategy plays rounds that end with the key, up to 16 squares', () => {
  for (const item of core.devil_lab_menu()) {
    for (const squares of [4, 8, 16]) {
      const session = core.GameSession.create('devil', { squares }, '9');
      const game = session.view().state.game;
      const played = { strategy: item.number, table: null };
      const [flip, answer] = session.solution(played);
      assert.deepEqual(flip, { flip: session.query('flip', played) });
      session.play(flip);
      assert.equal(session.query('named', played), game.key, item.label);
      assert.deepEqual(answer, { answer: game.key });
      const { steps, moves } = session.query('explain-dealt', played);
      assert.deepEqual(steps.at(-1), { kind: 'answer', square: game.key, correct: true });
      assert.equal(moves.at(-1), 2, 'the flip and the answer are the two moves');
    }
  }
  throwsWith(assert, () => core.devil_lab_check(1, 64), /up to 16/);
  throwsWith(assert, () => core.devil_lab_check(40, 8), /not one of/);
});

test('tables exported by the core are strategies by the definition; a broken one is caught', () => {
  const text = core.devil_lab_table({ strategy: 'vasilev', f: 'popcount3' }, 8);
  const colours = text.trim().split(/\s+/).map(Number);
  assert.equal(colours.length, 256);
  assert.ok(isStrategy(8, colours));
  colours[0] = (colours[0] + 1) % 8;
  assert.ok(!isStrategy(8, colours));
  const v = core.devil_lab_verify({ strategy: 'table', table: colours.join(' ') }, 8, none);
  assert.equal(v.valid, false);
  const x = parseInt([...v.counterexample.board].reverse().join(''), 2);
  const [i, j] = v.counterexample.flips;
  assert.equal(colours[x ^ (1 << i)], colours[x ^ (1 << j)]);
  assert.equal(core.devil_lab_coset_check({ strategy: 'vasilev', f: 'popcount3' }, 8).coset, null);
  assert.notEqual(core.devil_lab_coset_check({ strategy: 'xor' }, 8).coset, null);
});

test('counts and search results', () => {
  assert.equal(core.devil_lab_count(4, none).strategies, '576');
  let reports = 0;
  const c8 = core.devil_lab_count(8, () => reports++);
  assert.equal(c8.linear_strategies, '9676800');
  assert.ok(reports > 0);
  const s7 = core.devil_lab_search(7, Infinity, none);
  assert.deepEqual([s7.found, s7.exhausted], [false, true]);
  assert.equal(core.devil_lab_search(16, Infinity, none).found, true);
  assert.equal(core.devil_lab_why(6).per_square, '16/3');
  assert.equal(core.devil_lab_why(8).power_of_two, true);
  throwsWith(assert, () => core.devil_lab_count(16, none), /1 to 8/);
  throwsWith(assert, () => core.devil_lab_search(0, 10, none), /1 to 16/);
  throwsWith(assert, () => core.devil_lab_verify({ strategy: 'nope' }, 8, none), /unknown strategy/);
  throwsWith(assert, () => core.devil_lab_verify({ strategy: 'table', table: '0 1 1' }, 2, none), /has 3/);
  throwsWith(assert, () => core.devil_lab_verify({ strategy: 3 }, 2, none), /invalid strategy/);
});

test('codes lab', () => {
  const r = core.codes_hamming_correct('1110010');
  assert.deepEqual([r.syndrome, r.corrected], [6, '1110000']);
  const word = core.codes_hamming_encode(3, '1011');
  assert.equal(word.length, 7);
  assert.equal(core.codes_hamming_correct(word).syndrome, 0);
  const rep = core.codes_check('000 111');
  assert.deepEqual([rep.perfect, rep.linear, rep.min_distance], [true, true, 3]);
  const v = core.codes_vasilev('popcount3', undefined, none);
  assert.deepEqual([v.report.perfect, v.report.linear, v.coset_strategy.valid], [true, false, true]);
  // A perfect code of length 2^r − 1 has 2^(2^r − 1 − r) words: 2^11 for 15, 2^26 for 31.
  assert.equal(v.report.words, 2 ** 11);
  const v31 = core.codes_vasilev('majority', 500, none);
  assert.deepEqual([v31.words_log2, v31.samples, v31.covered_once], [26, 500, 500]);
  const [a, b, sum] = v31.not_closed;
  assert.equal(sum, [...a].map((bit, i) => String(Number(bit) ^ Number(b[i]))).join(''));
  throwsWith(assert, () => core.codes_hamming_correct('11100'), /2\^r/);
  throwsWith(assert, () => core.codes_check('01 012'), /bits|neither/);
  throwsWith(assert, () => core.codes_vasilev('nope', undefined, none), /unknown function/);
  // A words file's size alone: accepted (null) up to the checker's limit of 4096 words of 16
  // bits a line (18 bytes each), refused beyond it before any word is read.
  assert.equal(core.codes_check('', 4096 * 18), null);
  throwsWith(assert, () => core.codes_check('', 4096 * 18 + 1), /at most 73,728 bytes/);
  assert.equal(core.codes_check('000 111', 8).perfect, true);
});

test('a walk of switches between perfect codes of length 15', () => {
  const w = core.codes_switching_walk('zero', 30, '5', none);
  // f = zero gives the Hamming code: linear of dimension 15 − 4, so rank and kernel are 11.
  assert.deepEqual([w.start_rank, w.start_kernel], [11, 11]);
  // The i-components of the Hamming code of length n have 2^((n − 1)/2) = 128 words.
  assert.equal(w.steps[0].moved, 128);
  assert.equal(w.steps.length, 30);
  assert.ok(w.steps.every((/** @type {{ perfect: boolean, position: number }} */ s) => s.perfect && s.position >= 1 && s.position <= 15));
  // Every perfect code of length 15 has rank 11 to 15 and a kernel of dimension at most 11.
  assert.ok(w.invariants.every((/** @type {[number, number]} */ [r, k]) => r >= 11 && r <= 15 && k >= 0 && k <= 11));
  assert.ok(w.distinct_codes > 1 && w.distinct_codes <= 31);
  assert.deepEqual(core.codes_switching_walk('zero', 30, '5', none), w, 'the same seed walks the same way');
  throwsWith(assert, () => core.codes_switching_walk('zero', 2001, '5', none), /at most 2000/);
  throwsWith(assert, () => core.codes_switching_walk('nope', 3, '5', none), /unknown function/);
  throwsWith(assert, () => core.codes_switching_walk('zero', 3, 'x', none), /seed/);
  // The page's words of it: switching a perfect code gives a perfect code, so all 30 are.
  const facts = Object.fromEntries(walkFacts(w));
  assert.equal(facts.Start, 'rank 11, kernel dimension 11');
  assert.equal(facts.Switches, '30; the checker finds 30 of the 30 codes reached perfect');
  assert.equal(walkAt(w, 0).text, 'The start: rank 11, kernel dimension 11.');
  assert.equal(walkAt(w, 0).rank, 11);
  assert.equal(walkAt(w, 1).text, `After switch 1: position ${w.steps[0].position} flipped on 128 codewords; rank ${w.steps[0].rank}, kernel dimension ${w.steps[0].kernel}.`);
  assert.equal(walkStepsHtml(w).split('<li>').length - 1, 30);
  assert.ok(!walkStepsHtml(w).includes('not perfect'));
});

test('dice and at most one', () => {
  const d = core.devil_lab_dice(4, 4, '3', none);
  assert.deepEqual([d.exists, d.valid, d.boards_checked], [true, true, 256]);
  const r = d.round;
  assert.equal(r.answer, r.key);
  assert.deepEqual(r.after.map((/** @type {number} */ v, /** @type {number} */ i) => (v - r.board[i] + 4) % 4).filter((/** @type {number} */ x) => x), [1]);
  const no = core.devil_lab_dice(3, 2, '3', none);
  assert.deepEqual([no.exists, no.round], [false, null]);
  assert.match(no.reason, /prime factor 3/);
  throwsWith(assert, () => core.devil_lab_dice(0, 2, '1', none), /1 to 4096/);
  throwsWith(assert, () => core.devil_lab_dice(4, 4, 'x', none), /seed/);
  assert.equal(core.devil_lab_at_most_one(3, none).works, true);
  assert.equal(core.devil_lab_at_most_one(5, none).works, false);
  throwsWith(assert, () => core.devil_lab_at_most_one(9, none), /1 to 8/);
});

test('a pasted table plays as strategy 63 with its text passed along', () => {
  throwsWith(assert, () => core.devil_lab_pasted_table('0 1 1'), /has 3/);
  throwsWith(assert, () => core.devil_lab_pasted_table('0 1 2 0 1 2 0 1'), /square 2|power of two/);
  const text = core.devil_lab_table({ strategy: 'vasilev', f: 'majority' }, 4);
  assert.deepEqual(core.devil_lab_pasted_table(text), { squares: 4, strategy: 63 }, 'the Devil page plays it as strategy 63 (the number links name it by)');
  const session = core.GameSession.create('devil', { squares: 4 }, '2');
  const game = session.view().state.game;
  const pasted = { strategy: 63, table: text };
  session.play({ flip: session.query('flip', pasted) });
  assert.equal(session.query('named', pasted), game.key);
  throwsWith(assert, () => core.devil_lab_check(63, 8, text), /for 4 squares/);
  // Nothing is remembered between calls: without the text there is no table.
  throwsWith(assert, () => session.query('named', { strategy: 63, table: null }), /no table is loaded/);
});

test('lab links: one export makes either lab’s link, one opens either by its name', () => {
  // Vasil'ev with f = popcount ≥ 3 on 8 squares: 2 + 1 + 2 + 8 + 4 + 3 + 1 = 21 bits of the v1
  // layout, 3 bytes, 4 base64url characters.
  const lab = { kind: 'lab', strategy: 'vasilev', f: 'popcount3', seed: '1', squares: 8, view: 'cube', table: null };
  const made = core.lab_link(lab);
  assert.equal(made.fragment.length, 'lab/v1/'.length + 4, made.fragment);
  assert.ok(made.fragment.startsWith('lab/v1/'));
  assert.deepEqual(core.lab_open(`#${made.fragment}`), lab);
  // The XOR table of 4 squares, written here by its definition, rides along.
  const xor = [...Array(16)].map((_, board) => [0, 1, 2, 3].reduce((acc, i) => ((board >> i) & 1 ? acc ^ i : acc), 0));
  const withTable = { ...lab, strategy: 'xor', f: null, squares: 4, view: 'table', table: `${xor.join(' ')}\n` };
  assert.deepEqual(core.lab_open(core.lab_link(withTable).fragment), withTable);
  const codes = { kind: 'codes', r: 4, msg: '10110011101', word: '101100111010110', words: '0000 1111', vf: 'majority', view: 'check' };
  const codesLink = core.lab_link(codes).fragment;
  assert.ok(codesLink.startsWith('codes/v1/'), codesLink);
  assert.deepEqual(core.lab_open(codesLink), codes);
  throwsWith(assert, () => core.lab_open('#devil/v1/AAAA'), /^this link is for 'devil', not for a lab \('lab' or 'codes'\)$/);
  throwsWith(assert, () => core.lab_open('#lab/v9/AAAA'), /version 9/);
  throwsWith(assert, () => core.lab_open('#codes/v1/A'), /truncated|garbled/);
  throwsWith(assert, () => core.lab_link({ ...lab, kind: 'chess' }), /invalid lab state/);
  throwsWith(assert, () => core.lab_link({ ...lab, seed: '-1' }), /whole number/);
});

test('a lab state too large for a link comes back with its reason and its file', () => {
  // 800 pseudo-random 16-bit words (the checker's longest): 12,800 bits that do not compress.
  let x = 0x2545f491;
  const words = [];
  for (let i = 0; i < 800; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    words.push((x >>> 16).toString(2).padStart(16, '0'));
  }
  const big = core.lab_link({ kind: 'codes', r: 3, msg: '1011', word: '1110010', words: words.join(' '), vf: 'zero', view: 'check' });
  assert.equal(big.fragment, null);
  assert.match(big.too_large, /too large for a link/);
  assert.deepEqual(big.file.text.trim().split('\n'), words);
  // The strategy lab's table file, in the source's paired form (coin 3 first), read back as
  // the list the table box shows.
  const xor = [...Array(16)].map((_, board) => [0, 1, 2, 3].reduce((acc, i) => ((board >> i) & 1 ? acc ^ i : acc), 0));
  const paired = xor.map((square, board) => `${board.toString(2).padStart(4, '0')} ${square}`).join('\n');
  assert.equal(core.lab_from_file(paired).trim().split(/\s+/).map(Number).join(' '), xor.join(' '));
  throwsWith(assert, () => core.lab_from_file('hello'), /not a square number/);
});
