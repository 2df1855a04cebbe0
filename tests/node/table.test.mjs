// The rotating table's wasm exports under Node: checked against the notebook (the 15 moves
// of the four-coin strategy, its belief table), the doubling rule of the construction, the
// lower bound σ^N − 1 (computed here with BigInt), and the rules applied by hand.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';

const core = await load('table');

/** What the page knows about a table size: the drawn game's `info`.
 * @param {number} coins @param {number} sides @returns {import('../../www/js/types.js').TableInfo} */
const tableInfo = (coins, sides) => core.GameSession.create('table', { coins, sides, devil: 'random', sighted: true, following: true }, '1').view().state.info;

const letters = (/** @type {number[]} */ amounts) => amounts.map((a) => (a ? 'F' : 'L')).join('');
const strategy = (/** @type {number} */ n) => {
  const length = Number(tableInfo(n, 2).length);
  return Array.from({ length }, (_, i) => letters(core.table_strategy_move(n, 2, String(i)).amounts));
};

test('the four-coin strategy is the notebook\'s, and eight coins follow the doubling rule', () => {
  const notebook = 'FFFF FLFL FFFF FFLL FFFF FLFL FFFF FLLL FFFF FLFL FFFF FFLL FFFF FLFL FFFF';
  assert.equal(strategy(4).join(' '), notebook);
  const o = strategy(4);
  const d = o.map((m) => m + m);
  const expected = [...d, ...o.flatMap((m) => [`${m}LLLL`, ...d])];
  assert.deepEqual(strategy(8), expected);
});

test('lengths are σ^N − 1 as strings, even for 64 coins', () => {
  for (const [n, s] of [[1, 2], [2, 2], [4, 2], [16, 2], [32, 2], [64, 2], [3, 3], [27, 3], [5, 5], [25, 5], [1, 6]]) {
    const info = tableInfo(n, s);
    const bound = (BigInt(s) ** BigInt(n) - 1n).toString();
    assert.equal(info.lower_bound, bound, `n=${n} s=${s}`);
    assert.equal(info.length, bound, `n=${n} s=${s}`);
    assert.equal(info.winnable, true);
  }
  for (const [n, s] of [[3, 2], [6, 2], [12, 2], [2, 3], [2, 6], [4, 6]]) assert.equal(tableInfo(n, s).winnable, false);
  const last = core.table_strategy_move(64, 2, (2n ** 64n - 2n).toString());
  assert.deepEqual(last.positions, Array.from({ length: 64 }, (_, i) => i), 'odd-numbered moves flip every coin');
});

test('the belief trace follows the notebook\'s four-coin table and removes one configuration a move', () => {
  // Necklaces HHHH, THHH, TTHH, THTH, TTTH, TTTT (faces: 0 = heads).
  const info = tableInfo(4, 2);
  assert.deepEqual((info.necklaces ?? []).map(letters).map((w) => w.replaceAll('F', 'T').replaceAll('L', 'H')), ['HHHH', 'THHH', 'TTHH', 'THTH', 'TTTH', 'TTTT']);
  const t = core.table_trace(4, 2, 15);
  assert.deepEqual(t.sizes, Array.from({ length: 16 }, (_, i) => 15 - i));
  assert.deepEqual(core.table_trace(4, 2, 7).present.slice(2, 4), [false, false]);
  assert.deepEqual(core.table_trace(4, 2, 15).present, [true, false, false, false, false, false]);
});

test('search, exact verification and the random devil (with progress)', () => {
  /** @type {[number, number][]} */
  const calls = [];
  const found = core.table_search(4, 2, (/** @type {number} */ done, /** @type {number} */ total) => calls.push([done, total]));
  assert.equal(found.length, 15);
  assert.ok(calls.length > 0 && calls.every(([d, t]) => d <= t));
  assert.equal(core.table_search(6, 2, () => {}).winning, false);
  const v = core.table_verify(8, 2, () => {});
  assert.deepEqual([v.valid, v.length, v.emptied_at, v.most_removed], [true, 255, 255, 1]);
  assert.equal(v.chart.at(-1)[1], 0);
  const e = core.table_random_devil(4, 2, 100, 3);
  assert.equal(e.won, 100);
  assert.match(e.method, /evidence, not proof/);
});

/** A new game in a session, as the page starts one.
 * @param {number} coins @param {number} sides @param {string} devil @param {boolean} sighted @param {boolean} following @param {string} seed */
const create = (coins, sides, devil, sighted, following, seed) =>
  core.GameSession.create('table', { coins, sides, devil, sighted, following }, seed);

test('playing: a person as the devil, the guard devil, links, undo and redo', () => {
  const session = create(5, 2, 'human', true, false, '11');
  /** @type {import('../../www/js/types.js').TableDrawn} */
  const g = session.view().state;
  const outcome = session.play({ amounts: [1, 0, 0, 0, 0], turn: 2 });
  assert.equal(outcome.choice.turn, 2);
  // Turned by 2: position i shows what was at i − 2; then position 0 flips.
  const expected = g.faces.map((_, i) => g.faces[(i + 3) % 5] ^ (i === 0 ? 1 : 0));
  const played = session.view();
  assert.deepEqual(played.state.faces, expected);
  assert.equal(played.state.moves, '1');
  assert.equal(played.moves, 1);
  assert.equal(played.link, played.state.link);
  assert.deepEqual(core.GameSession.open(`#${played.link}`).view().state, played.state);
  assert.deepEqual(session.moves(), [{ amounts: [1, 0, 0, 0, 0], turn: 2 }]);
  // Undo shows the game as dealt, redo the move again.
  assert.equal(session.undo(), true);
  assert.deepEqual(session.view().state, g);
  assert.equal(session.view().can_redo, true);
  assert.equal(session.redo(), true);
  assert.deepEqual(session.view().state, played.state);

  const six = create(6, 2, 'adversarial', true, false, '5');
  for (let m = 0; m < 64; m++) {
    const amounts = Array.from({ length: 6 }, (_, i) => (m >> i) & 1);
    const r = six.play({ amounts, turn: null });
    assert.equal(r.choice.guarded.length, 3);
    assert.ok(six.view().state.faces.some((/** @type {number} */ f) => f !== 0));
  }
  assert.equal(six.view().moves, 64);
});

test('a jump plays the strategy as one move of the history', () => {
  const session = create(4, 2, 'random', true, true, '3');
  const start = session.view().state;
  session.jump('15');
  const after = session.view();
  assert.equal(after.solved, true, 'the 15-move strategy wins against any devil');
  assert.equal(after.moves, 1);
  assert.equal(session.undo(), true);
  assert.deepEqual(session.view().state, start);
});

test('the strategy on the step bar: loaded from the move counter, stepped both ways, replayed by hand', () => {
  const notebook = 'FFFF FLFL FFFF FFLL FFFF FLFL FFFF FLLL FFFF FLFL FFFF FFLL FFFF FLFL FFFF'.split(' ');
  for (const seed of ['1', '2', '3', '4', '5']) {
    const session = create(4, 2, 'adversarial', true, true, seed);
    const start = session.view().state;
    // All 15 moves of the notebook's strategy are the steps (2^4 − 1), from step 0.
    assert.equal(session.solve({}, () => {}), 15);
    // At step 0 nothing is made yet, and the step to come is the notebook's first move.
    const steps = session.view().steps;
    assert.deepEqual([steps.at, steps.count, steps.last], [0, 15, null]);
    assert.deepEqual(steps.next.amounts, [...notebook[0]].map((c) => (c === 'F' ? 1 : 0)));
    // Replayed by hand: before move k the table turns (read off the drawn turn), then the
    // notebook's move k flips the positions it names.
    let seats = start.seats.slice();
    for (let k = 1; k <= 15; k++) {
      session.step_to(k);
      const shown = session.view().state;
      if (BigInt(shown.moves) < BigInt(k)) break;
      assert.equal(shown.moves, String(k));
      const turn = shown.turn;
      const next = seats.slice();
      for (let p = 0; p < 4; p++) if (notebook[k - 1][p] === 'F') next[(p - turn + 4) % 4] ^= 1;
      seats = next;
      assert.deepEqual(shown.seats, seats, `seed ${seed}, move ${k}`);
    }
    assert.equal(session.view().solved, true, 'the strategy wins against the adversarial devil');
    session.step_to(3);
    assert.equal(session.view().state.moves, '3');
    session.step_to(0);
    assert.deepEqual(session.view().state, start, 'back to the table as dealt');
  }
  // A game opened at move 10 steps through the 5 moves left; 32 coins, a window of 2^12.
  const at10 = create(4, 2, 'random', true, true, '7');
  const opened = core.GameSession.open(`#${at10.view().link}`);
  opened.jump('10');
  const later = core.GameSession.open(`#${opened.view().link}`);
  if (!later.view().solved) assert.equal(later.solve({}, () => {}), 15 - Number(later.view().state.moves));
  assert.equal(create(32, 2, 'random', true, true, '1').solve({}, () => {}), 4096, 'a window of 2^12 moves');
  throwsWith(assert, () => create(4, 2, 'human', true, true, '1').solve({}, () => {}), /turns are theirs/);
});

test('bad input is an Error, never a trap', () => {
  throwsWith(assert, () => create(0, 2, 'random', true, true, ''), /^coins: a whole number from 1 to 64, not 0$/);
  throwsWith(assert, () => create(-1, 2, 'random', true, true, ''), /^coins: a whole number from 1 to 64, not -1$/);
  assert.equal(/** @type {Record<string, unknown>} */ (core).table_info, undefined, 'the table facts come with the drawn game, not from an export of their own');
  throwsWith(assert, () => create(1000, 2, 'random', true, true, ''), /^coins: a whole number from 1 to 64, not 1000$/);
  throwsWith(assert, () => create(2.5, 2, 'random', true, true, ''), /^coins: a whole number from 1 to 64, not 2\.5$/);
  throwsWith(assert, () => create(4, 7, 'random', true, true, ''), /^sides: a whole number from 2 to 6, not 7$/);
  throwsWith(assert, () => create(4, 2, 'angel', true, true, ''), /unknown devil/);
  throwsWith(assert, () => create(4, 2, 'random', true, true, 'x'), /a seed is a whole number/);
  throwsWith(assert, () => core.GameSession.create('lights', {}, ''), /plays table, not 'lights'/);
  throwsWith(assert, () => core.table_strategy_move(4, 2, '15'), /has 15 moves/);
  throwsWith(assert, () => core.table_strategy_move(6, 2, '0'), /no strategy wins/);
  throwsWith(assert, () => core.GameSession.open('#table/v1/AAAA'), /truncated/);
  throwsWith(assert, () => core.GameSession.open('#devil/v1/AAAA'), /not for 'table'/);
  throwsWith(assert, () => core.GameSession.open('#garbage'), /./);
  const session = create(4, 2, 'random', true, false, '1');
  const g = session.view().state;
  throwsWith(assert, () => session.play({ amounts: [1, 0], turn: null }), /names 2 positions/);
  throwsWith(assert, () => session.play({ amounts: [1, 0, 0, 0], turn: 2 }), /devil turns the table/);
  throwsWith(assert, () => session.play({ amounts: 'flip' }), /invalid move/);
  assert.deepEqual(session.view().state, g, 'refused moves change nothing');
  assert.equal(session.view().moves, 0);
  throwsWith(assert, () => session.jump('ten'), /not a move number/);
  assert.deepEqual(session.view().state, g, 'a refused jump changes nothing');
  for (let i = 0; i < 200; i++) {
    const junk = Buffer.from(Array.from({ length: i % 30 }, () => Math.floor(Math.random() * 256))).toString('base64url');
    try {
      core.GameSession.open(`#table/v1/${junk}`);
    } catch (err) {
      assert.doesNotMatch(String(err), /unreachable|panicked|RuntimeError/);
    }
  }
});

test("a preview says how the devil would turn the table for a move, and changes nothing; playing the move then does exactly that", () => {
  for (const devil of ['adversarial', 'random']) {
    for (const seed of ['1', '2', '3']) {
      const session = core.GameSession.create('table', { coins: 4, sides: 2, devil, sighted: false, following: false }, seed);
      const before = session.view();
      const mv = { amounts: [1, 0, 1, 0], turn: null };
      const seen = session.preview(mv);
      const after = session.view();
      assert.deepEqual([after.link, after.moves], [before.link, before.moves], `${devil} ${seed}: nothing changed`);
      assert.deepEqual(session.play(mv), seen, `${devil} ${seed}: the move did what the preview said`);
    }
  }
  throwsWith(assert, () => core.GameSession.create('table', { coins: 4, sides: 2, devil: 'random', sighted: false, following: false }, '1').preview({ amounts: [1, 0], turn: null }), /names 2 positions/);
});

test("the belief panel of Play: the session's own moves rule out one configuration each, as the notebook's table", () => {
  // The notebook's four-coin strategy played by hand against a person as the devil (who turns
  // nothing): 15 configurations may be on the table before (all but all heads, which would have
  // won), one fewer after each move (never more than one).
  const session = create(4, 2, 'human', false, false, '3');
  /** @type {{ sizes: number[], moves: number }} */
  let belief = session.query('belief', null);
  assert.deepEqual(belief.sizes, [15]);
  for (let i = 0; i < 3; i++) session.play({ amounts: core.table_strategy_move(4, 2, String(i)).amounts, turn: 0 });
  belief = session.query('belief', null);
  assert.deepEqual([belief.moves, belief.sizes], [3, [15, 14, 13, 12]]);
  session.undo();
  assert.deepEqual(session.query('belief', null).sizes, [15, 14, 13], 'an undone move is not counted');
  throwsWith(assert, () => session.query('why', null), /answers 'belief', not 'why'/);
});

test("the belief panel of Play leaves a jump through the strategy out, and says nothing wrong of it", () => {
  const session = create(4, 2, 'random', false, false, '3');
  // Flipping all four rules out all tails (every rotation of it is all tails, then all heads).
  session.play({ amounts: [1, 1, 1, 1], turn: null });
  assert.notEqual(session.jump('3'), null, 'the jump played the strategy on');
  assert.equal(session.view().moves, 2, 'one hand move and one jump in the history');
  // The jump is a move of the history with no amounts of its own: the belief is the hand move's.
  assert.deepEqual(session.query('belief', null).sizes, [15, 14]);
});
