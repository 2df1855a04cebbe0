// A framed page (`?embed=1`) takes the element's options from its address: the mode's button
// is pressed, the step bar stands at the step, the colours follow the theme.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, ready } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

test('a frame of the Devil page opens in the mode, step and theme its address names', async () => {
  const { page, errors, context } = await open(browser, 'devil.html?embed=1&view=compact&mode=watch&step=3&theme=dark');
  await ready(page);
  await page.waitForFunction(() => /Step 4 of/.test(document.querySelector('#steps .step-position')?.textContent ?? ''));
  assert.equal(await page.getAttribute('#board', 'data-step'), '3');
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'dark');
  await page.goto(page.url().replace(/\?.*$/, '?embed=1&mode=play-b'));
  await ready(page);
  assert.equal(await page.getAttribute('[data-mode=play_b]', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'light dark');
  assert.deepEqual(errors, []);
  await context.close();
});
