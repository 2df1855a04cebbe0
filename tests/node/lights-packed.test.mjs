// The page's classic boards beyond 4096, which the core holds and solves packed, under Node:
// the same exports as every other board. Every answer is checked by the rule written out here,
// light by light, independently of the core's word-parallel code; PBM files by decoding them
// here; the squares the page draws by counting here.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';
import { lightsSession } from './lights-session.mjs';

const core = await load('lights');

/** @param {number} rows @param {number} cols @returns {import('../../www/js/types.js').LightsSpec} */
const spec = (rows, cols, rule = /** @type {import('../../www/js/types.js').LightsSpec['rule']} */ ('plus')) => ({ rows, cols, rule, torus: false, states: 2 });
const noProgress = () => {};

/** One byte a light of a board the core gave (what the page draws from). */
const bytesOf = (/** @type {import('../../www/js/types.js').LightsBoard} */ board) => core.lights_cells(board, 1, 0, board.spec.rows);

/** The lights pressing every set light of `presses` changes, light by light (the rule here).
 * @param {import('../../www/js/types.js').LightsSpec} spec @param {ArrayLike<number>} presses */
function effectHere({ rows, cols, rule }, presses) {
  const out = new Uint8Array(rows * cols);
  const around = [[-1, 0], [1, 0], [0, -1], [0, 1], ...(rule === 'plus' ? [[0, 0]] : [])];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!presses[r * cols + c]) continue;
      for (const [dr, dc] of around) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) out[rr * cols + cc] ^= 1;
      }
    }
  }
  return out;
}

const count = (/** @type {Uint8Array} */ bytes) => bytes.reduce((a, x) => a + x, 0);

test('the plan: classic boards packed beyond 4096 up to 8192, the others to 4096, the CLI beyond', () => {
  const big = core.lights_plan(spec(8192, 8192));
  assert.equal(big.packed, true);
  assert.equal(big.max_side, 8192);
  assert.equal(big.heavy_solve && big.heavy_make, true);
  assert.match(big.note, /^Up to 8192×8192 for this board .*4096×4096.*command-line tool/);
  assert.equal(core.lights_plan(spec(4096, 4096)).packed, false);
  assert.equal(core.lights_plan(spec(5, 5)).heavy_solve, false);
  assert.equal(core.lights_plan({ ...spec(30, 30), rule: 'king' }).heavy_rank, true);
  throwsWith(assert, () => core.lights_plan(spec(8193, 5)), /1 to 8192 rows on the page, not 8193: larger boards: the command-line tool/);
  throwsWith(assert, () => core.lights_plan({ ...spec(5, 4097), rule: 'king' }), /1 to 4096 columns on the page, not 4097: classic boards .* go to 8192/);
  throwsWith(assert, () => core.lights_plan({ ...spec(5, 5), states: 2.5 }), /states/);
  throwsWith(assert, () => lightsSession(core).newGame({ ...spec(5000, 5), torus: true }, { random: '1' }), /1 to 4096 rows/);
  throwsWith(assert, () => lightsSession(core).newGame({ ...spec(5000, 5), states: 3 }, { random: '1' }), /1 to 4096 rows/);
});

for (const [rows, cols, rule] of /** @type {[number, number, import('../../www/js/types.js').LightsSpec['rule']][]} */ ([[4100, 45, 'plus'], [37, 4097, 'neighbours'], [4097, 64, 'plus']])) {
  test(`a random ${rows}×${cols} ${rule} board solves, its presses clear it by the rule written here`, () => {
    const s = spec(rows, cols, rule);
    const game = lightsSession(core).newGame(s, { random: '7' });
    assert.equal(core.lights_plan(s).packed, true);
    assert.equal(game.link, null);
    assert.equal(game.seed, '7');
    const lights = bytesOf(game.lights);
    assert.equal(lights.length, rows * cols);
    assert.equal(game.lights.lit, count(lights));
    const sol = core.lights_solve(game.lights, true, noProgress);
    assert.equal(sol.solvable, true);
    const presses = bytesOf(sol.presses);
    assert.equal(sol.press_count, count(presses));
    assert.deepEqual(effectHere(s, presses), lights);
    assert.equal(sol.rank + sol.nullity, rows * cols);
    assert.equal(sol.minimal, sol.nullity === 0);
    assert.deepEqual(sol.quiet, []);
    assert.equal(sol.first_press, presses.indexOf(1));
    assert.equal(lightsSession(core).apply(game.lights, sol.presses).lit, 0);
    // Drawn at one pixel for 4×4 lights: the lights on in each square, counted here.
    const width = Math.ceil(cols / 4);
    const squares = new Uint8Array(width * Math.ceil(rows / 4));
    lights.forEach((x, i) => {
      squares[Math.floor(Math.floor(i / cols) / 4) * width + Math.floor((i % cols) / 4)] += x;
    });
    assert.deepEqual(core.lights_cells(game.lights, 4, 0, rows), squares);
  });
}

test('packed presses follow the rule; off the board is an error', () => {
  const s = spec(4097, 70);
  let board = lightsSession(core).newGame(s, { all: 1 }).lights;
  let lights = bytesOf(board);
  assert.equal(count(lights), 4097 * 70);
  for (const [r, c] of [[0, 0], [4096, 69], [100, 63], [100, 64], [2, 31]]) {
    const one = new Uint8Array(4097 * 70);
    one[r * 70 + c] = 1;
    const changed = effectHere(s, one);
    lights = lights.map((x, i) => x ^ changed[i]);
    board = lightsSession(core).press(board, r, c, 1, false);
    assert.deepEqual(bytesOf(board), lights, `(${r}, ${c})`);
    assert.equal(board.lit, count(lights));
  }
  assert.deepEqual(lightsSession(core).press(board, 5, 5, 2, false), board);
  const edited = lightsSession(core).press(board, 4096, 69, 1, true);
  assert.deepEqual(core.lights_cells(edited, 1, 4096, 4097), core.lights_cells(board, 1, 4096, 4097).map((x, c) => (c === 69 ? 1 - x : x)));
  throwsWith(assert, () => lightsSession(core).press(board, 4097, 0, 1, false), /off the 4097×70 board/);
  throwsWith(assert, () => lightsSession(core).press({ ...board, data: board.data.subarray(2) }, 0, 0, 1, false), /words/);
});

test('an unsolvable packed board comes with a quiet pattern it overlaps oddly', () => {
  // A width whose 4097-row board has quiet patterns, found by the core's rank (polynomials).
  const cols = [...Array(40).keys()].map((n) => n + 1).find((n) => core.lights_rank(spec(4097, n), noProgress).nullity > 0);
  assert.ok(cols, 'some width up to 40 has nullity > 0');
  const s = spec(4097, cols);
  const dark = lightsSession(core).newGame(s, { all: 0 }).lights;
  // Some single light is unsolvable (the quiet patterns cover some light); try the corners.
  let found = null;
  for (const [r, c] of [[0, 0], [0, cols - 1], [2048, 0], [4096, 0]]) {
    const lights = lightsSession(core).press(dark, r, c, 1, true);
    assert.equal(lights.lit, 1);
    const sol = core.lights_solve(lights, false, noProgress);
    if (!sol.solvable) {
      found = { lights, sol };
      break;
    }
  }
  assert.ok(found, 'a single light that cannot be cleared');
  const quiet = bytesOf(found.sol.witness);
  assert.ok(count(quiet) > 0);
  assert.equal(count(effectHere(s, quiet)), 0, 'pressing the witness changes nothing');
  const overlap = count(bytesOf(found.lights).map((x, i) => x & quiet[i]));
  assert.equal(overlap % 2, 1);
  assert.equal(found.sol.witness_overlap, overlap);
  assert.equal(found.sol.presses, null);
});

test('a packed board saves as raw PBM and opens again; small files open a byte a light', () => {
  const s = spec(4099, 21);
  const game = lightsSession(core).newGame(s, { random: '11' });
  const file = lightsSession(core).ask(game.lights, 'file');
  assert.equal(file.name, 'lights-4099x21-plus.pbm');
  const header = 'P4\n21 4099\n';
  assert.equal(new TextDecoder().decode(file.text.subarray(0, header.length)), header);
  // P4: each row in 3 bytes, first light in the top bit.
  const lights = bytesOf(game.lights);
  const body = file.text.subarray(header.length);
  assert.equal(body.length, 4099 * 3);
  for (let i = 0; i < 4099 * 21; i++) {
    const r = Math.floor(i / 21);
    const c = i % 21;
    assert.equal((body[r * 3 + (c >> 3)] >> (7 - (c & 7))) & 1, lights[i]);
  }
  const back = core.lights_open_file(file.text, { ...s, rows: 1, cols: 1 });
  assert.deepEqual(back.spec, s);
  assert.deepEqual(bytesOf(back), lights);
  assert.deepEqual(back, game.lights);
  const small = core.lights_open_file(new TextEncoder().encode('101\n010\n'), spec(5, 5));
  assert.deepEqual(Array.from(bytesOf(small)), [1, 0, 1, 0, 1, 0]);
  const smallFile = lightsSession(core).ask(small, 'file');
  assert.equal(smallFile.name, 'lights-2x3-plus-2states.txt');
  assert.equal(new TextDecoder().decode(smallFile.text), '101\n010\n');
  const three = core.lights_open_file(new TextEncoder().encode('12\n00\n'), { ...spec(5, 5), states: 3 });
  assert.deepEqual(Array.from(bytesOf(three)), [1, 2, 0, 0]);
  throwsWith(assert, () => core.lights_open_file(new TextEncoder().encode('P4\n9000 2\n'), spec(5, 5)), /.+/);
  const king = core.lights_open_file(new TextEncoder().encode('P1\n2 1\n1 1\n'), { ...spec(5, 5), rule: 'king' });
  assert.deepEqual([king.spec.rule, ...bytesOf(king)], ['king', 1, 1]);
});
