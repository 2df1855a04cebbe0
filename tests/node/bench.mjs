// Timing of the wasm core under Node (not a test: `node tests/node/bench.mjs` after
// `cargo xtask build`). Prints the mean time per call of what the page calls.
import { load } from './core.mjs';
import { lightsSession } from './lights-session.mjs';

const devilCore = await load('devil');
const lightsCore = await load('lights');

/** @param {string} label @param {() => unknown} fn @param {number} iterations */
function time(label, fn, iterations) {
  for (let i = 0; i < Math.min(iterations, 100); i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const ns = Number(process.hrtime.bigint() - start) / iterations;
  console.log(`${label}: ${ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : `${(ns / 1e3).toFixed(2)} µs`}`);
}

const round = devilCore.GameSession.create('devil', { squares: 4096 }, '1');
const xor = { strategy: 0, table: null };
time("session.query('flip') (XOR), 4096 squares", () => round.query('flip', xor), 2000);
time("session.query('named') (XOR), 4096 squares", () => round.query('named', xor), 2000);

// Lights Out: the large-board solver (random solvable pattern, one byte a light in and out),
// nullity by polynomials, and a minimal 5×5 solution.
const classic = (/** @type {number} */ n) => ({ rows: n, cols: n, rule: 'plus', torus: false, states: 2 });
for (const n of [1000, 2000, 4000]) {
  const lights = lightsSession(lightsCore).newGame(classic(n), { random: '1' }).lights;
  time(`lights_solve ${n}×${n} random`, () => lightsCore.lights_solve(lights, false, () => {}), n === 4000 ? 3 : 10);
}
for (const n of [10000, 100000]) time(`lights_rank ${n}×${n} (polynomial gcd)`, () => lightsCore.lights_rank(classic(n), () => {}), 3);
const five = lightsSession(lightsCore).newGame(classic(5), { random: '2' }).lights;
time('lights_solve 5×5 minimal', () => lightsCore.lights_solve(five, true, () => {}), 2000);
