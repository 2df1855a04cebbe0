// Timing of the rotating table's wasm under Node (not a test: `node tests/node/table.bench.mjs`
// after `cargo xtask build`).
import { load } from './core.mjs';

const core = await load('table');

/** @param {string} label @param {() => unknown} fn @param {number} iterations */
function time(label, fn, iterations) {
  fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const ns = Number(process.hrtime.bigint() - start) / iterations;
  console.log(`${label}: ${ns >= 1e6 ? `${(ns / 1e6).toFixed(1)} ms` : `${(ns / 1e3).toFixed(2)} µs`}`);
}

time('table_search N=8', () => core.table_search(8, 2, () => {}), 20);
time('table_verify N=16 (recursive, 65,535 moves)', () => core.table_verify(16, 2, () => {}), 3);
time('table_strategy_move N=32, move 2^31', () => core.table_strategy_move(32, 2, '2147483648'), 2000);
