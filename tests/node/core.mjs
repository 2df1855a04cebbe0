// Loads a wasm module built by `cargo xtask build` (www/pkg/, named in www/pkg/modules.js)
// synchronously under Node: `const core = await load('lights')`.
import { readFileSync } from 'node:fs';
import modules from '../../www/pkg/modules.js';

const PKG = new URL('../../www/pkg/', import.meta.url);

/**
 * The initialised exports of wasm module `name` (devil, lab, lights, table, chess).
 * @template {import('../../www/js/app.js').ModuleName} N
 * @param {N} name
 * @returns {Promise<import('../../www/js/app.js').Cores[N]>}
 */
export async function load(name) {
  const files = modules[name];
  if (!files) throw new Error(`no wasm module named ${name}`);
  const core = await import(new URL(files.js, PKG).href);
  core.initSync({ module: readFileSync(new URL(files.wasm, PKG)) });
  return core;
}

/**
 * Asserts that `fn` throws an Error whose message matches `pattern` (never a panic/trap).
 * @param {typeof import('node:assert/strict')} assert
 * @param {() => unknown} fn
 * @param {RegExp} pattern
 */
export function throwsWith(assert, fn, pattern) {
  assert.throws(fn, (/** @type {unknown} */ err) => {
    assert.ok(err instanceof Error, `an Error, not ${err}`);
    assert.doesNotMatch(err.message, /unreachable|panicked|RuntimeError/);
    assert.match(err.message, pattern);
    return true;
  });
}
