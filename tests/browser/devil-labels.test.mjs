// The Devil board's binary lens, in headless Chromium: every Labels setting draws on every
// square the label computed here from the square's place in the drawn rectangle (index row by
// row from the top left, its binary digits, its chess-style coordinate); in Watch, the coin
// the XOR step names is marked in that same step; keyboard hints are not shown on touch.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, screenshot, ready } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const CELLS = '#board [role=gridcell]';
const FORWARD = '#steps [data-step=forward]';

/** The drawn rectangle of a board of 2^k squares: rows 2^⌊k/2⌋, columns 2^⌈k/2⌉. */
function layout(squares) {
  const k = Math.log2(squares);
  return { rows: 2 ** Math.floor(k / 2), cols: 2 ** Math.ceil(k / 2) };
}

/** What square `i` of a board of `squares` must show for each Labels setting. */
function expected(setting, i, squares) {
  const { rows, cols } = layout(squares);
  const bits = Math.log2(squares);
  if (setting === 'index') return String(i);
  if (setting === 'binary') {
    const text = bits === 0 ? '0' : i.toString(2).padStart(bits, '0');
    // Past 4 bits the label takes two lines, the high bits over the low ones.
    const half = Math.ceil(text.length / 2);
    return text.length > 4 ? `${text.slice(0, half)}\n${text.slice(half)}` : text;
  }
  // Files a, b, c… from the left, ranks from 1 at the bottom row.
  return `${String.fromCharCode(97 + (i % cols))}${rows - Math.floor(i / cols)}`;
}

test('every Labels setting draws the right label on every square of 4, 8 and 64 squares', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  for (const squares of [4, 8, 64]) {
    await page.selectOption('#size', String(squares));
    for (const setting of ['index', 'binary', 'coordinate']) {
      await page.selectOption('#labels', setting);
      const texts = await page.$$eval(CELLS, (cells) => cells.map((c) => c.textContent));
      assert.equal(texts.length, squares);
      assert.deepEqual(texts, texts.map((_, i) => expected(setting, i, squares)), `${setting}, ${squares} squares`);
      if (squares === 64) await screenshot(page, `devil-labels-${setting}`);
    }
    await page.selectOption('#labels', 'none');
    const faces = await page.$$eval(CELLS, (cells) => cells.map((c) => [c.textContent, c.dataset.face]));
    assert.ok(faces.every(([t, f]) => t === (f === 'heads' ? 'H' : 'T')), 'none shows the coins as H and T');
  }
  // The choice is the visitor's: it survives a reload.
  await page.selectOption('#labels', 'binary');
  await page.reload();
  await ready(page);
  assert.equal(await page.inputValue('#labels'), 'binary');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Watch marks the coin the XOR step names in that same step, and it is the one then flipped', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.selectOption('#size', '16');
  const before = await page.$$eval(CELLS, (cells) => cells.map((c) => c.dataset.face === 'heads'));
  // 16 squares: start, 4 regions, colour, then the XOR step (frame 7).
  for (let i = 0; i < 6; i++) await page.click(FORWARD);
  const status = await page.textContent('#status');
  const named = Number(/A flips coin (\d+)/.exec(status)?.[1] ?? (/so A flips coin 0/.test(status) ? 0 : NaN));
  assert.ok(Number.isInteger(named), status);
  const marked = await page.$$eval(CELLS, (cells) => cells.flatMap((c, i) => (c.classList.contains('named') ? [i] : [])));
  assert.deepEqual(marked, [named]);
  // The coin flipped in the next step is the one named, and no other.
  await page.click(FORWARD);
  const afterFlip = await page.$$eval(CELLS, (cells) => cells.map((c) => c.dataset.face === 'heads'));
  assert.deepEqual(afterFlip.flatMap((h, i) => (h !== before[i] ? [i] : [])), [named]);
  assert.deepEqual(await page.$$eval(CELLS, (cells) => cells.filter((c) => c.classList.contains('named')).length), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard hints show with a mouse and not on a touch-only phone', async () => {
  const desk = await open(browser, 'devil.html');
  await ready(desk.page);
  assert.equal(await desk.page.isVisible('.keyboard-hint'), true);
  await desk.context.close();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await page.goto(new URL('devil.html', `${process.env.BASE_URL ?? 'http://127.0.0.1:8000'}/`).href);
  await ready(page);
  assert.equal(await page.isVisible('.keyboard-hint'), false);
  await phone.close();
});

/** Per drawn label: whether its text lies inside its coin (the circle inset 14% of the square). */
function labelsInCoins(page) {
  return page.$$eval(CELLS, (cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const text = range.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      const inset = 0.14 * box.width - 1;
      return text.width === 0 || (text.left >= box.left + inset && text.right <= box.right - inset && text.top >= box.top + inset && text.bottom <= box.bottom - inset);
    }),
  );
}

for (const [width, height, squares, shown] of [
  [390, 844, 64, true],
  [1280, 800, 256, true],
  [1280, 720, 64, true],
  [390, 844, 256, false],
]) {
  test(`binary labels at ${squares} squares on a ${width}×${height} screen ${shown ? 'fit inside their coins' : 'are not drawn, and the page says why'}`, async () => {
    const { page, errors, context } = await open(browser, 'devil.html', { viewport: { width, height } });
    await ready(page);
    await page.selectOption('#size', String(squares));
    await page.selectOption('#labels', 'binary');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true, 'no sideways scroll');
    if (shown) {
      assert.equal(await page.getAttribute('#board', 'data-labels'), 'binary');
      const inside = await labelsInCoins(page);
      assert.deepEqual(inside.flatMap((ok, i) => (ok ? [] : [i])), [], 'labels past their coin');
      const px = await page.$eval(CELLS, (c) => parseFloat(getComputedStyle(c).fontSize));
      assert.ok(px >= 7, `labels ${px} px`);
    } else {
      assert.equal(await page.getAttribute('#board', 'data-labels'), 'none');
      assert.equal(await page.isVisible('#labels-note'), true);
      const faces = await page.$$eval(CELLS, (cells) => cells.map((c) => [c.textContent, c.dataset.face]));
      assert.ok(faces.every(([t, f]) => t === (f === 'heads' ? 'H' : 'T')), 'the coins show H and T instead');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
