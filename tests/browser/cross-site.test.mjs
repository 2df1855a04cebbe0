// Every page in a frame from another *site*: the post is served on `localhost`, the playground
// on 127.0.0.1, so the frame is third-party and Chromium refuses it storage (reading
// `sessionStorage` throws). Each page must still draw its board and play, as a page and as an
// embed (`?embed=1`, the iframe snippet and embed.js's frame fallback), with no console error.
// The whole Chromium, not the headless shell the other files share: refusing a third-party
// frame storage is the browser's setting, which the shell does not have.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, BASE_URL } from './harness.mjs';

const browser = await launch({ full: true });
after(() => browser.close());

const CELLS = '#board [role=gridcell]';

/**
 * Per page: what the board is, and one move a reader makes with the state it must change.
 * `play(frame)` acts and returns a description of what changed, compared with `expect`.
 */
const PAGES = {
  devil: {
    board: CELLS,
    async play(frame) {
      await frame.locator('[data-mode=edit]').click();
      const before = await frame.locator(CELLS).nth(5).getAttribute('data-face');
      await frame.locator(CELLS).nth(5).click();
      await frame.waitForFunction(([sel, was]) => document.querySelectorAll(sel)[5].dataset.face !== was, [CELLS, before]);
      return 'flipped';
    },
  },
  lights: {
    board: CELLS,
    async play(frame) {
      const before = await frame.$$eval(CELLS, (cells) => cells.map((c) => c.dataset.state));
      await frame.locator(CELLS).nth(12).click();
      await frame.waitForFunction(([sel, was]) => document.querySelectorAll(sel)[12].dataset.state !== was, [CELLS, before[12]]);
      const after = await frame.$$eval(CELLS, (cells) => cells.map((c) => c.dataset.state));
      // The classic rule: the centre of a 5×5 board and its four neighbours change.
      return after.flatMap((state, i) => (state === before[i] ? [] : [i])).join(',');
    },
    expect: '7,11,12,13,17',
  },
  'lights-games': {
    board: '#board button.light',
    async play(frame) {
      await frame.locator('#clear').click();
      await frame.locator('[data-mode=play]').click();
      await frame.locator('#board button.light[data-index="12"]').click();
      await frame.waitForSelector('#board button.light[data-index="12"][data-state="1"]');
      const lit = await frame.$$eval('#board button.light[data-state="1"]', (bs) => bs.map((b) => b.dataset.label).sort());
      return lit.join(',');
    },
    expect: 'B3,C2,C3,C4,D3',
  },
  table: {
    board: '#table',
    async play(frame) {
      await frame.locator('[data-mode=play]').click();
      await frame.locator('#positions [data-index="2"]').click();
      await frame.waitForSelector('#positions [data-index="2"].chosen');
      return 'chosen';
    },
  },
  chess: {
    board: CELLS,
    async play(frame) {
      await frame.locator('#palette [data-piece="Q"]').click();
      const e4 = (8 - 4) * 8 + 4;
      await frame.locator(CELLS).nth(e4).click();
      await frame.waitForFunction(([sel, i]) => document.querySelectorAll(sel)[i].dataset.piece === 'Q', [CELLS, e4]);
      return 'placed';
    },
  },
};
/** The lab pages are page-only (no embed): their boards are drawn from the first section. */
const LABS = { 'devil-lab': '#table-board [role=gridcell], .bits-board', codes: 'main' };

let post;
let POST;
before(async () => {
  // `/frame?src=URL` is a post holding one frame of URL.
  post = http.createServer((req, res) => {
    const query = new URL(req.url, 'http://localhost').searchParams;
    const src = query.get('src') ?? '';
    const sandbox = query.has('sandbox') ? ` sandbox="${query.get('sandbox')}"` : '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post on another site</title><link rel="icon" href="data:,"></head>
<body><p>Text above.</p><iframe id="frame"${sandbox} src="${src.replace(/"/g, '&quot;')}" style="border:0;width:100%;height:900px" title="puzzle"></iframe></body></html>`);
  });
  await new Promise((resolve) => post.listen(0, '127.0.0.1', resolve));
  // `localhost` is another site than `127.0.0.1` (BASE_URL), whatever the ports.
  POST = `http://localhost:${post.address().port}`;
});
after(() => post.close());

/** Opens the post framing `path` (in a frame with `sandbox`'s tokens, if given) and returns the
 * frame, its console errors and the context.
 * @param {string} path @param {string} [sandbox] */
async function framed(path, sandbox) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 1000 } });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  const tokens = sandbox === undefined ? '' : `&sandbox=${encodeURIComponent(sandbox)}`;
  await page.goto(`${POST}/frame?src=${encodeURIComponent(`${BASE_URL}/${path}`)}${tokens}`);
  const frame = await (await page.waitForSelector('#frame')).contentFrame();
  assert.ok(frame, 'the frame has a document');
  await frame.waitForSelector('body[data-ready=true]');
  return { page, frame, errors, context };
}

/** Whether storage is refused in the frame: the context this test is about. */
const storageRefused = (frame) =>
  frame.evaluate(() => {
    try {
      window.sessionStorage.getItem('x');
      window.localStorage.getItem('x');
      return false;
    } catch {
      return true;
    }
  });

for (const [name, { board, play, expect }] of Object.entries(PAGES)) {
  for (const embed of [false, true]) {
    const path = `${name}.html${embed ? '?embed=1' : ''}`;
    test(`${path} in a frame from another site draws its board and plays without storage`, async () => {
      const { frame, errors, context } = await framed(path);
      assert.equal(await storageRefused(frame), true, 'a third-party frame is refused storage here');
      assert.ok((await frame.locator(board).count()) > 0, 'the board is drawn');
      assert.equal(await frame.locator('#message[data-kind=error]').count(), 0, 'no error shown');
      const changed = await play(frame);
      if (expect) assert.equal(changed, expect);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

for (const [name, drawn] of Object.entries(LABS)) {
  test(`${name}.html in a frame from another site draws without storage`, async () => {
    const { frame, errors, context } = await framed(`${name}.html`);
    assert.equal(await storageRefused(frame), true);
    assert.ok((await frame.locator(drawn).count()) > 0, 'the lab is drawn');
    assert.equal(await frame.locator('#message[data-kind=error]').count(), 0, 'no error shown');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A strict host: a frame sandboxed with scripts only. Its document has an opaque origin
// ('null'), so the site's own Worker URL is cross-origin to it and a module Worker from its own
// blob is refused; storage throws. Each page still draws and plays, and the labs' Worker jobs
// (run on load) come back. Before the fix the labs said "Failed to construct 'Worker'".
const SANDBOXED = {
  ...Object.fromEntries(Object.entries(PAGES).map(([name, { board, play, expect }]) => [`${name}.html?embed=1`, { board, play, expect }])),
  'devil-lab.html': {
    board: LABS['devil-lab'],
    /** @param {import('playwright-core').Frame} frame */
    async play(frame) {
      await frame.waitForSelector('#verdict[data-valid]:not(.stale)');
      return (await frame.$eval('#verdict', (el) => el.getAttribute('data-valid'))) ?? '';
    },
    expect: 'true',
  },
  'codes.html': {
    board: LABS.codes,
    /** @param {import('playwright-core').Frame} frame */
    async play(frame) {
      await frame.waitForSelector('#build-result[data-words]');
      return (await frame.$eval('#build-result', (el) => el.getAttribute('data-words'))) ?? '';
    },
    expect: '2048',
  },
};

for (const [path, { board, play, expect }] of Object.entries(SANDBOXED)) {
  test(`${path} in a frame sandboxed with scripts only draws, plays and runs its Worker`, async () => {
    const { frame, errors, context } = await framed(path, 'allow-scripts');
    assert.equal(await frame.evaluate(() => self.origin), 'null', 'the frame has an opaque origin');
    assert.ok((await frame.locator(board).count()) > 0, 'the board is drawn');
    const changed = await play(frame);
    if (expect) assert.equal(changed, expect);
    assert.equal(await frame.locator('#message[data-kind=error]').count(), 0, 'no error shown');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
