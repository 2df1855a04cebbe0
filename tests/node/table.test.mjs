// The rotating table's wasm exports under Node: checked against the notebook (the 15 moves
// of the four-coin strategy, its belief table), the doubling rule of the construction, the
// lower bound σ^N − 1 (computed here with BigInt), and the rules applied by hand.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';

const core = await load('table');

const letters = (amounts) => amounts.map((a) => (a ? 'F' : 'L')).join('');
const strategy = (n) => {
  const length = Number(core.table_info(n, 2).length);
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
    const info = core.table_info(n, s);
    const bound = (BigInt(s) ** BigInt(n) - 1n).toString();
    assert.equal(info.lower_bound, bound, `n=${n} s=${s}`);
    assert.equal(info.length, bound, `n=${n} s=${s}`);
    assert.equal(info.winnable, true);
  }
  for (const [n, s] of [[3, 2], [6, 2], [12, 2], [2, 3], [2, 6], [4, 6]]) assert.equal(core.table_info(n, s).winnable, false);
  const last = core.table_strategy_move(64, 2, (2n ** 64n - 2n).toString());
  assert.deepEqual(last.positions, Array.from({ length: 64 }, (_, i) => i), 'odd-numbered moves flip every coin');
});

test('the belief trace follows the notebook\'s four-coin table and removes one configuration a move', () => {
  // Necklaces HHHH, THHH, TTHH, THTH, TTTH, TTTT (faces: 0 = heads).
  const info = core.table_info(4, 2);
  assert.deepEqual(info.necklaces.map(letters).map((w) => w.replaceAll('F', 'T').replaceAll('L', 'H')), ['HHHH', 'THHH', 'TTHH', 'THTH', 'TTTH', 'TTTT']);
  const t = core.table_trace(4, 2, 15);
  assert.deepEqual(t.sizes, Array.from({ length: 16 }, (_, i) => 15 - i));
  assert.deepEqual(core.table_trace(4, 2, 7).present.slice(2, 4), [false, false]);
  assert.deepEqual(core.table_trace(4, 2, 15).present, [true, false, false, false, false, false]);
});

test('search, exact verification and the random devil (with progress)', () => {
  const calls = [];
  const found = core.table_search(4, 2, (done, total) => calls.push([done, total]));
  assert.equal(found.length, 15);
  assert.ok(calls.length > 0 && calls.every(([d, t]) => d <= t));
  // The searched moves, fed back as your own moves, leave nothing possible.
  const params = { coins: 4 };
  const flat = found.moves.flatMap((line) => {
    const a = new Array(params.coins).fill(0);
    for (const p of line.split(' ')) a[Number(p)] = 1;
    return a;
  });
  assert.equal(core.table_trace(4, 2, 0, Uint8Array.from(flat)).sizes.at(-1), 0);
  assert.equal(core.table_search(6, 2, () => {}).winning, false);
  const v = core.table_verify(8, 2, () => {});
  assert.deepEqual([v.valid, v.length, v.emptied_at, v.most_removed], [true, 255, 255, 1]);
  assert.equal(v.chart.at(-1)[1], 0);
  const e = core.table_random_devil(4, 2, 100, 3);
  assert.equal(e.won, 100);
  assert.match(e.method, /evidence, not proof/);
});

/** A new game in a session, as the page starts one. */
const create = (coins, sides, devil, sighted, following, seed) =>
  core.GameSession.create('table', { coins, sides, devil, sighted, following }, seed);

test('playing: a person as the devil, the guard devil, links, undo and redo', () => {
  const session = create(5, 2, 'human', true, false, '11');
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
    assert.ok(six.view().state.faces.some((f) => f !== 0));
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

test('bad input is an Error, never a trap', () => {
  throwsWith(assert, () => core.table_info(0, 2), /^coins: a whole number from 1 to 64, not 0$/);
  throwsWith(assert, () => core.table_info(-1, 2), /^coins: a whole number from 1 to 64, not -1$/);
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
  throwsWith(assert, () => core.table_follow('%%%', '1'), /garbled/);
  throwsWith(assert, () => core.table_trace(4, 2, 0, Uint8Array.from([1, 0, 0])), /names 3 positions/);
  throwsWith(assert, () => core.table_follow(g.state, 'ten'), /not a move number/);
  for (let i = 0; i < 200; i++) {
    const junk = Buffer.from(Array.from({ length: i % 30 }, () => Math.floor(Math.random() * 256))).toString('base64url');
    try {
      core.GameSession.open(`#table/v1/${junk}`);
    } catch (err) {
      assert.doesNotMatch(err.message, /unreachable|panicked|RuntimeError/);
    }
  }
});
