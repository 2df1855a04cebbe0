// <chessboard-puzzle> on a host page with a strict Content-Security-Policy: a second server (another
// origin, like embed.test.mjs) serves posts whose CSP header is set here. With the policy
// docs/embedding.md gives, every puzzle draws inline and works, Worker jobs included, and the
// browser reports no violation at all (no inline style either: the table turns). With a
// directive missing, the failure is one line naming that directive. The expected answers come
// from the policies and rules written here: the Lights solution is checked by applying its
// presses, the table's turn is 3 × 360° / 8.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, screenshot, BASE_URL } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const SITE = new URL(BASE_URL).origin;
/** The policy docs/embedding.md tells a host to send (its own sources aside). */
const DOCUMENTED = `default-src 'none'; script-src ${SITE} 'wasm-unsafe-eval'; style-src ${SITE}; connect-src ${SITE}; img-src ${SITE}; worker-src blob:`;
const POLICIES = {
  documented: DOCUMENTED,
  // No 'wasm-unsafe-eval', and no frames of the site to fall back to.
  'no-wasm': `default-src 'none'; script-src ${SITE}; style-src ${SITE}; connect-src ${SITE}; img-src ${SITE}; worker-src blob:`,
  // Only default-src: WebAssembly is decided there, so that is the directive to name.
  'default-only': `default-src ${SITE}`,
  'no-worker': DOCUMENTED.replace('; worker-src blob:', ''),
};

const LIGHTS_30 = '#lights/v2/AdAdBAAAAAB4eZoV24490YA'; // 30×30, classic, 3 states: solved in the Worker
const TABLE_ADVERSARY = '#table/v1/HDgAAAAAAAAAABNuH8l1bwC6YJJJIA'; // 8 coins, adversarial devil, Follow the strategy
const TABLE_HUMAN = '#table/v1/HFgAAAAAAAAAABofySvZjUj1hAJIAA'; // 8 coins, the reader turns the table

/** A post on the host: one script tag from the site, the elements, nothing inline. */
const post = (elements) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post behind a strict policy</title>
<script type="module" src="${BASE_URL}/embed.js"></script></head>
<body><article><h1>Boards behind a Content-Security-Policy</h1>${elements}</article></body></html>`;

const EVERY_PUZZLE = `
  <chessboard-puzzle id="devil" view="full" link="${BASE_URL}/devil.html#devil/v1/RAAAC3cI"></chessboard-puzzle>
  <chessboard-puzzle id="lights" view="full" link="${LIGHTS_30}"></chessboard-puzzle>
  <chessboard-puzzle id="table" view="full" link="${TABLE_ADVERSARY}"></chessboard-puzzle>
  <chessboard-puzzle id="turning" view="full" link="${TABLE_HUMAN}"></chessboard-puzzle>`;
const CHESS = '<chessboard-puzzle id="chess" view="full" link="#chess/v2/YHdIBOkqMizjbKJ4_tuwBCeA1gA"></chessboard-puzzle>';

let host;
let HOST;
before(async () => {
  host = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://host');
    const name = url.pathname.slice(1).replace(/\.html$/, '');
    if (name === 'favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (!Object.hasOwn(POLICIES, name)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    const only = url.searchParams.get('only');
    const elements = only ? `${EVERY_PUZZLE}\n${CHESS}`.split('\n').filter((line) => line.includes(`id="${only}"`)).join('\n') : EVERY_PUZZLE;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': POLICIES[name] });
    res.end(post(elements));
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  HOST = `http://127.0.0.1:${host.address().port}`;
});
after(() => host.close());

/** Opens a host page, recording console errors and every CSP violation the browser reports. */
async function openHost(path) {
  assert.notEqual(new URL(HOST).origin, SITE);
  const context = await browser.newContext({ viewport: { width: 900, height: 1000 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.addInitScript(() => {
    /** @type {string[]} */
    const seen = [];
    Object.defineProperty(window, 'violations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`), true);
  });
  await page.goto(`${HOST}/${path}`);
  return { page, errors, context };
}

const inside = (id, selector) => `chessboard-puzzle#${id} ${selector}`;

test('with the documented policy every puzzle draws inline and works, Worker jobs and the table’s turn too', async () => {
  const { page, errors, context } = await openHost('documented.html');
  for (const id of ['devil', 'lights', 'table', 'turning']) await page.waitForSelector(`chessboard-puzzle#${id}[data-ready=true]`);
  assert.equal(page.frames().length, 1, 'no frame: every board is drawn inline');
  assert.equal(await page.locator(inside('devil', '[role=gridcell]')).count(), 16);

  // Lights, 30×30 with 3 states: its solution comes from the Worker. Pressing a light adds 1
  // (mod 3) to it and its four neighbours; the marked presses must leave every light at 0.
  await page.locator(inside('lights', '#show-solution')).click();
  await page.waitForFunction(() => {
    const root = document.querySelector('chessboard-puzzle#lights').shadowRoot;
    return /^Solution: press the marked lights/.test(root.getElementById('verdict').textContent);
  });
  const cells = await page.locator(inside('lights', '[role=gridcell]')).evaluateAll((list) => list.map((c) => [Number(c.dataset.state), Number(c.dataset.presses)]));
  assert.equal(cells.length, 900);
  const after = cells.map(([state]) => state);
  cells.forEach(([, presses], i) => {
    const [r, c] = [Math.floor(i / 30), i % 30];
    for (const [dr, dc] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const [nr, nc] = [r + dr, c + dc];
      if (nr >= 0 && nr < 30 && nc >= 0 && nc < 30) after[nr * 30 + nc] = (after[nr * 30 + nc] + presses) % 3;
    }
  });
  assert.ok(cells.some(([state]) => state !== 0), 'the board has lights on');
  assert.deepEqual(after, new Array(900).fill(0));

  // The table: a jump to move 100 is played in the Worker. The adversarial devil keeps 255 − 100
  // of the 2^8 − 1 configurations of the 255-move strategy.
  await page.locator(inside('table', '#jump-to')).fill('100');
  await page.locator(inside('table', '#jump')).click();
  await page.waitForSelector('chessboard-puzzle#table #belief-info[data-moves="100"][data-configurations="155"]');

  // The reader turns the table by 3 of 8 positions: the redrawn table stands at 135°.
  await page.locator(inside('turning', '#turn')).fill('3');
  await page.locator(inside('turning', '#step')).click();
  await page.waitForFunction(() => document.querySelector('chessboard-puzzle#turning').shadowRoot.querySelector('[data-view]').dataset.moves === '1');
  const matrix = await page.locator(inside('turning', '#spin')).evaluate((g) => getComputedStyle(g).transform);
  const [a, b] = matrix.match(/-?[\d.e-]+/g).map(Number);
  const degrees = (Math.atan2(b, a) * 180) / Math.PI;
  assert.ok(Math.abs(degrees - 135) < 0.01, `the table stands at ${degrees}° (${matrix})`);

  await screenshot(page, 'csp-documented');
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with the documented policy a chess position draws as an 8 × 8 grid', async () => {
  const { page, context } = await openHost('documented.html?only=chess');
  await page.waitForSelector('chessboard-puzzle#chess[data-ready=true]');
  assert.equal(await page.locator(inside('chess', '[role=gridcell]')).count(), 64);
  // Its size is in the style sheet, so the grid has 8 columns whatever the policy does to style attributes.
  const columns = await page.locator(inside('chess', '#board')).evaluate((b) => getComputedStyle(b).gridTemplateColumns.split(' ').length);
  assert.equal(columns, 8);
  assert.match(await page.locator(inside('chess', '#fen')).inputValue(), /^r1bqkb1r\/pppp1ppp\/2n2n2\/4p2Q\//);
  await context.close();
});

test('with the documented policy a chess position triggers no violation', async () => {
  const { page, errors, context } = await openHost('documented.html?only=chess');
  await page.waitForSelector('chessboard-puzzle#chess[data-ready=true]');
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('without worker-src blob: a Worker job says in one line which directive to add', async () => {
  const { page, context } = await openHost('no-worker.html?only=lights');
  await page.waitForSelector('chessboard-puzzle#lights[data-ready=true]');
  await page.locator(inside('lights', '#show-solution')).click();
  const message = page.locator(inside('lights', '#message'));
  await message.filter({ hasText: /./ }).waitFor();
  assert.equal(await message.textContent(), "this page's Content-Security-Policy blocks the puzzle's Web Worker: add blob: to worker-src");
  assert.equal(await message.getAttribute('data-kind'), 'error');
  await context.close();
});

test("without 'wasm-unsafe-eval' the element and the core say in one line which directive to add", async () => {
  const { page, context } = await openHost('no-wasm.html?only=devil');
  await page.waitForSelector('chessboard-puzzle#devil[data-error=true]');
  const line = await page.locator(inside('devil', '.embed-error')).textContent();
  assert.ok(!line.includes('\n'), 'one line');
  assert.match(line, /'wasm-unsafe-eval' to script-src/);
  assert.doesNotMatch(line, /'unsafe-eval' is not/, 'not the browser’s text naming the wrong source');
  // The core's own message, as a page of the site would show it.
  const direct = await page.evaluate(async (site) => {
    const app = await import(`${site}/js/app.js`);
    return app.loadCore('devil').then(() => 'loaded', (err) => `${err.name}: ${err.message}`);
  }, BASE_URL);
  assert.equal(direct, "PolicyError: this page's Content-Security-Policy blocks WebAssembly: add 'wasm-unsafe-eval' to script-src");
  await screenshot(page, 'csp-no-wasm');
  await context.close();

  // A policy of default-src alone decides WebAssembly there.
  const only = await openHost('default-only.html?only=devil');
  const text = await only.page.evaluate(async (site) => {
    const app = await import(`${site}/js/app.js`);
    return app.loadCore('devil').then(() => 'loaded', (err) => err.message);
  }, BASE_URL);
  assert.equal(text, "this page's Content-Security-Policy blocks WebAssembly: add 'wasm-unsafe-eval' to default-src");
  await only.context.close();
});
