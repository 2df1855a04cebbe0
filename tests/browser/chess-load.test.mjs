// The chess page opens about as fast as the others: on an emulated slow phone (Chromium's
// DevTools protocol: 1.6 Mbit/s down, 150 ms round trips, the CPU four times slower), its first
// board does not wait for its 1.2 MB core: with the core's download held back, the start
// position is drawn all the same. That is what is asserted; the times, and their ratio to the
// Devil page's (1.5× at most was the goal), are printed as figures: a ratio of wall times moves
// with whatever else the machine runs (it went 1.0 → 1.6 with a build beside the tests), so it
// is measured, not tested.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

/** Lighthouse's "slow 4G" phone, as Chromium's DevTools emulate it. */
const SLOW_PHONE = {
  network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
  cpuSlowdown: 4,
};
/** Loads of each page, alternated so that a change of the machine's load hits both alike. */
const RUNS = 3;

/**
 * Opens `path` cold (a fresh context: empty cache) under the slow-phone emulation and returns
 * when its first board was drawn (the board renderer's `first-board` mark, ms from navigation
 * start), when it was interactive (`interactive`), the bytes it transferred and, for the
 * chess page, the board's pieces at the first mark and once interactive.
 */
async function load(path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  await page.goto(`${BASE_URL}/${path}`, { waitUntil: 'commit', timeout: 120_000 });
  const mark = (name) => page.waitForFunction((n) => performance.getEntriesByName(n)[0]?.startTime, name, { timeout: 120_000, polling: 50 });
  const pieces = () => page.$$eval('#board [data-index]', (cells) => cells.map((c) => /** @type {HTMLElement} */ (c).dataset.piece ?? ''));
  const firstBoard = Number(await (await mark('first-board')).jsonValue());
  const piecesFirst = path === 'chess.html' ? await pieces() : null;
  const interactive = Number(await (await mark('interactive')).jsonValue());
  const piecesReady = path === 'chess.html' ? await pieces() : null;
  // The board is drawn once the images its stylesheet draws it with (the chess pieces) are in.
  const images = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/img\//.test(new URL(e.name).pathname))
      .map((e) => /** @type {PerformanceResourceTiming} */ (e).responseEnd),
  );
  const shown = Math.max(firstBoard, ...images);
  // When the page's wasm core had arrived (its response's end, ms from navigation start).
  const core = await page.evaluate(
    (name) =>
      Math.max(
        ...performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.split('/').pop()?.startsWith(`${name}_bg`))
          .map((e) => /** @type {PerformanceResourceTiming} */ (e).responseEnd),
      ),
    path.replace('.html', ''),
  );
  await context.close();
  assert.deepEqual(errors, [], path);
  return { firstBoard: shown, boardMark: firstBoard, core, interactive, kib: bytes / 1024, piecesFirst, piecesReady };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

test("chess.html's first board on a slow phone, beside devil.html's (figures), is the start position the core then draws", { timeout: 600_000 }, async () => {
  const runs = { 'devil.html': [], 'chess.html': [] };
  for (let i = 0; i < RUNS; i++) {
    for (const path of Object.keys(runs)) runs[path].push(await load(path));
  }
  const figures = {};
  for (const [path, loads] of Object.entries(runs)) {
    figures[path] = {
      firstBoard: median(loads.map((l) => l.firstBoard)),
      interactive: median(loads.map((l) => l.interactive)),
      kib: median(loads.map((l) => l.kib)),
    };
    const each = loads.map((l) => `${l.firstBoard.toFixed(0)}/${l.core.toFixed(0)}/${l.interactive.toFixed(0)}`).join(', ');
    console.log(
      `${path}: first board ${figures[path].firstBoard.toFixed(0)} ms, interactive ${figures[path].interactive.toFixed(0)} ms ` +
        `(medians of ${RUNS}; each run first board/core arrived/interactive: ${each}), ${figures[path].kib.toFixed(0)} KiB transferred`,
    );
  }
  // The board drawn before the core arrived is the one the core draws: the start position.
  for (const l of runs['chess.html']) {
    assert.equal(l.piecesFirst?.length, 64);
    assert.deepEqual(l.piecesFirst, l.piecesReady);
  }
  const ratio = figures['chess.html'].firstBoard / figures['devil.html'].firstBoard;
  console.log(`chess / devil first board: ${ratio.toFixed(2)} (the goal: at most 1.5)`);
});

test("chess.html draws its first board while its core's download is held back", async () => {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  /** @type {() => void} */
  let release = () => {};
  const released = new Promise((resolve) => (release = () => resolve(undefined)));
  let held = 0;
  await page.route(/\/chess_bg[^/]*\.wasm$/, async (route) => {
    held++;
    await released;
    await route.continue();
  });
  await page.goto(`${BASE_URL}/chess.html`, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-board').length > 0, null, { timeout: 60_000 });
  const pieces = () => page.$$eval('#board [data-index]', (cells) => cells.map((c) => /** @type {HTMLElement} */ (c).dataset.piece ?? ''));
  const first = await pieces();
  assert.equal(held, 1, 'the core was asked for and is being held');
  assert.equal(await page.evaluate(() => performance.getEntriesByName('interactive').length), 0, 'not interactive without its core');
  release();
  await page.waitForFunction(() => performance.getEntriesByName('interactive').length > 0, null, { timeout: 60_000 });
  assert.deepEqual(first, await pieces(), 'the board drawn first is the one the core draws');
  assert.equal(first.filter(Boolean).length, 32, 'the start position');
  await context.close();
});
