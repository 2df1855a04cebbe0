// End-to-end test of <chessboard-puzzle> as a blogger uses it: a post served by a second
// server (another port, so another origin) loads embed.js from the site's server and embeds a
// Devil board (twice), a Lights Out board and a chess position by script tag. The Devil board is
// played by mouse and by keyboard; the expected answers are computed here from the drawn coins
// (XOR of the indices of the heads), independently of the core.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, screenshot, BASE_URL, gameState } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const DEVIL = `${BASE_URL}/devil.html#devil/v1/RAAAC3cI`; // 4×4, play as A
const LIGHTS = `${BASE_URL}/lights.html#lights/v2/AEAEAAAAAAFjYAAB9hcNAA`;
const CHESS = '#chess/v2/YHdIBOkqMizjbKJ4_tuwBCeA1gA'; // a bare fragment: resolved against embed.js

/** The blog post: its own (hostile) styles, one script tag, the elements. */
const POST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post on another origin</title><link rel="icon" href="data:,">
<style>
  body { font-family: Georgia, serif; max-width: 640px; margin: 1rem auto; }
  button { display: none; }
  div { border: 5px solid red; }
  [role=gridcell] { visibility: hidden; }
</style>
<script type="module" src="${BASE_URL}/embed.js"></script></head>
<body><article>
  <h1>Boards from another site</h1>
  <chessboard-puzzle id="devil" link="${DEVIL}"></chessboard-puzzle>
  <chessboard-puzzle id="devil-again" link="${BASE_URL}/devil.html#devil/v1/YAAAFerl_nBFUMGZ"></chessboard-puzzle>
  <chessboard-puzzle id="lights" view="full" link="${LIGHTS}"></chessboard-puzzle>
  <chessboard-puzzle id="chess" link="${CHESS}"></chessboard-puzzle>
  <chessboard-puzzle id="bad" link="https://example.org/not-a-puzzle"></chessboard-puzzle>
  <chessboard-puzzle id="missing"></chessboard-puzzle>
</article></body></html>`;

/** The same boards in a post written right to left (the last test). */
const RTL_POST = `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><title>مقال</title><link rel="icon" href="data:,">
<script type="module" src="${BASE_URL}/embed.js"></script></head><body><p>نص</p>
<chessboard-puzzle id="chess" link="${CHESS}"></chessboard-puzzle><chessboard-puzzle id="devil" link="${DEVIL}"></chessboard-puzzle></body></html>`;

/** A post whose root font size is `size` (many themes set 62.5 %, so that 1rem is 10 px). */
const rootPost = (/** @type {string} */ size) => `<!doctype html><html lang="en" style="font-size: ${size}"><head><meta charset="utf-8"><title>Post</title>
<link rel="icon" href="data:,"><script type="module" src="${BASE_URL}/embed.js"></script></head>
<body style="width: 640px"><chessboard-puzzle id="lights" view="full" link="${LIGHTS}"></chessboard-puzzle></body></html>`;

let blog;
let BLOG_URL;
before(async () => {
  blog = http.createServer((req, res) => {
    const body = { '/post.html': POST, '/rtl-post.html': RTL_POST, '/root-100.html': rootPost('100%'), '/root-62.html': rootPost('62.5%') }[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise((resolve) => blog.listen(0, '127.0.0.1', resolve));
  BLOG_URL = `http://127.0.0.1:${blog.address().port}/post.html`;
});
after(() => blog.close());

const cells = (id) => `chessboard-puzzle#${id} [role=gridcell]`;

/** The drawn Devil board in element `id`: heads per square and the marked key. */
async function drawn(page, id) {
  return page.$$eval(cells(id), (list) => ({
    heads: list.map((c) => c.dataset.face === 'heads'),
    key: list.findIndex((c) => c.dataset.key === 'true'),
  }));
}
const xorOfHeads = (heads) => heads.reduce((acc, h, i) => (h ? acc ^ i : acc), 0);

test('a post on another origin embeds three puzzles inline, each module fetched once, and plays the Devil board', async () => {
  assert.notEqual(new URL(BLOG_URL).origin, new URL(BASE_URL).origin);
  const context = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  const wasm = [];
  page.on('request', (req) => new URL(req.url()).pathname.endsWith('.wasm') && wasm.push(new URL(req.url()).pathname));
  await page.goto(BLOG_URL);
  for (const id of ['devil', 'devil-again', 'lights', 'chess']) await page.waitForSelector(`chessboard-puzzle#${id}[data-ready=true]`);
  for (const id of ['bad', 'missing']) await page.waitForSelector(`chessboard-puzzle#${id}[data-error=true]`);

  // Inline: no frame anywhere, the boards are in the elements' shadow roots.
  const frames = await page.evaluate(() => {
    const roots = [document, ...[...document.querySelectorAll('chessboard-puzzle')].map((e) => e.shadowRoot)];
    return roots.reduce((n, r) => n + r.querySelectorAll('iframe').length, 0);
  });
  assert.equal(frames, 0);
  assert.equal(page.frames().length, 1);
  assert.equal(await page.locator(cells('devil')).count(), 16);
  assert.equal(await page.locator(cells('devil-again')).count(), 64);
  assert.equal(await page.locator(cells('lights')).count(), 25);
  assert.equal(await page.locator(cells('chess')).count(), 64);
  assert.match(await page.locator('chessboard-puzzle#chess #fen').inputValue(), /^r1bqkb1r\/pppp1ppp\/2n2n2\/4p2Q\//);

  // One wasm download per puzzle kind, however many elements show it.
  const counts = {};
  for (const path of wasm) counts[path] = (counts[path] ?? 0) + 1;
  console.log(`# wasm fetched: ${JSON.stringify(counts)}`);
  assert.ok(Object.values(counts).every((n) => n === 1), JSON.stringify(counts));
  assert.ok(Object.keys(counts).length <= 3, JSON.stringify(counts));

  // The post's styles do not reach inside; the element is as wide as its column.
  assert.equal(await page.locator('chessboard-puzzle#devil #new-board').isVisible(), true);
  const style = await page.locator(cells('devil')).first().evaluate((c) => getComputedStyle(c).visibility);
  assert.equal(style, 'visible');
  const widths = await page.evaluate(() => {
    const el = document.querySelector('chessboard-puzzle#devil');
    return { element: el.getBoundingClientRect().width, column: el.parentElement.getBoundingClientRect().width, board: el.shadowRoot.getElementById('board').getBoundingClientRect().width };
  });
  assert.ok(Math.abs(widths.element - widths.column) < 1, JSON.stringify(widths));
  assert.ok(widths.board <= widths.element, JSON.stringify(widths));

  // A bad or missing link: one line inside the element.
  assert.match(await page.locator('chessboard-puzzle#bad .embed-error').textContent(), /not a share link of a puzzle/);
  assert.match(await page.locator('chessboard-puzzle#missing .embed-error').textContent(), /no link/);

  // The playground link opens the same board on the site.
  assert.equal(await page.locator('chessboard-puzzle#devil #playground-link').getAttribute('href'), DEVIL);

  // Mouse: as prisoner A, flip the coin XOR(heads) ^ key.
  let board = await drawn(page, 'devil');
  await page.locator(`${cells('devil')}[data-index="${xorOfHeads(board.heads) ^ board.key}"]`).click();
  assert.equal(await page.locator('chessboard-puzzle#devil #message').getAttribute('data-kind'), 'win');
  await screenshot(page, 'embed-post');

  // Keyboard: a new board, then arrows from the top-left square and Space.
  await page.locator('chessboard-puzzle#devil #new-board').click();
  board = await drawn(page, 'devil');
  const target = xorOfHeads(board.heads) ^ board.key;
  await page.locator(`${cells('devil')}[tabindex="0"]`).focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
  for (let r = 0; r < Math.floor(target / 4); r++) await page.keyboard.press('ArrowDown');
  for (let c = 0; c < target % 4; c++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  assert.equal(await page.locator('chessboard-puzzle#devil #message').getAttribute('data-kind'), 'win');
  // The other Devil board is untouched: each element has its own state.
  assert.equal(await page.locator('chessboard-puzzle#devil-again #message').isHidden(), true);

  // Lights Out plays too: pressing a light is a move of its session.
  await page.locator(`${cells('lights')}[data-index="12"]`).click();
  assert.deepEqual(await gameState(page, 'chessboard-puzzle#lights'), { puzzle: 'lights', moves: 1, status: 'playing' });

  // A long job runs in a Worker even here: a page may not start a Worker from another origin's
  // URL, so the embed starts one from a blob that imports the site's worker script.
  await page.locator('chessboard-puzzle#lights #rule').selectOption('king');
  await page.locator('chessboard-puzzle#lights #rows').fill('21');
  await page.locator('chessboard-puzzle#lights #cols').fill('21');
  await page.locator('chessboard-puzzle#lights #cols').press('Tab');
  await page.waitForSelector('chessboard-puzzle#lights #status[data-rows="21"][data-cols="21"][data-rule=king]');
  await page.locator('chessboard-puzzle#lights #check').click();
  await page.waitForSelector('chessboard-puzzle#lights #verdict[data-solvable=true][data-presses]:not([data-shown])');

  const devil = page.locator('chessboard-puzzle#devil');
  await devil.screenshot({ path: `${new URL('./screenshots/', import.meta.url).pathname}embed-devil.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

// A post written right to left (Arabic, Hebrew): the element is English and left to right
// whatever the post around it. `all: initial` leaves `direction` alone, so before the fix the
// chess board came out mirrored (a8 on the right) and the Devil board's squares reversed.
/** A fresh context's page for one of the blog's posts, with its page errors. */
async function postPage() {
  const context = await browser.newContext({ viewport: { width: 900, height: 1200 } });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  return { context, page, errors };
}

test('in a right-to-left post the boards stay left to right and the element says it is English', async () => {
  const { context, page, errors } = await postPage();
  await page.goto(BLOG_URL.replace('post.html', 'rtl-post.html'));
  for (const id of ['chess', 'devil']) await page.waitForSelector(`chessboard-puzzle#${id}[data-ready=true]`);
  const left = (id, n) => page.locator(cells(id)).nth(n).evaluate((c) => c.getBoundingClientRect().left);
  // Cell 0 is a8 (chess) and square 0 (Devil): the first of the top row, on the left.
  assert.equal(await page.locator(cells('chess')).first().getAttribute('aria-label'), 'a8, black rook');
  assert.ok((await left('chess', 0)) < (await left('chess', 7)), 'a8 is left of h8');
  assert.ok((await left('devil', 0)) < (await left('devil', 3)), 'square 0 is left of square 3');
  for (const id of ['chess', 'devil']) {
    const { direction, lang } = await page.locator(`chessboard-puzzle#${id} [data-view]`).evaluate((slot) => ({ direction: getComputedStyle(slot).direction, lang: slot.closest('[lang]')?.getAttribute('lang') }));
    assert.deepEqual({ direction, lang }, { direction: 'ltr', lang: 'en' }, id);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// A rem is the root's font size, which in an embed is the post's: the element's lengths are in its
// own unit (--cbp-rem, its own font size), so a post at 62.5 % shows the same element as one at
// 100 %. Before, the element was 755 px tall instead of 946 and its small print was 8.5 px.
test("a post whose root font is 62.5 % shows the element as one at 100 %: the post's rem is not the element's", async () => {
  const { context, page, errors } = await postPage();
  const measured = [];
  for (const post of ['root-100.html', 'root-62.html']) {
    await page.goto(BLOG_URL.replace('post.html', post));
    await page.waitForSelector('chessboard-puzzle#lights[data-ready=true]');
    measured.push(
      await page.evaluate(() => {
        const el = /** @type {HTMLElement} */ (document.querySelector('chessboard-puzzle#lights'));
        const root = /** @type {ShadowRoot} */ (el.shadowRoot);
        const px = (/** @type {string} */ selector) => getComputedStyle(/** @type {Element} */ (root.querySelector(selector))).fontSize;
        return { height: Math.round(el.getBoundingClientRect().height), footer: px('.embed-footer'), hint: px('#hint'), padding: getComputedStyle(/** @type {Element} */ (root.querySelector('.panel'))).paddingTop };
      }),
    );
  }
  assert.deepEqual(measured[1], measured[0]);
  assert.equal(measured[0].footer, '13.6px', "the footer's 0.85 of a 16 px font");
  assert.deepEqual(errors, []);
  await context.close();
});
