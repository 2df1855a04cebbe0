// The npm package (`cargo xtask package`) as a user gets it: its tarball `npm install`ed into a
// scratch project in a temp folder (a local tarball needs no registry), then the documented
// Node example of docs/embedding.md run there as written, and more 5×5 Lights Out boards solved
// through `chessboard-puzzles/lights`. Every solution is checked by the rule written out here
// (a press toggles its light and the four orthogonal neighbours): applied to its board, it
// leaves every light off. The all-on board takes 15 presses at the fewest (the known 5×5
// figure). The package's declarations are type-checked with tsc as a TypeScript user would.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const VERSION = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(readFileSync(join(ROOT, 'Cargo.toml'), 'utf8'))?.[1];

/** The tarball: PACKAGE_TGZ from `cargo xtask test`, else made here. */
function tarball() {
  if (process.env.PACKAGE_TGZ && existsSync(process.env.PACKAGE_TGZ)) return process.env.PACKAGE_TGZ;
  const out = mkdtempSync(join(tmpdir(), 'package-'));
  execFileSync('cargo', ['xtask', 'package', '--out', out], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return join(out, `chessboard-puzzles-${VERSION}.tgz`);
}

const project = mkdtempSync(join(tmpdir(), 'scratch-'));
after(() => rmSync(project, { recursive: true, force: true }));
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball()], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
const installed = join(project, 'node_modules/chessboard-puzzles');

/** Runs a script in the scratch project; its standard output. @param {string} name @param {string} source */
function runScript(name, source) {
  writeFileSync(join(project, name), source);
  return execFileSync('node', [name], { cwd: project, encoding: 'utf8' });
}

/** The classic rule, independently of the package: presses (one byte a light) applied to lights.
 * @param {ArrayLike<number>} lights @param {ArrayLike<number>} presses */
function applyPresses(lights, presses, n = 5) {
  const out = Uint8Array.from(lights);
  Array.from(presses).forEach((p, i) => {
    if (!p) return;
    const [r, c] = [Math.floor(i / n), i % n];
    for (const [dr, dc] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const [rr, cc] = [r + dr, c + dc];
      if (rr >= 0 && rr < n && cc >= 0 && cc < n) out[rr * n + cc] ^= 1;
    }
  });
  return out;
}
const digits = (/** @type {string[]} */ rows) => Uint8Array.from(rows.join('').split('').map(Number));

test('the package is named, versioned and licensed as the crate, and holds the element and every module', () => {
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(pkg.name, 'chessboard-puzzles');
  assert.equal(pkg.version, VERSION);
  assert.equal(pkg.license, 'MIT OR Apache-2.0');
  assert.equal(pkg.exports['.'], './embed.js');
  for (const file of ['embed.js', 'devil.html', 'lights.html', 'lights-games.html', 'table.html', 'chess.html', 'js/views/devil.js', 'css/embed.css', 'pkg/modules.js']) {
    assert.ok(existsSync(join(installed, file)), file);
  }
  for (const module of ['devil', 'lab', 'lights', 'lights-full', 'table', 'chess']) {
    assert.ok(existsSync(join(installed, `node/${module}.js`)) && existsSync(join(installed, `node/${module}.d.ts`)), module);
    assert.ok(pkg.exports[`./${module}`].types && pkg.exports[`./${module}`].node, module);
  }
  // No service worker and no .gz files: a CDN path is no installable site, and CDNs compress.
  assert.ok(!existsSync(join(installed, 'sw.js')));
  assert.deepEqual(readdirSync(join(installed, 'pkg')).filter((f) => f.endsWith('.gz')), []);
});

test('the documented Node example solves its board: the presses it prints clear it', () => {
  const docs = readFileSync(join(ROOT, 'docs/embedding.md'), 'utf8');
  const example = /<!-- node-example -->\s*```js\n([\s\S]*?)```/.exec(docs)?.[1];
  assert.ok(example, 'docs/embedding.md has the Node example');
  const board = /\[((?:'[01]{5}',?\s*){5})\]/.exec(example)?.[1].match(/[01]{5}/g);
  assert.ok(board, 'the example states its 5×5 board');
  const lines = runScript('solve.mjs', example).trim().split('\n');
  const presses = digits(lines.slice(0, 5));
  assert.equal(presses.length, 25, lines.join('\n'));
  assert.ok(digits(board).some((x) => x), 'the board has lights on');
  assert.deepEqual(applyPresses(digits(board), presses), new Uint8Array(25), lines.join('\n'));
  assert.equal(lines[5], `${presses.reduce((a, b) => a + b, 0)} presses`);
});

test('5×5 boards made by random presses, and the all-on board, solve through the package', () => {
  // Boards made here by pressing lights by the rule above, so each is solvable; a seeded LCG.
  let seed = 2026;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const boards = [new Uint8Array(25).fill(1)];
  for (let b = 0; b < 20; b++) {
    boards.push(applyPresses(new Uint8Array(25), Uint8Array.from({ length: 25 }, () => (random() < 0.4 ? 1 : 0))));
  }
  const source = `import { lights_open_file, lights_solve, lights_cells } from 'chessboard-puzzles/lights';
const boards = ${JSON.stringify(boards.map((b) => Array.from(b).join('')))};
const spec = { rows: 5, cols: 5, rule: 'plus', torus: false, states: 2 };
const out = boards.map((text) => {
  const board = lights_open_file(new TextEncoder().encode(text.match(/.{5}/g).join('\\n')), spec);
  const s = lights_solve(board, true, () => {});
  return { solvable: s.solvable, count: s.press_count, presses: Array.from(lights_cells(s.presses, 1, 0, 5)) };
});
console.log(JSON.stringify(out));
`;
  const solved = JSON.parse(runScript('check.mjs', source));
  assert.equal(solved.length, boards.length);
  solved.forEach((/** @type {{ solvable: boolean, presses: number[], count: number }} */ s, /** @type {number} */ i) => {
    assert.equal(s.solvable, true, `board ${i}`);
    assert.deepEqual(applyPresses(boards[i], s.presses), new Uint8Array(25), `board ${i}`);
    assert.equal(s.count, s.presses.filter((p) => p).length, `board ${i}`);
  });
  assert.equal(solved[0].count, 15, 'all on: 15 presses at the fewest');
});

test('the declarations type-check a TypeScript user of the package, and catch a misuse', () => {
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [] }, files: ['use.ts'] }));
  writeFileSync(
    join(project, 'use.ts'),
    `import { lights_open_file, lights_solve } from 'chessboard-puzzles/lights';
const board = lights_open_file(new TextEncoder().encode('11\\n10'), { rows: 2, cols: 2, rule: 'plus', torus: false, states: 2 });
const fewest: boolean = true;
lights_solve(board, fewest, () => {});
// @ts-expect-error the second argument is a boolean
lights_solve(board, 'yes', () => {});
`,
  );
  execFileSync(join(ROOT, 'tests/node_modules/.bin/tsc'), ['-p', project], { cwd: project, stdio: ['ignore', 'inherit', 'inherit'] });
});

test('the CDN snippets of README.md and docs/embedding.md pin the crate’s version', () => {
  for (const file of ['README.md', 'docs/embedding.md']) {
    const pinned = [...readFileSync(join(ROOT, file), 'utf8').matchAll(/cdn\.jsdelivr\.net\/npm\/chessboard-puzzles@([^/]+)\//g)].map((m) => m[1]);
    assert.ok(pinned.length > 0, file);
    assert.deepEqual([...new Set(pinned)], [VERSION], file);
  }
});
