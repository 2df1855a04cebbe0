// What a visitor pays to open each page: requests, wasm bytes, bytes transferred and time to
// interactive, cold (empty cache) and warm (a reload), served locally and over an emulated
// 9 Mbit/s / 60 ms link (Chromium's Network.emulateNetworkConditions). Run on demand, not a test:
//
//   cargo xtask serve --port 8101 &
//   BASE_URL=http://127.0.0.1:8101 node tests/bench/pages.mjs [--runs 3] [page.html ...]
//
// "Interactive" is when every puzzle page on screen (the page itself, or each iframe of the blog
// example) has set `body[data-ready=true]` (after its wasm loaded and the first board drew);
// pages without a puzzle count their `load` event. Each figure is the median of the runs.
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
const EXECUTABLE = process.env.CHROMIUM ?? '/usr/bin/chromium';
const PAGES = [
  'index.html', 'devil.html', 'devil-lab.html', 'codes.html', 'lights.html', 'table.html', 'chess.html',
  'examples/blog-post.html',
];
/** Pages whose script sets body[data-ready=true]. */
const PUZZLE_PAGES = /(devil|devil-lab|codes|lights|table|chess)\.html$/;
const LINKS = {
  localhost: null,
  '9 Mbit/s, 60 ms': { offline: false, latency: 60, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 },
};

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const pages = args.length ? args : PAGES;

// Records, in every frame, when the body gets data-ready=true (epoch ms) and when `load` fires.
const RECORDER = () => {
  const epoch = () => performance.timeOrigin + performance.now();
  new MutationObserver(() => {
    if (document.body?.dataset.ready === 'true' && !window.__readyAt) window.__readyAt = epoch();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  addEventListener('load', () => (window.__loadAt = epoch()));
};

/** Loads (or reloads) and measures one page view. */
async function measure(page, navigate) {
  const seen = [];
  const onFinished = async (request) => {
    const sizes = await request.sizes().catch(() => null);
    seen.push({ url: request.url(), bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0 });
  };
  const onFailed = (request) => seen.push({ url: request.url(), bytes: 0 });
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  await navigate();
  await page.waitForFunction(() => window.__loadAt);
  for (const frame of page.frames()) {
    if (PUZZLE_PAGES.test(new URL(frame.url()).pathname)) await frame.waitForFunction(() => window.__readyAt);
  }
  const start = await page.evaluate(() => performance.timeOrigin);
  const ends = [];
  for (const frame of page.frames()) {
    ends.push(await frame.evaluate(() => window.__readyAt ?? null));
  }
  const readies = ends.filter((t) => t !== null);
  const end = readies.length ? Math.max(...readies) : await page.evaluate(() => window.__loadAt);
  await page.waitForLoadState('networkidle'); // a Worker's fetches come after ready
  page.off('requestfinished', onFinished);
  page.off('requestfailed', onFailed);
  const requests = seen.filter((r) => !r.url.startsWith('data:'));
  const wasm = requests.filter((r) => r.url.endsWith('.wasm'));
  return {
    requests: requests.length,
    wasmFetches: wasm.length,
    wasmBytes: wasm.reduce((a, r) => a + r.bytes, 0),
    bytes: requests.reduce((a, r) => a + r.bytes, 0),
    ms: end - start,
  };
}

async function view(browser, path, conditions) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(RECORDER);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (conditions) await cdp.send('Network.emulateNetworkConditions', conditions);
  const url = `${BASE_URL}/${path}`;
  const cold = await measure(page, () => page.goto(url));
  const warm = await measure(page, () => page.reload());
  await context.close();
  return { cold, warm };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (n) => (n / 1024).toFixed(n < 10240 ? 1 : 0);

const browser = await chromium.launch({ executablePath: EXECUTABLE, args: ['--no-sandbox', '--disable-gpu'], headless: true });
// A first page load warms Chromium up (fonts, compilers), so it does not count against the first row.
await view(browser, 'index.html', null);
console.log(`${BASE_URL}, median of ${RUNS} runs`);
console.log('| link | page | requests | wasm fetches | wasm KiB | KiB transferred | interactive (ms) | reload: KiB | reload: interactive (ms) |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [link, conditions] of Object.entries(LINKS)) {
  for (const path of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await view(browser, path, conditions));
    const m = (f) => median(runs.map(f));
    console.log(
      `| ${link} | ${path} | ${m((r) => r.cold.requests)} | ${m((r) => r.cold.wasmFetches)} | ${kib(m((r) => r.cold.wasmBytes))} | ` +
        `${kib(m((r) => r.cold.bytes))} | ${m((r) => r.cold.ms).toFixed(0)} | ${kib(m((r) => r.warm.bytes))} | ${m((r) => r.warm.ms).toFixed(0)} |`,
    );
  }
}
await browser.close();
