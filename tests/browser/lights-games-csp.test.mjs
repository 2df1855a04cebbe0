// The Lights Out games (the Cube's net, the Orbix's rings) embedded on a host page behind the
// strict Content-Security-Policy docs/embedding.md gives: no `style` attribute in markup (the
// policy has no 'unsafe-inline'), so the browser reports no violation, and every light keeps its
// place. The expected places come from the games' shapes written out here: the Cube's net is
// 9 rows × 12 columns with U over F, L F R B across and D under F; the Orbix's twelve faces are
// twelve distinct points. A policy without connect-src names connect-src's fallback
// (default-src), not 'wasm-unsafe-eval', which that policy already has.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, screenshot, BASE_URL } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const SITE = new URL(BASE_URL).origin;
const DOCUMENTED = `default-src 'none'; script-src ${SITE} 'wasm-unsafe-eval'; style-src ${SITE}; connect-src ${SITE}; img-src ${SITE}; worker-src blob:`;
const POLICIES = {
  documented: DOCUMENTED,
  'no-connect': DOCUMENTED.replace(`; connect-src ${SITE}`, ''),
};
const CUBE = `${BASE_URL}/lights-games.html#lights-graph/v1/VC0T3MOa3kA`;
const ORBIX = `${BASE_URL}/lights-games.html#lights-graph/v1/Yo2A`;
const ELEMENTS = `
  <chessboard-puzzle id="cube" view="full" link="${CUBE}"></chessboard-puzzle>
  <chessboard-puzzle id="orbix" view="full" link="${ORBIX}"></chessboard-puzzle>`;

let host;
let HOST;
before(async () => {
  host = http.createServer((req, res) => {
    const name = new URL(req.url, 'http://host').pathname.slice(1).replace(/\.html$/, '');
    if (!Object.hasOwn(POLICIES, name)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': POLICIES[name] });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Games behind a strict policy</title>
<script type="module" src="${BASE_URL}/embed.js"></script></head>
<body><article><h1>The Cube and the Orbix</h1>${ELEMENTS}</article></body></html>`);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  HOST = `http://127.0.0.1:${host.address().port}`;
});
after(() => host.close());

async function openHost(path) {
  const context = await browser.newContext({ viewport: { width: 900, height: 1000 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.addInitScript(() => {
    const seen = [];
    Object.defineProperty(window, 'violations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`), true);
  });
  await page.goto(`${HOST}/${path}`);
  return { page, errors, context };
}

/** Each light's label and the centre of its button, inside element `id`. */
const centres = (page, id) =>
  page.evaluate((id) => {
    const root = document.querySelector(`chessboard-puzzle#${id}`).shadowRoot;
    return [...root.querySelectorAll('#board button.light')].map((b) => {
      const r = b.getBoundingClientRect();
      return { label: b.dataset.label, x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2), w: r.width };
    });
  }, id);

test('with the documented policy the Cube and the Orbix draw in place, playable, with no violation', async () => {
  const { page, errors, context } = await openHost('documented.html');
  for (const id of ['cube', 'orbix']) await page.waitForSelector(`chessboard-puzzle#${id}[data-ready=true]`);
  await page.waitForFunction(() =>
    ['cube', 'orbix'].every((id) => document.querySelector(`chessboard-puzzle#${id}`).shadowRoot?.querySelectorAll('#board button.light').length > 0),
  );

  // The Cube: 54 lights at 54 distinct places, on a 9 × 12 net (U over F, L F R B, D under F).
  const cube = await centres(page, 'cube');
  assert.equal(cube.length, 54);
  assert.equal(new Set(cube.map((c) => `${c.x},${c.y}`)).size, 54, 'every light of the Cube has its own place');
  const at = (list, label) => list.find((c) => c.label === label);
  const step = at(cube, 'U2').x - at(cube, 'U1').x;
  assert.ok(step > 0, 'U2 is right of U1');
  const cell = (label) => [Math.round((at(cube, label).y - at(cube, 'U1').y) / step) + 1, Math.round((at(cube, label).x - at(cube, 'U1').x) / step) + 4];
  assert.deepEqual(cell('L1'), [4, 1]);
  assert.deepEqual(cell('F5'), [5, 5]);
  assert.deepEqual(cell('B9'), [6, 12]);
  assert.deepEqual(cell('D9'), [9, 6]);

  // The Orbix: 12 faces at 12 distinct points, the top in the middle of the others.
  const orbix = await centres(page, 'orbix');
  assert.equal(orbix.length, 12);
  const far = Math.min(...orbix.flatMap((a, i) => orbix.slice(i + 1).map((b) => Math.hypot(a.x - b.x, a.y - b.y))));
  assert.ok(far >= orbix[0].w / 2, `the Orbix's buttons do not stack (closest centres ${far} px apart)`);

  // Playable: a press on the Orbix's top changes its five neighbours (a dodecahedron's face).
  await page.locator('chessboard-puzzle#orbix #clear').click();
  await page.locator('chessboard-puzzle#orbix [data-mode=play]').click();
  await page.locator('chessboard-puzzle#orbix #board button.light[data-label="top"]').click();
  const lit = await page.locator('chessboard-puzzle#orbix #board button.light[data-state="1"]').evaluateAll((bs) => bs.map((b) => b.dataset.label).sort());
  assert.deepEqual(lit, ['upper1', 'upper2', 'upper3', 'upper4', 'upper5']);

  await screenshot(page, 'lights-games-csp');
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('without connect-src the one line names default-src (its fallback), not wasm-unsafe-eval', async () => {
  const { page, context } = await openHost('no-connect.html');
  await page.waitForSelector('chessboard-puzzle#cube[data-error=true]');
  const line = await page.locator('chessboard-puzzle#cube .embed-error').textContent();
  assert.ok(!line.includes('\n'), 'one line');
  assert.doesNotMatch(line, /wasm-unsafe-eval/, line);
  assert.match(line, new RegExp(`add ${SITE.replace(/[.]/g, '\\.')} to default-src`), line);
  await context.close();
});
