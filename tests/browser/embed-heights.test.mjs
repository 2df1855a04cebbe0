// One height however it is played: every puzzle's <chessboard-puzzle> in a post with a 700 px and a
// 360 px column, in each view (board, compact, full: switched by the `view` attribute on one
// element, one page load per puzzle × column), is played through about ten interactions of every
// kind the view offers (modes, moves, hints and solutions, steps, an illegal chess position) while
// a ResizeObserver on the element records every height it takes: one height per view, or the
// test fails naming the interaction after which it changed. It also prints the heights, which
// docs/embedding.md lists ("Views and a steady height").
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, open, nextFrame, BASE_URL } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

// The post, from a second server (another origin, as a blog's): /?width=700&link=devil.html%23…
const blog = http.createServer((req, res) => {
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(post(Number(query.get('width')), query.get('link') ?? ''));
});
await new Promise((resolve) => blog.listen(0, '127.0.0.1', () => resolve(undefined)));
const BLOG = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (blog.address()).port}`;
after(() => blog.close());

const WIDTHS = [700, 360];
const VIEWS = ['board', 'compact', 'full'];

/** @typedef {{ click?: string, nth?: number, step?: number, key?: string, on?: string, expect?: 'legal' | 'illegal' }} Action */
/** Each puzzle's link and what a reader does with it. `click` is a selector inside the element
 * (its `nth` visible match; skipped when the view does not show it), `step` the element's step(n),
 * `key` a key pressed on the `nth` match of `on`; a chess action's `expect` is whether the position
 * is legal after it (the bars say so: `#bars[data-illegal]`), checked so a walk cannot skip its point. */
const PUZZLES = /** @type {Record<string, { link: string, actions: Action[] }>} */ ({
  devil: {
    link: 'devil.html#devil/v1/YAAAFerl_nBFUMGZ',
    actions: [
      { step: 5 },
      { step: 16 },
      { click: '[data-mode="play_a"]' },
      { click: '.cell', nth: 3 },
      { click: '[data-mode="play_b"]' },
      { click: '.cell', nth: 9 },
      { click: '[data-mode="edit"]' },
      { click: '.cell', nth: 2 },
      { click: '[data-game="undo"]' },
      { click: '#new-board' },
      { click: '[data-mode="watch"]' },
      { step: 9 },
    ],
  },
  lights: {
    link: 'lights.html#lights/v2/AEAEAAAAAAFjYAAB9hcNAA',
    actions: [
      { click: '.cell', nth: 6 },
      { click: '#hint' },
      { click: '#show-solution' },
      { click: '#show-solution' },
      { click: '#animate' },
      { step: 2 },
      { click: '[data-mode="edit"]' },
      { click: '.cell', nth: 12 },
      { click: '[data-mode="play"]' },
      { click: '.cell', nth: 0 },
      { click: '[data-game="undo"]' },
      { click: '#redo' },
    ],
  },
  'lights-games': {
    link: 'lights-games.html',
    actions: [
      { click: '#board .cell, #board [role="gridcell"], #board button', nth: 1 },
      { click: '#board .cell, #board [role="gridcell"], #board button', nth: 4 },
      { click: '#solve' },
      { step: 1 },
      { step: 3 },
      { click: '[data-mode="edit"]' },
      { click: '#board .cell, #board [role="gridcell"], #board button', nth: 2 },
      { click: '[data-mode="play"]' },
      { click: '[data-game="undo"]' },
      { click: '#clear' },
      { click: '#solve' },
    ],
  },
  table: {
    link: 'table.html#table/v1/DCgAAAAAAAAAAAYRzTsN6dD4AJI',
    actions: [
      { click: '[data-mode="play"]' },
      { click: '#positions > *', nth: 0 },
      { click: '#flip' },
      { click: '#positions > *', nth: 1 },
      { click: '#flip' },
      { click: '[data-mode="watch"]' },
      { step: 3 },
      { step: 8 },
      { step: 1 },
      { click: '[data-game="undo"]' },
    ],
  },
  // A game (issue 28): sample game 2 at ply 33 (tests/data/links/chess-game-v1.json), stepped
  // through its plies by step(n) and the step bar's buttons.
  'chess-game': {
    link: 'chess.html#chess-game/v1/PyEQUmF0ZWQgUmFwaWQgZ2FtZQoyMDI1LjA1LjAxBnJpbWZheAhaRVpFMTAyMBVC1SIpC3QmwXknczrdc1lWJPg',
    actions: [
      { step: 0 },
      { click: '[data-step="forward"]' },
      { step: 12 },
      { click: '[data-step="end"]' },
      { step: 1 },
      { click: '[data-step="back"]' },
      { step: 40 },
      { click: '#moves .move', nth: 5 },
      { click: '[data-step="start"]' },
      { step: 57 },
    ],
  },
  chess: {
    // The start position. Each view's walk leaves it illegal and brings it back (the bars of
    // an illegal position have no code), by keys on a square (every view) and by the palette.
    link: 'chess.html#chess/v2/YHdIBOkqMizjbKJ4_tuwBCeA1gA',
    actions: [
      { key: 'K', on: '#board .cell', nth: 27, expect: 'illegal' },
      { key: 'Delete', on: '#board .cell', nth: 27, expect: 'legal' },
      { key: 'P', on: '#board .cell', nth: 0, expect: 'illegal' },
      { key: 'r', on: '#board .cell', nth: 0, expect: 'legal' },
      { click: '#palette button', nth: 0 },
      { click: '#board .cell', nth: 27, expect: 'illegal' },
      { click: '#board .cell', nth: 27, expect: 'legal' },
      { click: '#palette button', nth: 5 },
    ],
  },
});

/** @param {number} width @param {string} link */
function post(width, link) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A ${width} px column</title><link rel="icon" href="data:,">
<style>body { margin: 0; font-family: Georgia, serif; } article { width: ${width}px; margin: 0 auto; }</style>
<script type="module" src="${BASE_URL}/embed.js"></script></head>
<body><article><p>Text above.</p><chessboard-puzzle link="${BASE_URL}/${link}"></chessboard-puzzle><p>Text below.</p></article></body></html>`;
}

/** Heights measured, printed at the end: puzzle → view → width → px. */
const measured = {};

for (const [puzzle, { link, actions }] of Object.entries(PUZZLES)) {
  for (const width of WIDTHS) {
    test(`${puzzle} in a ${width} px column keeps one height per view however it is played`, async () => {
      const { page, context, errors } = await open(browser, 'index.html', {
        reducedMotion: 'reduce',
        viewport: { width: Math.max(width + 40, 400), height: 900 },
      });
      try {
        await page.goto(`${BLOG}/?width=${width}&link=${encodeURIComponent(link)}`);
        await page.waitForSelector('chessboard-puzzle[data-ready]', { timeout: 60_000 });
        const failures = [];
        for (const view of VIEWS) {
          await page.evaluate((v) => document.querySelector('chessboard-puzzle').setAttribute('view', v), view);
          await page.waitForFunction((v) => document.querySelector('chessboard-puzzle').shadowRoot.querySelector('[data-view]')?.dataset.embedView === v, view);
          await nextFrame(page);
          // Every height the element takes from here on, and the action that preceded it.
          await page.evaluate(() => {
            const el = document.querySelector('chessboard-puzzle');
            window.heights = [];
            window.doing = 'start';
            window.observer?.disconnect();
            window.observer = new ResizeObserver(() => window.heights.push([Math.round(el.getBoundingClientRect().height), window.doing]));
            window.observer.observe(el);
          });
          for (const [i, action] of actions.entries()) {
            const label = `${i}: ${JSON.stringify(action)}`;
            await page.evaluate((l) => (window.doing = l), label);
            if (action.key) {
              await page.locator(`chessboard-puzzle ${action.on}`).nth(action.nth ?? 0).press(action.key);
            } else if (action.step !== undefined) {
              await page.evaluate((n) => document.querySelector('chessboard-puzzle').step(n), action.step);
            } else if (action.click) {
              const target = page.locator(`chessboard-puzzle ${action.click.split(', ').join(', chessboard-puzzle ')}`).locator('visible=true').nth(action.nth ?? 0);
              if ((await target.count()) === 0) continue;
              if (await target.isDisabled().catch(() => true)) continue;
              await target.click({ timeout: 5_000 });
            }
            if (action.expect) {
              const illegal = String(action.expect === 'illegal');
              await page
                .waitForFunction(
                  (want) => document.querySelector('chessboard-puzzle')?.shadowRoot?.querySelector('#bars')?.getAttribute('data-illegal') === want,
                  illegal,
                )
                .catch(() => assert.fail(`${puzzle} ${view} at ${width} px: the position is not ${action.expect} after ${label}`));
            }
            await nextFrame(page);
            await nextFrame(page);
          }
          // Jobs the last actions started (a solve in a worker) finish before the last look.
          await page.waitForFunction(() => !document.querySelector('chessboard-puzzle').shadowRoot.querySelector('[aria-busy="true"]'));
          await nextFrame(page);
          const { heights, now } = await page.evaluate(() => ({
            heights: window.heights,
            now: Math.round(document.querySelector('chessboard-puzzle').getBoundingClientRect().height),
          }));
          ((measured[puzzle] ??= {})[view] ??= {})[width] = now;
          const distinct = [...new Set(heights.map(([h]) => h))];
          const changes = heights.filter(([h], k) => k > 0 && h !== heights[k - 1][0]).map(([h, l]) => `${h} px after ${l}`);
          if (distinct.length > 1) failures.push(`${puzzle} ${view} at ${width} px: ${heights[0]?.[0]} px, then ${changes.join('; ')}`);
        }
        assert.deepEqual(failures, []);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}

after(() => {
  console.log(`embed heights (px), puzzle → view → column width: ${JSON.stringify(measured)}`);
});
