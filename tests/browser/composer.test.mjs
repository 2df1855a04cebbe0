// The Embed composer (www/js/components/share-bar.js), driven by keyboard only: Embed opens a
// modal dialog with the focus on its first option; each option changes the script snippet, the
// iframe snippet and the live preview (the snippet itself, drawn in a frame at the chosen
// width); the copy buttons copy; Esc closes it and gives the focus back. The expected snippets
// are written here from the page's own address and the options chosen. axe-core checks the open
// dialog (no serious or critical finding).
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, ready, screenshot, problemsAfterSettling, BASE_URL, copiedBy } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const browser = await launch();
after(() => browser.close());

const active = (page) => page.evaluate(() => document.activeElement?.id ?? '');
/** The element drawn in the preview frame, once it is ready: its attributes. */
async function previewed(page, want) {
  await page.waitForFunction((expected) => {
    const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('embed-preview'));
    const el = frame.contentDocument?.querySelector('chessboard-puzzle');
    if (!el || el.dataset.ready !== 'true') return false;
    return Object.entries(expected).every(([k, v]) => el.getAttribute(k) === v);
  }, want);
}

for (const [width, scheme] of [[1280, 'light'], [360, 'dark']]) {
  test(`the Embed composer at ${width} px (${scheme}), by keyboard: options, snippets, preview, copy, Esc`, async () => {
    const { page, errors, context } = await open(browser, 'devil.html', { viewport: { width, height: 900 } });
    await page.emulateMedia({ colorScheme: scheme });
    await ready(page);
    await page.focus('#embed');
    const copiedFirst = await copiedBy(page, async () => {
      await page.keyboard.press('Enter');
      await page.waitForSelector('#embed-dialog[open]');
    });
    assert.equal(await active(page), 'embed-view', 'the focus is on the first option');
    const link = `${BASE_URL}/devil.html#${await page.evaluate(() => location.hash.slice(1))}`;
    const script = `<script type="module" src="${BASE_URL}/embed.js"></script>\n<chessboard-puzzle link="${link}"></chessboard-puzzle>`;
    assert.equal(await page.inputValue('#embed-script'), script);
    // The frame names the element's default view: a frame without one shows the full page view.
    const hash = link.slice(link.indexOf('#'));
    assert.match(await page.inputValue('#share-iframe'), new RegExp(`^<iframe src="${BASE_URL}/devil\\.html\\?embed=1&amp;view=compact${hash}" title="The Devil's chessboard" loading="lazy" style="display:block;width:100%;height:\\d+px;border:0"></iframe>$`));
    // The plain snippet is copied at once, as before the composer.
    assert.equal(copiedFirst, script);
    await previewed(page, { link });

    // View → board, Mode → the first mode (Watch), Step 3, Theme → light: all by keyboard.
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.inputValue('#embed-view'), 'board');
    await page.keyboard.press('Tab');
    assert.equal(await active(page), 'embed-mode');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.inputValue('#embed-mode'), 'watch');
    await page.keyboard.press('Tab');
    assert.equal(await active(page), 'embed-step');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    assert.equal(await active(page), 'embed-theme');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.inputValue('#embed-theme'), 'light');
    const attrs = 'view="board" mode="watch" step="3" theme="light"';
    assert.equal(await page.inputValue('#embed-script'), `<script type="module" src="${BASE_URL}/embed.js"></script>\n<chessboard-puzzle link="${link}" ${attrs}></chessboard-puzzle>`);
    assert.match(await page.inputValue('#share-iframe'), new RegExp(`^<iframe src="${BASE_URL}/devil\\.html\\?embed=1&amp;view=board&amp;mode=watch&amp;step=3&amp;theme=light${hash}" title="The Devil's chessboard" loading="lazy" style="display:block;width:100%;height:\\d+px;border:0"></iframe>$`));
    await previewed(page, { link, view: 'board', mode: 'watch', step: '3', theme: 'light' });

    // A figure without controls; then the phone width (arrow keys move along the radio group).
    await page.keyboard.press('Tab');
    assert.equal(await active(page), 'embed-figure');
    await page.keyboard.press('Space');
    assert.match(await page.inputValue('#embed-script'), / step="3" controls="none" theme="light">/);
    const frameAt700 = (await page.inputValue('#share-iframe')).replace(/height:\d+px/, '');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => document.querySelector('input[name="embed-width"]:checked').value), '360');
    assert.equal(await page.$eval('#embed-preview', (f) => f.style.width), '360px');
    // The width only previews: the iframe snippet is fluid, the same at every width.
    assert.equal((await page.inputValue('#share-iframe')).replace(/height:\d+px/, ''), frameAt700);
    await previewed(page, { controls: 'none' });
    // The preview fits the dialog: scaled down where the dialog is narrower than the width.
    const fits = await page.evaluate(() => {
      const frame = document.getElementById('embed-preview').getBoundingClientRect();
      const dialog = document.getElementById('embed-dialog').getBoundingClientRect();
      return frame.left >= dialog.left && frame.right <= dialog.right;
    });
    assert.ok(fits, 'the preview lies inside the dialog');

    // The copy buttons, by keyboard.
    await page.focus('#copy-script');
    const copiedScript = await copiedBy(page, async () => {
      await page.keyboard.press('Enter');
      await page.waitForSelector('#embed-status[data-snippet=embed-script][data-copied=true]');
    });
    assert.equal(copiedScript, await page.inputValue('#embed-script'));
    await page.focus('#copy-iframe');
    const copiedFrame = await copiedBy(page, async () => {
      await page.keyboard.press('Enter');
      await page.waitForSelector('#embed-status[data-snippet=share-iframe][data-copied=true]');
    });
    assert.equal(copiedFrame, await page.inputValue('#share-iframe'));
    await screenshot(page, `composer-${width}-${scheme}`);
    await page.addScriptTag({ path: AXE });
    const findings = await page.evaluate(async () => {
      const result = await window.axe.run(document.getElementById('embed-dialog'), { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
    });
    assert.deepEqual(findings, []);

    // The iframe snippet, pasted into a page without any script: as wide as the page's column,
    // and its height (the tallest the view measures from 320 to 1100 px) holds the framed view,
    // which never scrolls inside.
    await page.waitForSelector('#share-iframe[data-measured=true]', { state: 'attached' });
    const frameSnippet = await page.inputValue('#share-iframe');
    const host = await context.newPage();
    await host.route('**/pasted-frame.html', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pasted</title></head><body>${frameSnippet}</body></html>` }));
    await host.goto(`${BASE_URL}/pasted-frame.html`);
    const framed = host.frames()[1];
    await framed.waitForSelector('body[data-ready=true]');
    const measure = () =>
      host.evaluate(() => {
        const frame = document.querySelector('iframe');
        const doc = frame.contentDocument.documentElement;
        return { content: Math.ceil(doc.getBoundingClientRect().height), scroll: doc.scrollHeight, frame: frame.clientHeight, width: frame.offsetWidth };
      });
    // The framed view may still draw a panel after it is ready: read it until it fits (or time out).
    let fit = await measure();
    await problemsAfterSettling(async () => {
      fit = await measure();
      return fit.content <= fit.frame && fit.scroll <= fit.frame ? [] : ['not yet'];
    });
    console.log(`# ${width} px: the framed view is ${fit.content} px in a ${fit.frame} px frame`);
    assert.equal(fit.width, await host.evaluate(() => document.body.clientWidth), 'the frame is as wide as the column');
    assert.ok(fit.content <= fit.frame && fit.scroll <= fit.frame, `the framed view (${fit.content} px) scrolls in its ${fit.frame} px frame`);
    await host.close();

    // The page behind is inert while the dialog is open; Esc closes it and the focus is back on Embed.
    assert.equal(await page.evaluate(() => document.getElementById('embed-dialog').matches(':modal')), true);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#embed-dialog:not([open])', { state: 'attached' });
    assert.equal(await active(page), 'embed');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
