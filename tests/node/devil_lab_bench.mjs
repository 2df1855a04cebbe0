// Timing of the strategy lab's heavy jobs in the wasm core under Node (not a test: run
// `node tests/node/devil_lab_bench.mjs` after `cargo xtask build`).
import { load } from './core.mjs';

const core = await load('lab');

const none = () => {};

/** @param {string} label @param {() => unknown} fn @param {number} iterations */
function time(label, fn, iterations) {
  fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const ms = Number(process.hrtime.bigint() - start) / iterations / 1e6;
  console.log(`${label}: ${ms.toFixed(2)} ms`);
}

time('devil_lab_verify xor, 16 squares, every board', () => core.devil_lab_verify({ strategy: 'xor' }, 16, none), 20);
time("devil_lab_verify vasilev, 16 squares, every board", () => core.devil_lab_verify({ strategy: 'vasilev', f: 'popcount3' }, 16, none), 20);
time('devil_lab_search, 16 squares', () => core.devil_lab_search(16, Infinity, none), 10);
time('devil_lab_count, 8 squares', () => core.devil_lab_count(8, none), 20);
