// The Devil page's words and labels (www/js/views/devil/words.js), without a page: checked
// against the XOR definition and binary numbers worked out here, on the core's real frames.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './core.mjs';
import { binary, describeFrame, colourBits, colourBitsTable, labelShape, labelOf, playWords } from '../../www/js/views/devil/words.js';

const core = await load('devil');

/** @param {string} coins */
const xorOfHeads = (coins) => [...coins].reduce((acc, c, i) => (c === '1' ? acc ^ i : acc), 0);

test('a square in binary is as wide as the indices and reads back as the square', () => {
  for (const squares of [1, 2, 16, 64, 4096]) {
    const width = Math.round(Math.log2(squares));
    for (const i of [0, 1, squares - 1, squares >> 1]) {
      if (i >= squares) continue;
      const text = binary(i, squares);
      assert.equal(text.length, Math.max(width, 1), `${i} of ${squares}`);
      assert.equal(parseInt(text, 2), i);
    }
  }
});

test("Watch's frames say the XOR the definition gives, and the colour's bits table agrees", () => {
  const session = core.GameSession.create('devil', { squares: 64 }, '11');
  /** @type {import('../../www/js/types.js').DevilGame} */
  const game = session.view().state.game;
  /** @type {{ steps: import('../../www/js/types.js').DevilStep[] }} */
  const { steps } = session.query('explain', { strategy: 0, table: null });
  session.free();
  const names = Array.from({ length: 64 }, (_, i) => `sq${i}`);
  const colour = xorOfHeads(game.board);
  const round = { squares: 64, names, strategy: null };
  const xor = steps.find((s) => s.kind === 'xor_with_key');
  assert.ok(xor?.kind === 'xor_with_key');
  const said = describeFrame(xor, round);
  if (colour !== game.key) {
    // The three numbers the sentence shows, read back: colour XOR key = the coin A flips.
    const shown = [...said.matchAll(/<span class="mono">([01]+)<\/span>/g)].map((m) => parseInt(m[1], 2));
    assert.deepEqual(shown, [colour, game.key, colour ^ game.key]);
  } else {
    assert.match(said, /already equals the key/);
  }
  assert.match(describeFrame(steps[0], round), new RegExp(`key is under <b>sq${game.key}</b>`));
  assert.match(describeFrame(steps[0], { ...round, strategy: 'Mine' }), /strategy “Mine”/);

  // The table's rows, once every frame is seen: A's parities read as the colour, the XOR row
  // as colour XOR key, B's parities as the key (B names it).
  const rows = colourBits(steps, 6);
  assert.ok(rows);
  const value = (/** @type {Record<number, number>} */ known) => Object.entries(known).reduce((v, [b, bit]) => v | (bit << Number(b)), 0);
  assert.deepEqual(rows.map(([, known]) => value(known)), [colour, game.key, colour ^ game.key, game.key]);
  // Before A has counted anything there is no table; after the first count, one bit of A's row.
  assert.equal(colourBits(steps.slice(0, 1), 6), null);
  const first = colourBits(steps.slice(0, 2), 6);
  assert.deepEqual(first?.map(([, known]) => Object.keys(known).length), [1, 0, 0, 0]);
  const html = colourBitsTable(rows, 6);
  assert.equal((html.match(/<tr>/g) ?? []).length, 5, 'a head row and four rows');
  assert.equal((html.match(/bit-unknown/g) ?? []).length, 0, 'every bit known at the end');
});

test('labels fit their coin: binary past 4 bits takes two lines, high bits first', () => {
  assert.deepEqual(labelShape('binary', 16), { chars: 4, lines: 1 });
  assert.deepEqual(labelShape('binary', 64), { chars: 3, lines: 2 });
  assert.deepEqual(labelShape('index', 1024), { chars: 4, lines: 1 });
  const board = { squares: 64, names: Array.from({ length: 64 }, (_, i) => `n${i}`) };
  assert.equal(labelOf('binary', 41, true, board), '101\n001');
  assert.equal(labelOf('index', 41, true, board), '41');
  assert.equal(labelOf('coordinate', 41, false, board), 'n41');
  assert.equal(labelOf('none', 41, false, board), 'T');
  assert.equal(labelOf('none', 41, true, board), 'H');
});

test("a lost round of A names the coin the definition says; B's result says the board's colour", () => {
  const session = core.GameSession.create('devil', { squares: 16 }, '21');
  session.set_extras({ mode: 'play_a', strategy: 0, step: 0, rung: 0, streak: 0 });
  /** @type {import('../../www/js/types.js').DevilGame} */
  const dealt = session.view().state.game;
  const colour = xorOfHeads(dealt.board);
  const right = colour ^ dealt.key;
  const wrong = (right + 1) % 16;
  session.input({ cell: wrong, key: null, tool: 'coin' }, { strategy: 0, table: null });
  const view = session.view();
  session.free();
  const names = Array.from({ length: 16 }, (_, i) => `s${i}`);
  const round = { game: view.state.game, won: view.status === 'won', names, xor: true, colour: () => colour, right: () => right };
  assert.equal(round.won, false, 'any other coin loses');
  const a = playWords({ mode: 'play_a', ...round });
  assert.match(a.status, new RegExp(`The coin to flip was s${right} \\(colour ${colour} XOR key ${dealt.key}\\)`));
  assert.deepEqual(a.message, { text: 'B named the wrong square.', kind: 'lose' });
  // Nothing is asked of the core before it is needed: a round A has not played says only the key.
  const fresh = playWords({ mode: 'play_a', ...round, game: dealt, colour: () => assert.fail('colour asked'), right: () => assert.fail('right asked') });
  assert.match(fresh.status, new RegExp(`key is under s${dealt.key}\\.`));
  assert.equal(fresh.message, null);
});
