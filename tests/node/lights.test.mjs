// The Lights Out exports of the wasm core under Node. Presses are checked against the rule
// written out here (self and the four orthogonal neighbours), solutions by simulating them,
// and the 5×5 figures against the source text (rank 23, the light-chasing table).
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';

const core = await load('lights');

const classic = (rows, cols) => ({ rows, cols, rule: 'plus', torus: false, states: 2 });
const noProgress = () => {};

/** The classic rule, independently of the core. */
function pressHere(spec, lights, r, c) {
  const out = Uint8Array.from(lights);
  for (const [dr, dc] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr >= 0 && rr < spec.rows && cc >= 0 && cc < spec.cols) out[rr * spec.cols + cc] ^= 1;
  }
  return out;
}

function applyHere(spec, lights, presses) {
  let out = Uint8Array.from(lights);
  presses.forEach((p, i) => {
    if (p % 2) out = pressHere(spec, out, Math.floor(i / spec.cols), i % spec.cols);
  });
  return out;
}

const dark = (v) => v.every((x) => x === 0);

test('presses follow the classic rule', () => {
  const spec = classic(4, 5);
  const game = core.lights_random(spec, '3');
  let lights = game.lights;
  for (const [r, c] of [[0, 0], [3, 4], [2, 2], [1, 4]]) {
    const expected = pressHere(spec, lights, r, c);
    lights = core.lights_press(spec, lights, r, c, 1);
    assert.deepEqual(lights, expected);
  }
});

test('random puzzles are solvable and their solutions clear them', () => {
  for (const [rows, cols] of [[5, 5], [4, 4], [7, 3], [40, 40], [300, 200]]) {
    const spec = classic(rows, cols);
    const game = core.lights_random(spec, String(rows * 1000 + cols));
    assert.equal(game.lights.length, rows * cols);
    const s = core.lights_solve(spec, game.lights, rows * cols <= 1600, noProgress);
    assert.equal(s.solvable, true);
    assert.ok(s.presses instanceof Uint8Array);
    assert.ok(dark(applyHere(spec, game.lights, s.presses)), `${rows}×${cols}`);
    assert.equal(s.press_count, s.presses.reduce((a, b) => a + b, 0));
  }
});

test('the 5×5 board: rank 23, all-on in 15 presses, the source table', () => {
  const spec = classic(5, 5);
  const r = core.lights_rank(spec, noProgress);
  assert.equal(r.rank, 23);
  assert.equal(r.nullity, 2);
  const on = new Uint8Array(25).fill(1);
  const s = core.lights_solve(spec, on, true, noProgress);
  assert.equal(s.minimal, true);
  assert.equal(s.press_count, 15);
  assert.equal(s.quiet.length, 2);
  for (const q of s.quiet) assert.ok(dark(applyHere(spec, new Uint8Array(25), q)));
  // x3 = p22, x4 = p21 + p22 + p23, x5 = p21 + p22 (buttons 1 and 2 unpressed).
  const table = core.lights_table(spec);
  assert.equal(table.length, 32);
  for (const { leftover: p, press } of table) {
    if (!press) continue;
    assert.deepEqual(press, [0, 0, p[1], (p[0] + p[1] + p[2]) % 2, (p[0] + p[1]) % 2]);
  }
  assert.equal(table.filter((row) => row.press).length, 8);
});

test('an unsolvable pattern comes with a quiet pattern it overlaps oddly', () => {
  const spec = classic(5, 5);
  const lights = new Uint8Array(25);
  lights[0] = 1;
  const s = core.lights_solve(spec, lights, false, noProgress);
  assert.equal(s.solvable, false);
  assert.equal(s.presses, null);
  assert.ok(dark(applyHere(spec, new Uint8Array(25), s.witness)));
  assert.equal(s.witness.reduce((n, q, i) => n + (q & lights[i]), 0) % 2, 1);
});

test('light chasing clears the board step by step', () => {
  const spec = classic(6, 6);
  const game = core.lights_random(spec, '77');
  const plan = core.lights_chase(spec, game.lights);
  let lights = game.lights;
  for (const st of plan.steps) for (let t = 0; t < st.times; t++) lights = pressHere(spec, lights, st.row, st.col);
  assert.ok(dark(lights));
  assert.deepEqual(plan.steps.map((s) => s.phase).filter((p, i, a) => a.indexOf(p) === i), plan.fixup.some((x) => x) ? ['chase', 'fix_up', 'chase_again'] : ['chase'].concat(plan.steps.some((s) => s.phase === 'chase_again') ? ['chase_again'] : []));
});

test('three-state and composite boards solve exactly', () => {
  for (const states of [3, 4, 6]) {
    const spec = { rows: 4, cols: 4, rule: 'king', torus: true, states };
    const game = core.lights_random(spec, '5');
    const s = core.lights_solve(spec, game.lights, true, noProgress);
    assert.equal(s.solvable, true);
    let lights = game.lights;
    s.presses.forEach((p, i) => {
      if (p) lights = core.lights_press(spec, lights, Math.floor(i / 4), i % 4, p);
    });
    assert.ok(dark(lights));
  }
});

test('links round-trip; bad links and settings are errors, never traps', () => {
  const spec = { rows: 6, cols: 9, rule: 'x', torus: true, states: 5 };
  const game = core.lights_random(spec, '12');
  const back = core.lights_from_link(`#${game.link}`);
  assert.deepEqual(back.lights, game.lights);
  assert.deepEqual(back.spec, spec);
  const edited = core.lights_game(spec, core.lights_press(spec, game.lights, 1, 1, 1), 1);
  assert.deepEqual(core.lights_from_link(edited.link).lights, edited.lights);
  throwsWith(assert, () => core.lights_from_link('#lights/v1/'), /truncated/);
  throwsWith(assert, () => core.lights_from_link('#lights/v9/AAAA'), /version/);
  throwsWith(assert, () => core.lights_from_link(edited.link.slice(0, -6)), /truncated|garbled/);
  throwsWith(assert, () => core.lights_random({ ...spec, rows: 0 }, '1'), /rows/);
  throwsWith(assert, () => core.lights_random({ ...spec, states: 12 }, '1'), /states/);
  throwsWith(assert, () => core.lights_random({ ...spec, rule: 'rook' }, '1'), /rule|variant/);
  throwsWith(assert, () => core.lights_press(spec, game.lights, 6, 0, 1), /^\(6, 0\) is off the 6×9 board$/);
  throwsWith(assert, () => core.lights_solve(spec, new Uint8Array(3), false, noProgress), /lights/);
  throwsWith(assert, () => core.lights_random(spec, 'abc'), /seed/);
  // Numbers a person can type reach the core as numbers: its message, not a library's.
  throwsWith(assert, () => core.lights_random({ ...spec, rows: -1 }, '1'), /^a board has 1 to 4096 rows, not -1$/);
  throwsWith(assert, () => core.lights_random({ ...spec, cols: 1.5 }, '1'), /^a board has 1 to 4096 columns, not 1\.5$/);
  throwsWith(assert, () => core.lights_rank({ ...spec, rows: 2.5 }, noProgress), /^a board has 1 to \d+ rows, not 2\.5$/);
  throwsWith(assert, () => core.lights_chase({ ...spec, rule: 'king' }, game.lights), /chasing/);
});

/** Nullity of the n×n classic board by elimination over GF(2) written here (BigInt rows). */
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
    const lights = core.lights_random(spec, '1').lights;
    const t0 = performance.now();
    const s = core.lights_solve(spec, lights, false, noProgress);
    const ms = performance.now() - t0;
    assert.equal(s.solvable, true);
    console.log(`wasm lights_solve ${n}×${n} random solvable: ${ms.toFixed(0)} ms (Node, with 1 byte a light in and out)`);
  }
});

test('lights_lit counts the lit lights (the page\'s count and win test)', () => {
  const spec = { rows: 3, cols: 4, rule: 'king', torus: false, states: 3 };
  const lights = Uint8Array.from([0, 1, 2, 0, 0, 0, 1, 0, 2, 2, 0, 0]);
  assert.equal(core.lights_lit(spec, lights), 5);
  assert.equal(core.lights_lit(spec, new Uint8Array(12)), 0);
  const game = core.lights_random(classic(6, 6), '11');
  assert.equal(core.lights_lit(game.spec, game.lights), game.lights.filter((v) => v !== 0).length);
  throwsWith(assert, () => core.lights_lit(spec, new Uint8Array(5)), /5 lights given/);
});
