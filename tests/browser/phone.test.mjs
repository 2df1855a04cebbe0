// Phones: every page and an embed of each board at 360 × 740 with a touch screen. Nothing is
// wider than the screen, boards fit, every control (or the label around it) is at least 32 px
// each way, and each board answers taps (touch events) as its rules say, checked here.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, ready, screenshot, BASE_URL } from './harness.mjs';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true };
const MIN_TAP = 32;
const CELLS = '#board [role=gridcell]';

const browser = await launch();
after(() => browser.close());

/** What sticks out past the right edge, and which controls are smaller than a fingertip. */
async function layoutProblems(page) {
  return page.evaluate((minTap) => {
    const width = document.documentElement.clientWidth;
    const roots = [document, ...[...document.querySelectorAll('chessboard-puzzle')].map((e) => e.shadowRoot).filter(Boolean)];
    const all = roots.flatMap((r) => [...r.querySelectorAll('*')]);
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const name = (el) => `${el.localName}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    const inScroller = (el) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (a === document.body) return false;
        if (/auto|scroll|hidden/.test(getComputedStyle(a).overflowX)) return true;
      }
      return false;
    };
    const wide = all.filter((el) => shown(el) && el.getBoundingClientRect().right > width + 0.5 && !inScroller(el)).map(name);
    const controls = all.filter((el) => el.matches('button, select, input, textarea, summary, .site-header a') && shown(el));
    const small = controls
      .map((el) => {
        const box = (el.closest('label') ?? el).getBoundingClientRect();
        return { el, w: box.width, h: box.height };
      })
      .filter(({ w, h }) => w < minTap || h < minTap)
      .map(({ el, w, h }) => `${name(el)} ${Math.round(w)}×${Math.round(h)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8), small };
  }, MIN_TAP);
}

async function assertFits(page) {
  const { scrollWidth, width, wide, small } = await layoutProblems(page);
  assert.deepEqual(wide, [], 'elements past the right edge');
  assert.ok(scrollWidth <= width, `the page scrolls sideways: ${scrollWidth} > ${width}`);
  assert.deepEqual(small, [], `controls under ${MIN_TAP} px`);
}

/** The board's box lies inside the screen. */
async function assertBoardFits(page, selector) {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 360 + 0.5, `${selector} does not fit: ${JSON.stringify(box)}`);
}

/** Each cell's data-`key` attribute (the board's state as drawn: data-face, data-state). */
const cellData = (page, key) => page.$$eval(CELLS, (cells, k) => cells.map((c) => c.dataset[k]), key);

const PAGES = ['index', 'about', 'devil', 'devil-lab', 'codes', 'lights', 'lights-games', 'table', 'chess'];

/** The header's height and whether its brand, Menu button and nav links share one line. */
function headerLayout(page) {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header');
    const shown = [...header.querySelectorAll('.brand, .nav-toggle, nav a')].filter((el) => el.getClientRects().length > 0 && !el.closest(':popover-open'));
    const middles = shown.map((el) => {
      const box = el.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    return { height: header.getBoundingClientRect().height, shown: shown.length, spread: Math.max(...middles) - Math.min(...middles) };
  });
}

test("every page's header is one line at 360 px: the brand and a Menu button that opens the nav, by touch and by keyboard", async () => {
  const { page, errors, context } = await open(browser, 'index.html', PHONE);
  for (const name of PAGES) {
    await page.goto(`${BASE_URL}/${name}.html`);
    const layout = await headerLayout(page);
    assert.ok(layout.height <= 56, `${name}: the header is ${layout.height} px tall`);
    assert.equal(layout.shown, 2, `${name}: the brand and the Menu button only`);
    assert.ok(layout.spread < 4, `${name}: on one line (${layout.spread} px apart)`);
    // A tap opens the nav: every page's link, inside the screen, each a fingertip tall.
    await page.locator('.nav-toggle').tap();
    const links = page.locator('#site-nav a');
    await links.first().waitFor();
    const boxes = await links.evaluateAll((list) => list.map((a) => ({ text: a.textContent, href: a.getAttribute('href'), current: a.getAttribute('aria-current'), ...a.getBoundingClientRect().toJSON() })));
    assert.equal(boxes.length, 8, name);
    for (const box of boxes) {
      assert.ok(box.left >= 0 && box.right <= 360 && box.bottom <= 740, `${name}: ${box.text} is off the screen`);
      assert.ok(box.height >= MIN_TAP, `${name}: ${box.text} is ${box.height} px tall`);
    }
    assert.deepEqual(boxes.filter((b) => b.current === 'page').map((b) => b.href), name === 'about' ? [] : [`${name}.html`]);
    await assertFits(page);
    if (name === 'devil') await screenshot(page, 'phone-menu');
    await page.keyboard.press('Escape');
    await links.first().waitFor({ state: 'hidden' });
  }
  // By keyboard: Enter on the button opens the nav, Tab goes into it, a link follows.
  await page.goto(`${BASE_URL}/lights.html`);
  await page.locator('.nav-toggle').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Home');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), 'devil.html');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/devil\.html$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('at 1280 px the header shows the whole nav on one line and no Menu button', async () => {
  const { page, errors, context } = await open(browser, 'devil.html', { viewport: { width: 1280, height: 800 } });
  const layout = await headerLayout(page);
  assert.equal(layout.shown, 9, 'the brand and the eight links');
  assert.ok(layout.spread < 4 && layout.height <= 56, JSON.stringify(layout));
  assert.equal(await page.locator('.nav-toggle').isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const name of ['index', 'about', 'devil-lab', 'codes']) {
  test(`${name}.html fits a 360 px phone`, async () => {
    const { page, errors, context } = await open(browser, `${name}.html`, PHONE);
    if (name !== 'index' && name !== 'about') await ready(page);
    await assertFits(page);
    await screenshot(page, `phone-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('devil.html fits a 360 px phone (the Strategy select too) and a tap flips a coin in Edit', async () => {
  const { page, errors, context } = await open(browser, 'devil.html', PHONE);
  await ready(page);
  await assertFits(page);
  await assertBoardFits(page, '#board');
  await page.locator('[data-mode=edit]').tap();
  const before = await cellData(page, 'face');
  await page.locator(CELLS).nth(5).tap();
  await page.waitForFunction((sel) => document.querySelectorAll(sel)[5].dataset.face !== undefined, CELLS);
  const after = await cellData(page, 'face');
  const flip = (f) => (f === 'heads' ? 'tails' : 'heads');
  assert.deepEqual(after, before.map((f, i) => (i === 5 ? flip(f) : f)));
  await screenshot(page, 'phone-devil');
  assert.deepEqual(errors, []);
  await context.close();
});

test('lights.html fits a 360 px phone and a tap toggles the light and its four neighbours', async () => {
  const { page, errors, context } = await open(browser, 'lights.html', PHONE);
  await ready(page);
  await assertFits(page);
  await assertBoardFits(page, '#board');
  const before = await cellData(page, 'state');
  assert.equal(before.length, 25);
  await page.locator(CELLS).nth(12).tap();
  const after = await cellData(page, 'state');
  // 5×5 classic rule: the centre (12) and its neighbours 7, 11, 13, 17 change, nothing else.
  const changed = after.flatMap((state, i) => (state === before[i] ? [] : [i]));
  assert.deepEqual(changed, [7, 11, 12, 13, 17]);
  await screenshot(page, 'phone-lights');
  assert.deepEqual(errors, []);
  await context.close();
});

test('lights-games.html fits a 360 px phone and a tap presses a light and its four neighbours', async () => {
  const { page, errors, context } = await open(browser, 'lights-games.html', PHONE);
  await ready(page);
  await page.locator('#clear').tap();
  await page.locator('[data-mode=play]').tap();
  await page.locator('#board button.light[data-index="12"]').tap();
  const lit = await page.$$eval('#board button.light[data-state="1"]', (bs) => bs.map((b) => b.dataset.label).sort());
  assert.deepEqual(lit, ['B3', 'C2', 'C3', 'C4', 'D3']);
  await assertFits(page);
  await screenshot(page, 'phone-lights-games');
  assert.deepEqual(errors, []);
  await context.close();
});

test('table.html fits a 360 px phone and a tap chooses a position', async () => {
  const { page, errors, context } = await open(browser, 'table.html', PHONE);
  await ready(page);
  await assertFits(page);
  await assertBoardFits(page, '#table');
  await page.locator('[data-mode=play]').tap();
  await page.locator('#positions [data-index="2"]').tap();
  assert.match(await page.locator('#positions [data-index="2"]').getAttribute('class'), /\bchosen\b/);
  await screenshot(page, 'phone-table');
  assert.deepEqual(errors, []);
  await context.close();
});

test('chess.html fits a 360 px phone and taps place a palette piece', async () => {
  const { page, errors, context } = await open(browser, 'chess.html', PHONE);
  await ready(page);
  await assertFits(page);
  await assertBoardFits(page, '#board');
  await page.locator('#palette [data-piece="Q"]').tap();
  const e4 = (8 - 4) * 8 + 4;
  await page.locator(CELLS).nth(e4).tap();
  await page.waitForFunction(([sel, i]) => document.querySelectorAll(sel)[i].dataset.piece === 'Q', [CELLS, e4]);
  assert.equal(await page.locator(CELLS).nth(e4).getAttribute('data-piece'), 'Q', 'a white queen on e4');
  await screenshot(page, 'phone-chess');
  assert.deepEqual(errors, []);
  await context.close();
});

test('<chessboard-puzzle> embeds fit a 360 px phone and answer taps', async () => {
  const { page, errors, context } = await open(browser, 'index.html', PHONE);
  const post = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Phone post</title><link rel="icon" href="data:,"><script type="module" src="embed.js"></script>
<style>body { margin: 0 auto; padding: 0 0.5rem; max-width: 40rem; }</style></head><body>
<chessboard-puzzle id="lights" link="#lights/v2/AEAEAAAAAAFjYAAB9hcNAA"></chessboard-puzzle>
<chessboard-puzzle link="#devil/v1/RAAAC3cI"></chessboard-puzzle>
<chessboard-puzzle link="#table/v1/DCgAAAAAAAAAAAYRzTsN6dD4AJI"></chessboard-puzzle>
<chessboard-puzzle link="#chess/v2/YHdIBOkqMizjbKJ4_tuwBCeA1gA"></chessboard-puzzle></body></html>`;
  await page.route('**/phone-post.html', (route) => route.fulfill({ contentType: 'text/html', body: post }));
  await page.goto(`${BASE_URL}/phone-post.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('chessboard-puzzle')].every((b) => b.dataset.ready === 'true'));
  await assertFits(page);
  const cells = page.locator('#lights').locator(CELLS);
  const states = () => cells.evaluateAll((cs) => cs.map((c) => c.dataset.state));
  const before = await states();
  assert.equal(before.length, 25);
  await cells.nth(0).tap();
  const after = await states();
  // A corner press: the corner (0) and its neighbours 1 and 5.
  assert.deepEqual(after.flatMap((s, i) => (s === before[i] ? [] : [i])), [0, 1, 5]);
  await screenshot(page, 'phone-embeds');
  assert.deepEqual(errors, []);
  await context.close();
});
