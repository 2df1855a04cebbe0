// The chess page's game viewer in headless Chromium: board and move list together, the move
// list's bits, the keys, the board in view while stepping, and a phone's width. Expected
// positions and totals come from the command-line tool (`chess link`, `chess games`), the
// marked squares from the difference of two of its FENs, header sizes from the Elias gamma
// code worked out here — never from what the page printed.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, screenshot, ready, cli, cliBuilt, fenBoard } from './harness.mjs';

await cliBuilt();
const browser = await launch();
after(() => browser.close());

const SAMPLE = 'www/data/chess-sample.pgn';

/** Runs the project's own command-line tool and parses its --json answer. @param {string[]} args */
function cliJson(...args) {
  return JSON.parse(cli(...args, '--json'));
}

/** The viewer's board as { e4: 'P', … }. */
const viewerBoard = (page) =>
  page.$$eval('#vboard .cell', (cells) => Object.fromEntries(cells.filter((c) => c.dataset.piece).map((c) => [c.dataset.square, c.dataset.piece])));

/** Opens the page and loads sample game `n` (1-based) into the viewer. */
async function loadSample(page, n) {
  await ready(page);
  await page.waitForFunction(() => document.querySelectorAll('#sample option').length > 1);
  await page.selectOption('#sample', String(n - 1));
  await page.waitForSelector('#game:not([hidden])');
  await page.waitForFunction(() => document.querySelector('#game-steps').dataset.count !== '0');
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical findings inside the viewer, one line each. */
async function viewerViolations(page) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () =>
    (await window.axe.run(document.querySelector('#game'), { resultTypes: ['violations'] })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(' ')}`),
  );
  return found;
}

/** Whether the whole board is inside the window. */
async function boardInView(page) {
  const box = await page.locator('#vboard').boundingBox();
  const { w, h } = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= h && box.x + box.width <= w;
}

test('clicking the 10th move shows the position after it, its two squares marked, coordinates on the edges', async () => {
  const { page, errors, context } = await open(browser, 'chess.html', { viewport: { width: 1280, height: 900 } });
  await loadSample(page, 1);
  const { fen } = cliJson('chess', 'link', '--pgn', SAMPLE, '--game', '1', '--ply', '10');
  const { fen: before } = cliJson('chess', 'link', '--pgn', SAMPLE, '--game', '1', '--ply', '9');
  await page.click('#moves [data-ply="10"]');
  await page.waitForFunction(() => document.querySelector('#game-steps').dataset.at === '10');
  assert.deepEqual(await viewerBoard(page), fenBoard(fen));
  // The editor above has the same position (its move counters are its own).
  assert.equal((await page.inputValue('#fen')).split(' ').slice(0, 4).join(' '), fen.split(' ').slice(0, 4).join(' '));
  assert.equal(await page.getAttribute('#moves [aria-current]', 'data-ply'), '10');
  // The marked squares are the ones whose contents the move changed (a plain move: two).
  const a = fenBoard(before);
  const b = fenBoard(fen);
  const changed = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((sq) => a[sq] !== b[sq]).sort();
  assert.equal(changed.length, 2, `ply 10 of game 1 is a plain move: ${changed}`);
  const marked = await page.$$eval('#vboard .cell.last', (cells) => cells.map((c) => c.dataset.square).sort());
  assert.deepEqual(marked, changed);
  // a–h along the bottom edge, 8–1 down the left edge.
  const coords = await page.$$eval('#vboard .coord', (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { kind: e.classList.contains('file') ? 'file' : 'rank', text: e.textContent, x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  const board = await page.locator('#vboard').boundingBox();
  const files = coords.filter((c) => c.kind === 'file');
  const ranks = coords.filter((c) => c.kind === 'rank');
  assert.deepEqual(files.map((c) => c.text), [...'abcdefgh']);
  assert.deepEqual(ranks.map((c) => c.text), [...'87654321']);
  const square = board.height / 8;
  for (const c of files) assert.ok(c.y + c.h > board.y + board.height - square / 2 && c.w > 3, `file ${c.text} on the bottom edge`);
  for (const c of ranks) assert.ok(c.x < board.x + square / 2 && c.h > 3, `rank ${c.text} on the left edge`);
  // The model's likeliest next moves as arrows, each with its bits.
  const arrows = await page.$$eval('#arrows .arrow', (g) => g.map((x) => x.dataset.uci));
  assert.ok(arrows.length >= 4 && arrows.length <= 5, arrows.join(' '));
  assert.equal(await page.locator('#arrows .arrow-label').count(), arrows.length);
  assert.equal(await page.locator('#next-moves .candidates li').count(), 4);
  assert.deepEqual(await viewerViolations(page), []);
  await screenshot(page, 'chess-viewer-1280-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.deepEqual(await viewerViolations(page), []);
  await screenshot(page, 'chess-viewer-1280-dark');
  assert.deepEqual(errors, []);
  await context.close();
});

test("each move's bits in the list add up to the game's total as `chess games` counts it", async () => {
  const { page, errors, context } = await open(browser, 'chess.html', { viewport: { width: 1280, height: 900 } });
  await loadSample(page, 1);
  // Game 1's bits: the whole file's less those of the games after it.
  const total = (scheme) =>
    cliJson('chess', 'games', '--pgn', SAMPLE, '--scheme', scheme).bits - cliJson('chess', 'games', '--pgn', SAMPLE, '--scheme', scheme, '--skip', '1').bits;
  // Each move's bits as its tooltip gives them, to 0.01 (the list shows 0.1).
  const listBits = () => page.$$eval('#moves .move[data-ply]', (ms) => ms.map((m) => Number(m.title.match(/: ([\d.]+) bits/)[1])));
  const plies = (await listBits()).length;
  assert.ok(plies > 10, `${plies} plies`);
  // move-index: whole bits a move; the header is 1 bit (standard start) + the Elias gamma code of
  // plies + 1 (2⌊log2⌋ + 1 bits), so everything is accounted for exactly.
  await page.selectOption('#list-scheme', 'move-index');
  const index = await listBits();
  const gamma = 2 * Math.floor(Math.log2(plies + 1)) + 1;
  assert.equal(index.reduce((s, b) => s + b, 0) + 1 + gamma, total('move-index'));
  // arithmetic: fractional bits a move (shown to 0.01); + 1 bit start, + 6 bits for "the game
  // ends" (1/64), and the coder's last bits, at most 2.
  await page.selectOption('#list-scheme', 'arithmetic');
  const arith = await listBits();
  const sum = arith.reduce((s, b) => s + b, 0);
  const cliBits = total('arithmetic');
  const rest = cliBits - (sum + 1 + 6);
  assert.ok(rest > -0.005 * plies && rest < 2 + 0.005 * plies, `list ${sum} + 7 vs ${cliBits}`);
  assert.equal(Number(await page.getAttribute('#running .whole', 'data-bits')), cliBits);
  // The arithmetic code's header is one bit: the start position is the standard one.
  assert.equal(await page.getAttribute('#running .whole', 'data-header-bits'), '1');
  // The bars are as long as the bits: the longest bar is the dearest move.
  const widths = await page.$$eval('#moves .move[data-ply] .mbar', (bs) => bs.map((b) => b.getBoundingClientRect().width));
  const dearest = arith.indexOf(Math.max(...arith));
  assert.equal(widths.indexOf(Math.max(...widths)), dearest);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keys step through the game and the board stays in view at 1280×900', async () => {
  const { page, errors, context } = await open(browser, 'chess.html', { viewport: { width: 1280, height: 900 } });
  await loadSample(page, 2);
  assert.ok(await boardInView(page), 'the board is in view once the game is loaded');
  const count = Number(await page.getAttribute('#game-steps', 'data-count'));
  const { fen: third } = cliJson('chess', 'link', '--pgn', SAMPLE, '--game', '2', '--ply', '3');
  await page.focus('#vboard');
  const scrollY = await page.evaluate(() => scrollY);
  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#game-steps', 'data-at'), String(i));
    assert.ok(await boardInView(page), `board in view after ArrowRight ${i}`);
  }
  assert.deepEqual(await viewerBoard(page), fenBoard(third));
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#game-steps', 'data-at'), '2');
  await page.keyboard.press('End');
  await page.waitForFunction((n) => document.querySelector('#game-steps').dataset.at === String(n), count);
  assert.ok(await boardInView(page), 'board in view at the end');
  // The last move is in the list's view, and the page itself did not scroll.
  const inList = await page.evaluate(() => {
    const list = document.querySelector('#moves').getBoundingClientRect();
    const cur = document.querySelector('#moves [aria-current]').getBoundingClientRect();
    return cur.top >= list.top - 1 && cur.bottom <= list.bottom + 1;
  });
  assert.ok(inList, 'the current move is scrolled into the list');
  assert.equal(await page.evaluate(() => scrollY), scrollY);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#game-steps').dataset.at === '0');
  assert.ok(await boardInView(page));
  // ▶ plays the game by itself, at the bar's speed.
  await page.selectOption('#game-steps [data-step=speed]', '4');
  await page.click('#game-steps [data-step=toggle]');
  await page.waitForFunction(() => Number(document.querySelector('#game-steps').dataset.at) >= 3);
  await page.click('#game-steps [data-step=toggle]');
  assert.equal(await page.getAttribute('#game-steps', 'data-playing'), 'false');
  assert.ok(await boardInView(page), 'board in view after playing');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('#game-steps').dataset.at === '0');
  // Keys from a move in the list step too.
  await page.focus('#moves [data-ply="4"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#game-steps', 'data-at'), '1');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a 360 px phone the viewer is stacked, board on top, without sideways scrolling', async () => {
  const { page, errors, context } = await open(browser, 'chess.html', { viewport: { width: 360, height: 740 }, hasTouch: true });
  await loadSample(page, 1);
  await page.click('#moves [data-ply="10"]');
  const box = (sel) => page.locator(sel).boundingBox();
  const board = await box('#vboard');
  const list = await box('#moves');
  assert.ok(list.y >= board.y + board.height, 'the list is below the board');
  assert.ok(board.width > 250 && board.x >= 0 && board.x + board.width <= 360, JSON.stringify(board));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no horizontal scroll');
  await page.locator('#game').scrollIntoViewIfNeeded();
  await screenshot(page, 'chess-viewer-360-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'chess-viewer-360-dark');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the position panel: every mark has a legend, the Huffman tree reads at its size, the compact rank comes in parts', async () => {
  const { page, errors, context } = await open(browser, 'chess.html', { viewport: { width: 1280, height: 900 } });
  await ready(page);
  // The bars' marks: the bar, the red worst-case tick and the shown scheme's colour.
  const legend = await page.$$eval('#bars-legend span', (s) => s.map((x) => x.className));
  assert.deepEqual(legend, ['l-bar', 'l-worst', 'l-shown']);
  assert.equal(await page.locator('#bars .worst').count(), 7);
  // The tree: 13 leaves (cletus's code has 13 kinds of square), no two labels overlapping,
  // every label at least 11 px tall as drawn.
  await page.selectOption('#scheme', 'huffman');
  const boxes = await page.$$eval('#tree svg text', (ts) => ts.map((t) => t.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
  assert.ok(boxes.length >= 13 * 2);
  for (const b of boxes) assert.ok(b.h >= 11, `a label ${b.h} px tall`);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const overlap = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1;
      assert.ok(!overlap, `labels ${i} and ${j} overlap`);
    }
  }
  // The compact code: the side to move, then the rank in runs by what each part stores; the
  // pawns' run marks the 16 pawns of the start position.
  await page.selectOption('#scheme', 'compact');
  const runs = await page.$$eval('#bitstring .seg', (s) => s.map((x) => ({ label: x.getAttribute('aria-label'), bits: x.textContent.length })));
  assert.ok(runs.length >= 5, runs.map((r) => r.label).join(' | '));
  assert.equal(runs.reduce((s, r) => s + r.bits, 0), 153);
  assert.match(runs[0].label, /^side to move: 1 bits$/);
  const pawns = runs.findIndex((r) => r.label.startsWith('the pawns'));
  await page.hover(`#bitstring .seg >> nth=${pawns}`);
  const marked = await page.$$eval('#board [role=gridcell].hl', (cs) => cs.length);
  assert.equal(marked, 16);
  assert.deepEqual(errors, []);
  await context.close();
});

test('finish: the last move tinted on dark squares too, ←/→ right after Load PGN, one figure for a move\'s bits, the current move on a phone\'s screen', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await loadSample(page, 1);
  // Load PGN by its button: the keys step the game at once (no click on the viewer first).
  await page.click('#load-pgn');
  await page.waitForFunction(() => document.activeElement?.id === 'vboard');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#game-steps[data-at="1"]:not([data-moving])');
  // Every marked square (the last move's two) is tinted, on light and dark squares alike: its
  // painted colour differs from an unmarked square of the same colour.
  for (let ply = 1; ply <= 6; ply++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`#game-steps[data-at="${ply + 1}"]:not([data-moving])`);
    const tints = await page.$$eval('#vboard .cell', (cells) => {
      const shade = (c) => getComputedStyle(c).boxShadow;
      const plain = { dark: cells.find((c) => c.classList.contains('dark') && !c.classList.contains('last')), light: cells.find((c) => !c.classList.contains('dark') && !c.classList.contains('last')) };
      return cells.filter((c) => c.classList.contains('last')).map((c) => [c.classList.contains('dark') ? 'dark' : 'light', shade(c) !== shade(plain[c.classList.contains('dark') ? 'dark' : 'light'])]);
    });
    assert.equal(tints.length, 2, `ply ${ply + 1}: two marked squares`);
    assert.ok(tints.every(([, tinted]) => tinted), `ply ${ply + 1}: ${JSON.stringify(tints)}`);
  }
  // The move's bar and the "why" give the same bits for the move just played.
  const at = Number(await page.getAttribute('#game-steps', 'data-at'));
  const barBits = Number(await page.getAttribute(`#moves .move[data-ply="${at}"]`, 'data-bits'));
  const why = await page.textContent('#why');
  assert.equal(/cost ([\d.]+) bits/.exec(why)?.[1], barBits.toFixed(2));
  assert.deepEqual(errors, []);
  await context.close();

  // A phone: at the end of the game the current move is on screen with the board.
  const phone = await open(browser, 'chess.html', { viewport: { width: 390, height: 844 }, hasTouch: true });
  await loadSample(phone.page, 1);
  await phone.page.locator('#game-steps [data-step=end]').tap();
  await phone.page.waitForFunction(() => {
    const bar = document.querySelector('#game-steps');
    return bar.dataset.at === bar.dataset.count && bar.dataset.moving === undefined;
  });
  const boxes = await phone.page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    };
    return { board: box(document.querySelector('#vboard')), current: box(document.querySelector('#moves .move[aria-current]')), height: innerHeight };
  });
  const onScreen = (b) => b.top >= 0 && b.bottom <= boxes.height;
  assert.ok(onScreen(boxes.board) && onScreen(boxes.current), JSON.stringify(boxes));
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});
