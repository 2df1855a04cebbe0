// The step bar (www/js/components/step-bar.js) on the Lights Out page, in Chromium: a solution
// played, paused and stepped by mouse, keyboard and touch. Each step is checked against the
// classic rule written out here, not against the page's core.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, ready, screenshot } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const CELLS = '#board [role=gridcell]';
const lit = (page) => page.$$eval(CELLS, (cells) => cells.map((c) => Number(c.dataset.state)));
/** Where the step bar sits relative to the board (both drawn by the page; a banner above may move both). */
const barOffset = (page) => page.evaluate(() => {
  const b = document.querySelector('#board').getBoundingClientRect();
  const s = document.querySelector('#steps').getBoundingClientRect();
  return { dx: s.left - b.left, dy: s.top - b.top, height: s.height };
});
const bar = async (page) => page.$eval('#steps', (el) => ({ at: Number(el.dataset.at), count: Number(el.dataset.count), playing: el.dataset.playing === 'true' }));

/** The lights that differ between two 5×5 boards. */
const changed = (a, b) => a.flatMap((v, i) => (v !== b[i] ? [i] : []));

/** A classic press at `i` on a 5×5 board changes `i` and its four neighbours on the board. */
function pressedBy(i) {
  const r = Math.floor(i / 5);
  const c = i % 5;
  return [[r, c], [r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]
    .filter(([rr, cc]) => rr >= 0 && rr < 5 && cc >= 0 && cc < 5)
    .map(([rr, cc]) => rr * 5 + cc)
    .sort((x, y) => x - y);
}

/** Whether the difference between two boards is exactly one classic press. */
function onePress(a, b) {
  const diff = changed(a, b);
  return diff.length > 0 && Array.from({ length: 25 }, (_, i) => i).some((i) => JSON.stringify(pressedBy(i)) === JSON.stringify(diff));
}

test('a solution plays, pauses (nothing moves for 2 s), steps exactly one press each way, and reaches the dark board', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  assert.deepEqual(await bar(page), { at: 0, count: 0, playing: false });
  assert.equal(await page.isDisabled('#steps [data-step=toggle]'), true, 'nothing to play before a sequence is loaded');
  const offset = await barOffset(page);
  await page.click('#animate');
  await page.waitForFunction(() => Number(document.querySelector('#steps').dataset.at) >= 1);
  assert.equal((await bar(page)).playing, true);
  await page.click('#steps [data-step=toggle]');
  // Paused, and the step that was under way (if any) has ended: from here nothing may move.
  await page.waitForSelector('#steps[data-playing=false]:not([data-moving])');
  const paused = await bar(page);
  assert.equal(paused.playing, false);
  const still = await lit(page);
  // What is checked is that nothing happens, so this one wait is on the clock.
  await page.waitForTimeout(2000);
  assert.deepEqual(await lit(page), still, 'the board does not change while paused');
  assert.equal((await bar(page)).at, paused.at);

  if (paused.at < paused.count) {
    await page.click('#steps [data-step=forward]');
    await page.waitForFunction((n) => Number(document.querySelector('#steps').dataset.at) === n, paused.at + 1);
    assert.ok(onePress(still, await lit(page)), 'forward makes exactly one press');
  }
  const before = await lit(page);
  const at = (await bar(page)).at;
  await page.click('#steps [data-step=back]');
  await page.waitForFunction((n) => Number(document.querySelector('#steps').dataset.at) === n, at - 1);
  assert.ok(onePress(before, await lit(page)), 'back undoes exactly one press');

  // Keyboard inside the bar: End plays the rest, Home goes back to the puzzle as dealt.
  await page.focus('#steps [data-step=forward]');
  await page.keyboard.press('End');
  await page.waitForFunction(() => { const s = document.querySelector('#steps').dataset; return s.at === s.count; });
  assert.ok((await lit(page)).every((v) => v === 0), 'the end of the solution is the dark board');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.at === '0');
  assert.ok((await lit(page)).some((v) => v === 1), 'the start is the puzzle again');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.at === '1');
  assert.deepEqual(await barOffset(page), offset, 'the bar kept its place and height beside the board');
  await screenshot(page, 'lights-step-bar');
  assert.deepEqual(errors, []);
  await context.close();
});

test('pressing a light yourself puts the sequence away; the bar keeps its place', async () => {
  const { page, errors, context } = await open(browser, 'lights.html', { reducedMotion: 'reduce' });
  await ready(page);
  await page.click('#animate');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.count !== '0');
  assert.equal((await bar(page)).playing, false, 'reduced motion: it waits for ▶');
  assert.equal((await bar(page)).at, 0);
  const box = await page.locator('#steps').boundingBox();
  await page.locator(CELLS).nth(12).click();
  await page.waitForFunction(() => document.querySelector('#steps').dataset.count === '0');
  assert.deepEqual(await page.locator('#steps').boundingBox(), box);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the bar works by touch on a phone', async () => {
  const { page, errors, context } = await open(browser, 'lights.html', { viewport: { width: 390, height: 844 }, hasTouch: true, reducedMotion: 'reduce' });
  await ready(page);
  await page.tap('#chase');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.count !== '0');
  const start = await lit(page);
  await page.tap('#steps [data-step=forward]');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.at === '1');
  assert.equal(await page.locator('#log li').count(), 1, 'the row is said in the log');
  await page.tap('#steps [data-step=back]');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.at === '0');
  assert.deepEqual(await lit(page), start, 'back undoes the row');
  assert.equal(await page.locator('#log li').count(), 0, 'and its line of the log');
  await screenshot(page, 'lights-step-bar-phone');
  assert.deepEqual(errors, []);
  await context.close();
});
