// Accessibility, checked by axe-core (an independent rule engine, injected into the page): every
// page and script-tag embeds of every puzzle, in the light and the dark theme, and the two example
// posts (whose embeds fix their theme) have no serious or critical violation. Pages are checked
// after they have drawn their board.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, ready, screenshot, BASE_URL } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGES = ['index', 'about', 'devil', 'devil-lab', 'codes', 'lights', 'lights-games', 'table', 'chess'];
/** Pages without a puzzle view, which never mark themselves ready. */
const STATIC = new Set(['index', 'about']);
const SCHEMES = ['light', 'dark'];

const POST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embeds</title>
<link rel="icon" href="data:,"><script type="module" src="embed.js"></script></head><body><main><h1>Embeds</h1>
<chessboard-puzzle link="#devil/v1/RAAAC3cI"></chessboard-puzzle>
<chessboard-puzzle link="#lights/v2/AEAEAAAAAAFjYAAB9hcNAA"></chessboard-puzzle>
<chessboard-puzzle link="#table/v1/DCgAAAAAAAAAAAYRzTsN6dD4AJI"></chessboard-puzzle>
<chessboard-puzzle link="#chess/v2/YHdIBOkqMizjbKJ4_tuwBCeA1gA"></chessboard-puzzle>
</main></body></html>`;

const browser = await launch();
after(() => browser.close());

/** Waits until at least `count` embeds are on the page and every one has drawn. */
async function embedsReady(page, count) {
  await page.waitForFunction((n) => {
    const boards = [...document.querySelectorAll('chessboard-puzzle')];
    return boards.length >= n && boards.every((b) => b.dataset.ready === 'true');
  }, count);
}

/** Runs axe on the page (open shadow roots included) and returns the serious and critical findings, one line each. */
async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary.split('\n').slice(1, 2).join('')}`.trim()),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 5).map((n) => `${v.id} (${v.impact}): ${n}`));
}

for (const scheme of SCHEMES) {
  for (const name of PAGES) {
    test(`${name}.html in the ${scheme} theme has no serious or critical axe violation`, async () => {
      const { page, errors, context } = await open(browser, `${name}.html`);
      await page.emulateMedia({ colorScheme: scheme });
      if (!STATIC.has(name)) await ready(page);
      assert.deepEqual(await seriousViolations(page), []);
      await screenshot(page, `a11y-${name}-${scheme}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test(`<chessboard-puzzle> embeds of every puzzle in the ${scheme} theme have no serious or critical axe violation`, async () => {
    const { page, errors, context } = await open(browser, 'index.html');
    // A post with no styles of its own, served at the site's origin, whose embeds follow the theme.
    await page.route('**/a11y-post.html', (route) => route.fulfill({ contentType: 'text/html', body: POST }));
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${BASE_URL}/a11y-post.html`);
    await embedsReady(page, 4);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, `a11y-embeds-${scheme}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [example, scheme] of [['blog-post', 'dark'], ['static-site-post', 'light']]) {
  test(`examples/${example}.html (embeds with a fixed theme) under a ${scheme} system theme has no serious or critical axe violation`, async () => {
    const { page, errors, context } = await open(browser, `examples/${example}.html`);
    await page.emulateMedia({ colorScheme: scheme });
    await embedsReady(page, 2);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, `a11y-${example}-${scheme}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

}
