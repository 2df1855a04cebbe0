// A generic Web Worker host: runs one exported wasm function by name with the given
// arguments and a progress callback, then posts the result. The page cancels by terminating
// the worker, so the core never has to poll for cancellation.
import init, * as core from '../pkg/chessboard_puzzles.js';

const ready = init();

self.onmessage = async (event) => {
  const { fn, args } = event.data;
  try {
    await ready;
    if (typeof core[fn] !== 'function') throw new Error(`no such core function: ${fn}`);
    const progress = (done, total) => self.postMessage({ type: 'progress', done, total });
    const result = core[fn](...args, progress);
    self.postMessage({ type: 'done', result });
  } catch (err) {
    self.postMessage({ type: 'error', message: err && err.message ? err.message : String(err) });
  }
};
