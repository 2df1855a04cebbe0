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
  await page.waitForSelector('#steps[data-at="3"]');
  assert.equal(await page.getAttribute('#board', 'data-step'), '3');
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'dark');
  await page.goto(page.url().replace(/\?.*$/, '?embed=1&mode=play-b'));
  await ready(page);
  assert.equal(await page.getAttribute('[data-mode=play_b]', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'light dark');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a table embed steps through its strategy with step(n), forward by playing and back by undoing', async () => {
  const { page, errors, context } = await open(browser, 'index.html', { reducedMotion: 'reduce' });
  await page.setContent(`<!doctype html><script type="module" src="${new URL('embed.js', page.url()).href}"></script>
    <chessboard-puzzle id="t" link="${new URL('table.html', page.url()).href}"></chessboard-puzzle>
    <script>window.changes = []; document.addEventListener('change', (e) => window.changes.push(e.detail));</script>`);
  // The element's methods answer once it has told its first change (the board drawn).
  await page.waitForFunction(() => /** @type {any} */ (window).changes.length > 0);
  const state = () =>
    page.evaluate(() => {
      const el = /** @type {any} */ (document.getElementById('t'));
      const game = el.shadowRoot.querySelector('[data-view]').dataset;
      return { at: el.currentStep, won: game.status === 'won', moves: Number(game.moves) };
    });
  assert.equal((await state()).at, 0);
  await page.evaluate(() => /** @type {any} */ (document.getElementById('t')).step(3));
  let s = await state();
  assert.equal(s.at, s.moves, 'the step is the move counter');
  assert.ok(s.at === 3 || (s.won && s.at < 3), JSON.stringify(s));
  await page.evaluate(() => /** @type {any} */ (document.getElementById('t')).step(1));
  s = await state();
  assert.deepEqual([s.at, s.moves], [1, 1]);
  await page.waitForFunction(() => /** @type {any} */ (window).changes.some((c) => c.step === 1));
  assert.deepEqual(errors, []);
  await context.close();
});
