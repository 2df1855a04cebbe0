// The npm package with no hosting of one's own: its tarball (`cargo xtask package`) unpacked under
// a CDN-like path, `/npm/chessboard-puzzles@VERSION/`, on a plain static server that sends
// `Access-Control-Allow-Origin: *` (as jsDelivr and unpkg do), and a post on another origin that
// loads `embed.js` from there and embeds a board of every puzzle. Every file the boards need
// comes from under that path (embed.js finds its base from its own URL), each board draws and
// plays, and a post whose Content-Security-Policy refuses WebAssembly gets the frame fallback,
// its page also from under the path. Served as jsDelivr and unpkg serve it (pages as text/plain),
// every board still draws and plays inline.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, existsSync, readFileSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname, normalize } from 'node:path';
import { launch, watchRequests } from './harness.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const VERSION = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(readFileSync(join(ROOT, 'Cargo.toml'), 'utf8'))?.[1];
const PREFIX = `/npm/chessboard-puzzles@${VERSION}/`;

/** The tarball: PACKAGE_TGZ from `cargo xtask test`, else made here. */
function tarball() {
  if (process.env.PACKAGE_TGZ && existsSync(process.env.PACKAGE_TGZ)) return process.env.PACKAGE_TGZ;
  const out = mkdtempSync(join(tmpdir(), 'package-'));
  execFileSync('cargo', ['xtask', 'package', '--out', out], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return join(out, `chessboard-puzzles-${VERSION}.tgz`);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** A plain static server of `dir` with CORS on every file, as a CDN. `htmlAsText`: pages are
 * sent as `text/plain` with `nosniff`, as jsDelivr and unpkg send them (they serve no pages). */
function cdnServer(dir, htmlAsText = false) {
  return http.createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname));
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' });
      res.end();
      return;
    }
    const type = htmlAsText && extname(file) === '.html' ? 'text/plain; charset=utf-8' : (TYPES[extname(file)] ?? 'application/octet-stream');
    res.writeHead(200, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' });
    res.end(readFileSync(file));
  });
}

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));

const browser = await launch();
after(() => browser.close());

/** One board of each puzzle, each a page link without a fragment (a fresh puzzle) or a share fragment. */
const BOARDS = {
  devil: 'devil.html',
  lights: 'lights.html',
  games: 'lights-games.html',
  table: 'table.html',
  chess: '#chess/v2/YHdIBOkqMizjbKJ4_tuwBCeA1gA',
};

let CDN;
let TEXT_CDN;
let POST;
const servers = [];
/** Temp folders to remove at the end (an `after` inside `before` would run at once). */
const roots = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
before(async () => {
  const root = mkdtempSync(join(tmpdir(), 'cdn-'));
  roots.push(root);
  const folder = join(root, PREFIX);
  mkdirSync(folder, { recursive: true });
  execFileSync('tar', ['xzf', tarball(), '-C', folder, '--strip-components=1']);
  const cdn = cdnServer(root);
  CDN = `${await listen(cdn)}${PREFIX}`;
  const textCdn = cdnServer(root, true);
  TEXT_CDN = `${await listen(textCdn)}${PREFIX}`;
  const post = (elements, csp, cdn = CDN) => ({
    headers: csp ? { 'Content-Security-Policy': csp } : {},
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>
<script type="module" src="${cdn}embed.js"></script></head><body><article><h1>Boards from the npm package</h1>${elements}</article></body></html>`,
  });
  const every = (cdn) =>
    Object.entries(BOARDS)
      .map(([id, link]) => `<chessboard-puzzle id="${id}" link="${link.startsWith('#') ? link : cdn + link}"></chessboard-puzzle>`)
      .join('\n');
  const origin = new URL(CDN).origin;
  const posts = {
    '/every.html': post(every(CDN)),
    '/every-text-pages.html': post(every(TEXT_CDN), undefined, TEXT_CDN),
    // No 'wasm-unsafe-eval', the CDN allowed in frames: the element shows the page in a frame.
    '/no-wasm.html': post(
      `<chessboard-puzzle id="lights" link="${CDN}lights.html"></chessboard-puzzle>`,
      `default-src 'none'; script-src ${origin}; style-src ${origin}; connect-src ${origin}; img-src ${origin}; frame-src ${origin}`,
    ),
  };
  const host = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://post').pathname;
    if (path === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    const answer = posts[path];
    res.writeHead(answer ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', ...(answer?.headers ?? {}) });
    res.end(answer?.body ?? '');
  });
  POST = await listen(host);
  servers.push(cdn, textCdn, host);
});
after(() => servers.forEach((s) => s.close()));

/** Opens a post, recording console errors and every request that is not from under the CDN path. */
async function openPost(path, cdn = CDN) {
  assert.notEqual(new URL(POST).origin, new URL(CDN).origin);
  const context = await browser.newContext({ viewport: { width: 900, height: 1000 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  const requests = watchRequests(page);
  await page.goto(`${POST}${path}`);
  /** Once every request so far has ended: each that failed, or was not the post's own nor from
   * under the CDN path, or got an error status. */
  const strays = async () => {
    const found = [];
    for (const { request, failed } of await requests.settled()) {
      const url = request.url();
      if (failed) found.push(`failed ${url}`);
      else if (!url.startsWith(POST)) {
        const status = (await request.response())?.status() ?? 0;
        if (!url.startsWith(cdn) || status >= 400) found.push(`${status} ${url}`);
      }
    }
    return found;
  };
  return { context, page, errors, strays };
}

test('a post on another origin embeds a board of every puzzle from the package under a CDN path', async () => {
  const { context, page, errors, strays } = await openPost('/every.html');
  await page.waitForFunction((n) => {
    const boards = [...document.querySelectorAll('chessboard-puzzle')];
    return boards.length === n && boards.every((b) => b.dataset.ready === 'true');
  }, Object.keys(BOARDS).length);
  assert.equal(await page.locator('chessboard-puzzle[data-error]').count(), 0);
  // Each board is drawn inline, its playground link under the CDN path.
  for (const id of Object.keys(BOARDS)) {
    const link = await page.evaluate((i) => /** @type {any} */ (document.getElementById(i)).link, id);
    assert.ok(link.startsWith(CDN), `${id}: ${link}`);
  }
  assert.equal(page.frames().length, 1, 'no frame: every board is inline');
  // Play Lights Out: a press changes the board, and so its link.
  await pressChangesLink(page);
  assert.deepEqual(await strays(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Presses a light of the post's Lights Out board and waits for the board's link to change. */
async function pressChangesLink(page) {
  const before = await page.evaluate(() => /** @type {any} */ (document.getElementById('lights')).link);
  await page.locator('#lights [role=gridcell]').nth(12).click();
  await page.waitForFunction((b) => /** @type {any} */ (document.getElementById('lights')).link !== b, before);
}

test('a post that refuses WebAssembly gets the frame fallback, its page from under the CDN path', async () => {
  const { context, page, strays } = await openPost('/no-wasm.html');
  await page.waitForSelector('chessboard-puzzle[data-frame=true][data-ready=true]');
  const frame = page.frames().find((f) => f.url().startsWith(`${CDN}lights.html?embed=1`));
  assert.ok(frame, page.frames().map((f) => f.url()).join(' '));
  await frame.waitForSelector('body[data-ready=true]');
  assert.ok((await frame.locator('[role=gridcell]').count()) >= 25);
  assert.deepEqual(await strays(), []);
  await context.close();
});

test('on a CDN that serves no pages (HTML as text/plain, as jsDelivr), every board still draws inline', async () => {
  const { context, page, errors, strays } = await openPost('/every-text-pages.html', TEXT_CDN);
  await page.waitForFunction((n) => {
    const boards = [...document.querySelectorAll('chessboard-puzzle')];
    return boards.length === n && boards.every((b) => b.dataset.ready === 'true');
  }, Object.keys(BOARDS).length);
  assert.equal(await page.locator('chessboard-puzzle[data-error]').count(), 0);
  await pressChangesLink(page);
  assert.deepEqual(await strays(), []);
  assert.deepEqual(errors, []);
  await context.close();
});
