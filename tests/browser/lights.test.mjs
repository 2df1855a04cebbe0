// End-to-end tests of the Lights Out page in headless Chromium, by mouse and keyboard. The
// expected solutions are found here, independently of the page's core: by trying every
// first row and chasing the lights down (the classic rule written out in this file).
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, screenshot, ready, enterLightsSize, gameState, facts, clickToCopy } from './harness.mjs';
import { load } from '../node/core.mjs';
import { lightsSession } from '../node/lights-session.mjs';

const core = await load('lights');

const browser = await launch();
after(() => browser.close());

const CELLS = '#board [role=gridcell]';

/** The drawn lights (their states: 1 = on) and marks, from the cells' data-* attributes. */
async function drawn(page) {
  return page.$$eval(CELLS, (cells) =>
    cells.map((c) => ({ on: Number(c.dataset.state), hint: c.dataset.hint === 'true', quiet: c.dataset.quiet === 'true' })),
  );
}

function press(lights, rows, cols, r, c) {
  for (const [dr, dc] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) lights[rr * cols + cc] ^= 1;
  }
}

/** Every solution of a classic bounded board: each first row, then chase. */
function allSolutions(lights, rows, cols) {
  const out = [];
  for (let f = 0; f < 1 << cols; f++) {
    const l = lights.slice();
    const x = new Array(rows * cols).fill(0);
    for (let c = 0; c < cols; c++) if ((f >> c) & 1) { x[c] = 1; press(l, rows, cols, 0, c); }
    for (let r = 1; r < rows; r++) {
      for (let c = 0; c < cols; c++) if (l[(r - 1) * cols + c]) { x[r * cols + c] = 1; press(l, rows, cols, r, c); }
    }
    if (l.every((v) => v === 0)) out.push(x);
  }
  return out;
}

async function message(page) {
  const el = page.locator('#message');
  return { kind: await el.getAttribute('data-kind'), text: (await el.textContent()) ?? '' };
}

async function setSize(page, rows, cols) {
  await enterLightsSize(page, rows, cols);
  await page.waitForFunction(([n]) => document.querySelectorAll('#board [role=gridcell]').length === n || !document.querySelector('#canvas').hidden, [rows * cols]);
}

test('the page loads without console errors and shows the explore section', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  assert.equal(await page.locator(CELLS).count(), 25);
  await page.waitForSelector('#chart svg');
  assert.equal(await page.locator('#chart circle.pt[data-n]').count(), 400);
  // The source's 5×5 table: 8 of the 32 last rows can be fixed.
  assert.equal(await page.locator('#fixup-table tbody tr').count(), 8);
  assert.deepEqual(await facts(page, '#table-note'), { fixable: '8', lastRows: '32' });
  // x3 = p22, x4 = p21 + p22 + p23, x5 = p21 + p22: last row 11100 → press 00110.
  assert.ok((await page.$$eval('#fixup-table tbody tr', (trs) => trs.map((t) => t.textContent))).includes('1110000110'));
  await page.waitForSelector('#counts[data-rows="5"][data-cols="5"][data-rank="23"][data-nullity="2"]');
  assert.equal(await page.locator('#gallery .thumb').count(), 2);
  await screenshot(page, 'lights-start');
  assert.deepEqual(errors, []);
  await context.close();
});

test('play a puzzle to the end with the mouse', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  const lights = (await drawn(page)).map((c) => c.on);
  const sols = allSolutions(lights, 5, 5);
  assert.ok(sols.length === 4, 'a random puzzle is solvable, with 4 solutions on 5×5');
  const x = sols[0];
  for (let i = 0; i < 25; i++) if (x[i]) await page.locator(CELLS).nth(i).click();
  assert.ok((await drawn(page)).every((c) => c.on === 0));
  const m = await message(page);
  assert.equal(m.kind, 'win');
  assert.equal(await page.getAttribute('#message', 'data-presses'), String(x.filter(Boolean).length), 'the message states the presses made');
  assert.deepEqual(await gameState(page), { puzzle: 'lights', moves: x.filter(Boolean).length, status: 'won' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: move with arrows, press with Space, undo with U, hint with H', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await setSize(page, 3, 3);
  const start = (await drawn(page)).map((c) => c.on);
  const x = allSolutions(start, 3, 3)[0];
  await page.locator(CELLS).first().focus();
  let at = 0;
  for (let i = 0; i < 9; i++) {
    if (!x[i]) continue;
    const [dr, dc] = [Math.floor(i / 3) - Math.floor(at / 3), (i % 3) - (at % 3)];
    for (let k = 0; k < Math.abs(dr); k++) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
    for (let k = 0; k < Math.abs(dc); k++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
    at = i;
    await page.keyboard.press('Space');
  }
  assert.ok((await drawn(page)).every((c) => c.on === 0), 'solved by keyboard');
  // Undo the last press with U: the board is no longer dark; redo with R.
  await page.keyboard.press('u');
  assert.ok((await drawn(page)).some((c) => c.on));
  await page.keyboard.press('r');
  assert.ok((await drawn(page)).every((c) => c.on === 0));
  await page.keyboard.press('u');
  await page.keyboard.press('h');
  await page.waitForFunction(() => [...document.querySelectorAll('#board [role=gridcell]')].some((c) => c.dataset.hint === 'true'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('hint lights one press of a minimal solution; undo and redo restore the board', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  const before = await drawn(page);
  const lights = before.map((c) => c.on);
  await page.click('#hint');
  await page.waitForFunction(() => [...document.querySelectorAll('#board [role=gridcell]')].some((c) => c.dataset.hint === 'true'));
  const hinted = (await drawn(page)).findIndex((c) => c.hint);
  const sols = allSolutions(lights, 5, 5);
  const best = Math.min(...sols.map((s) => s.reduce((a, b) => a + b, 0)));
  assert.ok(sols.some((s) => s.reduce((a, b) => a + b, 0) === best && s[hinted]), 'the hint belongs to a minimal solution');
  assert.deepEqual(await page.$eval('#message', (el) => [el.dataset.minimal, el.dataset.solutionPresses]), ['true', String(best)]);
  await screenshot(page, 'lights-hint');
  // Undo / redo by mouse.
  await page.locator(CELLS).nth(12).click();
  const pressed = await drawn(page);
  assert.notDeepEqual(pressed.map((c) => c.on), lights);
  await page.click('#undo');
  assert.deepEqual((await drawn(page)).map((c) => c.on), lights);
  await page.click('#redo');
  assert.deepEqual((await drawn(page)).map((c) => c.on), pressed.map((c) => c.on));
  assert.deepEqual(errors, []);
  await context.close();
});

test('show the solution, then watch it animate to a dark board', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  const lights = (await drawn(page)).map((c) => c.on);
  await page.click('#show-solution');
  await page.waitForFunction(() => [...document.querySelectorAll('#board [role=gridcell]')].some((c) => c.dataset.presses !== '0'));
  const marked = await page.$$eval(CELLS, (cells) => cells.map((c) => Number(c.dataset.presses)));
  const l = lights.slice();
  marked.forEach((p, i) => p && press(l, 5, 5, Math.floor(i / 5), i % 5));
  assert.ok(l.every((v) => v === 0), 'the overlay is a solution');
  await screenshot(page, 'lights-solution');
  await page.click('#show-solution');
  // The step bar's fastest speed (its default is slow enough to talk over).
  await page.selectOption('#steps [data-step=speed]', '4');
  await page.click('#animate');
  await page.waitForFunction(() => document.querySelector('#message').dataset.kind === 'win', null, { timeout: 20000 });
  assert.ok((await drawn(page)).every((c) => c.on === 0));
  assert.deepEqual(errors, []);
  await context.close();
});

test('light chasing clears row by row and logs the fix-up from the table', async () => {
  const { page, errors, context } = await open(browser, 'lights.html', { reducedMotion: 'reduce' });
  await ready(page);
  // All on, so the first row has lights to chase (a random board's first row is dark one time
  // in 32, and then the walk-through starts at row 2); 5×5 all-on is solvable.
  await page.click('#all-on');
  await page.click('#chase');
  // Reduced motion: the walk-through waits at its start; End plays every row at once.
  await page.waitForFunction(() => document.querySelector('#steps').dataset.count !== '0');
  assert.equal(await page.getAttribute('#steps', 'data-at'), '0');
  await page.click('#steps [data-step=end]');
  await page.waitForSelector('#message[data-kind=win][data-chased=true]', { timeout: 20000 });
  const log = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
  assert.ok(log.some((t) => /^Chase: clear row 1/.test(t)));
  assert.ok(log.some((t) => /Last row left: [01]{5} → table says press first row [01]{5}/.test(t)));
  assert.ok((await drawn(page)).every((c) => c.on === 0));
  assert.deepEqual(errors, []);
  await context.close();
});

test('an unsolvable edited pattern shows its reason: a quiet pattern it overlaps oddly', async () => {
  const spec = { rows: 5, cols: 5, rule: 'plus', torus: false, states: 2 };
  const darkLink = lightsSession(core).newGame(spec, { all: 0 }).link;
  const { page, errors, context } = await open(browser, `lights.html#${darkLink}`);
  await ready(page);
  assert.ok((await drawn(page)).every((c) => c.on === 0));
  await page.click('[data-mode=edit]');
  await page.locator(CELLS).nth(0).click();
  assert.equal((await drawn(page))[0].on, 1);
  await page.click('#check');
  await page.waitForSelector('#verdict[data-solvable=false]');
  const cells = await drawn(page);
  const quiet = cells.map((c) => (c.quiet ? 1 : 0));
  assert.ok(quiet.some(Boolean));
  // The marked pattern is quiet (pressing it changes nothing) and covers an odd number of lit lights.
  const l = new Array(25).fill(0);
  quiet.forEach((q, i) => q && press(l, 5, 5, Math.floor(i / 5), i % 5));
  assert.ok(l.every((v) => v === 0));
  assert.equal(cells.reduce((n, c) => n + (c.quiet && c.on ? 1 : 0), 0) % 2, 1);
  assert.equal((await facts(page, '#verdict')).overlap, '1');
  await screenshot(page, 'lights-unsolvable');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a share link reopens exactly the board; bad links fall back with a message', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await page.locator(CELLS).nth(7).click();
  const lights = (await drawn(page)).map((c) => c.on);
  await clickToCopy(page, '#copy-link');
  const url = await page.inputValue('#share-output');
  assert.match(url, /#lights\/v2\//);
  const other = await context.newPage();
  await other.goto(url);
  await ready(other);
  assert.deepEqual((await drawn(other)).map((c) => c.on), lights);
  assert.equal((await facts(other, '#status')).presses, '1'); // the presses the link carries
  const bad = await context.newPage();
  await bad.goto(url.replace(/#lights\/v2\/.*/, '#lights/v2/AAAA'));
  await ready(bad);
  assert.equal((await message(bad)).kind, 'error');
  assert.equal(await bad.locator(CELLS).count(), 25);
  assert.deepEqual(errors, []);
  await context.close();
});

test('rules, states and the torus change the board; the chart opens boards', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await page.selectOption('#states', '3');
  await page.waitForSelector('#status[data-states="3"]');
  await page.click('#check');
  await page.waitForSelector('#verdict[data-solvable=true]');
  await screenshot(page, 'lights-three-states');
  await page.waitForSelector('#chart svg');
  await page.locator('#chart circle[data-n="5"][data-kind="torus"]').click();
  await page.waitForSelector('#status[data-rows="5"][data-cols="5"][data-rule=plus][data-edges=torus]');
  assert.equal(await page.locator(CELLS).count(), 25);
  await page.waitForSelector('#counts[data-rows="5"][data-cols="5"][data-edges=torus][data-nullity]');
  // 5×5 torus: nullity 8 (the Node test checks the chart against elimination written there).
  assert.equal((await facts(page, '#counts')).nullity, '8');
  assert.equal(await page.locator('#gallery .thumb').count(), 8);
  // Keyboard on the chart: Enter on a focused point.
  await page.locator('#chart circle[data-n="4"][data-kind="bounded"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('#status[data-rows="4"][data-cols="4"][data-rule=plus][data-edges=bounded]');
  await page.waitForSelector('#counts[data-rows="4"][data-cols="4"][data-edges=bounded][data-nullity="4"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a large board is a canvas, and a 2000×2000 solve shows progress and can be cancelled', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await setSize(page, 100, 120);
  assert.equal(await page.locator('#canvas').isVisible(), true);
  const before = await page.textContent('#status');
  await page.locator('#canvas').click({ position: { x: 10, y: 10 } });
  assert.equal((await gameState(page)).moves, 1);
  assert.notEqual(await page.textContent('#status'), before);
  await page.locator('#canvas').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  assert.equal((await gameState(page)).moves, 2);
  await setSize(page, 2000, 2000);
  await page.waitForSelector('#status[data-rows="2000"][data-cols="2000"]', { timeout: 60000 });
  // Record what the progress panel shows while the worker solves.
  await page.evaluate(() => {
    window.seenProgress = [];
    const text = document.querySelector('#job-slot .job-text');
    new MutationObserver(() => window.seenProgress.push(text.textContent)).observe(text, { childList: true, characterData: true, subtree: true });
  });
  await page.click('#check');
  await page.waitForSelector('#verdict[data-solvable=true]', { timeout: 60000 });
  const seen = await page.evaluate(() => window.seenProgress);
  assert.ok(seen.some((t) => /^\d+%$/.test(t)), `progress shown: ${seen}`);
  await screenshot(page, 'lights-large');
  // Change the board, then cancel the next solve: the worker is stopped as soon as the panel
  // appears (a solve of 2000×2000 would otherwise finish before a scripted mouse click lands).
  await page.locator('#canvas').click({ position: { x: 30, y: 30 } });
  await page.evaluate(() => {
    const panel = document.querySelector('#job-slot .job');
    const obs = new MutationObserver(() => {
      if (!panel.hidden) {
        obs.disconnect();
        window.cancelSeenProgressBar = panel.querySelector('progress') !== null;
        panel.querySelector('button').click();
      }
    });
    obs.observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  });
  await page.click('#show-solution');
  await page.waitForSelector('#message[data-cancelled=true]');
  assert.equal(await page.evaluate(() => window.cancelSeenProgressBar), true);
  assert.equal(await page.locator('#job-slot .job').isVisible(), false);
  assert.equal((await facts(page, '#verdict')).shown, undefined, 'no solution shown');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a long search for the fewest presses runs in the Worker, with progress', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  // 179×179 (32,041 lights) is solved on the main thread, but its 2^22 solutions (the page
  // shows nullity 22) are searched in the Worker.
  await setSize(page, 179, 179);
  await page.waitForSelector('#counts[data-rows="179"][data-cols="179"][data-nullity="22"]', { timeout: 60000 });
  assert.equal(await page.isChecked('#minimal'), true);
  await page.evaluate(() => {
    const panel = document.querySelector('#job-slot .job');
    window.panelShown = false;
    new MutationObserver(() => {
      if (!panel.hidden) window.panelShown = true;
    }).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  });
  await page.click('#check');
  await page.waitForSelector('#verdict[data-solvable=true][data-minimal=true]', { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.panelShown), true);
  // Without the search, the answer comes from the main thread at once (after a press, so that
  // the minimal answer is not reused).
  await page.uncheck('#minimal');
  await page.locator('#canvas').focus();
  await page.keyboard.press('Space');
  await page.evaluate(() => (window.panelShown = false));
  await page.click('#check');
  await page.waitForSelector('#verdict[data-solvable=true][data-minimal=false]');
  assert.equal(await page.evaluate(() => window.panelShown), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('settings changed while the Worker runs are kept and applied next', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await enterLightsSize(page, 900, 800);
  await page.selectOption('#states', '3');
  await page.waitForSelector('#status[data-rows="900"][data-cols="800"][data-rule=plus][data-edges=bounded][data-states="3"]', { timeout: 60000 });
  assert.equal(await page.inputValue('#states'), '3');
  // 900×800 with 3 states: analysed (the polynomial method over Z/3), 3^(900·800) patterns.
  await page.waitForSelector('#counts[data-rows="900"][data-cols="800"][data-states="3"][data-nullity]', { timeout: 60000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed mode shows only the board and its controls', async () => {
  const { page, errors, context } = await open(browser, 'lights.html?embed=1', { viewport: { width: 480, height: 700 } });
  await ready(page);
  assert.equal(await page.locator('.site-header').isVisible(), false);
  assert.equal(await page.locator('.explore').isVisible(), false);
  assert.equal(await page.locator(CELLS).count(), 25);
  await clickToCopy(page, '#embed');
  assert.match(await page.inputValue('#share-output'), /^<script type="module" src=".*\/embed\.js"><\/script>\n<chessboard-puzzle link=".*\/lights\.html#lights\/v2\/[\w-]+"><\/chessboard-puzzle>$/);
  assert.match(await page.inputValue('#share-iframe'), /<iframe src=".*lights\.html\?embed=1&amp;view=compact#lights\/v2\//);
  await screenshot(page, 'lights-embed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a physical board is copied fast: Clear turns every light off in Edit mode, number keys set states, Ctrl+Z takes one back', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await page.selectOption('#states', '3');
  await page.waitForSelector('#status[data-states="3"]');
  await page.click('#clear');
  assert.ok((await drawn(page)).every((c) => c.on === 0));
  assert.equal(await page.getAttribute('[data-mode=edit]', 'aria-pressed'), 'true');
  // A pattern of 4 lights: a click, then arrows and a number key for each.
  const cells = page.locator(CELLS);
  await cells.nth(0).click(); // Edit: 0 → 1, and the keyboard cursor is there
  for (const key of ['ArrowRight', 'ArrowDown', '2', 'ArrowRight', 'ArrowDown', '1', 'ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown', '2']) {
    await page.keyboard.press(key);
  }
  const want = new Array(25).fill(0);
  Object.assign(want, { 0: 1, 6: 2, 12: 1, 24: 2 });
  assert.deepEqual((await drawn(page)).map((c) => c.on), want);
  assert.equal((await facts(page, '#status')).presses, '0', 'edits are not presses'); // (each is a move of the session)
  await page.keyboard.press('Control+z');
  want[24] = 0;
  assert.deepEqual((await drawn(page)).map((c) => c.on), want);
  // A key for a state the board does not have changes nothing.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('7');
  assert.deepEqual((await drawn(page)).map((c) => c.on), want);
  assert.deepEqual(errors, []);
  await context.close();
});
