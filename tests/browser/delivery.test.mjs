// What each page downloads, counted from the browser's own network events: every puzzle page
// fetches its one wasm module exactly once (also when a Worker runs a job, also after a
// cancelled job), the landing page none, the blog example one download per puzzle shown; and
// the `cargo xtask dist` build works from a sub-path under a plain static server (Python's),
// where its precaching service worker downloads every module once in all, none twice.
// Every test opens a fresh context: a page the harness reuses has the site in its HTTP cache.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, open, ready, enterLightsSize, watchRequests } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

/** Which wasm module each page needs (www/pkg/modules.js names). */
const PAGES = {
  'index.html': null,
  'about.html': null,
  'devil.html': 'devil',
  'devil-lab.html': 'lab',
  'codes.html': 'lab',
  'lights.html': 'lights',
  'lights-games.html': 'lights-full',
  'table.html': 'table',
  'chess.html': 'chess',
};

/** Every wasm request of a page (frames and workers included): `settled()` resolves, once each
 * started so far has ended, to its path and body size. The pages' states the tests wait on come
 * after every fetch they cause (a Worker gets the compiled module, never a fetch of its own). */
function recordWasm(page) {
  const wasm = watchRequests(page, (request) => new URL(request.url()).pathname.endsWith('.wasm'));
  return {
    settled: async () =>
      Promise.all(
        (await wasm.settled()).map(async ({ request, failed }) => ({
          path: new URL(request.url()).pathname,
          body: failed ? 0 : (await request.sizes()).responseBodySize,
        })),
      ),
  };
}

/** The module a wasm file belongs to: `devil_bg.wasm` or `devil_bg.1a2b3c4d.wasm` → devil. */
const moduleOf = (path) => path.split('/').pop().split('_bg')[0];

for (const [path, module] of Object.entries(PAGES)) {
  test(`${path} fetches ${module ? `the ${module} module once` : 'no wasm'}`, async () => {
    const { page, errors, context } = await open(browser, 'index.html', { fresh: true });
    const recorded = recordWasm(page);
    await page.goto(new URL(path, `${page.url()}`).href);
    if (module) await ready(page);
    if (path === 'lights.html') await page.waitForSelector('#chart svg'); // a Worker job at load
    if (path === 'devil-lab.html') {
      await page.click('#verify'); // a Worker job on demand
      await page.waitForFunction(() => document.querySelector('#verdict').textContent.length > 0);
    }
    const wasm = await recorded.settled();
    assert.deepEqual(wasm.map((w) => moduleOf(w.path)), module ? [module] : [], JSON.stringify(wasm));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the Lights page fetches lights-full once, and only when a board needs its solvers', async () => {
  const { page, errors, context } = await open(browser, 'index.html', { fresh: true });
  const recorded = recordWasm(page);
  await page.goto(new URL('lights.html', page.url()).href);
  await ready(page);
  await page.waitForSelector('#chart svg');
  // A 20×20 board with 3 states (400 lights) is solved on the main thread by the page's module.
  const solveAs = async (rows, cols, states, edges = 'bounded') => {
    await page.selectOption('#edges', edges);
    await page.selectOption('#states', String(states));
    await enterLightsSize(page, rows, cols);
    const board = `[data-rows="${rows}"][data-cols="${cols}"][data-edges=${edges}][data-states="${states}"]`;
    await page.waitForSelector(`#status${board}[data-rule=plus]`);
    await page.waitForSelector(`#counts${board}[data-nullity]`);
    await page.click('#check');
    await page.waitForSelector('#verdict[data-solvable=true]:not([data-shown])');
  };
  await solveAs(20, 20, 3);
  const wasm = await recorded.settled();
  assert.deepEqual(wasm.map((w) => moduleOf(w.path)), ['lights'], JSON.stringify(wasm));
  // 21×20 needs the structured solvers: the Worker gets lights-full, fetched once for all three boards.
  await solveAs(21, 20, 3);
  await solveAs(30, 40, 5);
  await solveAs(70, 70, 2, 'torus'); // the packed torus chase, beyond 4096 lights
  const all = await recorded.settled();
  assert.deepEqual(all.map((w) => moduleOf(w.path)), ['lights', 'lights-full'], JSON.stringify(all));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a cancelled Worker job and the next one do not fetch the wasm again', async () => {
  const { page, errors, context } = await open(browser, 'index.html', { fresh: true });
  const recorded = recordWasm(page);
  await page.goto(new URL('table.html', page.url()).href);
  await ready(page);
  const result = await page.evaluate(async () => {
    const { runJob, isCancelled } = await import('./js/worker-client.js');
    const first = runJob('table_verify', [8, 2], null, 'table');
    first.cancel();
    const cancelled = await first.promise.then(
      () => 'resolved',
      (e) => ({ name: e.name, isCancelled: isCancelled(e) }),
    );
    const second = await runJob('table_verify', [8, 2], null, 'table').promise;
    const third = await runJob('table_verify', [8, 2], null, 'table').promise;
    return { cancelled, same: JSON.stringify(second) === JSON.stringify(third), ok: second != null };
  });
  assert.deepEqual(result.cancelled, { name: 'AbortError', isCancelled: true });
  assert.ok(result.ok && result.same);
  const wasm = await recorded.settled();
  assert.deepEqual(wasm.map((w) => moduleOf(w.path)), ['table']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the blog example downloads each puzzle module once, however many boards show it', async () => {
  const { page, errors, context } = await open(browser, 'index.html', { fresh: true });
  const recorded = recordWasm(page);
  await page.goto(new URL('examples/blog-post.html', page.url()).href);
  await page.waitForFunction(() => [...document.querySelectorAll('chessboard-puzzle')].every((e) => e.dataset.ready === 'true'));
  const wasm = await recorded.settled();
  // Two Devil boards, Lights Out and a chess position: three modules, each downloaded once.
  const downloads = wasm.filter((w) => w.body > 0);
  assert.deepEqual(downloads.map((w) => moduleOf(w.path)).sort(), ['chess', 'devil', 'lights'], JSON.stringify(wasm));
  assert.equal(wasm.length, 3, JSON.stringify(wasm));
  assert.deepEqual(errors, []);
  await context.close();
});

/** The dist build: DIST_DIR from `cargo xtask test`, else built here. */
function distDir() {
  if (process.env.DIST_DIR && existsSync(join(process.env.DIST_DIR, 'pkg/modules.js'))) return process.env.DIST_DIR;
  const out = join(mkdtempSync(join(tmpdir(), 'dist-')), 'dist');
  execFileSync('cargo', ['xtask', 'dist', '--out', out], { stdio: 'inherit' });
  return out;
}

/** `python3 -m http.server` in a folder whose `puzzles/` is the dist build; resolves to its URL. */
function pythonServer(dist) {
  const parent = mkdtempSync(join(tmpdir(), 'host-'));
  symlinkSync(dist, join(parent, 'puzzles'));
  const server = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '0'], { cwd: parent, stdio: ['ignore', 'pipe', 'ignore'] }); // its request log (stderr) unread would fill the pipe and stall it
  after(() => server.kill());
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.stdout.on('data', (chunk) => {
      const port = /port (\d+)/.exec(String(chunk));
      if (port) resolve(`http://127.0.0.1:${port[1]}`);
    });
  });
}

/** Every wasm download of a context, its service worker's included: `settled()` resolves to
 * `{module, body}` for each request once all have been measured. */
function recordContextWasm(context) {
  const pending = [];
  context.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.endsWith('.wasm')) return;
    pending.push(request.sizes().then((sizes) => ({ module: moduleOf(new URL(request.url()).pathname), body: sizes.responseBodySize, worker: request.serviceWorker() !== null })));
  });
  return { settled: () => Promise.all(pending) };
}

const MODULES = ['chess', 'devil', 'lab', 'lights', 'lights-full', 'table'];

test('the dist build works from a sub-path under a plain static server', async () => {
  const origin = await pythonServer(distDir());
  for (const path of [...Object.keys(PAGES), 'examples/blog-post.html']) {
    const { page, errors, context } = await open(browser, 'index.html', { fresh: true });
    const all = recordContextWasm(context);
    const failed = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const recorded = recordWasm(page);
    await page.goto(`${origin}/puzzles/${path}`);
    if (path.startsWith('examples/')) {
      await page.waitForFunction(() => [...document.querySelectorAll('chessboard-puzzle')].every((e) => e.dataset.ready === 'true'));
    } else if (PAGES[path]) {
      await ready(page);
    }
    const modules = PAGES[path] ? [PAGES[path]] : [];
    if (path === 'lights.html') {
      await page.waitForSelector('#chart svg'); // the Worker, from dist
      // A board that needs lights-full: its hashed name comes from the rewritten manifest.
      await page.selectOption('#states', '3');
      await enterLightsSize(page, 21, 20);
      await page.waitForSelector('#counts[data-rows="21"][data-cols="20"][data-states="3"][data-nullity]');
      modules.push('lights-full');
    }
    const wasm = await recorded.settled();
    assert.deepEqual(failed, [], path);
    assert.deepEqual(errors, [], path);
    assert.ok(wasm.every((w) => /^\/puzzles\/pkg\/[a-z-]+_bg\.[0-9a-f]{8}\.wasm$/.test(w.path)), JSON.stringify(wasm));
    // The page's preload of its wasm was renamed with the module, so it is fetched once.
    if (PAGES[path]) assert.deepEqual(wasm.map((w) => moduleOf(w.path)), modules, JSON.stringify(wasm));
    // The build's service worker has precached it for offline use (docs/deploying.md): every
    // module is downloaded once in all, none twice: the page's own by the page before the worker
    // starts (it registers after the page's load, and takes that one from the HTTP cache), the
    // others by the worker (a module a page asks for later, as lights-full, may come from either).
    // The examples are posts, which register no worker.
    if (path.startsWith('examples/')) {
      await context.close();
      continue;
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    const downloads = (await all.settled()).filter((w) => w.body > 0);
    assert.deepEqual(downloads.map((w) => w.module).sort(), MODULES, `${path} ${JSON.stringify(downloads)}`);
    if (PAGES[path]) assert.ok(downloads.some((w) => w.module === PAGES[path] && !w.worker), `${path}: ${PAGES[path]} by the page`);
    await context.close();
  }
});
