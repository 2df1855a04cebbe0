// Offline and installable: the `cargo xtask dist` build, served from a sub-path by a plain
// static server (Python's), installs its service worker on the first visit; then, with the
// network cut (`context.setOffline(true)`), every page, the site's embed examples and every
// puzzle's embed view (the iframe snippet's page) load and play; the web app manifest has what an install needs and its start URL answers offline; and a
// newer build's worker waits until the reader accepts "A new version is ready" and reloads.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, existsSync, cpSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, ready } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const PAGES = ['index.html', 'about.html', 'devil.html', 'devil-lab.html', 'codes.html', 'lights.html', 'lights-games.html', 'table.html', 'chess.html'];
const PUZZLE_PAGES = new Set(PAGES.slice(2));

/** The dist build: DIST_DIR from `cargo xtask test`, else built here. */
function distDir() {
  if (process.env.DIST_DIR && existsSync(join(process.env.DIST_DIR, 'sw.js'))) return process.env.DIST_DIR;
  const out = join(mkdtempSync(join(tmpdir(), 'dist-')), 'dist');
  execFileSync('cargo', ['xtask', 'dist', '--out', out], { stdio: 'inherit' });
  return out;
}

/** A copy of the build as `puzzles/` of a folder that `python3 -m http.server` serves (a copy,
 * so a test can change it); resolves to the folder and the server's URL. */
async function host() {
  const parent = mkdtempSync(join(tmpdir(), 'offline-'));
  cpSync(distDir(), join(parent, 'puzzles'), { recursive: true });
  const server = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '0'], { cwd: parent, stdio: ['ignore', 'pipe', 'ignore'] }); // its request log (stderr) unread would fill the pipe and stall it
  after(() => server.kill());
  const origin = await new Promise((resolve, reject) => {
    server.on('error', reject);
    server.stdout.on('data', (chunk) => {
      const port = /port (\d+)/.exec(String(chunk));
      if (port) resolve(`http://127.0.0.1:${port[1]}`);
    });
  });
  return { folder: join(parent, 'puzzles'), site: `${origin}/puzzles/` };
}

const { folder, site } = await host();

/** A fresh context (its own service workers and caches) on `path` of the site. */
async function visit(path) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(`${site}${path}`);
  return { context, page, errors };
}

/** Waits until the site's worker has installed (precached the build) and controls the page. */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

test('the manifest has what an install needs, a worker controls the page, and the start URL answers offline', async () => {
  const { context, page, errors } = await visit('index.html');
  await controlled(page);
  const href = await page.getAttribute('link[rel=manifest]', 'href');
  const manifestUrl = new URL(href, page.url());
  const manifest = JSON.parse(readFileSync(join(folder, href), 'utf8'));
  assert.equal(manifest.name, 'Chessboard Puzzles');
  assert.ok(manifest.short_name && manifest.short_name.length <= 12, manifest.short_name);
  assert.equal(manifest.display, 'standalone');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
  // Relative start URL and scope: the install works from any sub-path.
  assert.ok(!manifest.start_url.startsWith('/') && !manifest.scope.startsWith('/'));
  assert.equal(new URL(manifest.scope, manifestUrl).href, site);
  const start = new URL(manifest.start_url, manifestUrl).href;
  assert.ok(start.startsWith(site), start);
  // Icons of 192 and 512 px, one maskable, each a PNG of its stated size.
  for (const [size, purpose] of [[192, 'any'], [512, 'any'], [512, 'maskable']]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').split(' ').includes(purpose));
    assert.ok(icon, `a ${purpose} icon of ${size} px`);
    const png = readFileSync(join(folder, icon.src));
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [size, size], icon.src);
  }
  // Light and dark theme colours for the browser's frame.
  const themes = await page.$$eval('meta[name=theme-color]', (ms) => ms.map((m) => m.getAttribute('media')));
  assert.deepEqual(themes.sort(), ['(prefers-color-scheme: dark)', '(prefers-color-scheme: light)']);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  assert.equal(scope, site);
  await context.setOffline(true);
  const response = await page.goto(start);
  assert.equal(response?.status(), 200);
  assert.equal(await page.title(), 'Chessboard Puzzles');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const path of PAGES) {
  test(`${path} loads and plays offline after one visit`, async () => {
    const { context, page, errors } = await visit(path);
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    if (PUZZLE_PAGES.has(path)) await ready(page);
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the reloaded page is the worker’s');
    if (path === 'lights.html') {
      // Play: a press changes the board, and the share link in the address bar with it.
      const before = await page.evaluate(() => location.hash);
      await page.locator('#board [role=gridcell]').nth(7).click();
      await page.waitForFunction((h) => location.hash !== h, before);
    }
    if (path === 'devil.html') {
      // Play as A: a flip is judged (won or lost) by the module, offline.
      await page.click('[data-mode=play_a]');
      await page.locator('#board [role=gridcell]').nth(7).click();
      await page.waitForSelector('#message[data-kind=win], #message[data-kind=lose]');
    }
    if (path === 'index.html') {
      // Another page the reader has not opened yet, from the cache too.
      await page.goto(new URL('table.html', page.url()).href);
      await ready(page);
    }
    assert.deepEqual(errors, [], path);
    await context.close();
  });
}

test('the site’s embed examples draw every board offline after one visit', async () => {
  const { context, page, errors } = await visit('index.html');
  await controlled(page);
  await context.setOffline(true);
  for (const example of ['blog-post.html', 'static-site-post.html', 'devil-walkthrough.html']) {
    await page.goto(`${site}examples/${example}`);
    await page.waitForFunction(() => {
      const boards = [...document.querySelectorAll('chessboard-puzzle')];
      return boards.length > 0 && boards.every((e) => e.dataset.ready === 'true');
    });
    assert.equal(await page.locator('chessboard-puzzle[data-error]').count(), 0, example);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('every puzzle’s embed view (the iframe snippet’s page) loads offline after one visit', async () => {
  const { context, page, errors } = await visit('index.html');
  await controlled(page);
  await context.setOffline(true);
  for (const path of ['devil.html', 'lights.html', 'lights-games.html', 'table.html', 'chess.html']) {
    for (const view of ['compact', 'full']) {
      // The worker answers a page whatever its query (`?embed=1&view=…` chooses how it draws).
      await page.goto(`${site}${path}?embed=1&view=${view}`);
      await ready(page);
      assert.ok(await page.evaluate(() => document.body.classList.contains('embed')), `${path} ${view}`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a new build: "A new version is ready", and Reload brings it and drops the old cache', async () => {
  const { context, page, errors } = await visit('lights.html');
  await controlled(page);
  await ready(page);
  const cachesBefore = await page.evaluate(() => caches.keys());
  assert.equal(cachesBefore.length, 1, JSON.stringify(cachesBefore));
  // A new deploy: another build, so another worker and cache name.
  const worker = join(folder, 'sw.js');
  writeFileSync(worker, readFileSync(worker, 'utf8').replace(/const BUILD = '[0-9a-f]{8}'/, "const BUILD = 'nextbuild'"));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const bar = page.locator('#update-ready');
  await bar.waitFor();
  assert.equal(await bar.getAttribute('role'), 'status');
  assert.equal(await bar.locator('button.primary').count(), 1, 'the bar offers its Reload');
  // The reader's page keeps working on the old build until they choose to reload.
  const reloaded = page.waitForEvent('load');
  await bar.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await ready(page);
  await controlled(page);
  const cachesAfter = await page.evaluate(() => caches.keys());
  assert.equal(cachesAfter.length, 1, JSON.stringify(cachesAfter));
  assert.notEqual(cachesAfter[0], cachesBefore[0]);
  assert.equal(await page.locator('#update-ready').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
