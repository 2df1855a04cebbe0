// Retakes the screenshots the README and docs/embedding.md show (www/img/screenshot-devil.png,
// www/img/embed-light.png, www/img/embed-dark.png) from fixed share links, so a change to how the
// pages look is followed by the pictures a newcomer sees first:
//
//   cargo xtask serve --port 8110 &
//   BASE_URL=http://127.0.0.1:8110 CHROMIUM=/usr/bin/chromium node tests/bench/screenshots.mjs
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
const OUT = fileURLToPath(new URL('../../www/img/', import.meta.url));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });

/** Opens `path` at `viewport` in `colorScheme`, waits for the view and for its link to settle. */
async function shown(path, viewport, colorScheme) {
  const context = await browser.newContext({ viewport, colorScheme, reducedMotion: 'reduce', deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/${path}`);
  await page.waitForSelector('body[data-ready=true]');
  await page.waitForFunction(() => !('linkPending' in document.documentElement.dataset));
  return { page, context };
}

// The README: the Devil's chessboard in Watch mode, step 11 of 17 (B counts region 0), as the
// first screen of a 1280×800 laptop shows it.
{
  const { page, context } = await shown('devil.html#devil/v1/YAAKBTgMM_V4nPc9', { width: 1280, height: 800 }, 'light');
  await page.screenshot({ path: `${OUT}screenshot-devil.png` });
  console.log('www/img/screenshot-devil.png');
  await context.close();
}

// docs/embedding.md: the compact embed of a 16-square board, Play as A, light and dark.
for (const scheme of ['light', 'dark']) {
  const { page, context } = await shown('devil.html?embed=1&view=compact#devil/v1/RAAACScw', { width: 536, height: 300 }, scheme);
  await page.screenshot({ path: `${OUT}embed-${scheme}.png`, fullPage: true });
  console.log(`www/img/embed-${scheme}.png`);
  await context.close();
}
await browser.close();
