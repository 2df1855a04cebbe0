// What the pages write by hand, kept exact. Every puzzle page lists, in its <head>, every script
// its first board needs (modulepreload) and its wasm (preload), so the browser fetches them at
// once instead of one import level at a time: the test follows the static imports from the
// page's script itself and compares the closure with the page's links. Every page carries the
// same site header in its HTML (drawn before any script runs, so nothing moves when it does).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { posix } from 'node:path';

const WWW = fileURLToPath(new URL('../../www/', import.meta.url));
/** Each puzzle page and the wasm module its first board loads. */
const PAGES = {
  'devil.html': 'devil',
  'devil-lab.html': 'lab',
  'codes.html': 'lab',
  'lights.html': 'lights',
  'lights-games.html': 'lights-full',
  'table.html': 'table',
  'chess.html': 'chess',
};

/** The static imports of one module (paths relative to www/). @param {string} path */
function importsOf(path) {
  const text = readFileSync(WWW + path, 'utf8');
  const found = [...text.matchAll(/^\s*import\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  return found.map((spec) => posix.normalize(posix.join(posix.dirname(path), spec)));
}

/** Every module reachable from `entry` by static imports. @param {string} entry */
function closure(entry) {
  /** @type {Set<string>} */
  const seen = new Set();
  const todo = [entry];
  for (let path = todo.pop(); path !== undefined; path = todo.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    // The generated manifest (pkg/modules.js) imports nothing.
    if (!path.startsWith('pkg/')) todo.push(...importsOf(path));
  }
  return seen;
}

for (const [page, core] of Object.entries(PAGES)) {
  test(`${page} preloads exactly the modules of its first board and its ${core} wasm`, () => {
    const html = readFileSync(WWW + page, 'utf8');
    const entry = html.match(/<script type="module" src="([^"]+)"><\/script>/)?.[1];
    assert.ok(entry, `${page} has a module script`);
    const expected = closure(entry);
    expected.add(`pkg/${core}.js`);
    const listed = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual([...listed].sort(), [...expected].sort());
    assert.equal(new Set(listed).size, listed.length, 'a module is listed twice');
    // The wasm: fetched by app.js with fetch() (CORS mode, same-origin credentials), which a
    // `crossorigin` preload of type fetch matches, so it is downloaded once.
    const wasm = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" type="application\/wasm" crossorigin>/g)];
    assert.deepEqual(
      wasm.map((m) => m[1]),
      [`pkg/${core}_bg.wasm`],
    );
    // The page's scripts ask for that module by name.
    const sources = [...expected].filter((p) => !p.startsWith('pkg/')).map((p) => readFileSync(WWW + p, 'utf8'));
    assert.ok(
      sources.some((text) => text.includes(`loadCore('${core}')`) || text.includes(`const CORE = '${core}';`)),
      `no script of ${page} loads the ${core} module`,
    );
  });
}

/** The site's pages, in the order of the header's navigation. */
const NAV = [
  ['index.html', 'Home'],
  ['devil.html', "Devil's chessboard"],
  ['devil-lab.html', 'Strategy lab'],
  ['codes.html', 'Codes lab'],
  ['lights.html', 'Lights Out'],
  ['lights-games.html', 'Lights Out games'],
  ['table.html', 'Rotating table'],
  ['chess.html', 'Chess codes'],
];

// The About page is reached from every page's credits, not from the header: one more header
// link would wrap the header onto another line at some widths and move the board down.
for (const page of [...NAV.map(([p]) => p), 'about.html']) {
  test(`${page} has the site header, its own link marked`, () => {
    const html = readFileSync(WWW + page, 'utf8');
    const header = html.match(/<header class="site-header">([\s\S]*?)<\/header>/)?.[1];
    assert.ok(header, `${page} has the site header`);
    assert.match(header, /<a class="brand" href="index.html">Chessboard Puzzles<\/a>/);
    const nav = [...header.matchAll(/<a href="([^"]+)"( aria-current="page")?>([^<]+)<\/a>/g)];
    assert.deepEqual(nav.map((m) => [m[1], m[3]]), NAV);
    assert.deepEqual(nav.filter((m) => m[2]).map((m) => m[1]), page === 'about.html' ? [] : [page]);
  });
}

for (const [page] of NAV) {
  test(`${page} has its sources and a link to the About page in a footer below <main>`, () => {
    const html = readFileSync(WWW + page, 'utf8');
    const footer = html.match(/<\/main>\s*<footer class="site-footer no-embed">([\s\S]*?)<\/footer>/)?.[1];
    assert.ok(footer, 'no footer right after </main>');
    assert.match(footer, /<h2 id="credits-title">Sources and credits<\/h2>/);
    assert.match(footer, /<a href="about.html">/);
  });
}

test('the home page has a card for every puzzle page, each with an image that exists', () => {
  const home = readFileSync(`${WWW}index.html`, 'utf8');
  const cards = [...home.matchAll(/<a class="card" href="([^"]+)"><img src="([^"]+)"/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(cards.map(([href]) => href).sort(), Object.keys(PAGES).sort());
  for (const [, img] of cards) assert.ok(readFileSync(WWW + img).length > 0, img);
});
