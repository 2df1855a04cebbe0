// The Devil page's ladder and live helper, in headless Chromium. The right flip and the colour
// are computed here from the drawn board (the XOR of the indices of the heads, read off the
// cells' data-face), not taken from the page; the ladder's rungs are the sizes the issue asks
// for (2, 4, 8, 16, then 64 squares).
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, screenshot, ready, clickToCopy, facts } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const browser = await launch();
after(() => browser.close());

const CELLS = '#board [role=gridcell]';
const RUNGS = [2, 4, 8, 16, 64];

/** The drawn board: heads per square and the marked key (-1 when hidden). */
async function drawn(page) {
  return page.$$eval(CELLS, (cells) => ({
    heads: cells.map((c) => c.dataset.face === 'heads'),
    key: cells.findIndex((c) => c.dataset.key === 'true'),
  }));
}

const xorOfHeads = (heads) => heads.reduce((acc, h, i) => (h ? acc ^ i : acc), 0);

/** The ladder line's rung (0-based) and streak. */
async function ladder(page) {
  const el = page.locator('#ladder');
  return { rung: Number(await el.getAttribute('data-rung')), streak: Number(await el.getAttribute('data-streak')) };
}

/** The page's share link, made now by Copy link (the address bar is written a moment later). */
async function copiedLink(page) {
  await clickToCopy(page, '#copy-link');
  return page.inputValue('#share-output');
}

/** Opens `url` afresh in `page`, as a reload of a pasted link would. */
async function reopen(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
  await ready(page);
}

/** The board's box on the page (not the viewport: a click may scroll its cell into view). */
async function boardBox(page) {
  return page.$eval('#board', (b) => {
    const r = b.getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
  });
}

/** Plays one round as A: the right flip (colour XOR key) or a wrong one. */
async function playA(page, right) {
  const { heads, key } = await drawn(page);
  assert.ok(key >= 0, 'A sees the key');
  const flip = xorOfHeads(heads) ^ key;
  const square = right ? flip : (flip + 1) % heads.length;
  await page.click(`${CELLS}[data-index="${square}"]`);
}

test('the ladder climbs 2, 4, 8, 16, 64 on wins, keeps rung and streak in the link, and a loss says why and ends the streak', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.check('#ladder-on');
  assert.equal(await page.getAttribute('[data-mode=play_a]', 'aria-pressed'), 'true', 'the ladder plays as A');
  for (let rung = 0; rung < RUNGS.length; rung++) {
    assert.equal(await page.locator(CELLS).count(), RUNGS[rung], `rung ${rung + 1}`);
    assert.deepEqual(await ladder(page), { rung, streak: rung });
    assert.equal(await page.isDisabled('#next-round'), true, 'no next round before the result');
    const before = await boardBox(page);
    await playA(page, true);
    assert.equal(await page.getAttribute('#message', 'data-kind'), 'win');
    assert.deepEqual(await boardBox(page), before, 'the result does not move the board');
    assert.deepEqual(await ladder(page), { rung, streak: rung + 1 });
    if (rung === 2) await screenshot(page, 'devil-ladder-win');
    await page.click('#next-round');
  }
  // The top rung is played again.
  assert.deepEqual(await ladder(page), { rung: 4, streak: 5 });
  const link = await copiedLink(page);
  assert.match(new URL(link).hash, /^#devil\/v2\//);
  await reopen(page, link);
  assert.deepEqual(await ladder(page), { rung: 4, streak: 5 }, 'the link keeps rung and streak');
  assert.equal(await page.locator(CELLS).count(), 64);
  assert.equal(await page.isChecked('#ladder-on'), true);

  // A loss: the reason names the coin that was to be flipped (computed here), the streak ends.
  const { heads, key } = await drawn(page);
  const right = xorOfHeads(heads) ^ key;
  const before = await boardBox(page);
  await playA(page, false);
  assert.deepEqual(await boardBox(page), before, 'a loss does not move the board');
  assert.equal(await page.getAttribute('#message', 'data-kind'), 'lose');
  // The status names the coin that was to be flipped: the one the XOR written here gives.
  assert.equal(Number((await facts(page, '#status')).rightFlip), right);
  assert.deepEqual(await ladder(page), { rung: 4, streak: 0 });
  await screenshot(page, 'devil-ladder-loss');
  await page.click('#next-round');
  assert.deepEqual(await ladder(page), { rung: 4, streak: 0 }, 'after a loss the same rung is played again');
  await reopen(page, await copiedLink(page));
  assert.deepEqual(await ladder(page), { rung: 4, streak: 0 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('as B on the ladder: the right answer climbs; Ladder off keeps the round and writes a version-1 link', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.click('[data-mode=play_b]');
  await page.check('#ladder-on');
  assert.equal(await page.getAttribute('[data-mode=play_b]', 'aria-pressed'), 'true');
  assert.equal(await page.locator(CELLS).count(), 2);
  const { heads, key } = await drawn(page);
  assert.equal(key, -1, 'B does not see the key');
  await page.click(`${CELLS}[data-index="${xorOfHeads(heads)}"]`);
  assert.equal(await page.getAttribute('#message', 'data-kind'), 'win');
  assert.deepEqual(await ladder(page), { rung: 0, streak: 1 });
  await page.click('#next-round');
  assert.equal(await page.locator(CELLS).count(), 4);
  await page.uncheck('#ladder-on');
  assert.equal(await page.locator(CELLS).count(), 4);
  assert.match(new URL(await copiedLink(page)).hash, /^#devil\/v1\//);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the live helper shows the colour of the board bit by bit as the coins change', async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.selectOption('#size', '16');
  await page.click('[data-mode=play_a]');
  await page.check('#helper-on');
  /** The helper's bits (bit j → value) and its colour, and the XOR read off the board. */
  const check = async (what) => {
    const { heads } = await drawn(page);
    const colour = xorOfHeads(heads);
    const bits = await page.$$eval('#helper [data-bit]', (cells) => cells.map((c) => [Number(c.dataset.bit), Number(c.dataset.value)]));
    assert.equal(bits.length, 4, what);
    for (const [bit, value] of bits) assert.equal(value, (colour >> bit) & 1, `${what}: bit ${bit}`);
    assert.equal(Number(await page.getAttribute('#helper', 'data-colour')), colour, what);
  };
  await check('as dealt');
  await screenshot(page, 'devil-helper');
  const { heads } = await drawn(page);
  await page.click(`${CELLS}[data-index="${(xorOfHeads(heads) + 3) % 16}"]`);
  await check('after A flips');
  await page.click('[data-mode=play_b]');
  await check('as B');
  // Switched off, it is gone, and stays off after a reload.
  await page.uncheck('#helper-on');
  assert.equal(await page.isHidden('#helper'), true);
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#helper-on'), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Watch marks the counted region's columns or rows on the board's edge with its parity and bit", async () => {
  const { page, errors, context } = await open(browser, 'devil.html');
  await ready(page);
  await page.selectOption('#size', '64');
  const { heads } = await drawn(page);
  let seen = 0;
  for (let i = 0; i < 20; i++) {
    const note = page.locator('#edge-note');
    const bit = await note.getAttribute('data-bit');
    if (bit !== null) {
      const j = Number(bit);
      // Region j: the squares whose index has bit j set; on 8×8, bits 0–2 are the column, 3–5 the row.
      const inRegion = heads.filter((h, k) => h && ((k >> j) & 1) === 1).length;
      assert.equal(Number(await note.getAttribute('data-parity')), inRegion % 2, `region ${j}`);
      assert.ok((await note.textContent())?.includes(`${inRegion} heads`), `region ${j} count`);
      const edge = j < 3 ? '#edge-top' : '#edge-left';
      const marked = await page.$$eval(`${edge} > span`, (spans) => spans.map((s) => s.classList.contains('in')));
      assert.deepEqual(marked, marked.map((_, k) => ((k >> (j % 3)) & 1) === 1), `region ${j} edge`);
      const cells = await page.$$eval(CELLS, (cs) => cs.map((c) => c.classList.contains('region')));
      assert.deepEqual(cells, cells.map((_, k) => ((k >> j) & 1) === 1), `region ${j} squares`);
      if (j === 4) await screenshot(page, 'devil-watch-edge');
      seen++;
      if (seen === 6) break;
    }
    await page.click('#steps [data-step=forward]');
  }
  assert.equal(seen, 6, 'A counts six regions on 64 squares');
  assert.deepEqual(errors, []);
  await context.close();
});

/** axe-core's serious and critical findings on the page, one line each. */
async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => JSON.stringify(n.target)) })));
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n}`));
}

test('screenshots of the ladder and helper at 1280 and 360 px, light and dark; axe finds nothing serious', async () => {
  for (const width of [1280, 360]) {
    for (const scheme of ['light', 'dark']) {
      const { page, errors, context } = await open(browser, 'devil.html', { viewport: { width, height: 900 } });
      await page.emulateMedia({ colorScheme: scheme });
      await ready(page);
      await page.check('#helper-on');
      await page.check('#ladder-on');
      for (let i = 0; i < 2; i++) {
        await playA(page, true);
        await page.click('#next-round');
      }
      const before = await boardBox(page);
      await playA(page, false);
      assert.deepEqual(await boardBox(page), before, `${width} px ${scheme}: a loss does not move the board`);
      await screenshot(page, `devil-ladder-${width}-${scheme}`);
      assert.deepEqual(await seriousViolations(page), [], `${width} px ${scheme}`);
      // Watch on 64 squares at A's count of region 4 (a row region): its mark on the board's edge.
      await page.click('[data-mode=watch]');
      await page.uncheck('#ladder-on').catch(() => {});
      await page.selectOption('#size', '64');
      for (let i = 0; i < 5; i++) await page.click('#steps [data-step=forward]');
      assert.equal(await page.getAttribute('#edge-note', 'data-bit'), '4');
      await screenshot(page, `devil-watch-edge-${width}-${scheme}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
