// Timing of the wasm core under Node (not a test: `node tests/node/bench.mjs` after
// `cargo xtask build`). Prints the mean time per call of what the page calls.
import core from './core.mjs';

function time(label, fn, iterations) {
  for (let i = 0; i < Math.min(iterations, 100); i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const ns = Number(process.hrtime.bigint() - start) / iterations;
  console.log(`${label}: ${ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : `${(ns / 1e3).toFixed(2)} µs`}`);
}

const game = core.devil_random(4096, '1');
time('devil_solve, 4096 squares (with the board crossing from JS)', () => core.devil_solve(game), 2000);
time('devil_decode, 4096 squares', () => core.devil_decode(game), 2000);
