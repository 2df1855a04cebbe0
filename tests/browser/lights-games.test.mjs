// End-to-end tests of the real games' page (lights-games.html) in headless Chromium: every
// preset loads as its game is laid out and is cleared by pressing its press list; a physical
// board is entered with Clear and taps, a drag, number keys and a pasted pattern; the list
// ticks; lit-only play refuses an unlit press. Expectations come from the games themselves
// (button counts, the Cube's net, the 2000's colours) and from the board going dark.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, screenshot, ready, BASE_URL, clickToCopy, facts, gameState } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const browser = await launch();
after(() => browser.close());

const LIGHTS = '#board button.light';

/** Each preset and its number of buttons. */
const PRESETS = { classic: 25, mini: 16, deluxe: 36, 'deluxe-x': 36, 2000: 25, cube: 54, orbix: 12, merlin: 9 };

async function pick(page, preset, n) {
  await page.selectOption('#preset', preset);
  await page.waitForFunction(
    ([p, count]) => document.getElementById('board').dataset.board === p && document.querySelectorAll('#board button.light').length === count,
    [preset, n],
  );
}

const states = (page) => page.$$eval(LIGHTS, (bs) => bs.map((b) => Number(b.dataset.state)));
const light = (page, i) => page.locator(`${LIGHTS}[data-index="${i}"]`);

/** Solves and presses every listed light on the board, in order; returns how many. */
async function solveByTheList(page) {
  if ((await page.textContent('#status')).startsWith('All lights are off')) return 0;
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelectorAll('#press-list li').length > 0);
  const presses = await page.$$eval('#press-list li', (lis) => lis.map((li) => Number(li.dataset.index)));
  for (const i of presses) await light(page, i).click();
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('All lights are off'));
  const ticked = await page.$$eval('#press-list input', (boxes) => boxes.every((b) => b.checked));
  assert.ok(ticked, 'every press of the list is ticked');
  return presses.length;
}

test('every preset loads as its game and is cleared by its press list', async () => {
  const { page, errors, context } = await open(browser, 'lights-games.html');
  await ready(page);
  for (const [preset, n] of Object.entries(PRESETS)) {
    await pick(page, preset, n);
    const count = await solveByTheList(page);
    console.log(`${preset}: ${count} presses`);
    assert.ok((await states(page)).every((v) => v === 0), `${preset} is dark`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Cube is a net of six 3×3 faces; Merlin keeps its keypad labels; the 2000 is red and green', async () => {
  // Reduced motion: no colour transition to read half-way.
  const { page, context } = await open(browser, 'lights-games.html', { reducedMotion: 'reduce' });
  await ready(page);
  await pick(page, 'cube', 54);
  const place = (label) =>
    page.$eval(`${LIGHTS}[data-label="${label}"]`, (b) => [getComputedStyle(b).gridRowStart, getComputedStyle(b).gridColumnStart].map(Number));
  // U on top over F; L F R B across; D below F.
  assert.deepEqual(await place('U1'), [1, 4]);
  assert.deepEqual(await place('L1'), [4, 1]);
  assert.deepEqual(await place('F5'), [5, 5]);
  assert.deepEqual(await place('B9'), [6, 12]);
  assert.deepEqual(await place('D9'), [9, 6]);
  // A press on F5 (the middle of the front) changes F5 and F2, F4, F6, F8.
  await page.click('#clear');
  await page.click('[data-mode=play]');
  await page.click(`${LIGHTS}[data-label="F5"]`);
  const lit = await page.$$eval(`${LIGHTS}[data-state="1"]`, (bs) => bs.map((b) => b.dataset.label).sort());
  assert.deepEqual(lit, ['F2', 'F4', 'F5', 'F6', 'F8']);
  // Across an edge: U7 (front left of the top) reaches F1 and L3.
  await page.click('#clear');
  await page.click('[data-mode=play]');
  await page.click(`${LIGHTS}[data-label="U7"]`);
  const edge = await page.$$eval(`${LIGHTS}[data-state="1"]`, (bs) => bs.map((b) => b.dataset.label).sort());
  assert.deepEqual(edge, ['F1', 'L3', 'U4', 'U7', 'U8']);

  // The Orbix: a press changes the five faces around it (a dodecahedron's face has five
  // neighbours), not itself; the ring diagram draws lower1 between upper5 and upper1.
  await pick(page, 'orbix', 12);
  const pressAlone = async (label) => {
    await page.click('#clear');
    await page.click('[data-mode=play]');
    await page.click(`${LIGHTS}[data-label="${label}"]`);
    return page.$$eval(`${LIGHTS}[data-state="1"]`, (bs) => bs.map((b) => b.dataset.label).sort());
  };
  assert.deepEqual(await pressAlone('top'), ['upper1', 'upper2', 'upper3', 'upper4', 'upper5']);
  assert.deepEqual(await pressAlone('lower1'), ['bottom', 'lower2', 'lower5', 'upper1', 'upper5']);
  const centre = (label) =>
    page.$eval(`${LIGHTS}[data-label="${label}"]`, (b) => {
      const r = b.getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2];
    });
  const [l1, u5, u1, top] = [await centre('lower1'), await centre('upper5'), await centre('upper1'), await centre('top')];
  const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  assert.ok(Math.abs(dist(l1, u5) - dist(l1, u1)) < 2, 'lower1 is drawn midway between upper5 and upper1');
  assert.ok(dist(l1, top) > dist(u1, top), 'the lower ring is outside the upper ring');

  await pick(page, 'merlin', 9);
  assert.deepEqual(await page.$$eval(LIGHTS, (bs) => bs.map((b) => b.dataset.label)), ['1', '2', '3', '4', '5', '6', '7', '8', '9']);

  await pick(page, '2000', 25);
  await page.click('#clear');
  await light(page, 0).focus();
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  const colour = (i) => light(page, i).evaluate((b) => getComputedStyle(b).backgroundColor);
  assert.equal(await colour(0), 'rgb(204, 37, 41)', 'state 1 is red');
  assert.equal(await colour(1), 'rgb(47, 191, 113)', 'state 2 is green');
  await page.keyboard.press('3');
  assert.match(await page.textContent('#message'), /states 0 to 2, not 3/);
  await context.close();
});

test('a physical board is entered fast: Clear and taps, a drag, number keys, a pasted pattern', async () => {
  const { page, errors, context } = await open(browser, 'lights-games.html');
  await ready(page);
  await pick(page, 'classic', 25);
  // Ten lit lights in eleven taps: Clear (which goes to Edit mode), then one tap each.
  const pattern = [0, 2, 4, 6, 8, 12, 16, 18, 20, 24];
  let taps = 1;
  await page.click('#clear');
  for (const i of pattern) {
    await light(page, i).click();
    taps += 1;
  }
  assert.ok(taps <= 12, `${taps} taps`);
  const want = Array.from({ length: 25 }, (_, i) => (pattern.includes(i) ? 1 : 0));
  assert.deepEqual(await states(page), want);

  // A drag across the second row paints it on.
  await page.click('#clear');
  const box = async (i) => (await light(page, i).boundingBox());
  const a = await box(5);
  const e = await box(9);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let s = 1; s <= 8; s++) await page.mouse.move(a.x + a.width / 2 + ((e.x - a.x) * s) / 8, a.y + a.height / 2);
  await page.mouse.up();
  assert.deepEqual((await states(page)).slice(0, 15), [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
  await page.click('#clear');

  // Number keys: 1 lights the focused light and moves on; 0 turns one off.
  await light(page, 10).focus();
  for (const k of ['1', '1', '0', '1']) await page.keyboard.press(k);
  assert.deepEqual((await states(page)).slice(10, 15), [1, 1, 0, 1, 0]);

  // A pasted pattern: rows on lines.
  await page.click('.paste summary');
  await page.fill('#pattern', '#...#\n.....\n..#..\n.....\n#...#');
  await page.click('#set-pattern');
  const pasted = await states(page);
  assert.deepEqual([0, 4, 12, 20, 24].map((i) => pasted[i]), [1, 1, 1, 1, 1]);
  assert.equal(pasted.filter((v) => v).length, 5);
  // A bad pattern is one line and changes nothing.
  await page.fill('#pattern', '#.x');
  await page.click('#set-pattern');
  assert.match(await page.textContent('#message'), /not 'x'/);
  assert.deepEqual(await states(page), pasted);
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch: a tap in Edit mode sets a light, a finger dragged along a row paints it', async () => {
  const { page, context, errors } = await open(browser, 'lights-games.html', { hasTouch: true, viewport: { width: 400, height: 800 } });
  await ready(page);
  await pick(page, 'classic', 25);
  await page.locator('#clear').tap();
  await light(page, 0).tap();
  assert.equal((await states(page))[0], 1);
  // A drag by touch along the third row (CDP touch events: pointer events of type touch).
  const a = await light(page, 10).boundingBox();
  const e = await light(page, 14).boundingBox();
  const y = a.y + a.height / 2;
  const cdp = await context.newCDPSession(page);
  const touch = (type, x) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', a.x + a.width / 2);
  for (let s = 1; s <= 10; s++) await touch('touchMove', a.x + a.width / 2 + ((e.x - a.x) * s) / 10);
  await touch('touchEnd', 0);
  await page.waitForFunction(() => document.querySelectorAll('#board button.light[data-state="1"]').length === 6);
  assert.deepEqual((await states(page)).slice(10, 15), [1, 1, 1, 1, 1]);
  assert.equal(await page.evaluate(() => document.documentElement.scrollTop), 0, 'the drag painted, it did not scroll');
  assert.deepEqual(errors, []);
});

test('a share link opens its board, and the address bar keeps the board shown', async () => {
  // Preset 0 (classic), the usual game, A1 and E5 lit: the bits 00000 1 0…0 1 of the link
  // format (docs/lights-games.md), base64url.
  const { page, errors, context } = await open(browser, 'lights-games.html#lights-graph/v1/BAAABA');
  await ready(page);
  assert.equal(await page.$eval('#board', (b) => b.dataset.board), 'classic');
  const lit = await page.$$eval(`${LIGHTS}[data-state="1"]`, (bs) => bs.map((b) => b.dataset.label));
  assert.deepEqual(lit, ['A1', 'E5']);
  await light(page, 0).click();
  await page.waitForFunction(() => location.hash !== '#lights-graph/v1/BAAABA');
  const hash = await page.evaluate(() => location.hash);
  await page.goto('about:blank');
  await page.goto(`${BASE_URL}/lights-games.html${hash}`);
  await ready(page);
  const after = await page.$$eval(`${LIGHTS}[data-state="1"]`, (bs) => bs.map((b) => b.dataset.label).sort());
  assert.deepEqual(after, ['A2', 'B1', 'E5']);

  // The share bar: Copy link gives this page's address at the board; Embed the element for it.
  await clickToCopy(page, '#copy-link');
  assert.ok((await page.inputValue('#share-output')).endsWith(`/lights-games.html${hash}`), await page.inputValue('#share-output'));
  await clickToCopy(page, '#embed');
  await page.waitForSelector('#embed-dialog[open]');
  const snippet = await page.inputValue('#embed-script');
  assert.ok(snippet.includes(`<chessboard-puzzle link="`) && snippet.includes(`lights-games.html${hash}"`), snippet);
  assert.ok((await page.inputValue('#share-iframe')).includes(`lights-games.html?embed=1&amp;view=compact${hash}"`), await page.inputValue('#share-iframe'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the press list ticks: pressed on the page, by hand, and with the step bar', async () => {
  const { page, context } = await open(browser, 'lights-games.html');
  await ready(page);
  await pick(page, 'classic', 25);
  await page.click('#clear');
  await page.click('.paste summary');
  // All on: 15 presses.
  await page.fill('#pattern', '#'.repeat(25));
  await page.click('#set-pattern');
  await page.click('[data-mode=play]');
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelectorAll('#press-list li').length === 15);
  const presses = await page.$$eval('#press-list li', (lis) => lis.map((li) => Number(li.dataset.index)));
  // The step bar walks the first two presses.
  await page.click('#press-bar [data-step=forward]');
  await page.click('#press-bar [data-step=forward]');
  await page.waitForFunction(() => document.querySelectorAll('#press-list li.done').length === 2);
  // The third, pressed on the board.
  await light(page, presses[2]).click();
  await page.waitForFunction(() => document.querySelectorAll('#press-list li.done').length === 3);
  // The fifth ticked by hand (pressed on the device): the list is the session's steps, so the
  // position steps to just after it (the fourth with it), and the step bar says so.
  await page.locator('#press-list input[data-press="4"]').check();
  await page.waitForFunction(() => document.getElementById('press-bar').dataset.at === '5');
  const done = await page.$$eval('#press-list li', (lis) => lis.map((li) => li.classList.contains('done')));
  assert.deepEqual(done.slice(0, 6), [true, true, true, true, true, false]);
  assert.equal(await page.textContent('#press-bar .step-position'), 'Press 5 of 15');
  await screenshot(page, 'lights-games-list');
  await context.close();
});

/** The 5×5 with every light on, solved: 15 presses listed. Returns the light of each press. */
async function allOnSolved(page) {
  await pick(page, 'classic', 25);
  await page.click('#clear');
  await page.click('.paste summary');
  await page.fill('#pattern', '#'.repeat(25));
  await page.click('#set-pattern');
  await page.click('[data-mode=play]');
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelectorAll('#press-list li').length === 15);
  return page.$$eval('#press-list li', (lis) => lis.map((li) => Number(li.dataset.index)));
}

/** The 5×5 classic rule written out: a press flips the light and its four neighbours. */
function pressed(lights, i) {
  const out = lights.slice();
  const [r, c] = [Math.floor(i / 5), i % 5];
  for (const [dr, dc] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const [rr, cc] = [r + dr, c + dc];
    if (rr >= 0 && rr < 5 && cc >= 0 && cc < 5) out[rr * 5 + cc] ^= 1;
  }
  return out;
}

test('the press list, the step bar and Undo/Redo are one position: the session’s steps', async () => {
  const { page, errors, context } = await open(browser, 'lights-games.html', { reducedMotion: 'reduce' });
  await ready(page);
  const presses = await allOnSolved(page);
  const position = () => page.textContent('#press-bar .step-position');
  const ticked = () => page.$$eval('#press-list li', (lis) => lis.filter((li) => li.classList.contains('done')).length);
  const at = (n) => page.waitForFunction((n) => document.getElementById('press-bar').dataset.at === String(n), n);
  assert.equal(await position(), 'Press 0 of 15');

  // Redo right after Solve is the first step: the board, the list and the bar all say so.
  await page.click('[data-game=redo]');
  await at(1);
  assert.equal(await position(), 'Press 1 of 15');
  assert.equal(await ticked(), 1);
  assert.deepEqual(await states(page), pressed(new Array(25).fill(1), presses[0]));
  // Undo takes it back, in all three.
  await page.click('[data-game=undo]');
  await at(0);
  assert.equal(await ticked(), 0);
  assert.deepEqual(await states(page), new Array(25).fill(1));

  // Ticking all fifteen by hand reaches the end: 15 of 15, the board dark, the status done.
  for (let j = 0; j < 15; j++) {
    await page.locator(`#press-list input[data-press="${j}"]`).check();
    await at(j + 1);
  }
  assert.equal(await position(), 'Press 15 of 15');
  assert.equal(await ticked(), 15);
  assert.ok((await states(page)).every((v) => v === 0), 'the board is dark');
  const end = await gameState(page);
  assert.deepEqual([end.moves, end.status], [15, 'won'], 'all lights off after the 15 presses');
  // Unticking the last steps back to before it.
  await page.locator('#press-list input[data-press="14"]').uncheck();
  await at(14);
  assert.equal(await ticked(), 14);
  assert.deepEqual(errors, []);
  await context.close();
});

test('lit-only play refuses a press on an unlit light, and solves in a legal order', async () => {
  const { page, context } = await open(browser, 'lights-games.html');
  await ready(page);
  await pick(page, 'merlin', 9);
  await page.check('#lit-only');
  await page.click('#clear');
  await page.click('.paste summary');
  await page.fill('#pattern', '##./#../...');
  await page.click('#set-pattern');
  await page.click('[data-mode=play]');
  const before = await states(page);
  await light(page, 8).click();
  assert.match(await page.textContent('#message'), /^only a lit light may be pressed in lit-only play, and 9 is off$/);
  assert.deepEqual(await states(page), before);
  const count = await solveByTheList(page);
  assert.ok(count >= 1);
  assert.equal((await facts(page, '#board-title')).litOnly, 'true');

  // The 5×5: all 2^25 states searched on the page.
  await pick(page, 'classic', 25);
  await page.check('#lit-only');
  await page.click('#clear');
  await page.fill('#pattern', '##.../#..../...../...../.....');
  await page.click('#set-pattern');
  await page.click('[data-mode=play]');
  assert.equal(await solveByTheList(page), 1);
  const planned = await facts(page, '#plan-info');
  assert.deepEqual([planned.stage, planned.presses, planned.litOnly], ['planned', '1', 'true']);
  console.log(await page.textContent('#plan-info'));

  // Past the Deluxe's 36 lights the page says the board is too large, and changes nothing.
  await page.selectOption('#preset', 'grid');
  await page.fill('#rows', '7');
  await page.fill('#cols', '7');
  await page.fill('#k', '2');
  await page.click('#make-grid');
  await page.waitForFunction(() => document.querySelectorAll('#board button.light').length === 49);
  if (!(await page.isChecked('#lit-only'))) await page.check('#lit-only');
  const board = await states(page);
  await page.click('#solve');
  const refused = await facts(page, '#plan-info');
  assert.deepEqual([refused.stage, refused.lights, refused.most], ['too-large', '49', '36'], 'lit-only stops at the Deluxe\'s 6×6');
  assert.deepEqual(await states(page), board);
  assert.equal(await page.locator('#press-list li').count(), 0);
  await context.close();
});

/** Sets a pattern on the board shown, as a player pastes it. */
async function setPattern(page, text) {
  if (!(await page.isVisible('#pattern'))) await page.click('.paste summary');
  await page.fill('#pattern', text);
  await page.click('#set-pattern');
}

/** Clicks Solve and waits for the list or a message; returns the milliseconds and the outcome. */
async function timedSolve(page) {
  const started = Date.now();
  await page.click('#solve');
  await page.waitForFunction(
    () => document.querySelectorAll('#press-list li').length > 0 || document.getElementById('plan-info').dataset.kind === 'error' || /no sequence/.test(document.getElementById('plan-info').textContent),
    null,
    { timeout: 120_000 },
  );
  const ms = Date.now() - started;
  const presses = await page.locator('#press-list li').count();
  return { ms, presses, message: presses ? '' : await page.textContent('#plan-info') };
}

test('lit-only 5×5 and 6×6 are solved in the Worker, with progress and Cancel', async () => {
  const { page, errors, context } = await open(browser, 'lights-games.html');
  await ready(page);
  await pick(page, 'classic', 25);
  await page.check('#lit-only');
  // Every light on: a search over the states lit-only presses reach from it (of 2^25).
  await setPattern(page, '#####/#####/#####/#####/#####'.replace(/\//g, '\n'));
  const board = await states(page);
  await page.click('#solve');
  await page.waitForSelector('#solve-job .job:not([hidden]) progress[value]');
  const searching = await facts(page, '#plan-info');
  assert.deepEqual([searching.stage, searching.statesLog2], ['searching', '25']);
  await page.click('#solve-job .job button');
  await page.waitForSelector('#solve-job .job', { state: 'hidden' });
  assert.equal(await page.locator('#press-list li').count(), 0, 'a cancelled solve lists nothing');
  assert.deepEqual(await states(page), board, 'and changes nothing');
  assert.equal(await page.textContent('#plan-info'), '');
  assert.equal(await page.textContent('#message'), '');

  const five = await timedSolve(page);
  console.log(`5×5 lit-only, every light on, in the Worker: ${five.ms} ms, ${five.presses || five.message}`);
  assert.ok(five.presses > 0 || /^no sequence of presses on lit lights clears this pattern$/.test(five.message), JSON.stringify(five));
  if (five.presses) await solveByTheList(page);

  await pick(page, 'deluxe', 36);
  await page.check('#lit-only');
  await setPattern(page, '#.#.#./.#.#.#/#.#.#./.#.#.#/#.#.#./.#.#.#'.replace(/\//g, '\n'));
  const six = await timedSolve(page);
  console.log(`6×6 Deluxe lit-only, a checkerboard, in the Worker: ${six.ms} ms, ${six.presses || six.message}`);
  assert.ok(six.presses > 0 || /^no sequence of presses on lit lights clears this pattern$/.test(six.message), JSON.stringify(six));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a custom grid: projective plane, 5 states, a drawn stencil', async () => {
  const { page, errors, context } = await open(browser, 'lights-games.html');
  await ready(page);
  await page.selectOption('#preset', 'grid');
  await page.fill('#rows', '3');
  await page.fill('#cols', '4');
  await page.fill('#k', '5');
  await page.selectOption('#edges', 'projective');
  // Add the two diagonal cells up-left and down-right to the "+".
  await page.click('#stencil [data-cell="6"]');
  await page.click('#stencil [data-cell="18"]');
  await page.click('#make-grid');
  await page.waitForFunction(() => document.querySelectorAll('#board button.light').length === 12);
  const title = await facts(page, '#board-title');
  assert.deepEqual([title.board, title.rows, title.cols, title.k, title.edges], ['grid', '3', '4', '5', 'projective']);
  await solveByTheList(page);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [width, height] of [
  [1280, 900],
  [360, 780],
]) {
  for (const scheme of ['light', 'dark']) {
    test(`screenshots at ${width} px, ${scheme}`, async () => {
      const { page, context } = await open(browser, 'lights-games.html', { viewport: { width, height } });
      await page.emulateMedia({ colorScheme: /** @type {'light' | 'dark'} */ (scheme) });
      await ready(page);
      await pick(page, 'classic', 25);
      await page.click('#solve');
      await page.waitForFunction(() => document.querySelectorAll('#press-list li').length > 0 || document.getElementById('message').textContent);
      await screenshot(page, `lights-games-classic-${width}-${scheme}`);
      await pick(page, 'cube', 54);
      await screenshot(page, `lights-games-cube-${width}-${scheme}`);
      await pick(page, 'orbix', 12);
      await screenshot(page, `lights-games-orbix-${width}-${scheme}`);
      await pick(page, '2000', 25);
      await screenshot(page, `lights-games-2000-${width}-${scheme}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, 'nothing is wider than the screen');
      await context.close();
    });
  }
}

for (const scheme of ['light', 'dark']) {
  test(`axe finds no serious or critical violation (${scheme}), with a press list and the custom grid's controls shown`, async () => {
    const { page, context } = await open(browser, 'lights-games.html');
    await page.emulateMedia({ colorScheme: /** @type {'light' | 'dark'} */ (scheme) });
    await ready(page);
    await pick(page, '2000', 25);
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelectorAll('#press-list li').length > 0);
    await page.selectOption('#preset', 'grid');
    await page.addScriptTag({ path: AXE });
    const found = await page.evaluate(async () => {
      const result = await window['axe'].run(document, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.slice(0, 5).map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
    });
    assert.deepEqual(found, []);
    await context.close();
  });
}

test('the composer’s Mode options are the view’s Mode buttons, Play and Edit, and nothing else', async () => {
  const { page, context } = await open(browser, 'lights-games.html');
  await ready(page);
  await clickToCopy(page, '#embed');
  await page.waitForSelector('#embed-dialog[open]');
  const options = await page.$$eval('#embed-mode option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options, [
    ['', 'as shown'],
    ['play', 'Play'],
    ['edit', 'Edit'],
  ]);
  const width = await page.$eval('#embed-mode', (s) => s.getBoundingClientRect().width);
  assert.ok(width < 200, `the Mode select is ${width} px wide`);
  await context.close();
});

test('a solve’s error is where the eye is: in the Presses panel, on the screen, and the board does not move', async () => {
  // The classic 5×5 with only its corner lit has no solution (the corner is not in the
  // span of the 23 independent presses: it meets both quiet patterns of the 5×5 an odd number of times).
  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 900 }]) {
    const { page, errors, context } = await open(browser, 'lights-games.html', { viewport, reducedMotion: 'reduce' });
    await ready(page);
    await pick(page, 'classic', 25);
    await page.click('#clear');
    await setPattern(page, '#....\n.....\n.....\n.....\n.....');
    await page.click('[data-mode=play]');
    const boardTop = () => page.$eval('#board', (b) => b.getBoundingClientRect().top + window.scrollY);
    const before = await boardTop();
    await page.locator('#solve').scrollIntoViewIfNeeded();
    await page.click('#solve');
    await page.waitForFunction(() => document.getElementById('plan-info').dataset.kind === 'error');
    const box = await page.$eval('#plan-info', (el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, text: el.textContent, role: el.getAttribute('role') };
    });
    console.log(`${viewport.width} px: "${box.text}" at ${Math.round(box.top)}–${Math.round(box.bottom)}`);
    assert.ok(box.text.length > 0);
    assert.equal(box.role, 'alert');
    assert.ok(box.top >= 0 && box.bottom <= viewport.height, `the error is on the screen (${box.top}–${box.bottom} of ${viewport.height})`);
    assert.equal(await page.isVisible('#message'), false, 'the message line at the top says nothing');
    assert.equal(await boardTop(), before, 'the board did not move');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a custom grid’s solve runs in the Worker with progress and Cancel: no page task over 200 ms', async () => {
  // The heaviest seen: 3×21, 255 states, a one-sided stencil (the light and its right
  // neighbour), which took 3.7–4.3 s on the page's thread.
  const { page, errors, context } = await open(browser, 'lights-games.html');
  await ready(page);
  await page.evaluate(() => {
    /** @type {number[]} */
    const long = [];
    Object.defineProperty(window, 'longTasks', { value: long });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) long.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
  await page.selectOption('#preset', 'grid');
  await page.fill('#rows', '3');
  await page.fill('#cols', '21');
  await page.fill('#k', '255');
  // From the "+" (up, left, the light, right, down) keep the light and its right neighbour.
  for (const cell of [7, 11, 17]) await page.click(`#stencil [data-cell="${cell}"]`);
  await page.click('#make-grid');
  await page.waitForFunction(() => document.querySelectorAll('#board button.light').length === 63);
  const wide = await facts(page, '#board-title');
  assert.deepEqual([wide.rows, wide.cols, wide.k], ['3', '21', '255']);
  await page.click('#solve');
  // The Worker's panel: a Cancel button while it runs (or the list, if it was that quick).
  await page.waitForFunction(
    () => document.querySelector('#solve-job .job:not([hidden]) button') || document.querySelectorAll('#press-list li').length > 0,
  );
  await page.waitForFunction(() => document.querySelectorAll('#press-list li').length > 0 || document.getElementById('plan-info').dataset.kind === 'error', null, {
    timeout: 120_000,
  });
  // Thousands of presses: the list draws 100 rows around the next one and says how many more;
  // the step bar and the panel count them all.
  const presses = Number(await page.$eval('#press-bar', (b) => b.dataset.count));
  const rows = await page.locator('#press-list li[data-index]').count();
  assert.ok(presses > 0);
  assert.equal((await facts(page, '#plan-info')).presses, String(presses));
  if (presses > 100) {
    assert.equal(rows, 100);
    assert.equal(await page.textContent('#press-list li.more'), `and ${presses - 100} more presses`);
  } else assert.equal(rows, presses);
  // Stepping through the bar moves the same position as the list.
  await page.click('#press-bar [data-step=forward]');
  await page.waitForFunction(() => document.getElementById('press-bar').dataset.at === '1');
  assert.equal(await page.locator('#press-list li.done').count(), 1);
  const long = await page.evaluate(() => window.longTasks);
  console.log(`3×21, 255 states: ${presses} presses (${rows} rows drawn); long tasks ${JSON.stringify(long)}`);
  assert.ok(Math.max(0, ...long) <= 200, `no page task over 200 ms (${JSON.stringify(long)})`);
  assert.deepEqual(errors, []);
  await context.close();
});
