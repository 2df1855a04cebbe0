// The address bar holds the link of what every page shows: after a change of state (a press, a
// move, a field) and a reload, the page shows the same state; a link the page cannot open gets a
// one-line message and a fresh state, and the address bar keeps the visitor's link; an embed
// never touches its host page's address bar, and its playground link follows its board. Also:
// names that are Object.prototype's own ('constructor'), a 1,000,000-character link, and a
// 2000×2000 Lights link (decoded without freezing the page).
// States are read from the boards and form fields, and compared before and after the reload;
// the big link is written here bit by bit from the v1 layout, with its lit count counted here.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, open, ready, screenshot, linkSettled, BASE_URL, longTaskLimit, gameState, copiedLink, facts, pasteLink } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

/** The data-* attributes of a board's cells that say what the cell holds (a coin's face, the
 * key, a light's state), not the cursor or a highlight. */
const KEPT = ['face', 'key', 'state'];

/** What a grid of cells (`[data-index]` under `selector`) shows. */
function cellsIn(page, selector) {
  return page.$$eval(`${selector} [data-index]`, (cells, kept) => cells.map((c) => kept.map((k) => c.dataset[k] ?? '').join(' ')), KEPT);
}

/** The values of form fields by id. */
function fields(page, ids) {
  return page.evaluate((list) => Object.fromEntries(list.map((id) => [id, /** @type {HTMLInputElement} */ (document.getElementById(id)).value])), ids);
}

/** The pressed choice of a segmented group (`data-mode` buttons …). */
function pressed(page, attr) {
  return page.$eval(`[data-${attr}][aria-pressed=true]`, (b, a) => b.dataset[a], attr);
}

// Each page: how to read its state, how to change it (a press, a move, fields) and its link's name.
const PAGES = [
  {
    path: 'devil.html',
    name: 'devil',
    read: async (p) => ({ cells: await cellsIn(p, '#board'), mode: await pressed(p, 'mode'), size: (await fields(p, ['size'])).size }),
    change: async (p) => {
      await p.click('[data-mode=edit]');
      await p.click('#board [data-index="3"]');
      await p.click('#board [data-index="9"]');
    },
  },
  {
    path: 'lights.html',
    name: 'lights',
    read: async (p) => ({ cells: await cellsIn(p, '#board'), ...(await fields(p, ['rows', 'cols', 'rule', 'states'])) }),
    change: async (p) => {
      // Three different presses: no quiet pattern of the 5×5 board has so few, so the lights differ.
      for (const i of [0, 7, 18]) await p.click(`#board [data-index="${i}"]`);
    },
  },
  {
    path: 'table.html',
    name: 'table',
    read: async (p) => ({
      cells: await cellsIn(p, '#positions'),
      moves: await p.getAttribute('#status', 'data-moves'),
      ...(await fields(p, ['coins', 'sides', 'devil'])),
    }),
    change: async (p) => {
      // One move of the strategy (the table turns). Only one: a random table the strategy wins
      // in one move has no second.
      await p.click('#step');
      await p.waitForSelector('#status[data-moves="1"]');
    },
  },
  {
    path: 'chess.html',
    name: 'chess',
    read: async (p) => ({ fen: (await fields(p, ['fen'])).fen, cells: await p.$$eval('#board [data-index]', (cs) => cs.map((c) => c.textContent)) }),
    change: async (p) => {
      await p.fill('#fen', 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
      await p.click('#load-fen');
    },
  },
  {
    path: 'devil-lab.html',
    name: 'lab',
    read: (p) => fields(p, ['strategy', 'f', 'seed', 'squares']),
    change: async (p) => {
      await p.selectOption('#strategy', 'coset');
      await p.selectOption('#f', '');
      await p.selectOption('#squares', '16');
    },
    lab: true,
  },
  {
    path: 'codes.html',
    name: 'codes',
    read: (p) => fields(p, ['r', 'msg', 'word', 'vf']),
    change: async (p) => {
      await p.selectOption('#r', '4');
      await p.fill('#msg', '10110011101');
      await p.dispatchEvent('#msg', 'change');
      await p.fill('#word', '101100111010110');
      await p.dispatchEvent('#word', 'change');
    },
    lab: true,
  },
];

for (const { path, name, read, change, lab } of PAGES) {
  test(`${path}: a change of state is in the address bar (no history entries), and a reload shows it again`, async () => {
    const { page, errors, context } = await open(browser, path, { reducedMotion: 'reduce' });
    await ready(page);
    const start = await read(page);
    const hashBefore = await page.evaluate(() => location.hash);
    const entries = await page.evaluate(() => history.length);
    await change(page);
    const changed = await read(page);
    assert.notDeepEqual(changed, start, 'the change changed nothing');
    await page.waitForFunction((b) => location.hash !== b, hashBefore);
    await linkSettled(page);
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, new RegExp(`^#${name}/v\\d+/`));
    if (!lab) assert.equal(await copiedLink(page), hash, 'the bar holds the link "Copy link" gives');
    assert.equal(await page.evaluate(() => history.length), entries, 'changes add no history entries');

    await page.reload();
    await ready(page);
    assert.deepEqual(await read(page), changed, 'the reload shows the state before it');
    assert.equal(await page.evaluate(() => location.hash), hash);
    assert.equal(await page.isVisible('#message'), false, 'no message after the reload');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('lights: 25 presses made at once write the bar at most twice (the first and the last), presses at a person\'s pace each', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await page.evaluate(() => {
    window.__writes = 0;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...args) => {
      window.__writes++;
      return replace(...args);
    };
  });
  // 25 presses as fast as a script makes them (one task), then 5 at a person's pace.
  await page.evaluate(() => {
    for (let i = 0; i < 25; i++) /** @type {HTMLElement} */ (document.querySelector(`#board [data-index="${i}"]`)).click();
  });
  assert.equal((await gameState(page)).moves, 25);
  await linkSettled(page);
  const burst = await page.evaluate(() => window.__writes);
  for (let i = 0; i < 5; i++) {
    await page.click(`#board [data-index="${i}"]`);
    // A person's pace, which is what this part is about (not a wait for a state).
    await page.waitForTimeout(400);
  }
  await linkSettled(page);
  const paced = (await page.evaluate(() => window.__writes)) - burst;
  console.log(`# 25 presses in one task wrote the address bar ${burst} time(s); 5 presses 400 ms apart, ${paced}`);
  // The first press writes at once (unless the page wrote its link less than an interval ago),
  // the last when the interval is over.
  assert.ok(burst === 1 || burst === 2, `${burst} writes`);
  assert.equal(paced, 5);
  assert.equal(await page.evaluate(() => location.hash), await copiedLink(page));
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo of every press leaves the bar at the state shown (the seeded puzzle)', async () => {
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  const board = await cellsIn(page, '#board');
  await page.click('#board [data-index="6"]');
  await page.click('#undo');
  await linkSettled(page);
  await page.reload();
  await ready(page);
  assert.deepEqual(await cellsIn(page, '#board'), board);
  assert.deepEqual(errors, []);
  await context.close();
});

// A newer version's link, a garbled one and one that is no link at all.
const BAD = (name) => [`#${name}/v9/AAAA`, `#${name}/v1/@@@@`, '#garbage'];

for (const { path, name, change } of PAGES) {
  test(`${path}: a link it cannot open gets one line and a fresh state, and the address bar keeps the link`, async () => {
    const { page, errors, context } = await open(browser, path, { reducedMotion: 'reduce' });
    await ready(page);
    for (const bad of BAD(name)) {
      // Opened directly …
      await page.goto(`${BASE_URL}/${path}${bad}`);
      await ready(page);
      await page.waitForFunction(() => document.getElementById('message').dataset.kind === 'error');
      let message = await page.textContent('#message');
      assert.match(message, /^That link could not be opened: .+\. Here is (a|the) [\w ]+\.$/, `${bad}: ${message}`);
      assert.ok(!message.includes('\n') && message.length < 200, message);
      assert.equal(await page.isVisible('#message'), true);
      await linkSettled(page);
      assert.equal(await page.evaluate(() => location.hash), bad, `${bad}: the address bar changed`);
      if (bad.includes('/v9/')) {
        assert.match(message, /version 9, newer than/, message);
        await screenshot(page, `address-bar-bad-${name}`);
      }

      // … and pasted into the bar of the open page (a hashchange).
      await page.evaluate(() => (document.getElementById('message').textContent = ''));
      await pasteLink(page, '');
      await pasteLink(page, bad);
      assert.equal(await page.getAttribute('#message', 'data-kind'), 'error', `${bad} pasted: refused`);
      message = await page.textContent('#message');
      assert.ok(!message.includes('\n') && message.length < 200, message);
      await linkSettled(page);
      assert.equal(await page.evaluate(() => location.hash), bad, `${bad} pasted: the address bar changed`);
    }
    // The first change the visitor makes writes the state's own link.
    await change(page);
    await page.waitForFunction((b) => location.hash !== b, BAD(name).at(-1));
    await linkSettled(page);
    assert.match(await page.evaluate(() => location.hash), new RegExp(`^#${name}/v\\d+/`));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a 1,000,000-character link gets a message under 200 characters on every page', async () => {
  const { page, errors, context } = await open(browser, 'index.html');
  for (const { path, name } of PAGES) {
    await page.goto(`${BASE_URL}/${path}`);
    await ready(page);
    for (const huge of [`#${name}/v1/${'A'.repeat(1_000_000)}`, `#${'x'.repeat(1_000_000)}`]) {
      await pasteLink(page, huge, { timeout: 60_000 });
      assert.equal(await page.getAttribute('#message', 'data-kind'), 'error', `${path}: the link was refused`);
      const message = await page.textContent('#message');
      assert.ok(message.length < 200 && !message.includes('\n'), `${path}: ${message.length} characters: ${message.slice(0, 300)}`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * A v1 Lights link of a `rows`×`cols` classic board, every light written (layout of v1: rows−1
 * and cols−1 in 12 bits each, rule 2, torus 1, states−2 3, moves 20, then 0 for "cells" and
 * one bit a light, most significant bit first), lights from a fixed LCG. Returns the link and
 * how many lights are on.
 */
function v1LightsLink(rows, cols) {
  const bits = 51 + rows * cols;
  const bytes = new Uint8Array(Math.ceil(bits / 8));
  let at = 0;
  const push = (value, width) => {
    for (let i = width - 1; i >= 0; i--) {
      if ((value >> i) & 1) bytes[at >> 3] |= 0x80 >> (at & 7);
      at++;
    }
  };
  for (const [value, width] of [[rows - 1, 12], [cols - 1, 12], [0, 2], [0, 1], [0, 3], [0, 20], [0, 1]]) push(value, width);
  let x = 12345;
  let lit = 0;
  for (let i = 0; i < rows * cols; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const on = (x >>> 16) & 1;
    lit += on;
    push(on, 1);
  }
  return { hash: `#lights/v1/${Buffer.from(bytes).toString('base64url')}`, lit };
}

test('lights: a 2000×2000 v1 link opens without a long task over 200 ms, and a press leaves the bar at the bare page', { timeout: 300_000 }, async () => {
  const { hash, lit } = v1LightsLink(2000, 2000);
  assert.ok(hash.length > 600_000);
  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: false });
  });
  const t0 = Date.now();
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('status')).dataset.rows === '2000', null, { timeout: 200_000 });
  const opened = Date.now() - t0;
  const shown = await facts(page, '#status');
  assert.deepEqual([shown.presses, shown.rows, shown.cols, shown.rule, shown.edges, shown.states, shown.lit], ['0', '2000', '2000', 'plus', 'bounded', '2', String(lit)]);
  await linkSettled(page);
  const opening = await page.evaluate(() => window.__longTasks.splice(0));
  const taskLimit = longTaskLimit();
  assert.ok(opening.every((ms) => ms <= taskLimit), `long tasks while the link opened: ${opening.join(', ')} ms`);
  assert.equal(await page.evaluate(() => location.hash), hash, 'the opened link stays in the bar');

  // A press: the state no longer has a link that fits (made in the Worker), so the bar is the
  // bare page and the page says so.
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.click(box.x + 2, box.y + 2);
  await page.waitForFunction(() => location.hash === '', null, { timeout: 120_000 });
  assert.equal((await facts(page, '#message')).link, 'too-large');
  assert.equal(await page.isVisible('#save-state'), true);
  const pressing = await page.evaluate(() => window.__longTasks);
  console.log(`# 2000² v1 link (${hash.length} characters) opened in ${opened} ms; long tasks opening [${opening.join(', ')}], pressing [${pressing.join(', ')}] ms`);
  assert.ok(pressing.every((ms) => ms <= taskLimit), `long tasks after the press: ${pressing.join(', ')} ms`);
  await screenshot(page, 'address-bar-lights-2000');
  assert.deepEqual(errors, []);
  await context.close();
});

// ---- the embed: a post on another origin ----

const LIGHTS = `${BASE_URL}/lights.html#lights/v2/AEAEAAAAAAFjYAAB9hcNAA`;
const DEVIL = `${BASE_URL}/devil.html#devil/v1/RAAAC3cI`;
const HUGE = `${BASE_URL}/lights.html#lights/v2/${'A'.repeat(1_000_000)}`;
const NAMES = ['constructor', 'toString', '__proto__', '#constructor', '#toString/v1/AAAA', 'hasOwnProperty.html'];

const POST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,">
<script type="module" src="${BASE_URL}/embed.js"></script></head>
<body><article>
  <chessboard-puzzle id="lights" link="${LIGHTS}"></chessboard-puzzle>
  <chessboard-puzzle id="devil" link="${DEVIL}"></chessboard-puzzle>
  <chessboard-puzzle id="newer" link="${BASE_URL}/lights.html#lights/v9/AAAA"></chessboard-puzzle>
  ${NAMES.map((n, i) => `<chessboard-puzzle id="name-${i}" link="${n}"></chessboard-puzzle>`).join('\n  ')}
</article></body></html>`;

let blog;
let BLOG_URL;
before(async () => {
  blog = http.createServer((req, res) => {
    res.writeHead(req.url.startsWith('/post.html') ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(req.url.startsWith('/post.html') ? POST : 'not found');
  });
  await new Promise((resolve) => blog.listen(0, '127.0.0.1', resolve));
  BLOG_URL = `http://127.0.0.1:${blog.address().port}/post.html#my-heading`;
});
after(() => blog.close());

test('embed: playing never touches the post\'s address bar; the playground link follows the board and opens it', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(BLOG_URL);
  for (const id of ['lights', 'devil', 'newer']) await page.waitForSelector(`chessboard-puzzle#${id}[data-ready=true]`);
  const entries = await page.evaluate(() => history.length);
  const link = (id) => page.locator(`chessboard-puzzle#${id} #playground-link`).getAttribute('href');
  assert.equal(await link('lights'), LIGHTS, 'before any play, the playground link is the embedded link');

  // Presses in the Lights embed, a flip in the Devil embed.
  for (const i of [0, 12, 24]) await page.locator(`chessboard-puzzle#lights [data-index="${i}"]`).click();
  await page.locator('chessboard-puzzle#devil [data-mode=edit]').click();
  await page.locator('chessboard-puzzle#devil [data-index="5"]').click();
  await page.waitForFunction((l) => document.querySelector('chessboard-puzzle#lights').shadowRoot.getElementById('playground-link').href !== l, LIGHTS);
  await linkSettled(page);
  for (const id of ['lights', 'devil']) await linkSettled(page, `chessboard-puzzle#${id}`);
  assert.equal(page.url(), BLOG_URL, "the post's address bar");
  assert.equal(await page.evaluate(() => history.length), entries);

  // The playground link opens the board the embed shows.
  for (const [id, path] of [['lights', 'lights.html'], ['devil', 'devil.html']]) {
    const href = await link(id);
    assert.ok(href.startsWith(`${BASE_URL}/${path}#`), href);
    const shown = await cellsIn(page, `chessboard-puzzle#${id} #board`);
    assert.ok(shown.length >= 16 && shown.every((c) => c.trim() !== ''), `${id}: cells without their state`);
    const other = await context.newPage();
    await other.goto(href);
    await ready(other);
    assert.deepEqual(await cellsIn(other, '#board'), shown, `${id}: the playground link opens another board`);
    await other.close();
  }

  // A newer version's link: the message inside the element, a fresh board, the post untouched.
  const newer = await page.locator('chessboard-puzzle#newer #message').textContent();
  assert.match(newer, /^That link could not be opened: this link is version 9, newer than .+\. Here is a fresh puzzle\.$/);
  assert.equal(page.url(), BLOG_URL);
  await screenshot(page, 'address-bar-embed');
  assert.deepEqual(errors, []);
  await context.close();
});

test("embed: names of Object.prototype and a 1,000,000-character link give a clean one-line message", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto(BLOG_URL);
  for (let i = 0; i < NAMES.length; i++) {
    await page.waitForSelector(`chessboard-puzzle#name-${i}[data-error=true]`);
    const text = await page.locator(`chessboard-puzzle#name-${i} .embed-error`).textContent();
    assert.match(text, /^This puzzle cannot be shown: '.+' is not a share link of a puzzle \(devil, lights, table or chess\)\.$/, `${NAMES[i]}: ${text}`);
  }
  // A huge link as the attribute: a share link too long to open, or not a link at all.
  await page.evaluate(
    ([huge]) => {
      for (const [id, link] of [['huge', huge], ['junk', 'x'.repeat(1_000_000)]]) {
        const el = document.createElement('chessboard-puzzle');
        el.id = id;
        el.setAttribute('link', link);
        document.body.append(el);
      }
    },
    [HUGE],
  );
  await page.waitForSelector('chessboard-puzzle#huge[data-ready=true]');
  await page.waitForSelector('chessboard-puzzle#junk[data-error=true]');
  const huge = await page.locator('chessboard-puzzle#huge #message').textContent();
  const junk = await page.locator('chessboard-puzzle#junk .embed-error').textContent();
  for (const text of [huge, junk]) assert.ok(text.length < 200 && !text.includes('\n'), `${text.length} characters: ${text.slice(0, 300)}`);
  assert.match(huge, /^That link could not be opened: /);
  assert.deepEqual(errors.filter((e) => !/ERR_|404/.test(e)), []);
  await context.close();
});
