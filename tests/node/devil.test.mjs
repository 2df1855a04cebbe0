// The Devil's chessboard exports of the wasm core, exercised under Node: results checked
// against the XOR definition computed here, bad input met with Errors, never traps.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';

const core = await load('devil');

const xorOfHeads = (coins) => [...coins].reduce((acc, c, i) => (c === '1' ? acc ^ i : acc), 0);

test('a random round solved by the core names the key', () => {
  for (const squares of [1, 2, 4, 16, 64, 1024, 4096]) {
    const game = core.devil_random(squares, '42');
    assert.equal(game.board.length, squares);
    const [flip, answer] = core.devil_lab_solve(0, game);
    const after = core.devil_apply(game, flip);
    assert.equal(xorOfHeads(after.board), game.key);
    assert.deepEqual(answer, { answer: game.key });
    assert.equal(core.devil_lab_decode(0, after), game.key);
  }
});

test('seeds reproduce boards', () => {
  assert.deepEqual(core.devil_random(64, '7'), core.devil_random(64, '7'));
  assert.notDeepEqual(core.devil_random(64, '7'), core.devil_random(64, '8'));
  assert.match(core.fresh_seed(), /^\d+$/);
});

test('the explanation counts each region as the definition says', () => {
  const game = core.devil_random(256, '3');
  const steps = core.devil_lab_explain(0, game);
  const regions = steps.filter((s) => s.kind === 'count_region');
  assert.equal(regions.length, 8);
  for (const { bit, heads, parity } of regions) {
    const expected = [...game.board].filter((c, i) => c === '1' && (i >> bit) & 1).length;
    assert.equal(heads, expected);
    assert.equal(parity, expected % 2);
  }
  assert.deepEqual(steps.at(-1), { kind: 'answer', square: game.key, correct: true });
});

test('links round-trip and bad links are errors', () => {
  const game = core.devil_apply(core.devil_random(16, '5'), { flip: 3 });
  const view = { game, mode: 'play_b', strategy: 0, step: 0 };
  const link = core.devil_link(view);
  assert.match(link, /^devil\/v1\//);
  assert.deepEqual(core.devil_from_link(`#${link}`), view);
  throwsWith(assert, () => core.devil_from_link('#devil/v1/'), /truncated/);
  throwsWith(assert, () => core.devil_from_link('#devil/v2/AAAA'), /version/);
  throwsWith(assert, () => core.devil_from_link('#devil/v1/@@@@'), /garbled/);
  throwsWith(assert, () => core.devil_from_link(link.slice(0, -3)), /truncated|garbled/);
});

test('bad arguments are errors with a reason, never traps', () => {
  throwsWith(assert, () => core.devil_random(12, '1'), /power of two/);
  throwsWith(assert, () => core.devil_random(8192, '1'), /4096/);
  throwsWith(assert, () => core.devil_random(16, 'seed'), /seed/);
  throwsWith(assert, () => core.devil_layout(0), /1 to 4096/);
  const game = core.devil_random(16, '1');
  throwsWith(assert, () => core.devil_apply(game, { flip: 16 }), /off the board/);
  throwsWith(assert, () => core.devil_apply(game, { answer: 2 }), /after A has flipped/);
  throwsWith(assert, () => core.devil_apply(game, { jump: 2 }), /invalid move/);
  throwsWith(assert, () => core.devil_apply({ board: '101' }, { flip: 0 }), /invalid round/);
  throwsWith(assert, () => core.devil_apply({ board: '10x1', key: 0, flipped: null, answer: null }, { flip: 0 }), /0 and 1/);
  throwsWith(assert, () => core.devil_edit(game, { key: 99 }), /off the board/);
  const flipped = core.devil_apply(game, { flip: 0 });
  throwsWith(assert, () => core.devil_apply(flipped, { flip: 1 }), /exactly one coin/);
});

test('edits change only what they say', () => {
  const game = core.devil_random(64, '11');
  const toggled = core.devil_edit(game, { toggle: 10 });
  assert.equal([...toggled.board].filter((c, i) => c !== game.board[i]).length, 1);
  assert.notEqual(toggled.board[10], game.board[10]);
  assert.equal(core.devil_edit(game, { key: 63 }).key, 63);
});
