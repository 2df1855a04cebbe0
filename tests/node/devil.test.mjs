// The Devil's chessboard exports of the wasm core (the game session and the strategies),
// exercised under Node: results checked against the XOR definition computed here, bad input
// met with Errors, never traps.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';

const core = await load('devil');

/** A random round of `squares` from `seed`, in a session. @param {number} squares @param {string} seed */
const create = (squares, seed) => core.GameSession.create('devil', { squares }, seed);
/** @param {number} squares @param {string} seed @returns {import('../../www/js/types.js').DevilGame} */
const round = (squares, seed) => create(squares, seed).view().state.game;

const xorOfHeads = (/** @type {string} */ coins) => [...coins].reduce((acc, c, i) => (c === '1' ? acc ^ i : acc), 0);

test('a random round solved by the core names the key', () => {
  for (const squares of [1, 2, 4, 16, 64, 1024, 4096]) {
    const session = create(squares, '42');
    const game = session.view().state.game;
    assert.equal(game.board.length, squares);
    const xor = { strategy: 0, table: null };
    const [flip, answer] = session.solution(xor);
    assert.deepEqual(flip, { flip: session.query('flip', xor) });
    assert.equal(session.query('named', xor), xorOfHeads(game.board));
    session.play(flip);
    const after = session.view().state.game;
    assert.equal(xorOfHeads(after.board), game.key);
    assert.deepEqual(answer, { answer: game.key });
    assert.equal(session.query('named', xor), game.key);
    assert.equal(session.query('named-dealt', xor), xorOfHeads(game.board), 'the board as dealt, before the flip');
    assert.deepEqual(flip, { flip: session.query('flip', xor) }, "A's flip is asked of the round as dealt");
    session.play(answer);
    assert.equal(session.view().solved, true);
  }
});

test('seeds reproduce boards', () => {
  assert.deepEqual(round(64, '7'), round(64, '7'));
  assert.notDeepEqual(round(64, '7'), round(64, '8'));
});

test('the explanation counts each region as the definition says', () => {
  const session = create(256, '3');
  const game = session.view().state.game;
  /** @type {{ steps: import('../../www/js/types.js').DevilStep[], moves: number[], regions: (number | null)[] }} */
  const { steps, moves, regions } = session.query('explain', { strategy: 0, table: null });
  throwsWith(assert, () => session.query('why', null), /'why' is not a question/);
  assert.equal(moves.length, steps.length);
  assert.equal(regions.length, steps.length);
  let counts = 0;
  steps.forEach((s, i) => {
    if (s.kind !== 'count_region') return;
    counts += 1;
    assert.equal(regions[i], s.bit, 'a count marks its own region');
    assert.equal(moves[i], 0, 'A counts before any move');
    const expected = [...game.board].filter((c, j) => c === '1' && (j >> s.bit) & 1).length;
    assert.equal(s.heads, expected);
    assert.equal(s.parity, expected % 2);
  });
  assert.equal(counts, 8);
  assert.deepEqual(steps.at(-1), { kind: 'answer', square: game.key, correct: true });
  // A's flip is the round's first move, B's answer its second.
  const flip = steps.findIndex((s) => s.kind === 'flip');
  assert.deepEqual([moves[flip - 1], moves[flip], moves.at(-1)], [0, 1, 2]);
});

test('links round-trip, keep the view around the round, and bad links are errors', () => {
  const session = create(16, '5');
  const dealt = session.view().state.game;
  session.set_extras({ mode: 'play_b', strategy: 0, step: 0 });
  session.edit({ hand_to_b: 3 });
  const link = session.link();
  assert.ok(link);
  assert.match(link, /^devil\/v1\//);
  const opened = core.GameSession.open(`#${link}`).view();
  assert.deepEqual(opened.extras, { mode: 'play_b', strategy: 0, step: 0, rung: 0, streak: 0 });
  assert.equal(opened.state.game.flipped, 3);
  assert.deepEqual(opened.state.dealt, dealt, 'the round as dealt is A\'s flip turned back');
  // Watch keeps the round as dealt in its link, whichever frame it shows.
  session.edit({ deal: null });
  session.set_extras({ mode: 'watch', strategy: 0, step: 5 });
  const steps = session.solve({ strategy: 0, table: null }, () => {});
  assert.equal(steps, 2);
  const before = session.link();
  session.step_to(2);
  assert.equal(session.view().solved, true);
  assert.equal(session.link(), before);
  throwsWith(assert, () => core.GameSession.open('#devil/v1/'), /truncated/);
  throwsWith(assert, () => core.GameSession.open('#devil/v3/AAAA'), /version 3, newer/);
  throwsWith(assert, () => core.GameSession.open('#devil/v1/@@@@'), /garbled/);
  throwsWith(assert, () => core.GameSession.open(link.slice(0, -3)), /truncated|garbled/);
});

test('bad arguments are errors with a reason that change nothing, never traps', () => {
  throwsWith(assert, () => create(12, '1'), /power of two/);
  throwsWith(assert, () => create(8192, '1'), /4096/);
  throwsWith(assert, () => create(16, 'seed'), /seed/);
  throwsWith(assert, () => core.devil_board(0), /1 to 4096/);
  throwsWith(assert, () => core.devil_board(12), /power of two/);
  const session = create(16, '1');
  const game = session.view().state.game;
  throwsWith(assert, () => session.play({ flip: 16 }), /off the board/);
  throwsWith(assert, () => session.play({ answer: 2 }), /after A has flipped/);
  throwsWith(assert, () => session.play({ jump: 2 }), /invalid move/);
  throwsWith(assert, () => session.edit({ key: 99 }), /off the board/);
  throwsWith(assert, () => session.set_extras({ mode: 'dance', strategy: 0, step: 0 }), /invalid view settings/);
  assert.deepEqual(session.view().state.game, game);
  session.play({ flip: 0 });
  throwsWith(assert, () => session.play({ flip: 1 }), /exactly one coin/);
  assert.equal(session.view().moves, 1);
});

test('edits change only what they say; undo takes back a move', () => {
  const session = create(64, '11');
  const game = session.view().state.game;
  session.edit({ toggle: 10 });
  const toggled = session.view().state.game;
  assert.equal([...toggled.board].filter((c, i) => c !== game.board[i]).length, 1);
  assert.notEqual(toggled.board[10], game.board[10]);
  session.edit({ key: 63 });
  assert.equal(session.view().state.game.key, 63);
  session.play({ flip: 5 });
  assert.equal(session.view().can_undo, true);
  assert.equal(session.undo(), true);
  assert.equal(session.view().state.game.flipped, null);
  assert.equal(session.view().state.game.board, session.view().state.dealt.board);
});

test('devil_board gives the rectangle and the chess-style name of every square', () => {
  for (const squares of [1, 2, 8, 64, 4096]) {
    const { layout, names } = core.devil_board(squares);
    const k = Math.log2(squares);
    // 2^⌊k/2⌋ rows of 2^⌈k/2⌉ squares, numbered row by row from the top left.
    assert.deepEqual(layout, { rows: 2 ** Math.floor(k / 2), cols: 2 ** Math.ceil(k / 2) });
    assert.equal(names.length, squares);
    if (layout.cols <= 26) {
      const expected = names.map((/** @type {string} */ _, /** @type {number} */ i) => `${String.fromCharCode(97 + (i % layout.cols))}${layout.rows - Math.floor(i / layout.cols)}`);
      assert.deepEqual(names, expected, `${squares} squares`);
    }
  }
  assert.equal(core.devil_board(64).names[0], 'a8');
  assert.equal(core.devil_board(64).names[63], 'h1');
});

test('a ladder is kept in a version-2 link; a round without one keeps its version-1 link', () => {
  const session = create(8, '7');
  session.set_extras({ mode: 'play_a', strategy: 0, step: 0 });
  const plain = session.link();
  assert.ok(plain);
  assert.match(plain, /^devil\/v1\//);
  session.set_extras({ mode: 'play_a', strategy: 0, step: 0, rung: 0, streak: 0 });
  assert.equal(session.link(), plain, 'no ladder: the same link as before ladders');
  // The session counts rungs from 1 (0: off the ladder); rung 3 plays 8 squares.
  session.set_extras({ mode: 'play_a', strategy: 0, step: 0, rung: 3, streak: 5 });
  const climbing = session.link();
  assert.ok(climbing);
  assert.match(climbing, /^devil\/v2\//);
  const opened = core.GameSession.open(`#${climbing}`).view();
  assert.deepEqual(opened.extras, { mode: 'play_a', strategy: 0, step: 0, rung: 3, streak: 5 });
  assert.deepEqual(opened.state.game, session.view().state.game);
  assert.deepEqual(core.GameSession.open(`#${plain}`).view().extras, { mode: 'play_a', strategy: 0, step: 0, rung: 0, streak: 0 });
  // A link whose rung does not play its board's size is refused.
  const other = create(16, '7');
  other.set_extras({ mode: 'play_a', strategy: 0, step: 0, rung: 3, streak: 0 });
  throwsWith(assert, () => core.GameSession.open(`#${other.link()}`), /rung 3 does not play 16 squares/);
  throwsWith(assert, () => core.GameSession.open(`#${climbing.slice(0, -2)}`), /truncated|garbled/);
});

test("A's flip with B's reply is one turn: B names the XOR of the heads, the status says won or lost, one undo takes both", () => {
  for (const seed of ['1', '2', '3', '4', '5', '6']) {
    const session = create(16, seed);
    const dealt = session.view().state.game;
    assert.equal(session.view().status, 'playing');
    const flip = Number(seed) % 16;
    session.play_turn({ flip }, { strategy: 0, table: null });
    const view = session.view();
    const after = view.state.game;
    const answer = xorOfHeads(after.board);
    assert.deepEqual(session.moves(), [{ flip }, { answer }]);
    assert.equal(view.status, answer === dealt.key ? 'won' : 'lost');
    assert.equal(session.undo(), true);
    assert.deepEqual([session.view().moves, session.view().state.game], [0, dealt]);
    assert.equal(session.redo(), true);
    assert.equal(session.view().moves, 2);
  }
  throwsWith(assert, () => create(16, '1').play_turn({ flip: 16 }, null), /off the board/);
});

test('input on a square does what the mode lets a player do, as the core interprets it', () => {
  const session = create(16, '9');
  const dealt = session.view().state.game;
  const xor = { strategy: 0, table: null };
  // Play as A: a click flips the coin, and B answers by XOR with it, as one turn (one undo).
  session.set_extras({ mode: 'play_a', strategy: 0, step: 0, rung: 0, streak: 0 });
  assert.equal(session.input({ cell: 5, key: null, tool: 'coin' }, xor), true);
  const after = session.view().state.game;
  const flipped = [...dealt.board].map((c, i) => (i === 5 ? String(1 - Number(c)) : c)).join('');
  assert.equal(after.board, flipped);
  assert.deepEqual([after.flipped, after.answer], [5, xorOfHeads(flipped)]);
  assert.match(session.input({ cell: 6, key: ' ' }, xor), /exactly one coin/, 'A flips once');
  assert.equal(session.view().state.game.board, flipped, 'a refusal changes nothing');
  assert.equal(session.undo(), true);
  assert.equal(session.view().state.game.board, dealt.board, 'one undo takes the turn back');
  // A key that means nothing here goes on to the page.
  assert.equal(session.input({ cell: 5, key: 'Enter' }, xor), false);
  assert.equal(session.input({ cell: 5, key: 'ArrowLeft' }, xor), false);
  // Edit: K places the key, Space turns a coin.
  session.set_extras({ mode: 'edit', strategy: 0, step: 0, rung: 0, streak: 0 });
  assert.equal(session.input({ cell: 3, key: 'k', tool: 'coin' }, xor), true);
  assert.equal(session.view().state.game.key, 3);
  throwsWith(assert, () => session.input({ cell: 16, key: null, tool: 'coin' }, xor), /square/);
  session.free();
});
