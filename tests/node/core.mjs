// Loads the wasm core built by `cargo xtask build` (www/pkg/) synchronously under Node.
import { readFileSync } from 'node:fs';
import * as core from '../../www/pkg/chessboard_puzzles.js';

const bytes = readFileSync(new URL('../../www/pkg/chessboard_puzzles_bg.wasm', import.meta.url));
core.initSync({ module: bytes });

export default core;

/** Asserts that `fn` throws an Error whose message matches `pattern` (never a panic/trap). */
export function throwsWith(assert, fn, pattern) {
  assert.throws(fn, (err) => {
    assert.ok(err instanceof Error, `an Error, not ${err}`);
    assert.doesNotMatch(err.message, /unreachable|panicked|RuntimeError/);
    assert.match(err.message, pattern);
    return true;
  });
}
