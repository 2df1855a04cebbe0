// The site's JavaScript has layers: no file imports itself back through others (a cycle makes
// the order modules run in depend on which page imports first). Every static import of every
// file under www/ is read here and the graph searched for a cycle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WWW = fileURLToPath(new URL('../../www/', import.meta.url));

/** Every .js file under `dir` (not the wasm glue in pkg/, which wasm-bindgen writes). @param {string} dir @returns {string[]} */
function jsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return relative(WWW, path) === 'pkg' ? [] : jsFiles(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

/** The files `file` imports statically (`import … from './x.js'`, `export … from`). @param {string} file */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)].map((m) => resolve(dirname(file), m[1]));
}

test('no static import cycle between the files of www/', () => {
  const files = jsFiles(WWW);
  assert.ok(files.length > 50, `${files.length} files`);
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map();
  /** @type {string[]} */
  const path = [];
  /** @param {string} file @returns {string[] | null} */
  const visit = (file) => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    assert.equal(cycle, null, `import cycle: ${cycle?.map((f) => relative(WWW, f)).join(' → ')}`);
  }
  // The reader finds imports: app.js reads the manifest and the policy.
  assert.deepEqual(graph.get(join(WWW, 'js/app.js'))?.map((f) => relative(WWW, f)).sort(), ['js/policy.js', 'pkg/modules.js']);
});
