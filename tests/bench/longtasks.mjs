// Long tasks (main-thread tasks over 50 ms, PerformanceObserver 'longtask') while a page
// opens, in headless Chromium: the project's rule is that the page never freezes, so a page
// at rest after load should show none. Run on demand, not a test (wall time is never asserted):
//
//   cargo xtask serve --port 8101 &
//   BASE_URL=http://127.0.0.1:8101 node tests/bench/longtasks.mjs [--runs 5] [--settle 1500] [page.html#fragment ...]
//
// For each run: a fresh browser context (cold cache), the page is opened, and long tasks are
// collected from navigation until `body[data-ready=true]` and `--settle` ms after it. Prints
// each run's long tasks (ms) and, per page, the largest and the sum of their excess over 50 ms
// (Lighthouse's Total Blocking Time, counted here up to the settle time), plus the load average.
// Times are from navigation start; "ready" is when the page set data-ready (its first board drawn).
import { chromium } from 'playwright-core';
import { loadavg } from 'node:os';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
const EXECUTABLE = process.env.CHROMIUM ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
};
const RUNS = option('--runs', 5);
const SETTLE = option('--settle', 1500);
const pages = args.length ? args : ['chess.html'];

// Installed before any page script: buffered so tasks before the observer count too.
const RECORDER = () => {
  window.__longTasks = [];
  new MutationObserver(() => {
    if (document.body?.dataset.ready === 'true' && !window.__readyAt) window.__readyAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

async function run(browser, path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(RECORDER);
  await page.goto(`${BASE_URL}/${path}`);
  await page.waitForFunction(() => document.body?.dataset.ready === 'true', null, { timeout: 60_000 });
  await page.waitForTimeout(SETTLE);
  const { tasks, readyAt } = await page.evaluate(() => ({ tasks: window.__longTasks, readyAt: window.__readyAt }));
  await context.close();
  return { tasks, readyAt };
}

const browser = await chromium.launch({ executablePath: EXECUTABLE, args: ['--no-sandbox', '--disable-gpu'], headless: true });
await run(browser, pages[0]); // warms Chromium up (fonts, compilers); not counted
for (const path of pages) {
  const largest = [];
  const blocking = [];
  for (let i = 0; i < RUNS; i++) {
    const load = loadavg()[0].toFixed(1);
    const { tasks, readyAt } = await run(browser, path);
    const ms = tasks.map((t) => Math.round(t.ms));
    const when = tasks.map((t) => `${Math.round(t.ms)} ms at ${Math.round(t.start)}`).join(', ');
    largest.push(Math.max(0, ...ms));
    blocking.push(ms.reduce((a, m) => a + Math.max(0, m - 50), 0));
    console.log(`${path} run ${i + 1}: long tasks [${when}]; ready at ${Math.round(readyAt)} ms (load average ${load})`);
  }
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  console.log(
    `${path}: largest long task ${sorted(largest).join(' / ')} ms; blocking time ${sorted(blocking).join(' / ')} ms (${RUNS} runs, sorted)`,
  );
}
await browser.close();
