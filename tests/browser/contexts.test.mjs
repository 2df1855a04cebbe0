// The context matrix: every puzzle page at the screens readers bring (a laptop at 1366×768 and
// 1280×800, a projector at 1280×720, phones at 390×844 and 360×740, a phone sideways at 740×360),
// in light and dark. Nothing scrolls sideways, no console error, and the board is where the eye
// is: wholly in the first screen on the laptops and the projector, its top within 400 px on a
// 390×844 phone, 40 % of it in the first screen and no taller than it on the phone sideways.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, ready, BASE_URL } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const PAGES = ['devil', 'lights', 'lights-games', 'table', 'chess'];
/** [width, height, what the board must do there] */
const SCREENS = [
  [1366, 768, 'whole'],
  [1280, 800, 'whole'],
  [1280, 720, 'whole'],
  [390, 844, 'top within 400 px'],
  [360, 740, 'fits the width'],
  // A phone turned sideways (or a projector's page zoomed to 200 %): at least 40 % of the board
  // in the first screen, and the board no taller than the screen, so one scroll shows it whole.
  [740, 360, '40 % in the first screen, whole in one'],
];
/** The element that is the page's board. */
const BOARD = '#board, #table, #canvas-wrap';

for (const scheme of ['light', 'dark']) {
  for (const [width, height, rule] of SCREENS) {
    test(`${width}×${height}, ${scheme}: every puzzle page's board (${rule}), no sideways scroll, no error`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, hasTouch: Math.min(width, height) < 500 });
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      const errors = [];
      page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
      page.on('pageerror', (err) => errors.push(String(err)));
      const problems = [];
      const boxes = {};
      for (const name of PAGES) {
        await page.goto(`${BASE_URL}/${name}.html`);
        await ready(page);
        const { box, scrollWidth, clientWidth } = await page.evaluate((selector) => {
          const board = /** @type {HTMLElement} */ (document.querySelector(selector));
          const r = board.getBoundingClientRect();
          return { box: { top: r.top, bottom: r.bottom, left: r.left, right: r.right }, scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth };
        }, BOARD);
        boxes[name] = [Math.round(box.top), Math.round(box.bottom)];
        if (scrollWidth > clientWidth) problems.push(`${name}: scrolls sideways (${scrollWidth} > ${clientWidth})`);
        if (box.left < 0 || box.right > clientWidth + 0.5) problems.push(`${name}: the board is past the screen's sides`);
        if (rule === 'whole' && (box.top < 0 || box.bottom > height)) problems.push(`${name}: the board is ${Math.round(box.top)}–${Math.round(box.bottom)} px, past the first screen (${height} px)`);
        if (rule === 'top within 400 px' && box.top > 400) problems.push(`${name}: the board starts ${Math.round(box.top)} px down`);
        const tall = box.bottom - box.top;
        if (rule.startsWith('40 %') && (Math.min(box.bottom, height) - box.top < 0.4 * tall || tall > height)) {
          problems.push(`${name}: the board is ${Math.round(box.top)}–${Math.round(box.bottom)} px on a ${height} px screen`);
        }
      }
      console.log(`# ${width}×${height} ${scheme}: board top–bottom ${JSON.stringify(boxes)}`);
      assert.deepEqual(problems, []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
