// A chess game shared by link (`#chess-game/v1/…`, issue 28) on the chess page in headless
// Chromium: each game link of the frozen corpus opens the viewer at its ply (the board, the
// FEN, the move marked, the tags); stepping keeps the address bar at a link of the ply shown;
// Copy link and the Embed composer give the game's link; a bad game link is one line. What the
// page shows is checked against the corpus file (its FEN, moves, tags and ply, written when the
// links were made) and the command-line tool (`chess open LINK --json`), never against what the
// page printed.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, open, ready, linkSettled, cli, cliBuilt, fenBoard, screenshot, BASE_URL, copiedBy, clickToCopy } from './harness.mjs';

await cliBuilt();
const browser = await launch();
after(() => browser.close());

/** @type {{ note: string, link: string, state: { fen: string, moves: string[], ply: number, result: string, start: string, tags: Record<string, string> } }[]} */
const CORPUS = JSON.parse(readFileSync(new URL('../data/links/chess-game-v1.json', import.meta.url), 'utf8')).links;

/** The first four fields of a FEN (the editor's board keeps no move counters). @param {string} fen */
const placement = (fen) => fen.split(' ').slice(0, 4).join(' ');

/** What the viewer shows: its board, the editor's FEN, the move marked, the players line, the step bar. @param {import('playwright-core').Page} page */
const shown = (page) =>
  page.evaluate(() => {
    const current = /** @type {HTMLElement | null} */ (document.querySelector('#moves .move[aria-current=step]'));
    return {
      board: Object.fromEntries(
        [...document.querySelectorAll('#vboard .cell')].filter((c) => /** @type {HTMLElement} */ (c).dataset.piece).map((c) => [/** @type {HTMLElement} */ (c).dataset.square, /** @type {HTMLElement} */ (c).dataset.piece]),
      ),
      fen: /** @type {HTMLInputElement} */ (document.getElementById('fen')).value,
      ply: current ? Number(current.dataset.ply) : 0,
      san: current?.querySelector('.san')?.textContent ?? null,
      players: document.getElementById('players')?.textContent ?? '',
      at: Number(document.getElementById('game-steps')?.dataset.at),
      hidden: /** @type {HTMLElement} */ (document.getElementById('game')).hidden,
      message: document.getElementById('message')?.hidden ? '' : document.getElementById('message')?.textContent,
    };
  });

/** What the command-line tool says a link holds: `{ply, fen, moves, tags, …}`. @param {string} link */
const opened = (link) => JSON.parse(cli('chess', 'open', link, '--json'));

/** Waits for the viewer to show ply `ply` and the address bar to follow. @param {import('playwright-core').Page} page @param {number} ply */
async function atPly(page, ply) {
  await page.waitForFunction(
    (p) => {
      const bar = document.getElementById('game-steps');
      return bar?.dataset.at === String(p) && bar.dataset.moving === undefined && !document.getElementById('game')?.hidden;
    },
    ply,
  );
  await linkSettled(page);
}

test('every game link of the corpus opens the viewer at its ply, with its tags', async () => {
  const { page, errors, context } = await open(browser, 'index.html');
  for (const { note, link, state } of CORPUS) {
    await page.goto('about:blank');
    await page.goto(`${BASE_URL}/chess.html${link}`);
    await ready(page);
    await atPly(page, state.ply);
    const s = await shown(page);
    assert.equal(s.message, '', note);
    assert.equal(s.hidden, false, note);
    assert.deepEqual(s.board, fenBoard(state.fen), `${note}: the viewer's board`);
    assert.equal(s.fen, placement(state.fen) + ' 0 1', `${note}: the editor's FEN`);
    assert.equal(s.ply, state.ply, `${note}: the move marked`);
    assert.equal(s.san, state.ply === 0 ? null : state.moves[state.ply - 1], `${note}: the move marked`);
    assert.equal(s.at, state.ply, note);
    // The players line as for a loaded PGN: names, result, event and date.
    for (const text of [state.tags.White, state.tags.Black, state.result, state.tags.Event, state.tags.Date]) {
      assert.ok(s.players.includes(text), `${note}: '${text}' in '${s.players}'`);
    }
    // The address bar keeps the link as given.
    assert.equal(await page.evaluate(() => location.hash), link, note);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('stepping keeps the address bar at a link of the ply shown; Copy link and Embed give it', async () => {
  const { link, state } = CORPUS[2]; // sample game 2 at ply 33
  const { page, errors, context } = await open(browser, `chess.html${link}`);
  await ready(page);
  await atPly(page, state.ply);
  await page.focus('#vboard');
  for (const [key, ply] of [['ArrowRight', state.ply + 1], ['ArrowRight', state.ply + 2], ['ArrowLeft', state.ply + 1], ['Home', 0], ['End', state.moves.length]]) {
    await page.keyboard.press(key);
    await atPly(page, ply);
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /^#chess-game\/v1\//, `${key}`);
    // The command-line tool reads the bar's link as the same game at the ply shown.
    const back = opened(hash);
    assert.equal(back.ply, ply, `${key}: the bar's link holds ply ${ply}`);
    assert.deepEqual(back.moves, state.moves, `${key}: the bar's link holds the game`);
    assert.deepEqual(back.tags, state.tags, `${key}: the bar's link holds the tags`);
    assert.deepEqual((await shown(page)).board, fenBoard(back.fen), `${key}: the board is the link's position`);
  }
  // Back to ply 10: the bar's link, opened in a fresh page, shows ply 10.
  await page.keyboard.press('Home');
  await atPly(page, 0);
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await atPly(page, 10);
  const at10 = await page.evaluate(() => location.hash);
  assert.equal(opened(at10).ply, 10);

  const onClipboard = await copiedBy(page, async () => {
    await page.click('#copy-link');
    await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.getElementById('share-output')).value !== '');
  });
  const copied = await page.inputValue('#share-output');
  assert.equal(copied, `${BASE_URL}/chess.html${at10}`);
  assert.equal(onClipboard, copied);

  await clickToCopy(page, '#embed');
  await page.waitForSelector('#embed-dialog[open]');
  assert.ok((await page.inputValue('#embed-script')).includes(`link="${BASE_URL}/chess.html${at10}"`), 'the composer embeds the game link');
  await page.keyboard.press('Escape');

  const fresh = await open(browser, `chess.html${at10}`);
  await ready(fresh.page);
  await atPly(fresh.page, 10);
  const s = await shown(fresh.page);
  assert.equal(s.san, state.moves[9]);
  assert.deepEqual(s.board, fenBoard(opened(at10).fen));
  assert.deepEqual(fresh.errors, []);
  await fresh.context.close();

  // Editing the board leaves the game: the bar holds the position's link.
  await page.click('#start-pos');
  await linkSettled(page);
  assert.match(await page.evaluate(() => location.hash), /^#chess\/v2\//);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game link pasted into the address bar (hashchange) opens over the game shown', async () => {
  const { page, errors, context } = await open(browser, `chess.html${CORPUS[0].link}`);
  await ready(page);
  await atPly(page, CORPUS[0].state.ply);
  for (const { note, link, state } of [CORPUS[4], CORPUS[6]]) {
    await page.evaluate((l) => (location.hash = l), link);
    await page.waitForFunction((n) => document.getElementById('game-steps')?.dataset.count === String(n), state.moves.length);
    await atPly(page, state.ply);
    const s = await shown(page);
    assert.deepEqual(s.board, fenBoard(state.fen), note);
    assert.equal(s.san, state.ply === 0 ? null : state.moves[state.ply - 1], note);
    assert.ok(s.players.includes(state.tags.White), note);
    assert.equal(s.message, '', note);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a loaded PGN gives its game link too', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  await page.waitForFunction(() => document.querySelectorAll('#sample option').length > 1);
  await page.selectOption('#sample', '1'); // sample game 2
  await atPly(page, 0);
  const hash = await page.evaluate(() => location.hash);
  const back = opened(hash);
  assert.equal(back.ply, 0);
  assert.deepEqual(back.moves, CORPUS[2].state.moves, 'sample game 2 (the corpus recorded its moves)');
  // A game whose link is over the 1,900-character budget (an Event tag of 2,000 letters): the
  // bar and Copy link hold the position shown instead. (A fresh page: Load PGN reads the game
  // chosen in the game menu, here game 2 of the samples.)
  await page.goto(`${BASE_URL}/chess.html`);
  await ready(page);
  await page.fill('#pgn', `[Event "${'x'.repeat(2000)}"]\n\n1. e4 e5 2. Nf3 *\n`);
  await page.click('#load-pgn');
  await page.waitForFunction(() => document.getElementById('game-steps')?.dataset.count === '3');
  await atPly(page, 0);
  await page.focus('#vboard');
  await page.keyboard.press('End');
  await atPly(page, 3);
  assert.match(await page.evaluate(() => location.hash), /^#chess\/v2\//);
  assert.equal(opened(await page.evaluate(() => location.hash)).fen, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad game link is one line and opens the start position', async () => {
  const { link } = CORPUS[0];
  for (const [bad, reason] of [
    [`${link.slice(0, 40)}`, /garbled/],
    ['#chess-game/v1/____________________', /truncated or garbled/],
    [link.replace('/v1/', '/v2/'), /version 2, newer/],
  ]) {
    const { page, errors, context } = await open(browser, `chess.html${bad}`);
    await ready(page);
    await page.waitForSelector('#message:not([hidden])');
    const message = await page.textContent('#message');
    assert.match(message ?? '', /^That link could not be opened: .*\. Here is the start position\.$/, bad);
    assert.match(message ?? '', reason, bad);
    assert.ok(!(message ?? '').includes('\n'));
    assert.equal(await page.inputValue('#fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    assert.equal(await page.isHidden('#game'), true);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('screenshots of a game link at 1280×800 and 390×844', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const { page, errors, context } = await open(browser, `chess.html${CORPUS[2].link}`, { viewport: { width, height } });
    await ready(page);
    await atPly(page, CORPUS[2].state.ply);
    await screenshot(page, `chess-game-link-${width}`, { fullPage: false });
    await screenshot(page, `chess-game-link-${width}-full`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('<chessboard-puzzle> embeds a game: step(n), play() and pause() on plies, its link following', async () => {
  const { link, state } = CORPUS[2]; // sample game 2 at ply 33
  const { page, errors, context } = await open(browser, 'index.html', { reducedMotion: 'reduce' });
  await page.evaluate(async (src) => {
    await import(src);
  }, `${BASE_URL}/embed.js`);
  await page.evaluate((l) => {
    const el = document.createElement('chessboard-puzzle');
    el.setAttribute('link', l);
    document.body.prepend(el);
  }, `${BASE_URL}/chess.html${link}`);
  await page.waitForSelector('chessboard-puzzle[data-ready=true]');
  const el = 'chessboard-puzzle';
  /** The embed's step bar, move marked and link. */
  const embedShown = () =>
    page.$eval(el, (e) => {
      const root = /** @type {ShadowRoot} */ (e.shadowRoot);
      const bar = /** @type {HTMLElement} */ (root.getElementById('game-steps'));
      const current = root.querySelector('#moves .move[aria-current=step] .san');
      const board = Object.fromEntries(
        [...root.querySelectorAll('#vboard .cell')].filter((c) => /** @type {HTMLElement} */ (c).dataset.piece).map((c) => [/** @type {HTMLElement} */ (c).dataset.square, /** @type {HTMLElement} */ (c).dataset.piece]),
      );
      return { at: Number(bar.dataset.at), playing: bar.dataset.playing, step: /** @type {any} */ (e).currentStep, move: current?.textContent ?? null, link: /** @type {any} */ (e).link, board, editorHidden: /** @type {HTMLElement} */ (root.querySelector('.play-area')).offsetParent === null };
    });
  let s = await embedShown();
  assert.equal(s.at, state.ply);
  assert.equal(s.step, state.ply);
  assert.equal(s.move, state.moves[state.ply - 1]);
  assert.equal(s.editorHidden, true, 'the embed shows the viewer, not the editor');
  assert.deepEqual(s.board, fenBoard(state.fen));

  await page.$eval(el, (e) => /** @type {any} */ (e).step(5));
  // The playground link follows the ply (the view keeps it as in the page's address bar).
  await page.waitForFunction(
    ([sel, given]) => {
      const e = /** @type {any} */ (document.querySelector(sel));
      return e.shadowRoot.getElementById('game-steps').dataset.moving === undefined && e.currentStep === 5 && !e.link.endsWith(given);
    },
    [el, link],
  );
  s = await embedShown();
  assert.equal(s.move, state.moves[4]);
  const back = opened(s.link.slice(s.link.indexOf('#')));
  assert.equal(back.ply, 5, 'the embed\'s link holds ply 5');
  assert.deepEqual(back.moves, state.moves);
  assert.deepEqual(s.board, fenBoard(back.fen));

  await page.$eval(el, (e) => /** @type {any} */ (e).play());
  await page.waitForFunction((sel) => {
    const bar = /** @type {any} */ (document.querySelector(sel)).shadowRoot.getElementById('game-steps');
    return bar.dataset.playing === 'true' && Number(bar.dataset.at) >= 7;
  }, el);
  await page.$eval(el, (e) => /** @type {any} */ (e).pause());
  await page.waitForFunction((sel) => {
    const e = /** @type {any} */ (document.querySelector(sel));
    const bar = e.shadowRoot.getElementById('game-steps');
    return bar.dataset.playing === 'false' && bar.dataset.moving === undefined;
  }, el);
  s = await embedShown();
  assert.ok(s.at >= 7 && s.at <= state.moves.length, `paused at ${s.at}`);
  assert.equal(s.step, s.at);
  assert.equal(s.move, state.moves[s.at - 1]);
  assert.deepEqual(errors, []);
  await context.close();
});
