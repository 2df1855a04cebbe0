// Embeds as a blogger keeps them: a post served by a second server (another origin) with a
// 700 px column. Each puzzle's default (compact) view fits its height budget; a Devil board
// stepped through every Watch step keeps its height to the pixel; a controls="none" figure has no
// controls and ignores clicks; the post's own buttons drive step/play/pause and hear `change`
// events; iframe snippets (with or without embed.js to size them) never scroll inside; and a
// host whose Content-Security-Policy refuses WebAssembly gets a frame of the same view.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createRequire } from 'node:module';
import { launch, screenshot, problemsAfterSettling, nextFrame, BASE_URL } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const browser = await launch();
after(() => browser.close());

/** 64 squares in Watch, the XOR strategy: 17 frames (the start, A's six regions, the colour, the
 * XOR with the key, the flip, B's six regions, the answer), so positions 0 … 16. */
const DEVIL = '#devil/v1/YAAAFerl_nBFUMGZ';
const LIGHTS = '#lights/v2/AEAEAAAAAAFjYAAB9hcNAA'; // 5×5
const TABLE = '#table/v1/DCgAAAAAAAAAAAYRzTsN6dD4AJI';
const CHESS = '#chess/v2/YHdIBOkqMizjbKJ4_tuwBCeA1gA';
/** The issue's budgets in a 700 px column, px. */
const BUDGET = { devil: 600, lights: 620, table: 640, chess: 700 };
const LINKS = { devil: DEVIL, lights: LIGHTS, table: TABLE, chess: CHESS };
const PAGES = { devil: 'devil.html', lights: 'lights.html', table: 'table.html', chess: 'chess.html' };

const COLUMN = `body { margin: 0; font-family: Georgia, serif; } article { max-width: 700px; margin: 0 auto; }
  button { display: none; } div { border: 5px solid red; }`;

const POST = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A post with a 700 px column</title><link rel="icon" href="data:,">
<style>${COLUMN} .walk button { display: inline-block; }</style>
<script type="module" src="${BASE_URL}/embed.js"></script></head>
<body><article>
  <h1>Boards in a post</h1>
  ${Object.entries(LINKS)
    .map(([id, link]) => `<p>Some text above.</p><chessboard-puzzle id="${id}" link="${BASE_URL}/${PAGES[id]}${link}"></chessboard-puzzle>`)
    .join('\n  ')}
  <p>A figure:</p>
  <chessboard-puzzle id="figure" controls="none" step="5" label="The fifth region A counts" link="${DEVIL}"></chessboard-puzzle>
  <p>A board the post walks through:</p>
  <chessboard-puzzle id="driven" view="board" link="${DEVIL}"></chessboard-puzzle>
  <div class="walk"><button id="next">Next</button><button id="to-9">Step 9</button><button id="play">Play</button><button id="pause">Pause</button></div>
  <p id="told"></p>
</article>
<script type="module">
  window.changes = [];
  const driven = document.getElementById('driven');
  document.addEventListener('change', (e) => e.target.id === 'driven' && window.changes.push(e.detail));
  document.getElementById('next').onclick = () => driven.step((driven.currentStep ?? 0) + 1);
  document.getElementById('to-9').onclick = () => driven.step(9);
  document.getElementById('play').onclick = () => driven.play();
  document.getElementById('pause').onclick = () => driven.pause();
</script></body></html>`;

/** A post that embeds each view of each puzzle as the iframe snippet; `withScript` adds
 * embed.js, which sizes the frames to the height their pages post. */
function framePost(withScript) {
  const frames = Object.entries(LINKS).flatMap(([puzzle, link]) =>
    ['compact', 'board', 'full'].map(
      (view) =>
        `<iframe id="${puzzle}-${view}" src="${BASE_URL}/${PAGES[puzzle]}?embed=1&view=${view}${link}" width="460" height="${SUGGESTED[view][puzzle]}" title="${puzzle}" style="border:0"></iframe>`,
    ),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Frames</title><link rel="icon" href="data:,">
${withScript ? `<script type="module" src="${BASE_URL}/embed.js"></script>` : ''}</head><body>${frames.join('\n')}</body></html>`;
}
/** The heights the registry (src/registry.rs, frame_heights) and docs/embedding.md suggest for a 460 px frame of each view. */
const SUGGESTED = {
  board: { devil: 550, lights: 550, table: 445, chess: 460 },
  compact: { devil: 690, lights: 725, table: 660, chess: 905 },
  full: { devil: 1390, lights: 1410, table: 2050, chess: 1825 },
};

/** A post under a strict policy: scripts from the site, but no 'wasm-unsafe-eval'. */
function cspPost(frames) {
  return {
    headers: { 'Content-Security-Policy': `default-src 'self'; script-src ${BASE_URL}; style-src 'self' ${BASE_URL}; img-src ${BASE_URL} data:; frame-src ${frames}` },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict</title><link rel="icon" href="data:,">
<script type="module" src="${BASE_URL}/embed.js"></script></head><body>
<chessboard-puzzle id="strict" link="${DEVIL}"></chessboard-puzzle></body></html>`,
  };
}

const ROUTES = {
  '/post.html': () => ({ body: POST }),
  '/frames.html': () => ({ body: framePost(false) }),
  '/frames-sized.html': () => ({ body: framePost(true) }),
  '/strict.html': () => cspPost(BASE_URL),
  '/stricter.html': () => cspPost("'none'"),
};

let blog;
let BLOG;
before(async () => {
  blog = http.createServer((req, res) => {
    const route = ROUTES[req.url];
    const page = route ? route() : { body: 'not found' };
    res.writeHead(route ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', ...(page.headers ?? {}) });
    res.end(page.body);
  });
  await new Promise((resolve) => blog.listen(0, '127.0.0.1', resolve));
  BLOG = `http://127.0.0.1:${blog.address().port}`;
});
after(() => blog.close());

/** The frame of `page` whose URL matches `pattern`, once it has one (each navigation of a frame
 * is an event: the wait is for that, not for time). */
async function frameMatching(page, pattern) {
  const found = () => page.frames().find((f) => pattern.test(f.url()));
  if (found()) return found();
  await page.waitForEvent('framenavigated', { predicate: (f) => pattern.test(f.url()), timeout: 60_000 });
  return found();
}

async function openPost(path, { width = 1100, scheme = 'light' } = {}) {
  assert.notEqual(new URL(BLOG).origin, new URL(BASE_URL).origin);
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(`${BLOG}${path}`);
  return { page, errors, context };
}

const allReady = (page) => page.waitForFunction(() => [...document.querySelectorAll('chessboard-puzzle')].every((b) => b.dataset.ready === 'true'));
const height = (page, id) => page.$eval(`chessboard-puzzle#${id}`, (e) => e.getBoundingClientRect().height);
const inside = (page, id, selector) => page.locator(`chessboard-puzzle#${id}`).locator(selector);

test('each puzzle\'s default view fits its height budget in a 700 px column', async () => {
  const { page, errors, context } = await openPost('/post.html');
  await allReady(page);
  for (const id of Object.keys(BUDGET)) {
    assert.equal(await page.$eval(`chessboard-puzzle#${id}`, (e) => e.shadowRoot.querySelector('[data-view]').dataset.embedView), 'compact');
    const width = await page.$eval(`chessboard-puzzle#${id}`, (e) => e.getBoundingClientRect().width);
    const h = await height(page, id);
    console.log(`# ${id}: ${Math.round(width)} × ${Math.round(h)} px (budget ${BUDGET[id]})`);
    assert.equal(Math.round(width), 700);
    assert.ok(h <= BUDGET[id], `${id}: ${h} px > ${BUDGET[id]} px`);
    // The page's extras are not there: no settings toolbar, no share buttons; the link is.
    assert.equal(await inside(page, id, '#copy-link').isVisible(), false);
    assert.equal(await inside(page, id, '#playground-link').isVisible(), true);
  }
  assert.equal(await inside(page, 'lights', '#rows').isVisible(), false);
  assert.equal(await inside(page, 'devil', '#size').isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Devil embed stepped through every Watch step (and played) keeps its height to the pixel', async () => {
  const { page, errors, context } = await openPost('/post.html');
  await allReady(page);
  const bar = inside(page, 'devil', '#steps');
  const count = Number(await bar.getAttribute('data-count'));
  assert.equal(count, 16);
  const start = await height(page, 'devil');
  const seen = new Set();
  for (let i = 1; i <= count; i++) {
    await bar.locator('[data-step=forward]').click();
    await page.waitForFunction((i) => document.getElementById('devil').shadowRoot.getElementById('steps').dataset.at === String(i), i);
    seen.add(await height(page, 'devil'));
  }
  assert.deepEqual([...seen], [start], `heights seen: ${[...seen]}`);
  // Back to the start, then the whole strategy played at the fastest speed.
  await bar.locator('[data-step=start]').click();
  await bar.locator('[data-step=speed]').selectOption('4');
  await bar.locator('[data-step=toggle]').click();
  await page.waitForFunction(() => document.getElementById('devil').shadowRoot.getElementById('steps').dataset.at === '16');
  assert.equal(await height(page, 'devil'), start);
  // Another mode: A plays and wins; the message takes the room it kept.
  await inside(page, 'devil', '[data-mode=play_a]').click();
  const board = await inside(page, 'devil', '[role=gridcell]').evaluateAll((cs) => ({
    heads: cs.map((c) => c.dataset.face === 'heads'),
    key: cs.findIndex((c) => c.dataset.key === 'true'),
  }));
  const flip = board.heads.reduce((acc, h, i) => (h ? acc ^ i : acc), 0) ^ board.key;
  await inside(page, 'devil', `[data-index="${flip}"]`).click();
  assert.equal(await inside(page, 'devil', '#message').getAttribute('data-kind'), 'win');
  assert.equal(await height(page, 'devil'), start);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Lights, the table and a chess position keep their height while they are played and solved', async () => {
  const { page, errors, context } = await openPost('/post.html');
  await allReady(page);
  const heights = { lights: new Set(), table: new Set(), chess: new Set() };
  const note = async () => {
    for (const id of Object.keys(heights)) heights[id].add(await height(page, id));
  };
  const status = (id) => inside(page, id, '#status').textContent();
  const before = { lights: await status('lights'), table: await status('table') };
  await note();
  // Lights: presses, a hint, the solution shown, then animated to the end.
  for (const i of [0, 12, 24]) await inside(page, 'lights', `[data-index="${i}"]`).click();
  await inside(page, 'lights', '#hint').click();
  await inside(page, 'lights', '#show-solution').click();
  await note();
  await inside(page, 'lights', '#animate').click();
  await page.waitForFunction(() => Number(document.getElementById('lights').shadowRoot.getElementById('steps').dataset.count) > 0);
  await inside(page, 'lights', '#steps [data-step=end]').click();
  await note();
  // The table: the strategy's moves, one by one.
  for (let i = 0; i < 3; i++) {
    const shown = await status('table');
    await inside(page, 'table', '#step').click();
    await page.waitForFunction((was) => document.getElementById('table').shadowRoot.getElementById('status').textContent !== was, shown);
    await note();
  }
  // Chess: a piece placed, then the start position's error-free status again.
  await inside(page, 'chess', '[role=gridcell]').nth(27).click();
  await note();
  // What they show did change: the moves are counted.
  assert.notEqual(await status('lights'), before.lights);
  assert.notEqual(await status('table'), before.table);
  for (const [id, seen] of Object.entries(heights)) assert.equal(seen.size, 1, `${id}: ${[...seen]}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('attributes: a controls="none" figure at a given step; mode and step read on change', async () => {
  const { page, errors, context } = await openPost('/post.html');
  await allReady(page);
  // The figure: at step 5, no control visible, the board ignores clicks, named by its label.
  const figure = page.locator('chessboard-puzzle#figure');
  await page.waitForFunction(() => document.getElementById('figure').shadowRoot.getElementById('board').dataset.step === '5');
  const visibleControls = await figure.evaluate((e) =>
    [...e.shadowRoot.querySelectorAll('button, select, input')].filter((c) => c.getBoundingClientRect().width > 0).length,
  );
  assert.equal(visibleControls, 0);
  const coins = () => figure.evaluate((e) => e.shadowRoot.getElementById('board').dataset.coins);
  const before = await coins();
  await figure.locator('[data-index="3"]').click({ force: true });
  assert.equal(await coins(), before);
  // Its role and name, as the browser exposes them to screen readers.
  const cdp = await context.newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const figures = nodes.filter((n) => n.role?.value === 'figure').map((n) => n.name?.value);
  assert.ok(figures.includes('The fifth region A counts'), JSON.stringify(figures));
  // Changing attributes: mode="play-a" presses Play as A; step on a Watch board moves the bar.
  await page.$eval('#devil', (e) => e.setAttribute('step', '7'));
  await page.waitForFunction(() => document.getElementById('devil').shadowRoot.getElementById('steps').dataset.at === '7');
  await page.$eval('#devil', (e) => e.setAttribute('mode', 'play-a'));
  assert.equal(await inside(page, 'devil', '[data-mode=play_a]').getAttribute('aria-pressed'), 'true');
  // view="full" shows today's embed (settings and share buttons); board shows the board and its bar.
  await page.$eval('#lights', (e) => e.setAttribute('view', 'full'));
  assert.equal(await inside(page, 'lights', '#rows').isVisible(), true);
  assert.equal(await inside(page, 'driven', '#status').isVisible(), false);
  assert.equal(await inside(page, 'driven', '#steps').isVisible(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the post's own buttons drive step and play, and hear change events with the link and step", async () => {
  const { page, errors, context } = await openPost('/post.html');
  await allReady(page);
  const at = () => page.$eval('#driven', (e) => e.shadowRoot.getElementById('steps').dataset.at);
  await page.click('#next');
  await page.waitForFunction(() => window.changes.some((c) => c.step === 1));
  assert.equal(await at(), '1');
  await page.click('#to-9');
  await page.waitForFunction(() => window.changes.some((c) => c.step === 9));
  // The board shows frame 9 (A's flip): the flipped coin is marked.
  assert.equal(await inside(page, 'driven', '[role=gridcell].flipped').count(), 1);
  // The link in the detail is the board's playground link, and follows the step it shows.
  await page.waitForFunction(() => {
    const last = window.changes.at(-1);
    return last.step === 9 && last.link === document.getElementById('driven').shadowRoot.getElementById('playground-link').href;
  });
  const last = await page.evaluate(() => window.changes.at(-1));
  assert.ok(last.link.startsWith(`${BASE_URL}/devil.html#devil/`), last.link);
  // Play runs on by itself; Pause stops it.
  await page.click('#play');
  await page.waitForFunction(() => window.changes.some((c) => c.step === 11));
  await page.click('#pause');
  await page.waitForFunction(() => {
    const bar = document.getElementById('driven').shadowRoot.getElementById('steps');
    return bar.dataset.playing === 'false' && bar.dataset.moving === undefined;
  });
  const stopped = Number(await at());
  await page.waitForTimeout(1800); // on the clock: what is checked is that nothing happens
  assert.equal(Number(await at()), stopped);
  assert.ok(stopped >= 11 && stopped < 16, String(stopped));
  // The event bubbles out of the element and crosses the shadow boundary: the post's document heard it.
  assert.ok((await page.evaluate(() => window.changes.length)) >= 4);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const withScript of [false, true]) {
  test(`iframe snippets ${withScript ? 'sized by embed.js' : 'at their suggested heights, no script'} never scroll inside`, async () => {
    const { page, errors, context } = await openPost(withScript ? '/frames-sized.html' : '/frames.html', { width: 600 });
    const ids = await page.$$eval('iframe', (fs) => fs.map((f) => f.id));
    for (const id of ids) {
      const frame = await frameMatching(page, new RegExp(`${id.split('-')[0]}\\.html\\?embed=1&view=${id.split('-')[1]}`));
      await frame.waitForSelector('body[data-ready=true]');
      // embed.js sizes the frame once its page has posted its height.
      if (withScript) await page.waitForFunction((id) => document.getElementById(id).style.height !== '', id);
    }
    // A frame's content may still grow after its board is ready (a panel drawn once the core is
    // in); on a loaded machine that takes a while, so the frames are measured until they settle.
    const failures = await problemsAfterSettling(async () => {
      const failures = [];
      for (const id of ids) {
        const frame = await frameMatching(page, new RegExp(`${id.split('-')[0]}\\.html\\?embed=1&view=${id.split('-')[1]}`));
        const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
        const box = await page.$eval(`#${id}`, (f) => f.getBoundingClientRect().height);
        const scrolls = await frame.evaluate(() => document.scrollingElement.scrollHeight > document.scrollingElement.clientHeight);
        if (scrolls) failures.push(`${id}: content ${content} px in a ${box} px frame`);
        // The suggestion is the real height: no scrolling, and no band of empty frame below.
        if (!withScript && box - content > 16) failures.push(`${id}: ${box} px suggested for ${content} px`);
        if (withScript && Math.abs(box - content) > 1) failures.push(`${id}: frame ${box} px, content ${content} px`);
      }
      return failures;
    });
    assert.deepEqual(failures, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a host whose policy refuses WebAssembly gets a frame of the same view, or one line naming the directives', async () => {
  let { page, context } = await openPost('/strict.html');
  await page.waitForSelector('chessboard-puzzle#strict[data-frame=true]');
  const frame = await frameMatching(page, /devil\.html\?embed=1&view=compact#devil\//);
  await frame.waitForSelector('body[data-ready=true]');
  assert.equal(await frame.locator('[role=gridcell]').count(), 64);
  // The frame takes the height its page posts: nothing scrolls inside.
  await page.waitForFunction(() => document.getElementById('strict').shadowRoot.querySelector('iframe').style.height !== '');
  const scrolls = await problemsAfterSettling(async () =>
    (await frame.evaluate(() => document.scrollingElement.scrollHeight > document.scrollingElement.clientHeight)) ? ['the frame scrolls inside'] : [],
  );
  assert.deepEqual(scrolls, []);
  await context.close();

  ({ page, context } = await openPost('/stricter.html'));
  await page.waitForSelector('chessboard-puzzle#strict[data-error=true]');
  const line = await page.locator('chessboard-puzzle#strict .embed-error').textContent();
  assert.match(line, /^This puzzle cannot be shown: .*'wasm-unsafe-eval'.*frame-src\.$/);
  assert.ok(!line.includes('\n'));
  await context.close();
});

/** axe-core's serious and critical findings on the page (open shadow roots included), one line each. */
async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
}

test('the post (compact, board and figure views) and the example walk-through have no serious axe violation', async () => {
  for (const scheme of ['light', 'dark']) {
    const { page, errors, context } = await openPost('/post.html', { scheme });
    await allReady(page);
    assert.deepEqual(await seriousViolations(page), [], scheme);
    assert.deepEqual(errors, []);
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(`${BASE_URL}/examples/devil-walkthrough.html`);
  await allReady(page);
  // Its own buttons drive the board, and the board's change events update the post.
  await page.click('#next');
  await page.waitForFunction(() => document.getElementById('where').textContent === 'Step 2 of 17');
  await page.locator('.beat[data-step="9"] button').click();
  // The post and its board agree on beat 9 (a scroll that Playwright's click made may step the
  // board on the way, so the wait is for both at once).
  await page.waitForFunction(
    () => document.querySelector('.beat[data-step="9"]').classList.contains('current') && document.getElementById('board').currentStep === 9,
  );
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, 'embed-walkthrough');
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots of the post at 360, 700 and 1100 px in light and dark', async () => {
  for (const scheme of ['light', 'dark']) {
    for (const width of [360, 700, 1100]) {
      const { page, errors, context } = await openPost('/post.html', { width, scheme });
      await allReady(page);
      await nextFrame(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${width} px ${scheme}: the post scrolls sideways`);
      await screenshot(page, `embed-post-${width}-${scheme}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
