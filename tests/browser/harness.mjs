// Shared set-up for the browser tests: Debian's Chromium headless shell driven by playwright-core (which
// never downloads a browser), the page under test served by `cargo xtask test` at BASE_URL,
// and a record of console errors so every test can assert there were none.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import os from 'node:os';

/** @typedef {import('playwright-core').Page} Page */

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
export const EXECUTABLE = process.env.CHROMIUM ?? '/usr/bin/chromium-headless-shell';
/** Debian's whole Chromium, for what only the browser itself decides: its defaults for a frame
 * from another site (it refuses such a frame storage; the headless shell, which has no browser
 * settings, allows it). */
export const FULL_CHROMIUM = process.env.FULL_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The squares of a FEN's board as { e4: 'P', … } (empty squares left out): what a chess board
 * test compares a drawn board with. @param {string} fen */
export function fenBoard(fen) {
  /** @type {Record<string, string>} */
  const out = {};
  fen.split(' ')[0].split('/').forEach((row, r) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else out[`${'abcdefgh'[f++]}${8 - r}`] = ch;
    }
  });
  return out;
}

/**
 * Runs the project's own command-line tool and returns what it printed: CLI_BIN when
 * `cargo xtask test` has built it (its native build did; a file that calls this awaits
 * `cliBuilt` first), else `cargo run` — which, under the test step's feature set, would rebuild
 * the whole crate inside a test's time.
 * @param {string[]} args
 */
export function cli(...args) {
  const [command, prefix] = process.env.CLI_BIN ? [process.env.CLI_BIN, []] : ['cargo', ['run', '--quiet', '--bin', 'chessboard-puzzles', '--']];
  return execFileSync(command, [...prefix, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
}

/**
 * Resolves once the command-line tool is there to run. `cargo xtask test` starts the browser
 * tests while its cargo lane still builds the tool (CLI_BIN_PENDING): the lane renames the built
 * tool into CLI_BIN, or writes why it could not into `CLI_BIN.failed`. Waits on the folder's
 * changes (inotify), with a limit for a lane that died without a word.
 */
export async function cliBuilt() {
  const bin = process.env.CLI_BIN;
  if (!bin || !process.env.CLI_BIN_PENDING) return;
  const failed = `${bin}.failed`;
  const watcher = watch(dirname(bin));
  let changed = () => {};
  watcher.on('change', () => changed());
  /** @type {NodeJS.Timeout | undefined} */
  let limit;
  const tooLong = new Promise((_, reject) => {
    limit = setTimeout(() => reject(new Error(`the command-line tool did not appear at ${bin} in 40 minutes`)), 40 * 60_000);
  });
  try {
    for (;;) {
      const next = new Promise((resolve) => (changed = () => resolve(undefined)));
      if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8').trim());
      if (existsSync(bin)) return;
      await Promise.race([next, tooLong]);
    }
  } finally {
    clearTimeout(limit);
    watcher.close();
  }
}

export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser for a test file: the one run.mjs shares between files (BROWSER_WS; closing it
 * only disconnects), or a Chromium of its own for a file run alone. A browser of its own is
 * warmed up with one page load: a cold start on a busy 2-core machine can take many seconds
 * (font caches, first compilation), which should not count against the first test's timeouts.
 * run.mjs warms the shared one once (`warmUp`), not once a file: a load costs about a CPU-second.
 * With `{ full: true }`, always a browser of its own: Debian's whole Chromium (FULL_CHROMIUM).
 * @param {{ full?: boolean }} [options]
 */
export async function launch({ full = false } = {}) {
  const shared = full ? undefined : process.env.BROWSER_WS;
  const browser = shared
    ? await chromium.connect(shared, { timeout: 120_000 })
    : await chromium.launch({ executablePath: full ? FULL_CHROMIUM : EXECUTABLE, args: ARGS, headless: true, timeout: 120_000 });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', pollWaitsOnATimer);
    return context;
  };
  if (!shared) await warmUp(browser);
  return browser;
}

/** One page load of the site, whose outcome does not matter. @param {import('playwright-core').Browser} browser */
export async function warmUp(browser) {
  const page = await browser.newPage();
  await page.goto(`${BASE_URL}/index.html`, { timeout: 120_000 }).catch(() => {});
  await page.close();
}

/**
 * Opens `path` in a page of its own context. Returns the page, its context, and `errors`, the
 * console errors and uncaught exceptions seen so far.
 *
 * The page may be one an earlier test of the same file closed: a load in a page that exists
 * costs about half the CPU of one in a fresh context (docs/testing.md), and the suite is bound
 * by CPU. A test's `context.close()` hands its page back cleaned: listeners removed, the site's
 * storage of every kind cleared, the document unloaded, its history reset once the next one
 * loads. A page is closed for real instead when its test did something a clean-up cannot undo
 * (see `LASTING`) or went to another origin. `{ fresh: true }` asks for a new context;
 * `{ noClipboard: true }` one whose pages' copies go nowhere (see `copiedBy`): for a walk that
 * clicks Copy at random beside a file that reads what it copied.
 * @param {import('playwright-core').Browser} browser
 * @param {string} path
 * @param {{ reducedMotion?: 'reduce' | 'no-preference', viewport?: { width: number, height: number }, hasTouch?: boolean, fresh?: boolean, noClipboard?: boolean }} [options]
 */
export async function open(browser, path, { reducedMotion = 'no-preference', viewport = { width: 1200, height: 900 }, hasTouch = false, fresh = false, noClipboard = false } = {}) {
  const idle = idlePages(browser, JSON.stringify([reducedMotion, viewport, hasTouch]));
  const reused = fresh || noClipboard ? undefined : idle.pop();
  const lease = reused ?? (await newLease(browser, { reducedMotion, viewport, hasTouch }, idle));
  counts[reused ? 'reused' : 'fresh']++;
  const { page, context } = lease;
  if (noClipboard) {
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => {}, readText: async () => '' } });
    });
  }
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  /** @type {string[]} */
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('framenavigated', (frame) => {
    if (!isSiteUrl(frame.url())) lease.lasting = true;
  });
  lease.closed = false;
  try {
    await page.goto(`${BASE_URL}/${path}`);
  } catch (err) {
    // A first navigation has been seen to stall on a heavily loaded 2-core machine while
    // the server answered at once; one more try tells a stall from a broken page.
    if (!(err instanceof Error) || err.name !== 'TimeoutError') throw err;
    console.log(`# navigation to ${path} timed out once; retrying`);
    await page.goto(`${BASE_URL}/${path}`);
  }
  // A fresh page's history holds only its first document: so does a reused one's.
  if (reused) await lease.cdp.send('Page.resetNavigationHistory');
  return { page, errors, context };
}

/**
 * Makes `waitForFunction` (of pages and frames) read its condition every 40 ms unless a test
 * asks otherwise. Playwright's default reads it on every animation frame, which keeps the page
 * drawing 60 frames a second while it waits: 0.42 CPU-seconds over 5 s of waiting on an idle
 * page, against 0.04 (measured on lights.html). The suite is bound by the CPU, and a state
 * lasts longer than 40 ms where anyone could see it.
 * @param {Page} page
 */
function pollWaitsOnATimer(page) {
  const frame = /** @type {any} */ (Object.getPrototypeOf(page.mainFrame()));
  if (frame.waitForFunction.timerPolled || process.env.POLL_RAF) return;
  const original = frame.waitForFunction;
  frame.waitForFunction = function (/** @type {unknown} */ fn, /** @type {unknown} */ arg, /** @type {{ polling?: unknown }} */ options = {}) {
    return original.call(this, fn, arg, { polling: 40, ...options });
  };
  frame.waitForFunction.timerPolled = true;
}

/** The methods whose effect outlives a test (routes, scripts run on every load, a second page,
 * clock control): a test that calls one gets a context of its own. (A changed viewport or media
 * is set back by `cleaned`.) */
const LASTING = {
  context: ['addCookies', 'addInitScript', 'clearPermissions', 'exposeBinding', 'exposeFunction', 'grantPermissions', 'newPage', 'route', 'routeFromHAR', 'routeWebSocket', 'setExtraHTTPHeaders', 'setGeolocation', 'setHTTPCredentials', 'setOffline'],
  page: ['addInitScript', 'addLocatorHandler', 'close', 'exposeBinding', 'exposeFunction', 'route', 'routeFromHAR', 'routeWebSocket', 'setExtraHTTPHeaders'],
  clock: ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'],
};

/**
 * @typedef {{ context: import('playwright-core').BrowserContext, page: Page, cdp: import('playwright-core').CDPSession,
 *   options: { reducedMotion: 'reduce' | 'no-preference', viewport: { width: number, height: number }, hasTouch: boolean },
 *   listeners: { page: Listeners, context: Listeners }, lasting: boolean, closed: boolean }} Lease
 * @typedef {Map<string | symbol, Set<Function>>} Listeners
 */

/** Pages `open` made and reused in this file, printed as the browser closes. */
const counts = { fresh: 0, reused: 0 };

/** @type {WeakMap<import('playwright-core').Browser, Map<string, Lease[]>>} */
const pools = new WeakMap();

/** The idle pages of `browser` opened with the options `key` names. @param {import('playwright-core').Browser} browser @param {string} key */
function idlePages(browser, key) {
  let pool = pools.get(browser);
  if (!pool) {
    pool = new Map();
    pools.set(browser, pool);
    // Closing the browser (for a shared one: disconnecting) closes the idle pages first.
    const close = browser.close.bind(browser);
    browser.close = async (...args) => {
      for (const leases of pool?.values() ?? []) await Promise.all(leases.splice(0).map((l) => realClose(l.context)));
      console.log(`# pages opened: ${counts.fresh} in a new context, ${counts.reused} reused`);
      return close(...args);
    };
  }
  let idle = pool.get(key);
  if (!idle) pool.set(key, (idle = []));
  return idle;
}

/**
 * A new context and page, whose `context.close()` returns them to `idle` when nothing lasting
 * was done in them. @param {import('playwright-core').Browser} browser
 * @param {{ reducedMotion: 'reduce' | 'no-preference', viewport: { width: number, height: number }, hasTouch: boolean }} options
 * @param {Lease[]} idle
 * @returns {Promise<Lease>}
 */
async function newLease(browser, options, idle) {
  const context = await browser.newContext(options);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const page = await context.newPage();
  /** @type {Lease} */
  const lease = {
    context, page, cdp: await context.newCDPSession(page), options, lasting: false, closed: false,
    listeners: { page: listeners(page), context: listeners(context) },
  };
  const mark = (/** @type {any} */ target, /** @type {string[]} */ names) => {
    for (const name of names) {
      const original = target[name];
      if (typeof original === 'function') {
        target[name] = (/** @type {unknown[]} */ ...args) => {
          lease.lasting = true;
          return original.apply(target, args);
        };
      }
    }
  };
  mark(context, LASTING.context);
  mark(page, LASTING.page);
  mark(context.clock, LASTING.clock);
  mark(page.clock, LASTING.clock);
  context.close = async () => {
    if (lease.closed) return;
    lease.closed = true;
    if (lease.lasting || page.isClosed() || !(await cleaned(lease))) return realClose(context);
    idle.push(lease);
  };
  return lease;
}

/** Whether a URL is of the site under test (or a blank document), whose storage `cleaned` clears. @param {string} url */
function isSiteUrl(url) {
  return url.startsWith(`${BASE_URL}/`) || url === 'about:blank' || url === 'about:srcdoc' || url.startsWith(`blob:${BASE_URL}/`);
}

/** Unloads a lease's document and clears what it left; false when something failed. @param {Lease} lease */
async function cleaned(lease) {
  const { context, page, cdp, options } = lease;
  try {
    removeListenersSince(page, lease.listeners.page);
    removeListenersSince(context, lease.listeners.context);
    // Session storage belongs to the tab, so it is cleared from the page, before it leaves.
    if (page.url().startsWith(`${BASE_URL}/`)) await page.evaluate(() => sessionStorage.clear());
    await page.goto('about:blank');
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(BASE_URL).origin, storageTypes: 'all' });
    // A context's defaults: Playwright's light scheme, the options it was made with.
    await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: options.reducedMotion, forcedColors: 'none' });
    await page.setViewportSize(options.viewport);
    return true;
  } catch {
    return false;
  }
}

/** The listeners a page or context has now (Playwright's own among them, which must stay: its
 * `close()` waits on one). Its objects are Node-style emitters, though their types do not say so.
 * @param {Page | import('playwright-core').BrowserContext} target @returns {Listeners} */
function listeners(target) {
  const emitter = emitterOf(target);
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.rawListeners(name))]));
}

/** Removes the listeners added since `before` (a test's, and `open`'s for its errors).
 * @param {Page | import('playwright-core').BrowserContext} target @param {Listeners} before */
function removeListenersSince(target, before) {
  const emitter = emitterOf(target);
  for (const name of emitter.eventNames()) {
    for (const listener of emitter.rawListeners(name)) {
      if (!before.get(name)?.has(listener)) emitter.removeListener(name, /** @type {(...args: any[]) => void} */ (listener));
    }
  }
}

/** @param {Page | import('playwright-core').BrowserContext} target */
function emitterOf(target) {
  return /** @type {import('node:events').EventEmitter} */ (/** @type {unknown} */ (target));
}

/** Closes a context for good, whatever was patched on it. @param {import('playwright-core').BrowserContext} context */
function realClose(context) {
  return Object.getPrototypeOf(context).close.call(context);
}

/** Saves a screenshot of the whole page (or what `options` say: the viewport, a clip) as
 * screenshots/NAME.png. @param {Page} page @param {string} name
 * @param {import('playwright-core').PageScreenshotOptions} [options] */
export async function screenshot(page, name, options = { fullPage: true }) {
  // `cargo xtask test` looks at none of them and sets SCREENSHOTS=off: a full-page screenshot
  // costs 0.2–0.4 CPU-seconds, some 45 of a whole run's (docs/testing.md).
  if (process.env.SCREENSHOTS === 'off') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ ...options, path: `${SCREENSHOTS}${name}.png` });
}

/** Types a board size into the Lights page's rows and columns and commits it (a change event),
 * without waiting for the new board. @param {Page} page @param {number} rows @param {number} cols */
export async function enterLightsSize(page, rows, cols) {
  await page.fill('#rows', String(rows));
  await page.fill('#cols', String(cols));
  await page.locator('#cols').dispatchEvent('change');
}

/** Waits until the page's view has loaded the core and drawn (every view sets this). @param {Page} page */
export async function ready(page) {
  await page.waitForSelector('body[data-ready=true]');
}

/**
 * Pastes `hash` into the address bar of a ready page (a hash change) and resolves once the page
 * has opened it, shown or refused with its message: the body's `data-links-opened` counts up.
 * @param {Page} page
 * @param {string} hash
 * @param {{ timeout?: number }} [options]
 */
export async function pasteLink(page, hash, { timeout } = {}) {
  const opened = await page.evaluate((h) => {
    if (location.hash === h) return -1;
    const count = Number(document.body.dataset.linksOpened ?? 0);
    location.hash = h;
    return count;
  }, hash);
  if (opened < 0) throw new Error(`pasteLink: the page already shows ${hash.slice(0, 80)}, so no hash change would happen`);
  await page.waitForFunction((n) => Number(document.body.dataset.linksOpened ?? 0) > n, opened, { timeout });
}

/**
 * Watches the requests of `page` that `keep` accepts, from now on. `settled()` resolves, once
 * each request started so far has finished or failed, to `{request, failed}` for each. A state
 * to wait on, where `networkidle` (half a second with no request open) is a timer, and one that a
 * request of a Worker terminated mid-fetch keeps open for ever (Playwright never ends it).
 * @param {Page} page
 * @param {(request: import('playwright-core').Request) => boolean} [keep]
 */
export function watchRequests(page, keep = () => true) {
  /** @type {Promise<{ request: import('playwright-core').Request, failed: boolean }>[]} */
  const ended = [];
  /** @type {Map<import('playwright-core').Request, (failed: boolean) => void>} */
  const open = new Map();
  page.on('request', (request) => {
    if (!keep(request)) return;
    ended.push(new Promise((resolve) => open.set(request, (failed) => resolve({ request, failed }))));
  });
  page.on('requestfinished', (request) => open.get(request)?.(false));
  page.on('requestfailed', (request) => open.get(request)?.(true));
  return { settled: () => Promise.all(ended) };
}

/**
 * The facts a result shows beside its words (its data-* attributes: www/js/components/result.js).
 * @param {Page | import('playwright-core').Frame} page
 * @param {string} selector
 * @returns {Promise<Record<string, string | undefined>>}
 */
export function facts(page, selector) {
  return page.$eval(selector, (el) => ({ ...(/** @type {HTMLElement} */ (el).dataset) }));
}

/**
 * Where the game a view shows stands, as its slot says (www/js/game-driver.js, `publish`): the
 * session's view, not the status line's words. `host` is an embed's element (the view is in its
 * shadow root); without it, the page's own view. @param {Page | import('playwright-core').Frame} page
 * @param {string | null} [host]
 * @returns {Promise<{ puzzle: string, moves: number, status: 'playing' | 'won' | 'lost' }>}
 */
export async function gameState(page, host = null) {
  const facts = await page.evaluate((h) => {
    const root = h ? document.querySelector(h)?.shadowRoot : document;
    const slot = /** @type {HTMLElement | null | undefined} */ (root?.querySelector('[data-view][data-moves]'));
    if (!slot) throw new Error(`no game view in ${h ?? 'the page'}`);
    return { ...slot.dataset };
  }, host);
  return { puzzle: String(facts.puzzle), moves: Number(facts.moves), status: /** @type {'playing' | 'won' | 'lost'} */ (facts.status) };
}

/** Waits until the address bar (or, given `element`, a selector of a `<chessboard-puzzle>`,
 * that embed's playground link) holds what is shown: a frame for events still to come (a
 * scroll's), then no write pending (`data-link-pending`, www/js/share-link.js).
 * @param {Page} page @param {string} [element] */
export async function linkSettled(page, element) {
  await nextFrame(page);
  await page.waitForFunction(
    (selector) => !(selector ? document.querySelector(selector) : document.documentElement)?.hasAttribute('data-link-pending'),
    element ?? null,
  );
}

/**
 * Reads `check` (it returns the problems it sees, [] for none) until it sees none, or `timeout`
 * ms have passed; returns the last problems. For a state spread over several frames, which no
 * one `waitForFunction` can read.
 * @param {() => Promise<string[]>} check
 */
export async function problemsAfterSettling(check, { timeout = 30_000, every = 250 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const problems = await check();
    if (!problems.length || Date.now() > end) return problems;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** Waits for the page's next frame and the task after it: events due by then (a scroll, a
 * resize, a long-task entry) have been delivered. @param {Page} page */
export function nextFrame(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * The longest main-thread task a page may run, in ms: 200 on an idle machine, more while the
 * machine runs other work (its 1-minute load average over its cores), since a task that takes
 * 150 ms alone takes twice that when the cores are shared. A freeze, the bug this catches, is
 * seconds long either way.
 */
export function longTaskLimit(base = 200) {
  return Math.round(base * Math.max(1, os.loadavg()[0] / os.cpus().length));
}

/**
 * Where a download was saved on this machine: a file in a fresh temporary folder. (A browser
 * shared by run.mjs is connected to, not launched, and then Playwright only copies downloads.)
 * @param {import('playwright-core').Download} download
 */
export async function savedPath(download) {
  const path = join(mkdtempSync(join(tmpdir(), 'download-')), download.suggestedFilename() || 'download');
  await download.saveAs(path);
  return path;
}

/** The lock on the clipboard: a folder, which one process at a time can make. */
const CLIPBOARD_LOCK = join(tmpdir(), 'chessboard-puzzles-clipboard.lock');

/** Whether the clipboard's lock was left by a process that is gone (or, with no process named,
 * made more than a minute ago: its maker died before writing its number). */
function lockAbandoned() {
  try {
    const pid = Number(readFileSync(join(CLIPBOARD_LOCK, 'pid'), 'utf8'));
    try {
      process.kill(pid, 0);
      return false;
    } catch (e) {
      return /** @type {NodeJS.ErrnoException} */ (e).code === 'ESRCH';
    }
  } catch {
    try {
      return Date.now() - statSync(CLIPBOARD_LOCK).mtimeMs > 60_000;
    } catch {
      return false;
    }
  }
}

/**
 * What `action` (a click on a copy button, say) puts on the clipboard. The clipboard is the whole
 * browser's, shared by all its contexts, and run.mjs runs two files at once on one browser: the
 * other file's copy could land between this action and its read. A lock across processes, held
 * from the action to the read, keeps them apart.
 * @param {Page} page @param {() => Promise<unknown>} action
 * @returns {Promise<string>}
 */
export async function copiedBy(page, action) {
  for (;;) {
    try {
      mkdirSync(CLIPBOARD_LOCK);
      writeFileSync(join(CLIPBOARD_LOCK, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'EEXIST') throw e;
      if (lockAbandoned()) rmSync(CLIPBOARD_LOCK, { recursive: true, force: true });
      // The state waited on is the other process's release, which sends no event to wait for.
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    await action();
    return await page.evaluate(() => navigator.clipboard.readText());
  } finally {
    rmSync(CLIPBOARD_LOCK, { recursive: true, force: true });
  }
}

/** What clicking `selector` (a copy button) puts on the clipboard (see `copiedBy`).
 * @param {Page} page @param {string} selector */
export function clickToCopy(page, selector) {
  return copiedBy(page, () => page.click(selector));
}

/** The link the page's "Copy link" gives for what it shows, as a fragment ('#devil/v1/…').
 * @param {Page} page */
export async function copiedLink(page) {
  return new URL(await clickToCopy(page, '#copy-link')).hash;
}
