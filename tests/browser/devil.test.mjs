// End-to-end tests of the Devil's chessboard page in headless Chromium, by mouse and by
// keyboard. Expected answers are computed here from the drawn board (XOR of the indices of
// the heads), independently of the page's core.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, screenshot, BASE_URL, ready, clickToCopy } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const CELLS = '#board [role=gridcell]';
/** The Watch step bar's position text and its forward button (www/js/components/step-bar.js). */
/** Where the step bar stands: steps made and steps in all (its data-at and data-count). */
const stepAt = (page) => page.$eval('#steps', (bar) => [Number(bar.dataset.at), Number(bar.dataset.count)]);
const FORWARD = '#steps [data-step=forward]';


/** The drawn board: heads per square and the marked key (null when hidden). */
async function drawn(page, frame = page) {
  return frame.$$eval(CELLS, (cells) => ({
    heads: cells.map((c) => c.dataset.face === 'heads'),
    key: cells.findIndex((c) => c.dataset.key === 'true'),
  }));
}

const xorOfHeads = (heads) => heads.reduce((acc, h, i) => (h ? acc ^ i : acc), 0);

async function message(page) {
  const el = page.locator('#message');
  return { kind: await el.getAttribute('data-kind'), text: await el.textContent() };
}

test('the server sends wasm as application/wasm', async () => {
  const { page, context } = await open(browser, 'index.html');
  const res = await page.request.get(`${BASE_URL}/pkg/devil_bg.wasm`);
  assert.equal(res.headers()['content-type'], 'application/wasm');
  assert.equal((await page.request.get(`${BASE_URL}/../Cargo.toml`)).status(), 404);
  await context.close();
});

test('pages load without console errors, and the page is interactive quickly', async () => {
  for (const path of ['index.html', 'devil.html', 'examples/blog-post.html']) {
    const { page, errors, context } = await open(browser, path);
    await page.waitForLoadState('load');
    if (path === 'devil.html') {
      await ready(page);
      const ms = await page.evaluate(() => performance.getEntriesByName('interactive')[0].startTime);
      console.log(`devil.html interactive after ${ms.toFixed(0)} ms (headless Chromium, served locally)`);
      await screenshot(page, 'devil-watch');
    }
    if (path === 'index.html') {
      const broken = await page.$$eval('img', (imgs) => imgs.filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src));
      assert.deepEqual(broken, []);
      await screenshot(page, 'index');
    }
    assert.deepEqual(errors, [], `${path} console errors`);
    await context.close();
  }
});

test('changing the size redraws the board', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  assert.equal(await page.locator(CELLS).count(), 64);
  for (const n of [16, 1, 4096, 32]) {
    await page.selectOption('#size', String(n));
    assert.equal(await page.locator(CELLS).count(), n);
  }
  const { heads } = await drawn(page);
  assert.equal(heads.length, 32);
  assert.deepEqual(errors, []);
  await context.close();
});

test('play as A: the right flip wins, a wrong one loses', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.click('[data-mode=play_a]');
  let { heads, key } = await drawn(page);
  assert.ok(key >= 0, 'the key is shown to A');
  await page.click(`${CELLS}[data-index="${xorOfHeads(heads) ^ key}"]`);
  assert.equal((await message(page)).kind, 'win');
  await screenshot(page, 'devil-play-a-win');
  await page.click('#new-board');
  ({ heads, key } = await drawn(page));
  const wrong = (xorOfHeads(heads) ^ key ^ 1) % heads.length;
  await page.click(`${CELLS}[data-index="${wrong}"]`);
  const m = await message(page);
  assert.equal(m.kind, 'lose');
  // The status line states the coin A should have flipped: the XOR of the heads with the key.
  assert.equal(await page.getAttribute('#status', 'data-right-flip'), String(xorOfHeads(heads) ^ key));
  assert.deepEqual(errors, []);
  await context.close();
});

test('play as B: the key is hidden and the XOR of the heads finds it', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.click('[data-mode=play_b]');
  const { heads, key } = await drawn(page);
  assert.equal(key, -1, 'the key is hidden from B');
  const guess = xorOfHeads(heads);
  await page.click(`${CELLS}[data-index="${guess}"]`);
  assert.equal((await message(page)).kind, 'win');
  assert.equal((await drawn(page)).key, guess, 'the key is revealed where B pointed');
  await screenshot(page, 'devil-play-b');
  assert.deepEqual(errors, []);
  await context.close();
});

test('watch: step forward to the answer and back to the start', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.selectOption('#size', '16');
  const before = await drawn(page);
  // 16 squares: from the start, 4 regions, colour, xor, flip, 4 regions, answer: 12 steps.
  assert.deepEqual(await stepAt(page), [0, 12]);
  for (let i = 0; i < 12; i++) await page.click(FORWARD);
  assert.deepEqual(await stepAt(page), [12, 12]);
  assert.ok(await page.locator(FORWARD).isDisabled());
  const end = await drawn(page);
  assert.equal(end.heads.filter((h, i) => h !== before.heads[i]).length, 1, 'exactly one coin turned');
  assert.equal(xorOfHeads(end.heads), before.key);
  // The last frame: B names the key.
  assert.equal(await page.getAttribute('#log li:last-child', 'data-kind'), 'answer');
  assert.equal(await page.getAttribute('#status', 'data-frame'), 'answer');
  // The step's sentence is shown once, as the log's current line; the status line (the live
  // region) holds the same words, folded in place.
  const once = await page.evaluate(() => {
    const status = document.getElementById('status');
    return { height: status.getBoundingClientRect().height, same: document.querySelector('#log li.current')?.textContent === status.textContent };
  });
  assert.deepEqual(once, { height: 0, same: true });
  // The bits table: A's parities spell the colour, the XOR row the flipped coin, B's the key.
  const bitsRow = (i) => page.$$eval(`#bits tbody tr:nth-child(${i}) td`, (tds) => parseInt(tds.map((t) => t.textContent).join(''), 2));
  const colour = xorOfHeads(before.heads);
  assert.equal(await bitsRow(1), colour);
  assert.equal(await bitsRow(2), before.key);
  assert.equal(await bitsRow(3), colour ^ before.key);
  assert.equal(await bitsRow(4), before.key);
  await page.click('#steps [data-step=back]');
  assert.deepEqual(await stepAt(page), [11, 12]);
  await page.click('#steps [data-step=start]');
  assert.deepEqual(await stepAt(page), [0, 12]);
  assert.deepEqual((await drawn(page)).heads, before.heads);
  // Region steps highlight exactly the squares whose index has that bit.
  await page.click(FORWARD);
  const region = await page.$$eval(CELLS, (cells) => cells.map((c) => c.classList.contains('region')));
  assert.deepEqual(region, region.map((_, i) => (i & 1) === 1));
  assert.deepEqual(errors, []);
  await context.close();
});

test('watch: play runs the animation to its end', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.selectOption('#size', '4');
  await page.selectOption('#steps [data-step=speed]', '4');
  await page.click('#steps [data-step=toggle]');
  // 4 squares: 2 regions, colour, xor, flip, 2 regions, answer: 8 steps.
  await page.waitForSelector('#steps[data-at="8"][data-count="8"]');
  assert.equal(await page.getAttribute('#steps', 'data-playing'), 'false', 'it stops at the end');
  assert.equal(await page.getAttribute('#steps [data-step=toggle]', 'aria-label'), 'Play');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a copied link reopens exactly the same board, mode and step', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.selectOption('#size', '256');
  await page.click(FORWARD);
  await page.click(FORWARD);
  const onClipboard = await clickToCopy(page, '#copy-link');
  const url = await page.inputValue('#share-output');
  assert.ok(url.startsWith(`${BASE_URL}/devil.html#devil/v1/`), url);
  assert.equal(onClipboard, url);
  const original = await drawn(page);
  const fresh = await open(browser, '');
  await fresh.page.goto(url);
  await ready(fresh.page);
  assert.deepEqual(await drawn(fresh.page), original);
  assert.equal((await stepAt(fresh.page))[0], 2);
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
  await context.close();
});

test('a malformed or truncated link shows a message and a fresh board', async () => {
  for (const hash of ['#devil/v1/@@@', '#devil/v7/AAAA', '#devil/v1/YAAAFerl', '#lights/v1/AAAA']) {
    const { page, errors, context } = await open(browser, `devil.html${hash}`);
    await ready(page);
    const m = await message(page);
    assert.equal(m.kind, 'error', hash);
    assert.match(m.text, /could not be opened/);
    assert.equal(await page.locator(CELLS).count(), 64);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('keyboard only: play as A with arrows and Space, as B with Enter', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.selectOption('#size', '16');
  await page.focus('[data-mode=play_a]');
  await page.keyboard.press('Enter');
  const moveTo = async (target, cols) => {
    // Tab into the grid lands on its one focusable cell; then walk with the arrows.
    while (!(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell'))) {
      await page.keyboard.press('Tab');
    }
    let at = Number(await page.evaluate(() => document.activeElement.dataset.index));
    while (at !== target) {
      const [r, c, tr, tc] = [Math.floor(at / cols), at % cols, Math.floor(target / cols), target % cols];
      await page.keyboard.press(r < tr ? 'ArrowDown' : r > tr ? 'ArrowUp' : c < tc ? 'ArrowRight' : 'ArrowLeft');
      at = Number(await page.evaluate(() => document.activeElement.dataset.index));
    }
  };
  let { heads, key } = await drawn(page);
  await moveTo(xorOfHeads(heads) ^ key, 4);
  await page.keyboard.press('Space');
  assert.equal((await message(page)).kind, 'win');
  await page.focus('[data-mode=play_b]');
  await page.keyboard.press('Enter');
  ({ heads } = await drawn(page));
  await moveTo(xorOfHeads(heads), 4);
  await page.keyboard.press('Enter');
  assert.equal((await message(page)).kind, 'win');
  assert.deepEqual(errors, []);
  await context.close();
});

test('edit: click turns a coin, K and the key tool move the key', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.click('[data-mode=edit]');
  const before = await drawn(page);
  await page.click(`${CELLS}[data-index="5"]`);
  const after = await drawn(page);
  assert.deepEqual(after.heads, before.heads.map((h, i) => (i === 5 ? !h : h)));
  await page.keyboard.press('k');
  assert.equal((await drawn(page)).key, 5);
  await page.click('[data-tool=key]');
  await page.click(`${CELLS}[data-index="9"]`);
  const edited = await drawn(page);
  assert.equal(edited.key, 9);
  assert.equal(await page.getAttribute('#status', 'data-named'), String(xorOfHeads(edited.heads)), 'the board names the XOR of its heads');
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed mode shows only the board and its controls; the embed button gives the element and an iframe', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await clickToCopy(page, '#embed');
  const snippet = await page.inputValue('#share-output');
  const link = `${BASE_URL}/devil.html#${await page.evaluate(() => location.hash.slice(1))}`;
  assert.equal(snippet, `<script type="module" src="${BASE_URL}/embed.js"></script>\n<chessboard-puzzle link="${link}"></chessboard-puzzle>`);
  const frame = await page.inputValue('#share-iframe');
  assert.match(frame, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/devil\.html\?embed=1&amp;view=compact#devil\/v1\/[\w-]+"/);
  const embedded = await open(browser, 'devil.html?embed=1', { viewport: { width: 460, height: 700 } });
  await ready(embedded.page);
  assert.equal(await embedded.page.isVisible('header.site-header'), false);
  assert.equal(await embedded.page.isVisible('h1'), false);
  assert.equal(await embedded.page.isVisible('#board'), true);
  await screenshot(embedded.page, 'devil-embed');
  assert.deepEqual(embedded.errors, []);
  assert.deepEqual(errors, []);
  await embedded.context.close();
  await context.close();
});

test('the blog-post example embeds its boards inline, and the small one plays', async () => {
  const { page, errors, context } = await open(browser, 'examples/blog-post.html');
  await page.waitForFunction(() => [...document.querySelectorAll('chessboard-puzzle')].every((e) => e.dataset.ready === 'true'));
  assert.equal(await page.locator('chessboard-puzzle').count(), 4);
  assert.equal(page.frames().length, 1);
  const small = 'chessboard-puzzle[link*="RAAAC3cI"]';
  const cells = `${small} [role=gridcell]`;
  assert.equal(await page.locator(cells).count(), 16);
  assert.equal(await page.locator('chessboard-puzzle[link*="YAAAFerl"] [role=gridcell]').count(), 64);
  const { heads, key } = await page.$$eval(cells, (list) => ({
    heads: list.map((c) => c.dataset.face === 'heads'),
    key: list.findIndex((c) => c.dataset.key === 'true'),
  }));
  await page.locator(`${cells}[data-index="${xorOfHeads(heads) ^ key}"]`).click();
  assert.equal(await page.locator(`${small} #message`).getAttribute('data-kind'), 'win');
  await screenshot(page, 'blog-post');
  assert.deepEqual(errors, []);
  await context.close();
});

test('reduced motion turns animation into steps', async () => {
  const { page, errors, context } = await open(browser, 'devil.html', { reducedMotion: 'reduce' });
  await ready(page);
  const duration = await page.$eval(CELLS, (c) => getComputedStyle(c, '::before').transitionDuration);
  assert.equal(duration, '0s');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a result banner takes reserved room: the board does not move when it shows', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.click('[data-mode=play_a]');
  const top = async () => (await page.locator('#board').boundingBox()).y;
  const before = await top();
  await page.click(`${CELLS} >> nth=5`);
  await page.waitForFunction(() => ['win', 'lose'].includes(document.getElementById('message').dataset.kind));
  assert.equal(await top(), before);
  assert.deepEqual(errors, []);
  await context.close();
});
