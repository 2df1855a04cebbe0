// A monkey test per page, after the fuzzers of the puzzle collections: a seeded random walk of
// clicks, taps, keys, drags, form values and share links. It fails on any page error, console
// error, dialog (no input may run script), a frozen page (a long task over 1 s, recorded by a
// PerformanceObserver, or no answer to a ping) and prints the seed so a failure can be replayed:
//   MONKEY_SEED=123 MONKEY_ACTIONS=1000 MONKEY_PAGES=lights.html node --test tests/browser/monkey.test.mjs
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, ready, longTaskLimit } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const ALL_PAGES = ['devil.html', 'devil-lab.html', 'codes.html', 'lights.html', 'table.html', 'chess.html'];
const PAGES = process.env.MONKEY_PAGES ? process.env.MONKEY_PAGES.split(',') : ALL_PAGES;
const ACTIONS = Number(process.env.MONKEY_ACTIONS ?? 90);
const BASE_SEED = Number(process.env.MONKEY_SEED ?? 20261123);
const LONG_TASK_MS = 1000;

/** mulberry32: a small seeded generator, so a walk replays from its seed. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { next, int, pick };
}

/** Values a person or an attacker might type into any box. */
const TEXTS = [
  '', '0', '1', '-1', '1.5', '3', '8', '64', '4096', '99999', '1e9', 'NaN', ' 7 ', 'abc',
  '<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', '0/1/0', '1101\n0110',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '8/8/8/8/8/8/8/8 w - - 0 1',
  '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *', '1. e4 e5 2. Ke2 Ke7 3. Qxf7', '[Event "x"]\n1. e4 *',
  '1110010', '101', '0 1\n1 0\n', 'x'.repeat(3000),
];
const KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Space', 'Enter', 'Escape', 'Tab', 'Home', 'End', 'k', 'h', 'u', 'r', 'f', 'Shift+Tab'];
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function randomLink(rng, current) {
  const puzzles = ['devil', 'lights', 'table', 'chess', 'lab', 'codes', 'nope'];
  const kind = rng.int(4);
  if (kind === 0 && current.length > 1) {
    // The page's own link, bit-flipped or cut short.
    const chars = [...current];
    const i = 1 + rng.int(chars.length - 1);
    chars[i] = rng.pick([...B64]);
    return rng.next() < 0.5 ? chars.join('') : chars.slice(0, i).join('');
  }
  if (kind === 1) return `#${rng.pick(puzzles)}/v${rng.int(4)}/${Array.from({ length: rng.int(40) }, () => rng.pick([...B64])).join('')}`;
  if (kind === 2) return `#${rng.pick(puzzles)}/v1/${'_'.repeat(rng.int(200))}`;
  return `#${rng.pick(TEXTS).slice(0, 200)}`;
}

/**
 * Everything on the page a person could operate now: visible, enabled, on the page (not a skip
 * link parked off-screen until focused), and inside the open modal dialog when there is one
 * (the page behind it is inert). A text box that is read-only is clicked, not typed in. So
 * every action can be done at once: the walk never waits out a timeout on something no person
 * could operate, which made it slow and its length depend on the machine.
 */
async function targets(page) {
  return page.$$eval(
    'button, select, input, textarea, [role=gridcell], canvas, summary, a[href^="#"]',
    (els) => {
      // Board cells are many: tag them so the walk picks "the board" as often as a button.
      const out = [];
      for (const old of document.querySelectorAll('[data-monkey]')) delete old.dataset.monkey;
      const modal = document.querySelector('dialog:modal');
      els.forEach((el, i) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || el.disabled) return;
        if (el.closest('[hidden], [inert]')) return;
        if (modal && !modal.contains(el)) return;
        if (r.right + window.scrollX <= 0 || r.bottom + window.scrollY <= 0) return;
        if (el.type === 'file') return;
        el.dataset.monkey = String(i);
        out.push({ id: i, tag: el.tagName.toLowerCase(), type: el.type ?? '', role: el.getAttribute('role') ?? '', readOnly: Boolean(el.readOnly) });
      });
      return out;
    },
  );
}

async function act(page, rng, log) {
  const all = await targets(page);
  const cells = all.filter((t) => t.role === 'gridcell' || t.tag === 'canvas');
  const controls = all.filter((t) => !(t.role === 'gridcell' || t.tag === 'canvas'));
  const roll = rng.int(10);
  if (roll === 0) {
    const link = randomLink(rng, await page.evaluate(() => location.hash));
    log.push(`hash ${JSON.stringify(link.slice(0, 60))}`);
    await page.evaluate((h) => { location.hash = h; }, link);
    return;
  }
  if (roll === 1) {
    const key = rng.pick(KEYS);
    log.push(`key ${key}`);
    await page.keyboard.press(key);
    return;
  }
  const pool = roll <= 4 && cells.length ? cells : controls.length ? controls : cells;
  if (!pool.length) return;
  const t = rng.pick(pool);
  const el = page.locator(`[data-monkey="${t.id}"]`);
  const timeout = 2000;
  if (t.tag === 'select') {
    const values = await el.evaluate((s) => [...s.options].map((o) => o.value), null, { timeout }).catch(() => []);
    if (!values.length) return;
    const v = rng.pick(values);
    log.push(`select #${t.id} = ${v}`);
    await el.selectOption(v, { timeout }).catch(() => {});
  } else if (!t.readOnly && (t.tag === 'textarea' || (t.tag === 'input' && ['text', 'number', 'search', ''].includes(t.type)))) {
    const v = rng.pick(TEXTS);
    log.push(`fill ${t.tag}#${t.id} = ${JSON.stringify(v.slice(0, 40))}`);
    await el.fill(v, { timeout }).catch(() => {});
    if (rng.next() < 0.5) await el.press('Enter', { timeout }).catch(() => {});
    else await el.dispatchEvent('change').catch(() => {});
  } else if (t.tag === 'input' && t.type === 'range') {
    log.push(`range #${t.id}`);
    await el.evaluate((r, f) => { r.value = String(Number(r.min || 0) + f * (Number(r.max || 100) - Number(r.min || 0))); r.dispatchEvent(new Event('input', { bubbles: true })); r.dispatchEvent(new Event('change', { bubbles: true })); }, rng.next()).catch(() => {});
  } else if (t.tag === 'canvas' || t.role === 'gridcell') {
    const box = await el.boundingBox().catch(() => null);
    if (!box) return;
    const x = box.x + rng.next() * box.width;
    const y = box.y + rng.next() * box.height;
    const how = rng.int(4);
    if (how === 0) {
      log.push(`tap ${t.tag}#${t.id}`);
      await page.touchscreen.tap(x, y).catch(() => {});
    } else if (how === 1) {
      // A drag to another cell of the same board (the chess editor moves pieces so).
      log.push(`drag ${t.tag}#${t.id}`);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + (rng.next() - 0.5) * 200, y + (rng.next() - 0.5) * 200, { steps: 4 });
      await page.mouse.up();
    } else {
      log.push(`click ${t.tag}#${t.id}`);
      await page.mouse.click(x, y);
    }
  } else {
    log.push(`click ${t.tag}#${t.id}`);
    await el.click({ timeout, noWaitAfter: true }).catch(() => {});
  }
}

/** Records every long task over the limit in `window.__longTasks`. */
function observeLongTasks(page) {
  return page.evaluate((limit) => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.duration > limit) window.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: false });
  }, longTaskLimit(LONG_TASK_MS));
}

for (const path of PAGES) {
  test(`monkey: ${path}`, { timeout: 300_000 }, async () => {
    // Each page's walk has its own seed, fixed by the page, so one page replays alone.
    const n = Math.max(0, ALL_PAGES.indexOf(path));
    const seed = BASE_SEED + n;
    const rng = generator(seed);
    // The clipboard is the whole browser's, shared with the file run beside this one, whose
    // copy-then-read a random Copy click would spoil: the walk's copies go nowhere.
    const { page, errors, context } = await open(browser, path, { viewport: { width: 1100, height: 900 }, hasTouch: true, noClipboard: true });
    const dialogs = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.dismiss().catch(() => {});
    });
    await ready(page);
    await observeLongTasks(page);
    const log = [];
    const start = Date.now();
    let done = 0;
    const fail = (why) => assert.fail(`${path}, seed ${seed}, after ${done} actions: ${why}\nlast actions:\n  ${log.slice(-12).join('\n  ')}\nreplay: MONKEY_SEED=${seed - n} MONKEY_PAGES=${path}`);
    for (; done < ACTIONS; done++) {
      // An action may start a navigation (a link, the lab's "play it on the Devil page") that
      // commits at any moment after it, even during the next action's reading of the page.
      await act(page, rng, log).catch((e) => {
        if (!/Execution context was destroyed|navigat/i.test(String(e?.message))) throw e;
        log.push('(a navigation cut the action short)');
      });
      // A button may lead to another page (the lab's "play it on the Devil page"): come back.
      await page.waitForLoadState('domcontentloaded').catch(() => {});
      if (new URL(page.url()).pathname !== new URL(`http://x/${path}`).pathname) {
        log.push(`(left for ${page.url()}; back)`);
        await page.goto(new URL(path, page.url()).toString().replace(/#.*/, ''));
        await ready(page);
        await observeLongTasks(page);
      }
      const ping = page.evaluate(() => window.__longTasks ?? []).catch((e) => (/context was destroyed/.test(e.message) ? [] : Promise.reject(e)));
      const alive = await Promise.race([ping, new Promise((r) => setTimeout(() => r(null), 10_000))]);
      if (alive === null) fail('the page did not answer for 10 s');
      if (alive.length) fail(`a long task of ${alive[0]} ms froze the page`);
      if (errors.length) fail(`console or page error: ${errors[0]}`);
      if (dialogs.length) fail(`a dialog opened: ${dialogs[0]}`);
    }
    console.log(`# monkey ${path}: ${done} actions in ${Date.now() - start} ms, seed ${seed}`);
    await context.close();
  });
}
