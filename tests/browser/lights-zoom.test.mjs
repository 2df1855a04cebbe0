// The Lights page's zoom on large boards: a 2000×2000 board zoomed with the wheel down to
// single lights, one light pressed by a click there — the whole board read before and after
// from the page's saved file (parsed here) and compared with the classic rule written out
// here — then panned by drag, by the minimap and by the keys, pinched with two touch points,
// the solution's marks drawn at every zoom, and an 8192² board zoomed to single lights.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, open, screenshot, ready, enterLightsSize, savedPath, gameState, longTaskLimit, facts } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const SLOW = { timeout: 240_000 };
const N = 2000;

/** The view the page says it shows: zoom, visible rectangle (lights), CSS pixels a light; once
 * the canvas is drawn as it says (a view change is drawn at the next frame). */
async function viewOf(page) {
  await page.waitForSelector('#canvas-wrap:not([data-drawing])');
  const d = await page.$eval('#canvas-wrap', (w) => ({ ...w.dataset }));
  return { zoom: Number(d.zoom), x: Number(d.viewX), y: Number(d.viewY), w: Number(d.viewW), h: Number(d.viewH), px: Number(d.lightPx) };
}

/** The screen point at the centre of light (r, c) in the view `view`. */
async function centreOf(page, view, r, c) {
  const box = await page.locator('#canvas').boundingBox();
  return { x: box.x + ((c + 0.5 - view.x) / view.w) * box.width, y: box.y + ((r + 0.5 - view.y) / view.h) * box.height };
}

/** The light under screen point (x, y) in `view` (the map the test expects: linear, fit = whole board). */
async function lightUnder(page, view, x, y) {
  const box = await page.locator('#canvas').boundingBox();
  return [Math.floor(view.y + ((y - box.y) / box.height) * view.h), Math.floor(view.x + ((x - box.x) / box.width) * view.w)];
}

/** The whole board as the page saves it (raw PBM or rows of digits), parsed here: a byte a light. */
async function savedBoard(page) {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.$eval('#save-state', (b) => b.click())]);
  const bytes = readFileSync(await savedPath(saved));
  const states = new Uint8Array(N * N);
  if (bytes[0] === 0x50 && bytes[1] === 0x34) {
    // P4: the header's three lines, then rows of ⌈N/8⌉ bytes, the first light in the top bit.
    let at = 0;
    for (let lines = 0; lines < 2; at++) if (bytes[at] === 0x0a) lines++;
    const stride = Math.ceil(N / 8);
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) states[r * N + c] = (bytes[at + r * stride + (c >> 3)] >> (7 - (c & 7))) & 1;
  } else {
    const rows = bytes.toString().trim().split('\n');
    assert.equal(rows.length, N);
    rows.forEach((line, r) => [...line.trim()].forEach((ch, c) => (states[r * N + c] = Number(ch))));
  }
  return states;
}

/** The canvas pixel [r, g, b] at screen point (x, y). */
async function pixelAt(page, x, y) {
  await page.waitForSelector('#canvas-wrap:not([data-drawing])');
  return page.$eval(
    '#canvas',
    (canvas, [px, py]) => {
      const rect = canvas.getBoundingClientRect();
      const dx = Math.floor(((px - rect.left) / rect.width) * canvas.width);
      const dy = Math.floor(((py - rect.top) / rect.height) * canvas.height);
      return Array.from(canvas.getContext('2d').getImageData(dx, dy, 1, 1).data.slice(0, 3));
    },
    [x, y],
  );
}

const ON = [0xff, 0xd2, 0x3f];
const OFF = [0x2d, 0x34, 0x40];
const ACCENT = [0x8a, 0x3f, 0xfc];
const moves = async (page) => (await gameState(page)).moves;
/** The cursor's row and column (1-based) as the status line states them (`data-cursor-row`, `-col`). */
const cursorOf = async (page) => {
  const { cursorRow, cursorCol } = await facts(page, '#status');
  return [Number(cursorRow), Number(cursorCol)];
};

test('a 2000×2000 board: wheel to single lights, a click presses exactly that light, drag, minimap, keys, Fit', SLOW, async () => {
  const { page, errors, context } = await open(browser, 'lights.html', { viewport: { width: 1280, height: 900 } });
  await ready(page);
  await enterLightsSize(page, N, N);
  await page.waitForSelector('#status[data-rows="2000"][data-cols="2000"][data-rule=plus]', SLOW);
  assert.deepEqual(await page.$eval('#canvas', (c) => [c.width, c.height]), [N, N], 'at zoom 1 the canvas is the board a pixel a light');
  assert.equal((await viewOf(page)).zoom, 1);
  assert.equal(await page.locator('#minimap').isVisible(), false);
  assert.equal(await page.isDisabled('#zoom-fit'), true);

  // The wheel zooms about the pointer: the light under it stays under it.
  const box = await page.locator('#canvas').boundingBox();
  // Whole pixels: the events' coordinates are, and at zoom 1 a light is a third of a pixel.
  const at = { x: Math.round(box.x + box.width * 0.3), y: Math.round(box.y + box.height * 0.6) };
  await page.mouse.move(at.x, at.y);
  const under = await lightUnder(page, await viewOf(page), at.x, at.y);
  let view = await viewOf(page);
  const started = Date.now();
  for (let i = 0; i < 12 && view.px < 12; i++) {
    await page.mouse.wheel(0, -400);
    await page.waitForFunction((z) => Number(document.querySelector('#canvas-wrap').dataset.zoom) > z, view.zoom);
    view = await viewOf(page);
  }
  console.log(`# wheel to ${view.px} px a light (zoom ${view.zoom}) in ${Date.now() - started} ms`);
  assert.ok(view.px >= 12, `a light is ${view.px} CSS px wide`);
  assert.deepEqual(await lightUnder(page, view, at.x, at.y), under, 'the light under the pointer stays there');
  assert.ok(view.w < 50 && view.w * view.zoom > N - 1, `the visible width ${view.w} is the board's over the zoom`);
  assert.equal(await page.locator('#minimap').isVisible(), true);
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  assert.equal(await page.$eval('#canvas', (c) => c.width), Math.round(box.width * dpr), 'zoomed, the canvas is drawn at its size on screen');

  // A click on one light: the whole board before and after, from the saved files.
  const before = await savedBoard(page);
  const [r, c] = [Math.floor(view.y + view.h / 2), Math.floor(view.x + view.w / 2)];
  const target = await centreOf(page, view, r, c);
  // The drawing shows the saved states: each light of the 3×3 around the target, at its centre.
  for (const [dr, dc] of [[-1, -1], [-1, 0], [0, 0], [1, 1], [0, 1]]) {
    const p = await centreOf(page, view, r + dr, c + dc);
    assert.deepEqual(await pixelAt(page, p.x, p.y), before[(r + dr) * N + c + dc] ? ON : OFF, `light (${r + dr}, ${c + dc}) drawn in its state`);
  }
  await page.mouse.click(target.x, target.y);
  assert.equal(await moves(page), 1);
  const afterPress = await savedBoard(page);
  const changed = [];
  for (let i = 0; i < N * N; i++) if (afterPress[i] !== before[i]) changed.push(i);
  const expected = [[r - 1, c], [r, c - 1], [r, c], [r, c + 1], [r + 1, c]].map(([y, x]) => y * N + x);
  assert.deepEqual(changed, expected, 'exactly the light and its four neighbours changed');
  for (const i of expected) assert.equal(afterPress[i], 1 - before[i]);
  assert.deepEqual(await cursorOf(page), [r + 1, c + 1]);

  // Drag pans (and presses nothing): 200 px left moves the view right by 200 px of lights.
  view = await viewOf(page);
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 100, from.y - 50, { steps: 5 });
  await page.mouse.move(from.x - 200, from.y - 100, { steps: 5 });
  await page.mouse.up();
  const dragged = await viewOf(page);
  assert.ok(Math.abs(dragged.x - view.x - (200 * view.w) / box.width) < 0.05, `dragged x ${view.x} → ${dragged.x}`);
  assert.ok(Math.abs(dragged.y - view.y - (100 * view.h) / box.height) < 0.05, `dragged y ${view.y} → ${dragged.y}`);
  assert.equal(dragged.zoom, view.zoom);
  assert.equal(await moves(page), 1, 'a drag presses nothing');

  // The minimap: a click centres the view on that point of the board.
  await page.locator('#minimap').scrollIntoViewIfNeeded();
  const map = await page.locator('#minimap').boundingBox();
  await page.mouse.click(map.x + map.width * 0.25, map.y + map.height * 0.75);
  view = await viewOf(page);
  assert.ok(Math.abs(view.x + view.w / 2 - N * 0.25) < 2 && Math.abs(view.y + view.h / 2 - N * 0.75) < 2, `minimap centred ${JSON.stringify(view)}`);
  // ...and a drag on it follows the pointer.
  await page.mouse.move(map.x + map.width * 0.5, map.y + map.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(map.x + map.width * 0.6, map.y + map.height * 0.4, { steps: 4 });
  await page.mouse.up();
  view = await viewOf(page);
  assert.ok(Math.abs(view.x + view.w / 2 - N * 0.6) < 2 && Math.abs(view.y + view.h / 2 - N * 0.4) < 2, `minimap dragged ${JSON.stringify(view)}`);
  assert.equal(await moves(page), 1);
  await screenshot(page, 'lights-zoom-1280');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'lights-zoom-1280-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Keys: − halves the zoom, + doubles it; the arrows move the cursor and the view follows.
  await page.locator('#canvas').focus();
  const z = view.zoom;
  await page.keyboard.press('-');
  assert.ok(Math.abs((await viewOf(page)).zoom - z / 2) < 1e-3);
  await page.keyboard.press('+');
  assert.ok(Math.abs((await viewOf(page)).zoom - z) < 1e-3);
  // The cursor is at the pressed light (r, c), out of this view: Shift+Right jumps 125 columns.
  await page.keyboard.press('Shift+ArrowRight');
  const col = c + 125;
  assert.deepEqual(await cursorOf(page), [r + 1, col + 1]);
  view = await viewOf(page);
  assert.ok(col >= view.x && col + 1 <= view.x + view.w && r >= view.y && r + 1 <= view.y + view.h, `the view follows the cursor ${JSON.stringify(view)}`);
  assert.equal(await page.locator('#canvas-cursor').isVisible(), true);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  assert.equal(await moves(page), 2);
  const afterKey = await savedBoard(page);
  let keyChanged = 0;
  for (let i = 0; i < N * N; i++) if (afterKey[i] !== afterPress[i]) keyChanged++;
  assert.equal(keyChanged, 5, 'Space at the cursor pressed one light inside the board');
  assert.equal(afterKey[(r + 1) * N + col], 1 - afterPress[(r + 1) * N + col]);

  // Fit: back to the whole board, a pixel a light, as before zooming.
  await page.click('#zoom-fit');
  assert.equal((await viewOf(page)).zoom, 1);
  assert.deepEqual(await page.$eval('#canvas', (c) => [c.width, c.height]), [N, N]);
  assert.equal(await page.locator('#minimap').isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the solution marks are drawn at every zoom of a 2000² board', SLOW, async () => {
  const { page, errors, context } = await open(browser, 'lights.html', { viewport: { width: 1280, height: 900 } });
  await ready(page);
  await enterLightsSize(page, N, N);
  await page.waitForSelector('#status[data-rows="2000"][data-cols="2000"][data-rule=plus]', SLOW);
  await page.click('#show-solution');
  await page.waitForSelector('#verdict[data-solvable=true][data-shown=true]', SLOW);
  /** How many canvas pixels are the accent (a press mark), sampled on a 64×64 grid. */
  const marked = () =>
    page.$eval('#canvas', (canvas) => {
      const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < 64; i++) {
        for (let j = 0; j < 64; j++) {
          const at = 4 * (Math.floor((i * canvas.height) / 64) * canvas.width + Math.floor((j * canvas.width) / 64));
          if (d[at] === 0x8a && d[at + 1] === 0x3f && d[at + 2] === 0xfc) n++;
        }
      }
      return n;
    });
  assert.ok((await marked()) > 100, 'zoom 1: presses drawn');
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let view = await viewOf(page);
  const seen = [];
  while (view.px < 24) {
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((z) => Number(document.querySelector('#canvas-wrap').dataset.zoom) > z, view.zoom);
    view = await viewOf(page);
    seen.push([view.px.toFixed(2), await marked()]);
  }
  assert.ok(seen.every(([, n]) => n > 0), `marks drawn at every zoom: ${JSON.stringify(seen)}`);
  // Deep in, a press is a dot at the centre of a whole light: every light's centre is either
  // the accent or a light's state colour.
  const { x, y, w, h } = view;
  let dots = 0;
  for (let r = Math.ceil(y); r < Math.floor(y + h) && r < Math.ceil(y) + 6; r++) {
    for (let c = Math.ceil(x); c < Math.floor(x + w) && c < Math.ceil(x) + 10; c++) {
      const p = await centreOf(page, view, r, c);
      const colour = await pixelAt(page, p.x, p.y);
      if (JSON.stringify(colour) === JSON.stringify(ACCENT)) dots++;
      else assert.ok([ON, OFF].some((s) => JSON.stringify(s) === JSON.stringify(colour)), `light (${r}, ${c}) centre ${colour}`);
    }
  }
  assert.ok(dots > 0, 'some presses in sight');
  await screenshot(page, 'lights-zoom-solution');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a pinch with two touch points zooms about their midpoint (360 px phone), light and dark', SLOW, async () => {
  const { page, errors, context } = await open(browser, 'lights.html', { viewport: { width: 360, height: 780 }, hasTouch: true });
  await ready(page);
  await enterLightsSize(page, N, N);
  await page.waitForSelector('#status[data-rows="2000"][data-cols="2000"][data-rule=plus]', SLOW);
  await page.locator('#canvas').scrollIntoViewIfNeeded();
  const box = await page.locator('#canvas').boundingBox();
  const cdp = await context.newCDPSession(page);
  const mid = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.5 };
  const touch = (type, d) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: mid.x - d, y: mid.y, id: 1 },
              { x: mid.x + d, y: mid.y, id: 2 },
            ],
    });
  let view = await viewOf(page);
  const under = await lightUnder(page, view, mid.x, mid.y);
  await touch('touchStart', 20);
  for (let d = 30; d <= 120; d += 10) await touch('touchMove', d);
  await touch('touchEnd', 0);
  await page.waitForFunction(() => Number(document.querySelector('#canvas-wrap').dataset.zoom) > 5);
  view = await viewOf(page);
  assert.ok(Math.abs(view.zoom - 6) < 0.05, `the zoom follows the fingers' distance (20 → 120 px): ${view.zoom}`);
  const now = await lightUnder(page, view, mid.x, mid.y);
  assert.ok(Math.abs(now[0] - under[0]) <= 1 && Math.abs(now[1] - under[1]) <= 1, `the midpoint's light stays: ${under} → ${now}`);
  assert.equal(await moves(page), 0, 'a pinch presses nothing');
  // A one-finger drag pans.
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...start, id: 3 }] });
  for (let i = 1; i <= 5; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x + 10 * i, y: start.y, id: 3 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const panned = await viewOf(page);
  assert.ok(Math.abs(view.x - panned.x - (50 * view.w) / box.width) < 0.05, `a finger drag pans: ${view.x} → ${panned.x}`);
  assert.equal(await moves(page), 0);
  // A tap presses the light under it.
  await page.touchscreen.tap(start.x, start.y);
  assert.equal(await moves(page), 1);
  await screenshot(page, 'lights-zoom-360');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'lights-zoom-360-dark');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an 8192² board (drawn 4×4 lights a pixel) zooms to single lights; a click there presses one', SLOW, async () => {
  const { page, errors, context } = await open(browser, 'lights.html', { viewport: { width: 1280, height: 900 } });
  await ready(page);
  await enterLightsSize(page, 8192, 8192);
  await page.waitForSelector('#status[data-rows="8192"][data-cols="8192"][data-rule=plus]', SLOW);
  await page.click('#all-on');
  const all = 8192 * 8192;
  await page.waitForSelector(`#status[data-lit="${all}"]`);
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.2);
  let view = await viewOf(page);
  // A step that froze the page would be a long task (the clock of one step says nothing: it
  // counts whatever else the machine does).
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask' });
  });
  const times = [];
  while (view.px < 10) {
    const t = Date.now();
    await page.mouse.wheel(0, -600);
    await page.waitForFunction((z) => Number(document.querySelector('#canvas-wrap').dataset.zoom) > z, view.zoom);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    times.push(Date.now() - t);
    view = await viewOf(page);
  }
  console.log(`# 8192² wheel steps to ${view.px} px a light: ${times.join(', ')} ms`);
  const longTasks = await page.evaluate(() => window.__longTasks);
  assert.ok(longTasks.every((ms) => ms <= longTaskLimit(1000)), `no step freezes the page: long tasks ${longTasks} ms`);
  // Every light drawn on (all on): pixels at light centres are the lit colour.
  const [r, c] = [Math.floor(view.y + view.h / 2), Math.floor(view.x + view.w / 2)];
  const p = await centreOf(page, view, r, c);
  assert.deepEqual(await pixelAt(page, p.x, p.y), ON);
  await page.mouse.click(p.x, p.y);
  await page.waitForSelector(`#status[data-lit="${all - 5}"]`);
  // The press and its four neighbours now drawn dark, the diagonal still lit.
  for (const [dr, dc] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const q = await centreOf(page, view, r + dr, c + dc);
    assert.deepEqual(await pixelAt(page, q.x, q.y), OFF, `(${r + dr}, ${c + dc}) dark`);
  }
  const d = await centreOf(page, view, r + 1, c + 1);
  assert.deepEqual(await pixelAt(page, d.x, d.y), ON);
  assert.deepEqual(await cursorOf(page), [r + 1, c + 1]);
  assert.equal((await facts(page, '#status')).cursorState, 'off');
  assert.deepEqual(errors, []);
  await context.close();
});
