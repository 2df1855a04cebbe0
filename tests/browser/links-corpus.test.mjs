// The link corpus (tests/data/links/) on the pages: every link of every version, opened at
// `<page>.html#…` (the real games' at lights-games.html; each version's first link in a fresh
// load, the others pasted into the address bar after it, as a reader does) and in a
// <chessboard-puzzle link="…"> element, shows the state recorded when the link was made by the
// code that wrote that version (tests/data/links/README.md). What is compared is what the page
// shows: cells and their data-* attributes, the status line, the FEN field, the form fields.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, pasteLink, BASE_URL } from './harness.mjs';

/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/**
 * The links of one corpus file.
 * @param {string} puzzle
 * @param {number} version
 * @returns {{note: string, link: string, state: Record<string, any>}[]}
 */
function corpus(puzzle, version) {
  const file = JSON.parse(readFileSync(new URL(`../data/links/${puzzle}-v${version}.json`, import.meta.url), 'utf8'));
  assert.equal(file.puzzle, puzzle);
  assert.equal(file.version, version);
  return file.links;
}

/** A page of one context, reused for every link of a puzzle. */
async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  return { page, context, errors };
}

/**
 * Opens `html#link` as a fresh load; resolves once the page marks itself ready.
 * @param {import('playwright-core').Page} page
 */
async function openPage(page, html, link) {
  await page.goto('about:blank');
  await page.goto(`${BASE_URL}/${html}${link}`);
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await shownMessage(page), '', `${html}${link}: the page showed a message`);
}

/** The page's message line as shown ('' when hidden). @param {import('playwright-core').Page} page */
const shownMessage = (page) => page.$eval('#message', (m) => (m.hidden ? '' : m.textContent));

/**
 * Opens `html#link` as a link pasted into the address bar of `html` (a hash change), as a fresh
 * load when the page is another or already shows that fragment; resolves once the page has
 * opened it (its body's `data-links-opened` counts up).
 * @param {import('playwright-core').Page} page
 */
async function pastePage(page, html, link) {
  const here = await page.evaluate(() => location.href);
  if (!here.startsWith(`${BASE_URL}/${html}#`) || new URL(here).hash === link) return openPage(page, html, link);
  await pasteLink(page, link);
  assert.equal(await shownMessage(page), '', `${html}${link} (pasted): the page showed a message`);
}

/**
 * Draws `<chessboard-puzzle link="…">` on a page of the site; resolves once it is ready.
 * @param {import('playwright-core').Page} page
 */
async function openEmbed(page, link) {
  if (!page.url().startsWith(`${BASE_URL}/index.html`)) {
    await page.goto(`${BASE_URL}/index.html`);
    await page.evaluate(async (src) => {
      await import(src);
    }, `${BASE_URL}/embed.js`);
  }
  await page.evaluate((l) => {
    document.querySelector('chessboard-puzzle')?.remove();
    const el = document.createElement('chessboard-puzzle');
    el.setAttribute('link', l);
    document.body.prepend(el);
  }, `${BASE_URL}/index.html${link}`);
  await page.waitForSelector('chessboard-puzzle[data-ready=true], chessboard-puzzle[data-error=true]');
  const error = await page.$eval('chessboard-puzzle', (el) => (el.dataset.error ? el.shadowRoot.textContent : ''));
  assert.equal(error, '', `embed of ${link}`);
}

/** The page's root to read from: the document, or the embed's shadow root. */
const ROOT = (embed) => (embed ? 'chessboard-puzzle' : '');

/**
 * Runs `fn(root)` in the page on the document or the embed's shadow root.
 * @template T
 * @param {import('playwright-core').Page} page
 * @param {string} host  selector of the embed, or '' for the page itself
 * @param {(root: Document | ShadowRoot) => T} fn
 */
function inRoot(page, host, fn) {
  return page.evaluate(
    ([h, body]) => {
      const root = h ? document.querySelector(h).shadowRoot : document;
      return new Function('root', `return (${body})(root)`)(root);
    },
    [host, fn.toString()],
  );
}

// ---- what each puzzle shows ----

/** The Devil's round: the cells, the board's data-* (the round as held), mode and strategy. */
function devilShown(root) {
  const board = root.getElementById('board');
  const pressed = root.querySelector('[data-mode][aria-pressed=true]');
  return {
    squares: board.querySelectorAll('[role=gridcell]').length,
    coins: board.dataset.coins,
    key: Number(board.dataset.key),
    flipped: board.dataset.flipped === 'null' ? null : Number(board.dataset.flipped),
    answer: board.dataset.answer === 'null' ? null : Number(board.dataset.answer),
    step: Number(board.dataset.step),
    mode: pressed && pressed.getAttribute('data-mode'),
    strategy: Number(root.getElementById('strategy').value),
    ladder: root.getElementById('ladder').dataset.rung === undefined ? null : { rung: Number(root.getElementById('ladder').dataset.rung), streak: Number(root.getElementById('ladder').dataset.streak) },
  };
}

function devilRecorded(s) {
  return {
    squares: s.squares,
    coins: s.board.replace(/\n/g, ''),
    key: s.key_index,
    flipped: s.flipped_index,
    answer: s.answer_index,
    step: s.step,
    mode: s.mode,
    strategy: s.strategy,
    ladder: s.rung === undefined ? null : { rung: s.rung, streak: s.streak },
  };
}

/** Lights Out: the status line and, when the board is drawn as cells, every light. */
function lightsShown(root) {
  const board = root.getElementById('board');
  const cells = board.hidden ? null : [...board.querySelectorAll('[role=gridcell]')].map((c) => c.dataset.state).join('');
  // The status line of a board drawn on a canvas ends with the keyboard cursor's cell.
  return { status: root.getElementById('status').textContent.replace(/ · cursor .*$/, ''), cells };
}

function lightsRecorded(s) {
  const rule = { plus: 'classic', neighbours: 'neighbours only', x: 'X', king: 'king' }[s.rule];
  const lights = s.pattern.replace(/\//g, '');
  const lit = [...lights].filter((c) => c !== '0').length;
  const seed = s.seed === null ? '' : ` · seed ${s.seed}`;
  return {
    status: `Moves: ${s.moves} · ${s.rows}×${s.cols} ${rule}, ${s.torus ? 'torus' : 'bounded'}, ${s.states} states · ${lit} lit${seed}`,
    cells: s.rows * s.cols <= 1024 ? lights : null,
  };
}

/** The rotating table: its settings, what each position shows, and the moves played. */
function tableShown(root) {
  const pressed = (attr) => root.querySelector(`[data-${attr}][aria-pressed=true]`)?.getAttribute(`data-${attr}`);
  const status = root.getElementById('status').textContent;
  const moves = /^(\d+) moves? played|^All heads after (\d+) move/.exec(status);
  return {
    coins: Number(root.getElementById('coins').value),
    sides: Number(root.getElementById('sides').value),
    devil: root.getElementById('devil').value,
    sight: pressed('sight'),
    faces: [...root.getElementById('positions').querySelectorAll('[role=gridcell]')].map((c) => c.dataset.face),
    moves: moves && (moves[1] ?? moves[2]),
    solved: status.startsWith('All heads'),
  };
}

function tableRecorded(s) {
  return {
    coins: s.params.coins,
    sides: s.params.sides,
    devil: s.devil,
    sight: s.sighted ? 'sighted' : 'blind',
    faces: s.faces.map((f) => (s.sighted ? String(f) : 'hidden')),
    moves: s.moves,
    solved: s.solved,
  };
}

const chessShown = (root) => root.getElementById('fen').value;

/** A chess game: the viewer's board (its pieces by square), the ply the step bar is at, the move marked. */
function chessGameShown(root) {
  const current = root.querySelector('#moves .move[aria-current=step]');
  return {
    board: Object.fromEntries([...root.querySelectorAll('#vboard .cell')].filter((c) => c.dataset.piece).map((c) => [c.dataset.square, c.dataset.piece])),
    ply: Number(root.getElementById('game-steps').dataset.at),
    move: current ? current.querySelector('.san').textContent : null,
  };
}

/** The recorded game at its ply, as the viewer shows it: the FEN's pieces by square, the ply, its move. */
function chessGameRecorded(s) {
  const board = {};
  s.fen.split(' ')[0].split('/').forEach((row, r) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else board[`${'abcdefgh'[f++]}${8 - r}`] = ch;
    }
  });
  return { board, ply: s.ply, move: s.ply === 0 ? null : s.moves[s.ply - 1] };
}

const PAGES = { devil: 'devil.html', lights: 'lights.html', table: 'table.html', chess: 'chess.html', 'chess-game': 'chess.html' };
const SHOWN = { devil: devilShown, lights: lightsShown, table: tableShown, chess: chessShown, 'chess-game': chessGameShown };
const RECORDED = { devil: devilRecorded, lights: lightsRecorded, table: tableRecorded, chess: (s) => s.fen, 'chess-game': chessGameRecorded };
const VERSIONS = { devil: [1, 2], lights: [1, 2], table: [1], chess: [1, 2], 'chess-game': [1] };

for (const puzzle of Object.keys(PAGES)) {
  test(`${puzzle} links of every version open on ${PAGES[puzzle]} and in an embed`, async () => {
    const { page, context, errors } = await newPage();
    let count = 0;
    for (const version of VERSIONS[puzzle]) {
      for (const [i, { note, link, state }] of corpus(puzzle, version).entries()) {
        const want = RECORDED[puzzle](state);
        await (i === 0 ? openPage : pastePage)(page, PAGES[puzzle], link);
        assert.deepEqual(await inRoot(page, ROOT(false), SHOWN[puzzle]), want, `page: v${version} ${note} (${link})`);
        count++;
      }
      for (const { note, link, state } of corpus(puzzle, version)) {
        await openEmbed(page, link);
        assert.deepEqual(await inRoot(page, ROOT(true), SHOWN[puzzle]), RECORDED[puzzle](state), `embed: v${version} ${note} (${link})`);
      }
    }
    assert.ok(count >= 5);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The real games' board: its preset (or grid), the rule of play and every light's state. */
function gamesShown(root) {
  return {
    board: root.getElementById('board').dataset.board,
    lit_only: /** @type {HTMLInputElement} */ (root.getElementById('lit-only')).checked,
    lights: [...root.querySelectorAll('#board button.light')].map((b) => /** @type {HTMLElement} */ (b).dataset.state),
  };
}

test('real games links open on lights-games.html and in an embed with the recorded board, rule and lights', async () => {
  const { page, context, errors } = await newPage();
  const links = corpus('lights-graph', 1);
  const recorded = (state) => ({ board: state.board, lit_only: state.lit_only, lights: state.lights.split(state.k > 10 ? ',' : '') });
  for (const [i, { note, link, state }] of links.entries()) {
    await (i === 0 ? openPage : pastePage)(page, 'lights-games.html', link);
    assert.deepEqual(await inRoot(page, ROOT(false), gamesShown), recorded(state), `page: ${note} (${link})`);
  }
  for (const { note, link, state } of links) {
    await openEmbed(page, link);
    assert.deepEqual(await inRoot(page, ROOT(true), gamesShown), recorded(state), `embed: ${note} (${link})`);
  }
  assert.ok(links.length >= 5);
  assert.deepEqual(errors, []);
  await context.close();
});

test('strategy lab links open on devil-lab.html with the recorded fields', async () => {
  const { page, context, errors } = await newPage();
  for (const [i, { note, link, state }] of corpus('lab', 1).entries()) {
    await (i === 0 ? openPage : pastePage)(page, 'devil-lab.html', link);
    const shown = await page.evaluate(() => ({
      strategy: document.getElementById('strategy').value,
      f: document.getElementById('f').value || null,
      seed: document.getElementById('seed').value,
      squares: Number(document.getElementById('squares').value),
      table: document.getElementById('table').value.trim() || null,
    }));
    const { view, ...fields } = state;
    assert.deepEqual(shown, { ...fields, table: fields.table && fields.table.trim() }, `${note} (${link})`);
    await sectionInView(page, `h-${view}`, note);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('codes lab links open on codes.html with the recorded fields', async () => {
  const { page, context, errors } = await newPage();
  for (const [i, { note, link, state }] of corpus('codes', 1).entries()) {
    await (i === 0 ? openPage : pastePage)(page, 'codes.html', link);
    const shown = await page.evaluate(() => ({
      r: Number(document.getElementById('r').value),
      msg: document.getElementById('msg').value,
      word: document.getElementById('word').value,
      words: document.getElementById('words').value,
      vf: document.getElementById('vf').value,
    }));
    const { view, ...fields } = state;
    assert.deepEqual(shown, fields, `${note} (${link})`);
    await sectionInView(page, `h-${view}`, note);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

/** The section a link names is scrolled into view (its heading within the window). */
async function sectionInView(page, id, note) {
  const inView = (h) => {
    const r = document.getElementById(h)?.getBoundingClientRect();
    return Boolean(r && r.top >= -1 && r.top < window.innerHeight);
  };
  await page.waitForFunction(inView, id, { timeout: 10_000 }).catch(() => {});
  assert.ok(await page.evaluate(inView, id), `${note}: #${id} is not in view`);
}
