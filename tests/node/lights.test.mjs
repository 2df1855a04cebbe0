// The Lights Out exports of the wasm core under Node. Presses are checked against the rule
// written out here (self and the four orthogonal neighbours), solutions by simulating them,
// and the 5×5 figures against the source text (rank 23, the light-chasing table). A board
// crosses as the core's `{spec, data, lit}`; the tests read its lights with `lights_cells` and
// make boards of given lights by opening them as a pattern file, as the page does.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';
import { lightsSession } from './lights-session.mjs';

const core = await load('lights');

/** @typedef {import('../../www/js/types.js').LightsSpec} LightsSpec */
/** @typedef {import('../../www/js/types.js').LightsBoard} LightsBoard */

/** @param {number} rows @param {number} cols @returns {LightsSpec} */
const classic = (rows, cols) => ({ rows, cols, rule: 'plus', torus: false, states: 2 });
const noProgress = () => {};

/** The classic rule, independently of the core.
 * @param {LightsSpec} spec @param {ArrayLike<number>} lights @param {number} r @param {number} c */
function pressHere(spec, lights, r, c) {
  const out = Uint8Array.from(lights);
  for (const [dr, dc] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr >= 0 && rr < spec.rows && cc >= 0 && cc < spec.cols) out[rr * spec.cols + cc] ^= 1;
  }
  return out;
}

/** @param {LightsSpec} spec @param {ArrayLike<number>} lights @param {ArrayLike<number>} presses */
function applyHere(spec, lights, presses) {
  let out = Uint8Array.from(lights);
  Array.from(presses).forEach((p, i) => {
    if (p % 2) out = pressHere(spec, out, Math.floor(i / spec.cols), i % spec.cols);
  });
  return out;
}

const dark = (/** @type {Uint8Array} */ v) => v.every((x) => x === 0);

/** One byte a light of a board the core gave. */
const bytesOf = (/** @type {LightsBoard} */ board) => core.lights_cells(board, 1, 0, board.spec.rows);

/** The core's board holding `lights` (one byte a light), opened as a pattern file of digits.
 * @param {LightsSpec} spec @param {Uint8Array} lights @returns {LightsBoard} */
function boardOf(spec, lights) {
  const rows = [];
  for (let r = 0; r < spec.rows; r++) rows.push(Array.from(lights.subarray(r * spec.cols, (r + 1) * spec.cols)).join(''));
  return core.lights_open_file(new TextEncoder().encode(rows.join('\n')), spec);
}

const session = lightsSession(core);
const random = (/** @type {object} */ spec, /** @type {string} */ seed) => session.newGame(spec, { random: seed });

test('presses follow the classic rule', () => {
  const spec = classic(4, 5);
  const game = random(spec, '3');
  let lights = game.lights;
  for (const [r, c] of [[0, 0], [3, 4], [2, 2], [1, 4]]) {
    const expected = pressHere(spec, bytesOf(lights), r, c);
    lights = session.press(lights, r, c, 1, false);
    assert.deepEqual(bytesOf(lights), expected);
    assert.equal(lights.lit, expected.filter((x) => x).length);
  }
  // Editing changes the one light alone, forwards and back.
  const edited = session.press(lights, 2, 3, 1, true);
  const want = bytesOf(lights);
  want[2 * 5 + 3] ^= 1;
  assert.deepEqual(bytesOf(edited), want);
  assert.deepEqual(bytesOf(session.press(edited, 2, 3, 1, true)), bytesOf(lights));
});

test('random puzzles are solvable and their solutions clear them', () => {
  for (const [rows, cols] of [[5, 5], [4, 4], [7, 3], [40, 40], [300, 200]]) {
    const spec = classic(rows, cols);
    const game = random(spec, String(rows * 1000 + cols));
    assert.equal(bytesOf(game.lights).length, rows * cols);
    const s = core.lights_solve(game.lights, rows * cols <= 1600, noProgress);
    assert.equal(s.solvable, true);
    const presses = bytesOf(s.presses);
    assert.ok(dark(applyHere(spec, bytesOf(game.lights), presses)), `${rows}×${cols}`);
    assert.equal(s.press_count, presses.reduce((a, b) => a + b, 0));
    assert.equal(s.first_press, presses.findIndex((p) => p > 0));
    assert.equal(session.apply(game.lights, s.presses).lit, 0);
  }
});

test('the 5×5 board: rank 23, all-on in 15 presses, the source table', () => {
  const spec = classic(5, 5);
  const r = core.lights_rank(spec, noProgress);
  assert.equal(r.rank, 23);
  assert.equal(r.nullity, 2);
  const on = session.newGame(spec, { all: 1 }).lights;
  assert.deepEqual(bytesOf(on), new Uint8Array(25).fill(1));
  const s = core.lights_solve(on, true, noProgress);
  assert.equal(s.minimal, true);
  assert.equal(s.press_count, 15);
  assert.equal(s.quiet.length, 2);
  // The page asks a session of the board; the package's solver takes the board.
  const asked = session.ask(on, 'solve', { minimal: true });
  assert.deepEqual([asked.minimal, asked.press_count, asked.quiet.length], [true, 15, 2]);
  assert.ok(dark(applyHere(spec, bytesOf(on), bytesOf(asked.presses))));
  assert.equal(session.ask(on, 'solve', { minimal: false }).solvable, true);
  for (const q of s.quiet) assert.ok(dark(applyHere(spec, new Uint8Array(25), bytesOf(q))));
  // x3 = p22, x4 = p21 + p22 + p23, x5 = p21 + p22 (buttons 1 and 2 unpressed).
  const table = core.lights_table(spec);
  assert.equal(table.length, 32);
  for (const { leftover: p, press } of table) {
    if (!press) continue;
    assert.deepEqual(press, [0, 0, p[1], (p[0] + p[1] + p[2]) % 2, (p[0] + p[1]) % 2]);
  }
  assert.equal(table.filter((/** @type {{ press: number[] | null }} */ row) => row.press).length, 8);
});

test('an unsolvable pattern comes with a quiet pattern it overlaps oddly', () => {
  const spec = classic(5, 5);
  const lights = new Uint8Array(25);
  lights[0] = 1;
  const s = core.lights_solve(boardOf(spec, lights), false, noProgress);
  assert.equal(s.solvable, false);
  assert.equal(s.presses, null);
  assert.equal(s.first_press, null);
  const witness = bytesOf(s.witness);
  assert.ok(dark(applyHere(spec, new Uint8Array(25), witness)));
  const overlap = witness.reduce((n, q, i) => n + (q & lights[i]), 0);
  assert.equal(overlap % 2, 1);
  assert.equal(s.witness_overlap, overlap);
});

test('light chasing clears the board step by step, a row a step, also through the session', () => {
  const spec = classic(6, 6);
  const game = random(spec, '77');
  /** @type {import('../../www/js/types.js').ChasePlan} */
  const plan = session.ask(game.lights, 'chase');
  let lights = bytesOf(game.lights);
  /** @type {Uint8Array[]} each row's board, by the classic rule written in these tests */
  const after = [];
  for (const group of plan.rows) {
    for (const st of group.presses) {
      assert.equal(st.row, group.row, 'a step presses one row');
      for (let t = 0; t < st.times; t++) lights = pressHere(spec, lights, st.row, st.col);
    }
    after.push(lights);
  }
  assert.ok(dark(lights));
  const phases = plan.rows.map((r) => r.phase).filter((p, i, a) => a.indexOf(p) === i);
  const fixed = Array.from(plan.fixup ?? []).some((x) => x);
  assert.deepEqual(phases, fixed ? ['chase', 'fix_up', 'chase_again'] : ['chase'].concat(phases.includes('chase_again') ? ['chase_again'] : []));
  // The same rows as the session's steps: a step makes a row's presses, undo takes it back.
  const s = core.GameSession.create('lights', { board: game.lights, seed: null, moves: 0 }, '');
  assert.equal(s.solve({ minimal: false, chase: true }, noProgress), plan.rows.length);
  plan.rows.forEach((_, i) => {
    s.step_to(i + 1);
    assert.deepEqual(bytesOf(s.view().state.lights), after[i], `row step ${i + 1}`);
  });
  s.step_to(0);
  assert.deepEqual(bytesOf(s.view().state.lights), bytesOf(game.lights));
  s.free();
});

test('three-state and composite boards solve exactly', () => {
  for (const states of [3, 4, 6]) {
    /** @type {LightsSpec} */
    const spec = { rows: 4, cols: 4, rule: 'king', torus: true, states };
    const game = random(spec, '5');
    const s = core.lights_solve(game.lights, true, noProgress);
    assert.equal(s.solvable, true);
    let lights = game.lights;
    bytesOf(s.presses).forEach((/** @type {number} */ p, /** @type {number} */ i) => {
      if (p) lights = session.press(lights, Math.floor(i / 4), i % 4, p, false);
    });
    assert.ok(dark(bytesOf(lights)));
    assert.equal(lights.lit, 0);
  }
});

test('links round-trip; bad links and settings are errors, never traps', () => {
  /** @type {LightsSpec} */
  const spec = { rows: 6, cols: 9, rule: 'x', torus: true, states: 5 };
  const game = random(spec, '12');
  const back = session.open(`#${game.link}`);
  assert.deepEqual(bytesOf(back.lights), bytesOf(game.lights));
  assert.deepEqual(back.spec, spec);
  const pressed = session.press(game.lights, 1, 1, 1, false);
  const edited = { link: session.link(pressed, 1) };
  assert.ok(edited.link);
  const opened = session.open(edited.link);
  assert.deepEqual(bytesOf(opened.lights), bytesOf(pressed));
  assert.equal(opened.moves, 1);
  assert.equal(core.lights_plan(edited.link).spec.cols, 9);
  throwsWith(assert, () => session.open('#lights/v1/'), /truncated/);
  throwsWith(assert, () => session.open('#lights/v9/AAAA'), /version/);
  const link = edited.link;
  throwsWith(assert, () => session.open(link.slice(0, -6)), /truncated|garbled/);
  throwsWith(assert, () => random({ ...spec, rows: 0 }, '1'), /rows/);
  throwsWith(assert, () => random({ ...spec, states: 12 }, '1'), /states/);
  throwsWith(assert, () => random({ ...spec, rule: 'rook' }, '1'), /rule|variant/);
  throwsWith(assert, () => session.newGame(spec, { all: 5 }), /state 5/);
  throwsWith(assert, () => session.press(game.lights, 6, 0, 1, false), /^\(6, 0\) is off the 6×9 board$/);
  throwsWith(assert, () => session.press(game.lights, 0, 9, 1, true), /^\(0, 9\) is off the 6×9 board$/);
  throwsWith(assert, () => core.lights_solve({ spec, data: new Uint8Array(3) }, false, noProgress), /lights/);
  throwsWith(assert, () => core.lights_solve({ spec, data: [0, 1] }, false, noProgress), /Uint8Array/);
  throwsWith(assert, () => core.lights_solve({ spec, data: new Uint8Array(54).fill(7) }, false, noProgress), /state 7/);
  throwsWith(assert, () => session.apply(game.lights, random({ ...spec, rows: 5 }, '1').lights), /presses for a 5×9 board/);
  throwsWith(assert, () => random(spec, 'abc'), /seed/);
  // Numbers a person can type reach the core as numbers: its message, not a library's.
  throwsWith(assert, () => random({ ...spec, rows: -1 }, '1'), /^a board has 1 to 4096 rows, not -1$/);
  throwsWith(assert, () => random({ ...spec, cols: 1.5 }, '1'), /^a board has 1 to 4096 columns, not 1\.5$/);
  throwsWith(assert, () => core.lights_rank({ ...spec, rows: 2.5 }, noProgress), /^a board has 1 to \d+ rows, not 2\.5$/);
  throwsWith(assert, () => session.ask(random({ ...spec, rule: 'king' }, '1').lights, 'chase'), /chasing/);
  throwsWith(assert, () => session.ask(game.lights, 'rank'), /^Lights Out answers 'solve', 'file', 'chase' and 'link', not 'rank'$/);
  throwsWith(assert, () => core.lights_cells(game.lights, 1, 5, 7), /rows 5 to 7/);
});

/** Nullity of the n×n classic board by elimination over GF(2) written here (BigInt rows).
 * @param {number} n @param {boolean} torus */
function nullityHere(n, torus) {
  const rows = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      let row = 0n;
      for (const [dr, dc] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]) {
        let rr = r + dr;
        let cc = c + dc;
        if (torus) {
          rr = (rr + n) % n;
          cc = (cc + n) % n;
        } else if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
        row |= 1n << BigInt(rr * n + cc); // a set: coinciding neighbours count once
      }
      rows.push(row);
    }
  }
  let rank = 0;
  for (let bit = 0; bit < n * n; bit++) {
    const m = 1n << BigInt(bit);
    const p = rows.findIndex((row, i) => i >= rank && row & m);
    if (p < 0) continue;
    [rows[rank], rows[p]] = [rows[p], rows[rank]];
    for (let i = 0; i < rows.length; i++) if (i !== rank && rows[i] & m) rows[i] ^= rows[rank];
    rank++;
  }
  return n * n - rank;
}

test('the nullity chart agrees with elimination written here', () => {
  /** @type {{ n: number, bounded: number, torus: number }[]} */
  const chart = core.lights_chart(14, noProgress);
  assert.equal(chart.length, 14);
  for (const p of chart) {
    assert.equal(p.bounded, nullityHere(p.n, false), `${p.n}×${p.n}`);
    assert.equal(p.torus, nullityHere(p.n, true), `${p.n}×${p.n} torus`);
  }
  assert.deepEqual(chart.slice(0, 5).map((p) => p.bounded), [0, 0, 0, 4, 2]);
});

test('a large board solves quickly enough to time (printed, not asserted)', () => {
  for (const n of [1000, 2000, 4000]) {
    const spec = classic(n, n);
    const lights = random(spec, '1').lights;
    const t0 = performance.now();
    const s = core.lights_solve(lights, false, noProgress);
    const ms = performance.now() - t0;
    assert.equal(s.solvable, true);
    console.log(`wasm lights_solve ${n}×${n} random solvable: ${ms.toFixed(0)} ms (Node, the board's data in and out)`);
  }
});

test('a board counts its lit lights (the page\'s count and win test)', () => {
  /** @type {LightsSpec} */
  const spec = { rows: 3, cols: 4, rule: 'king', torus: false, states: 3 };
  const lights = Uint8Array.from([0, 1, 2, 0, 0, 0, 1, 0, 2, 2, 0, 0]);
  const board = boardOf(spec, lights);
  assert.deepEqual(bytesOf(board), lights);
  assert.equal(board.lit, 5);
  assert.equal(session.newGame(spec, { all: 0 }).lights.lit, 0);
  const game = random(classic(6, 6), '11');
  assert.equal(game.lights.lit, bytesOf(game.lights).filter((v) => v !== 0).length);
  throwsWith(assert, () => core.lights_cells({ spec, data: new Uint8Array(5) }, 1, 0, 3), /5 lights given/);
});

test('what is drawn of a board: each light, or the lights on in each square', () => {
  /** @type {LightsSpec} */
  const spec = { rows: 5, cols: 7, rule: 'x', torus: false, states: 4 };
  const lights = Uint8Array.from({ length: 35 }, (_, i) => (i * 7 + (i >> 2)) % 4);
  const board = boardOf(spec, lights);
  assert.deepEqual(core.lights_cells(board, 1, 2, 4), lights.subarray(14, 28));
  // Squares of 3×3: rows 0–2 and 3–4, columns 0–2, 3–5 and 6.
  const want = new Uint8Array(6);
  lights.forEach((x, i) => {
    if (x) want[Math.floor(Math.floor(i / 7) / 3) * 3 + Math.floor((i % 7) / 3)]++;
  });
  assert.deepEqual(core.lights_cells(board, 3, 0, 5), want);
  throwsWith(assert, () => core.lights_cells(board, 0, 0, 5), /1 to 15/);
});

test('the session undoes presses and edits exactly, redoes them, and counts presses only', () => {
  const spec = classic(4, 5);
  const s = core.GameSession.create('lights', spec, '9');
  const at = () => bytesOf(s.view().state.lights);
  const seen = [at()];
  const moves = [{ row: 0, col: 0 }, { row: 2, col: 3, edit: 1 }, { row: 3, col: 4 }, { row: 1, col: 2 }];
  for (const mv of moves) {
    s.play(mv);
    const before = seen[seen.length - 1];
    const want = mv.edit ? Uint8Array.from(before, (x, i) => (i === mv.row * 5 + mv.col ? x ^ 1 : x)) : pressHere(spec, before, mv.row, mv.col);
    assert.deepEqual(at(), want);
    seen.push(want);
  }
  assert.equal(s.view().state.moves, 3, 'the edit is not a press');
  throwsWith(assert, () => s.play({ row: 4, col: 0 }), /off the 4×5 board/);
  assert.deepEqual(at(), seen.at(-1), 'a refused press changes nothing');
  for (let i = moves.length - 1; i >= 0; i--) {
    assert.equal(s.undo(), true);
    assert.deepEqual(at(), seen[i]);
  }
  assert.equal(s.undo(), false);
  while (s.redo()) continue;
  assert.deepEqual(at(), seen.at(-1));
  // The seed stays through presses and edits: the link is the seed and the changes.
  assert.equal(s.view().state.seed, '9');
  assert.deepEqual(bytesOf(session.open(s.view().link).lights), seen.at(-1));
  s.free();
});

test('input on a light goes through the core: a press in play, a state step in edit, a digit sets it', () => {
  const spec = classic(3, 3);
  const s = core.GameSession.create('lights', { ...spec, all: 0 }, '');
  const lights = () => Array.from(bytesOf(s.view().state.lights));
  assert.equal(s.input({ cell: 4, key: null, tool: 'play' }, null), true);
  assert.deepEqual(lights(), Array.from(pressHere(spec, new Uint8Array(9), 1, 1)), 'the centre press by the classic rule');
  assert.equal(s.view().moves, 1);
  assert.equal(s.input({ cell: 0, key: 'Enter', tool: 'edit' }, null), true);
  assert.equal(lights()[0], 1, 'edit turns the one light');
  assert.equal(s.input({ cell: 0, key: '0', tool: 'play' }, null), true);
  assert.equal(lights()[0], 0, 'a digit sets the state');
  assert.equal(s.input({ cell: 0, key: 'ArrowUp', tool: 'play' }, null), false, 'arrows go on to the page');
  assert.equal(s.input({ cell: 0, key: 'q', tool: 'play' }, null), false);
  throwsWith(assert, () => s.input({ cell: 9, key: null, tool: 'play' }, null), /off the 3×3 board/);
  s.free();
});
