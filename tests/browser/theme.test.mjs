// Theming: the dark theme follows prefers-color-scheme on pages and embeds, a post's custom
// properties set on <chessboard-puzzle> reach the board inside its shadow root, theme="light"
// pins the light theme, and reduced motion stops the coin animation; under forced colours (Windows'
// high contrast) a board's states still look different. Expected colours are the values written
// here (the post's) or read from site.css's own :root values in the light theme.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, ready, BASE_URL } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const POST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Themed post</title>
<link rel="icon" href="data:,"><script type="module" src="embed.js"></script>
<style>#themed { --light-square: rgb(1, 2, 3); --dark-square: rgb(4, 5, 6); --accent: rgb(7, 8, 9); --font: "Post Font", monospace; }</style>
</head><body>
<chessboard-puzzle id="themed" link="#devil/v1/RAAAC3cI"></chessboard-puzzle>
<chessboard-puzzle id="auto" link="#devil/v1/RAAAC3cI"></chessboard-puzzle>
<chessboard-puzzle id="pinned" theme="light" link="#devil/v1/RAAAC3cI"></chessboard-puzzle>
</body></html>`;

async function openPost(scheme, reducedMotion = 'no-preference') {
  const opened = await open(browser, 'index.html', { reducedMotion });
  await opened.page.route('**/themed-post.html', (route) => route.fulfill({ contentType: 'text/html', body: POST }));
  await opened.page.emulateMedia({ colorScheme: scheme });
  await opened.page.goto(`${BASE_URL}/themed-post.html`);
  await opened.page.waitForFunction(() => [...document.querySelectorAll('chessboard-puzzle')].every((b) => b.dataset.ready === 'true'));
  return opened;
}

/** Computed style `prop` of the first match of `selector` inside element `id`'s shadow root. */
const styleIn = (page, id, selector, prop) =>
  page.evaluate(([id, selector, prop]) => getComputedStyle(document.getElementById(id).shadowRoot.querySelector(selector))[prop], [id, selector, prop]);

test('pages follow the system theme: dark background and light text in dark, the reverse in light', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  const look = () => page.evaluate(() => ({ bg: getComputedStyle(document.documentElement).backgroundColor, ink: getComputedStyle(document.body).color }));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+/g).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await look();
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await look();
  assert.ok(luminance(light.bg) > luminance(light.ink), `light: ${JSON.stringify(light)}`);
  assert.ok(luminance(dark.bg) < luminance(dark.ink), `dark: ${JSON.stringify(dark)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a post's custom properties on the element reach the board; theme=light pins the light theme", async () => {
  const { page, errors, context } = await openPost('dark');
  assert.equal(await styleIn(page, 'themed', '[role=gridcell]:not(.dark)', 'backgroundColor'), 'rgb(1, 2, 3)');
  assert.equal(await styleIn(page, 'themed', '[role=gridcell].dark', 'backgroundColor'), 'rgb(4, 5, 6)');
  assert.equal(await styleIn(page, 'themed', 'button[aria-pressed=true]', 'backgroundColor'), 'rgb(7, 8, 9)');
  assert.match(await styleIn(page, 'themed', '[role=gridcell]', 'fontFamily'), /Post Font/);
  // The same board without the post's values: dark in a dark system, light when pinned.
  const hostBg = (id) => page.evaluate((id) => getComputedStyle(document.getElementById(id)).backgroundColor, id);
  const lightBg = await page.evaluate(() => {
    const probe = document.createElement('div');
    document.body.append(probe);
    probe.style.background = '#f6f4ef'; // site.css's light --bg
    return getComputedStyle(probe).backgroundColor;
  });
  assert.equal(await hostBg('pinned'), lightBg);
  assert.notEqual(await hostBg('auto'), lightBg);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [reducedMotion, expected] of [['no-preference', 'coin-flip'], ['reduce', 'none']]) {
  test(`reduced motion ${reducedMotion}: A's flip in an embed animates as ${expected}`, async () => {
    const { page, errors, context } = await openPost('light', reducedMotion);
    const cell = page.locator('#auto').locator('[role=gridcell]').nth(3);
    await cell.click();
    await page.locator('#auto').locator('[role=gridcell].flipped').waitFor({ state: 'attached' });
    const animation = await page.locator('#auto').locator('[role=gridcell].flipped').evaluate((c) => getComputedStyle(c, '::before').animationName);
    assert.equal(animation, expected);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Forced colours take author backgrounds away; on these boards a background is the state. Two
// cells that differ only in state must still look different: the mean brightness of their
// screenshots (decoded by the page) differs by a tenth of the range at least. (Computed styles
// cannot tell: the lit light's gradient stays in its computed style but is not painted.)
const FORCED = {
  'lights.html': ['#board .cell.on', '#board .cell:not(.on)'],
  'lights-games.html': ['#board button.light[data-state="1"]', '#board button.light[data-state="0"]'],
  // Two empty squares, a6 (light) and b6 (dark): without the checkered board black pieces were
  // black on black.
  'chess.html': ['#board [role=gridcell] >> nth=16', '#board [role=gridcell] >> nth=17'],
};
for (const [path, [one, other]] of Object.entries(FORCED)) {
  for (const scheme of ['light', 'dark']) {
    test(`${path} under forced colours (${scheme}): a board's states still look different`, async () => {
      const { page, errors, context } = await open(browser, path);
      await ready(page);
      await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
      const brightness = async (/** @type {string} */ selector) => {
        const png = (await page.locator(selector).first().screenshot()).toString('base64');
        return page.evaluate(async (data) => {
          const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
          const canvas = new OffscreenCanvas(image.width, image.height);
          const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d'));
          ctx.drawImage(image, 0, 0);
          const px = ctx.getImageData(0, 0, image.width, image.height).data;
          let sum = 0;
          for (let i = 0; i < px.length; i += 4) sum += (px[i] + px[i + 1] + px[i + 2]) / 3;
          return sum / (px.length / 4);
        }, png);
      };
      const [a, b] = [await brightness(one), await brightness(other)];
      assert.ok(Math.abs(a - b) >= 25.5, `${one} and ${other} look alike: mean brightness ${a.toFixed(1)} and ${b.toFixed(1)}`);
      if (path === 'chess.html') {
        // The bits per scheme: a bar is drawn (not the page's plain background).
        const background = await page.evaluate(() => getComputedStyle(document.querySelector('#bars .bar')).backgroundColor);
        const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert.notEqual(background, canvas, 'the bar has a colour of its own');
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
