// The Lights nullity chart by keyboard in headless Chromium: one tab stop for its 400 points,
// arrows inside. Expected nullities are published figures (OEIS A159257 for the bounded n×n
// board: 0, 0, 0, 4, 2 for n = 1 … 5) and the 5×5 torus's 8 that lights.test.mjs checks.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, ready } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

/** The focused chart point as its data says it (n, series, nullity), or where the focus is when it is not one. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof SVGElement) || !el.closest('#chart')) return `outside: ${el?.id || el?.tagName}`;
    const { n, kind, nullity } = el.dataset;
    return `${n}×${n} ${kind}: nullity ${nullity}`;
  });

test('the nullity chart is one tab stop; arrows, Home and End move inside it; Enter opens the board', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await page.waitForSelector('#chart svg');
  assert.equal(await page.locator('#chart circle.pt[data-n]').count(), 400);
  assert.equal(await page.locator('#chart [tabindex="0"]').count(), 1);
  // Focus whatever comes just before the chart in the tab order, then Tab once into it.
  await page.evaluate(() => {
    const tabbable = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')].filter(
      (el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length > 0,
    );
    const first = tabbable.findIndex((el) => el.closest('#chart'));
    tabbable[first - 1].focus();
  });
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), '1×1 bounded: nullity 0');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), '4×4 bounded: nullity 4');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), '5×5 bounded: nullity 2');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(page), '4×4 bounded: nullity 4');
  await page.keyboard.press('End');
  const end = await focused(page);
  assert.ok(end.startsWith('200×200 bounded: nullity '), end);
  await page.keyboard.press('ArrowRight'); // at the end: stays
  assert.equal(await focused(page), end);
  await page.keyboard.press('Home');
  assert.equal(await focused(page), '1×1 bounded: nullity 0');
  await page.keyboard.press('ArrowLeft'); // at the start: stays
  assert.equal(await focused(page), '1×1 bounded: nullity 0');
  // Up and Down switch between the two series at the same n.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(page), '5×5 torus: nullity 8');
  assert.equal(await page.locator('#chart [tabindex="0"]').count(), 1);
  // One more Tab leaves the chart; Shift+Tab comes back to the point left.
  await page.keyboard.press('Tab');
  assert.ok((await focused(page)).startsWith('outside: '));
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), '5×5 torus: nullity 8');
  // Enter does what a click does: opens that board.
  await page.keyboard.press('Enter');
  await page.waitForSelector('#status[data-rows="5"][data-cols="5"][data-rule=plus][data-edges=torus]');
  await page.waitForSelector('#counts[data-rows="5"][data-cols="5"][data-edges=torus][data-nullity="8"]');
  // A click makes the clicked point the tab stop.
  await page.locator('#chart circle[data-n="4"][data-kind="bounded"]').click();
  await page.waitForSelector('#status[data-rows="4"][data-cols="4"][data-rule=plus][data-edges=bounded]');
  assert.equal(await page.getAttribute('#chart [tabindex="0"]', 'aria-label'), '4×4 bounded: nullity 4');
  await page.keyboard.press(' ');
  await page.waitForSelector('#counts[data-rows="4"][data-cols="4"][data-edges=bounded][data-nullity="4"]');
  assert.deepEqual(errors, []);
  await context.close();
});
