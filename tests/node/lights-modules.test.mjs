// The two Lights modules: `lights` (the page's, without the structured solvers) and
// `lights-full` (with them, loaded by the page's Worker). For boards of every rule, edge and
// number of states on both sides of the cut (400 lights; 4096 for the two-state packed chases), the plan's `full_solvers` must say
// exactly which boards the page's module refuses, with a one-line error naming lights-full;
// lights-full must solve those boards, its presses checked by a simulation written here.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';
import { lightsSession } from './lights-session.mjs';

const page = await load('lights');
const full = await load('lights-full');
const noProgress = () => {};
/** One byte a light of a board the core gave. */
const bytesOf = (/** @type {import('../../www/js/types.js').LightsBoard} */ board) => page.lights_cells(board, 1, 0, board.spec.rows);

/** @type {Record<string, number[][]>} */
const OFFSETS = {
  plus: [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]],
  neighbours: [[-1, 0], [1, 0], [0, -1], [0, 1]],
  x: [[0, 0], [-1, -1], [-1, 1], [1, -1], [1, 1]],
  king: [[0, 0], [-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]],
};

/** The lights after pressing light i presses[i] times (each press adds 1 mod k to the lights
 * its rule reaches), written independently of the core.
 * @param {import('../../www/js/types.js').LightsSpec} spec @param {Uint8Array} lights @param {Uint8Array} presses */
function pressAll(spec, lights, presses) {
  const { rows, cols, rule, torus, states } = spec;
  const out = Uint8Array.from(lights);
  presses.forEach((times, i) => {
    if (!times) return;
    const [r, c] = [Math.floor(i / cols), i % cols];
    for (const [dr, dc] of OFFSETS[rule]) {
      let [rr, cc] = [r + dr, c + dc];
      if (torus) [rr, cc] = [(rr + rows) % rows, (cc + cols) % cols];
      else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
      out[rr * cols + cc] = (out[rr * cols + cc] + times) % states;
    }
  });
  return out;
}

/** Boards around the cut, of every kind a structured solver takes, and some no such solver takes.
 * @type {[import('../../www/js/types.js').LightsSpec['rule'], boolean, number][]} */
const KINDS = [
  ['plus', false, 3],
  ['neighbours', false, 5],
  ['x', false, 4],
  ['plus', true, 3],
  ['neighbours', true, 6],
  ['king', true, 2],
  ['king', true, 7],
  ['plus', false, 2],
  ['king', false, 3],
];
const SIZES = [[20, 20], [10, 40], [20, 21], [21, 20], [24, 30]];

test('the plan names the boards the page module cannot solve; lights-full solves them', () => {
  let needFull = 0;
  for (const [rule, torus, states] of KINDS) {
    for (const [rows, cols] of SIZES) {
      const spec = { rows, cols, rule, torus, states };
      const what = JSON.stringify(spec);
      const plan = page.lights_plan(spec);
      assert.deepEqual(plan, full.lights_plan(spec), what);
      // Made by pressing random lights, so solvable.
      const game = lightsSession(page).newGame(spec, { random: String(rows * 100 + cols) });
      const solve = (/** @type {typeof page | typeof full} */ core) => core.lights_solve(game.lights, false, noProgress);
      if (plan.full_solvers) {
        needFull++;
        assert.ok(plan.heavy_solve && plan.heavy_rank, `the Worker solves ${what}`);
        throwsWith(assert, () => solve(page), /needs the structured solvers.*lights-full/);
        throwsWith(assert, () => page.lights_rank(spec, noProgress), /lights-full/);
      }
      const s = solve(plan.full_solvers ? full : page);
      assert.equal(s.solvable, true, what);
      assert.ok(pressAll(spec, bytesOf(game.lights), bytesOf(s.presses)).every((v) => v === 0), `the presses clear ${what}`);
      const r = (plan.full_solvers ? full : page).lights_rank(spec, noProgress);
      assert.equal(r.nullity, s.nullity, what);
      // Up to 400 lights both modules give the same answer (elimination).
      if (!plan.full_solvers && rows * cols <= 400) assert.deepEqual(solve(full).presses, s.presses, what);
    }
  }
  // Exactly the boards beyond 400 lights of the seven structured kinds.
  assert.equal(needFull, 7 * 3);
});

test('two-state tori and x boards need lights-full beyond 4096 lights (the packed chases)', () => {
  for (const [rule, torus] of /** @type {[import('../../www/js/types.js').LightsSpec['rule'], boolean][]} */ ([['plus', true], ['neighbours', true], ['x', false]])) {
    for (const [rows, cols] of [[64, 64], [64, 65], [66, 70]]) {
      const spec = { rows, cols, rule, torus, states: 2 };
      const what = JSON.stringify(spec);
      const plan = page.lights_plan(spec);
      assert.equal(plan.full_solvers, rows * cols > 4096, what);
      const game = lightsSession(page).newGame(spec, { random: String(rows * 100 + cols) });
      if (plan.full_solvers) throwsWith(assert, () => page.lights_solve(game.lights, false, noProgress), /lights-full/);
      const s = (plan.full_solvers ? full : page).lights_solve(game.lights, false, noProgress);
      assert.ok(pressAll(spec, bytesOf(game.lights), bytesOf(s.presses)).every((v) => v === 0), `the presses clear ${what}`);
    }
  }
});

test('both modules export the same functions', () => {
  const names = (/** @type {Record<string, unknown>} */ core) => Object.keys(core).filter((k) => typeof core[k] === 'function' && k.startsWith('lights_')).sort();
  assert.deepEqual(names(page), names(full));
  assert.ok(names(page).includes('lights_solve'));
});
