// Theming: the dark theme follows prefers-color-scheme on pages and embeds, a post's custom
// properties set on <chessboard-puzzle> reach the board inside its shadow root, theme="light"
// pins the light theme, and reduced motion stops the coin animation. Expected colours are the
// values written here (the post's) or read from site.css's own :root values in the light theme.
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
