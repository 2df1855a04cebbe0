// The Lights page at its largest: a random 8192×8192 classic board made and solved in the
// Worker as packed bits, drawn on the canvas, its solution checked here by chasing it row by
// row with the rule written out in this file (not the core's code); cancel; sizes beyond.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, open, screenshot, ready, enterLightsSize, savedPath, gameState, clickToCopy, facts, nextFrame, longTaskLimit } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const SLOW = { timeout: 240_000 };

/** Keeps every result the page's Workers send back (the test reads the boards' packed words). */
function captureWorkerResults() {
  const Native = window.Worker;
  window.workerResults = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => {
        if (data && data.type === 'done') window.workerResults.push(data.result);
      });
    }
  };
}

/**
 * In the page: chases the lights down from the solution's first row with the classic rule
 * (row r+1's presses clear row r: x[r+1] = lights[r] ^ L x[r] ^ x[r−1], L = self (plus rule)
 * and left and right), checks every row equals the solution's and the last row ends dark.
 * Returns the number of presses counted here.
 */
function chaseCheck({ rows, cols, plus, lights, presses }) {
  const w = 2 * Math.ceil(cols / 64);
  const mask = Array.from({ length: w }, (_, j) => {
    const bits = Math.max(0, Math.min(32, cols - 32 * j));
    return bits === 32 ? 0xffffffff : 2 ** bits - 1;
  });
  const rowOf = (a, r) => a.subarray(r * w, (r + 1) * w);
  const zero = new Uint32Array(w);
  const bits = (x) => {
    let n = 0;
    for (let y = x >>> 0; y; y &= y - 1) n++;
    return n;
  };
  let count = 0;
  for (let r = 0; r < rows; r++) {
    const x = rowOf(presses, r);
    const above = r > 0 ? rowOf(presses, r - 1) : zero;
    const light = rowOf(lights, r);
    const below = r + 1 < rows ? rowOf(presses, r + 1) : zero;
    for (let j = 0; j < w; j++) {
      count += bits(x[j]);
      const left = (x[j] << 1) | (j > 0 ? x[j - 1] >>> 31 : 0);
      const right = (x[j] >>> 1) | (j + 1 < w ? x[j + 1] << 31 : 0);
      const lx = (left ^ right ^ (plus ? x[j] : 0)) & mask[j];
      // What row r+1 must press (nothing beyond the last row).
      if (((light[j] ^ lx ^ above[j]) >>> 0) !== below[j]) return { ok: false, row: r, word: j, count };
    }
  }
  return { ok: true, count };
}

async function watchProgress(page) {
  await page.evaluate(() => {
    window.seenProgress = [];
    const text = document.querySelector('#job-slot .job-text');
    new MutationObserver(() => window.seenProgress.push(text.textContent)).observe(text, { childList: true, characterData: true, subtree: true });
  });
}

/** The lit lights, as the status line states them (`data-lit`). */
const lit = async (page) => Number((await facts(page, '#status')).lit);

test('an 8192×8192 classic board: made and solved in the Worker with progress, drawn packed, its solution chased here', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await context.addInitScript(captureWorkerResults);
  await page.reload();
  await ready(page);
  assert.equal((await facts(page, '#size-note')).maxSide, '8192');
  await watchProgress(page);
  await page.fill('#rows', '8192');
  await page.fill('#cols', '8192');
  const made = Date.now();
  await page.locator('#cols').dispatchEvent('change');
  await page.waitForSelector('#status[data-rows="8192"][data-cols="8192"][data-rule=plus][data-edges=bounded]', SLOW);
  console.log(`# 8192² random board made and drawn in ${Date.now() - made} ms`);
  assert.equal(await page.locator('#canvas').isVisible(), true);
  assert.deepEqual(await page.$eval('#canvas', (c) => [c.width, c.height]), [2048, 2048]);
  // Past 4096 a side, one pixel draws a 4×4 square of lights: 8192 / 4 = 2048 pixels a side.
  assert.equal(await page.getAttribute('#canvas', 'data-block'), '4');

  const solving = Date.now();
  await page.click('#check');
  await page.waitForSelector('#verdict[data-solvable=true]:not([data-shown])', SLOW);
  console.log(`# 8192² solved in the page in ${Date.now() - solving} ms (click to verdict)`);
  const seen = await page.evaluate(() => window.seenProgress);
  assert.ok(seen.some((t) => /^\d+%$/.test(t)), `progress shown: ${seen}`);
  const claimed = Number((await page.textContent('#verdict')).match(/Solvable: (\d+) presses/)[1]);
  const check = await page.evaluate((fn) => {
    // The new game came from the Worker as a session's view: its state is the board.
    const game = window.workerResults.map((r) => r?.state ?? r).find((r) => r && r.lights && r.seed);
    // The solution came from a session of the board in the Worker, as the value of its query.
    const sol = window.workerResults.map((r) => r?.value ?? r).find((r) => r && r.presses);
    const chase = new Function(`return ${fn}`)();
    // The core's board data: each row's packed 64-bit words, little-endian (two 32-bit halves).
    const words = (board) => new Uint32Array(board.data.buffer, board.data.byteOffset, board.data.length / 4);
    return {
      ...chase({ rows: game.spec.rows, cols: game.spec.cols, plus: true, lights: words(game.lights), presses: words(sol.presses) }),
      words: words(game.lights).length,
      pressCount: sol.press_count,
    };
  }, chaseCheck.toString());
  assert.equal(check.words, 8192 * 256, 'the board crossed as packed words, 32 lights a word');
  assert.equal(check.ok, true, `the presses chase the board dark: ${JSON.stringify(check)}`);
  assert.equal(check.count, claimed);
  assert.equal(check.pressCount, claimed);
  await screenshot(page, 'lights-8192');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'lights-8192-phone');
  await page.setViewportSize({ width: 1200, height: 900 });

  // A click presses one light (4 or 5 change); undo gives the board back.
  const before = await lit(page);
  await page.locator('#canvas').click({ position: { x: 200, y: 150 } });
  assert.equal((await gameState(page)).moves, 1);
  const diff = (await lit(page)) - before;
  assert.ok(Math.abs(diff) <= 5 && diff % 2 !== 0, `a press changes at most 5 lights, an odd number inside: ${diff}`);
  await page.click('#undo');
  assert.equal(await lit(page), before);
  // The solution is stepped through in blocks of rows (8192 rows: 41 a step, 200 steps); the
  // last step darkens the board.
  await page.click('#animate');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.count === '200', null, SLOW);
  // ▶| is one leap of the session, drawn once: drawn step by step it held the page 18 s.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.longTasks.push(Math.round(e.duration)))).observe({ type: 'longtask' });
  });
  await page.click('#steps [data-step=end]');
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#status')).dataset.lit === '0', null, SLOW);
  assert.equal((await facts(page, '#status')).presses, String(claimed)); // presses, where the session counts the steps of rows
  await nextFrame(page);
  const tasks = await page.evaluate(() => window.longTasks);
  assert.ok(tasks.every((ms) => ms <= longTaskLimit(1000)), `long tasks on the page's thread: ${tasks} ms`);

  // Cancel: a new board's solve is stopped as soon as its panel appears.
  await page.locator('#canvas').click({ position: { x: 30, y: 30 } });
  await page.evaluate(() => {
    const panel = document.querySelector('#job-slot .job');
    const obs = new MutationObserver(() => {
      if (!panel.hidden) {
        obs.disconnect();
        panel.querySelector('button').click();
      }
    });
    obs.observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  });
  await page.click('#show-solution');
  await page.waitForSelector('#message[data-cancelled=true]');
  assert.equal(await page.locator('#job-slot .job').isVisible(), false);
  assert.equal(await page.getAttribute('#verdict', 'data-shown'), null, 'no solution is shown');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a thin packed board (6000×3, fewer lights than the Worker takes) is solved on the main thread', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await enterLightsSize(page, 6000, 3);
  await page.waitForSelector('#status[data-rows="6000"][data-cols="3"][data-rule=plus]');
  await page.evaluate(() => {
    const panel = document.querySelector('#job-slot .job');
    window.panelShown = false;
    new MutationObserver(() => {
      if (!panel.hidden) window.panelShown = true;
    }).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  });
  assert.equal(await page.isChecked('#minimal'), true);
  await page.click('#check');
  await page.waitForSelector('#verdict[data-solvable=true][data-presses]:not([data-shown])');
  assert.equal(await page.evaluate(() => window.panelShown), false);
  // Stepped through 30 rows at a time (6000 rows in 200 steps): the end darkens the board.
  await page.click('#animate');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.count === '200');
  await page.click('#steps [data-step=end]');
  await page.waitForSelector('#message[data-kind=win][data-presses]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('sizes beyond what the page offers are refused with a message that names the command-line tool', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await page.fill('#rows', '8193');
  await page.locator('#rows').dispatchEvent('change');
  await page.waitForFunction(() => /command-line tool/.test(document.querySelector('#message').textContent));
  assert.match(await page.textContent('#message'), /1 to 8192 rows on the page, not 8193/);
  assert.equal(await page.inputValue('#rows'), '5');
  await page.selectOption('#rule', 'king');
  await page.waitForSelector('#status[data-rule=king]');
  assert.equal((await facts(page, '#size-note')).maxSide, '4096');
  assert.equal(await page.getAttribute('#cols', 'max'), '4096');
  await page.fill('#cols', '5000');
  await page.locator('#cols').dispatchEvent('change');
  await page.waitForFunction(() => /go to 8192/.test(document.querySelector('#message').textContent));
  assert.match(await page.textContent('#message'), /1 to 4096 columns on the page, not 5000/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an all-on 8192² board: drawn 4×4 lights a pixel, pressed by keyboard, edited, saved as PBM and opened again', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await enterLightsSize(page, 8192, 8192);
  await page.waitForSelector('#status[data-rows="8192"][data-cols="8192"][data-rule=plus]', SLOW);
  await page.click('#all-on');
  const all = 8192 * 8192;
  await page.waitForSelector(`#status[data-lit="${all}"]`);
  const pixel = (x, y) => page.$eval('#canvas', (c, [px, py]) => Array.from(c.getContext('2d').getImageData(px, py, 1, 1).data), [x, y]);
  const on = await pixel(0, 0);
  assert.deepEqual(on, [0xff, 0xd2, 0x3f, 255]);
  assert.deepEqual(await pixel(2047, 2047), on);
  // The cursor starts on (0, 0): a press darkens it and its two neighbours, 3 of the first
  // pixel's 16 lights, so that pixel is 13/16 of the way from dark to lit.
  await page.locator('#canvas').focus();
  await page.keyboard.press('Space');
  assert.equal(await lit(page), all - 3);
  const corner = await pixel(0, 0);
  assert.deepEqual(corner.slice(0, 3), [0x2d, 0x34, 0x40].map((off, i) => Math.round(off + (on[i] - off) * (13 / 16))));
  assert.deepEqual(await pixel(1, 0), on);
  assert.deepEqual(await pixel(0, 1), on);
  // Edit mode: the same key lights (0, 0) again.
  await page.click('[data-mode=edit]');
  await page.locator('#canvas').focus();
  await page.keyboard.press('Space');
  assert.equal(await lit(page), all - 2);
  // Too large for a link: saved as a raw PBM (1 bit a light), which a fresh page opens.
  await clickToCopy(page, '#copy-link');
  assert.equal((await facts(page, '#message')).link, 'too-large');
  const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#save-state')]);
  assert.equal(saved.suggestedFilename(), 'lights-8192x8192-plus.pbm');
  const bytes = readFileSync(await savedPath(saved));
  const header = 'P4\n8192 8192\n';
  assert.equal(bytes.subarray(0, header.length).toString(), header);
  assert.equal(bytes.length, header.length + 8192 * 1024);
  // Row 1: (0, 1) dark, first light in the top bit; row 2: (1, 0) dark; then all lit.
  assert.deepEqual([...bytes.subarray(header.length, header.length + 2)], [0b10111111, 0xff]);
  assert.equal(bytes[header.length + 1024], 0b01111111);
  assert.equal(bytes[header.length + 2048], 0xff);
  const fresh = await open(browser, 'lights.html');
  await ready(fresh.page);
  await fresh.page.setInputFiles('#board-file', await savedPath(saved));
  await fresh.page.waitForSelector('#status[data-rows="8192"][data-cols="8192"][data-rule=plus]', SLOW);
  assert.equal(await lit(fresh.page), all - 2);
  assert.equal(await fresh.page.inputValue('#rows'), '8192');
  assert.deepEqual(fresh.errors, []);
  await fresh.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 100×100 solution steps a row at a time: it pauses, steps back and forth, and ends dark', async () => {
  // Reduced motion: the walk-through waits at its start for ▶ or the arrows.
  const { page, errors, context } = await open(browser, 'lights.html', { reducedMotion: 'reduce' });
  await ready(page);
  await enterLightsSize(page, 100, 100);
  await page.waitForSelector('#status[data-rows="100"][data-cols="100"]');
  const before = await lit(page);
  await page.click('#animate');
  const bar = page.locator('#steps');
  // A row of the chase a step: 100 rows, 100 steps.
  await page.waitForFunction(() => document.querySelector('#steps').dataset.count === '100');
  assert.equal(await bar.getAttribute('data-at'), '0');
  const settled = (at) => page.waitForFunction((a) => {
    const s = document.querySelector('#steps');
    return s.dataset.at === a && !('moving' in s.dataset);
  }, at);
  await page.click('#steps [data-step=forward]');
  await settled('1');
  await page.click('#steps [data-step=forward]');
  await settled('2');
  const afterTwo = await lit(page);
  await page.click('#steps [data-step=back]');
  await settled('1');
  await page.click('#steps [data-step=forward]');
  await settled('2');
  assert.equal(await lit(page), afterTwo, 'a step back and forth gives the same lights');
  // Play, then pause: the bar stops where it is.
  await page.click('#steps [data-step=toggle]');
  await page.waitForFunction(() => Number(document.querySelector('#steps').dataset.at) > 2);
  await page.click('#steps [data-step=toggle]');
  await page.waitForFunction(() => document.querySelector('#steps').dataset.playing === 'false' && !('moving' in document.querySelector('#steps').dataset));
  const paused = await bar.getAttribute('data-at');
  assert.ok(Number(paused) < 100, `paused before the end, at ${paused}`);
  await page.click('#steps [data-step=end]');
  await page.waitForSelector('#message[data-kind=win][data-presses]');
  assert.equal(await lit(page), 0);
  await page.click('#steps [data-step=start]');
  await settled('0');
  assert.equal(await lit(page), before, 'back at the start: the lights of the start');
  // Undo is the same notion as the bar: at the end, Undo takes the last row back.
  await page.click('#steps [data-step=end]');
  await settled('100');
  await page.click('#undo');
  await settled('99');
  assert.notEqual(await page.getAttribute('#message', 'data-kind'), 'win', 'the win is not said of lights taken back');
  await screenshot(page, 'lights-100-rows');
  assert.deepEqual(errors, []);
  await context.close();
});
