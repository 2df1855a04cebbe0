// End-to-end tests of the chess codes page in headless Chromium, by mouse and by keyboard.
// Expected values come from the source text (164 Huffman bits for the start board), from the
// FEN written here by hand, and from counting what the page draws.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, screenshot, ready, linkSettled, clickToCopy, facts, pasteLink } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

const CELLS = '#board [role=gridcell]';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Bits shown for each scheme in the bar chart. */
async function bars(page) {
  return page.$$eval('#bars .bar-row', (rows) =>
    Object.fromEntries(rows.map((r) => [r.querySelector('button').textContent, Number.parseInt(r.querySelector('.num').textContent, 10)])),
  );
}

/** Cell of a square such as 'e4' (row 0 is rank 8). */
const cell = (sq) => (8 - Number(sq[1])) * 8 + (sq.charCodeAt(0) - 97);

test('the page loads with the start position and the source figures', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  assert.equal(await page.inputValue('#fen'), START);
  assert.equal(await page.locator(CELLS).count(), 64);
  assert.equal(await page.locator(CELLS).nth(cell('e1')).getAttribute('aria-label'), 'e1, white king');
  const b = await bars(page);
  assert.equal(b.huffman, 164 + 6); // the source's 164 bits, + side to move, castling, en-passant flag
  assert.equal(b.nibble, 257);
  assert.equal(b.compact, 153);
  assert.match(await page.url(), /#chess\/v2\/[A-Za-z0-9_-]{27}$/);
  await screenshot(page, 'chess-start');
  assert.deepEqual(errors, []);
  await context.close();
});

test('editing the board with the mouse changes the bits; illegal boards are explained', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  const before = await bars(page);
  // Pick the eraser and clear e2: the Huffman code of e2 shrinks from 3 bits to 1.
  await page.click('#palette [aria-label^="eraser"]');
  await page.locator(CELLS).nth(cell('e2')).click();
  assert.equal(await page.inputValue('#fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1');
  const after = await bars(page);
  assert.equal(after.huffman, before.huffman - 2);
  assert.equal(after.bitboard, before.bitboard - 1 * 4);
  // Place a white pawn on e4 by picking it and clicking.
  await page.click('#palette [aria-label="white pawn"]');
  await page.locator(CELLS).nth(cell('e4')).click();
  assert.equal(await page.inputValue('#fen'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1');
  // Drag a black queen from the palette onto e3: it gives check to nobody, still legal.
  await page.dragAndDrop('#palette [aria-label="black queen"]', `${CELLS} >> nth=${cell('a3')}`);
  assert.match(await page.inputValue('#fen'), /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/q7\//);
  // Remove the black king: the position is illegal and the page says why.
  await page.click('#palette [aria-label^="eraser"]');
  await page.locator(CELLS).nth(cell('e8')).click();
  assert.match(await page.textContent('#status'), /Illegal position: Black has 0 kings/);
  assert.equal(await page.isDisabled('#copy-link'), true);
  await screenshot(page, 'chess-illegal');
  // Side to move: Black to move while White... put the king back and switch sides.
  await page.click('#palette [aria-label="black king"]');
  await page.locator(CELLS).nth(cell('e8')).click();
  await page.click('[data-side=b]');
  assert.match(await page.inputValue('#fen'), / b KQkq - 0 1$/);
  await page.uncheck('[data-castle="0"]');
  assert.match(await page.inputValue('#fen'), / b Qkq - 0 1$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('hovering a run of bits highlights its square', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  await page.selectOption('#scheme', 'nibble');
  // The nibble scheme writes a1 first: its segment highlights a1 only.
  await page.hover('#bitstring .seg >> nth=0');
  const hl = await page.$$eval(CELLS, (cs) => cs.map((c, i) => (c.classList.contains('hl') ? i : -1)).filter((i) => i >= 0));
  assert.deepEqual(hl, [cell('a1')]);
  // The start position's a1: a white rook that may still castle (its own piece code).
  assert.match(String((await facts(page, '#segment-info')).label), /^a1: white rook that may castle/);
  await page.selectOption('#scheme', 'huffman');
  assert.equal(await page.locator('#tree-box').getAttribute('open'), '');
  assert.equal(await page.locator('#tree circle[fill="#8a3ffc"]').count(), 13);
  await screenshot(page, 'chess-huffman');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: move, place pieces by letter, clear, load a FEN', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  await page.locator(CELLS).nth(0).focus(); // a8
  await page.keyboard.press('ArrowDown'); // a7
  await page.keyboard.press('Delete');
  await page.keyboard.press('ArrowRight'); // b7
  await page.keyboard.press('q');
  assert.equal(await page.inputValue('#fen'), 'rnbqkbnr/1qpppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await page.focus('#fen');
  await page.fill('#fen', '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
  await page.keyboard.press('Enter');
  assert.equal(await page.inputValue('#fen'), '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
  assert.equal(await page.inputValue('#ep'), 'd6');
  await page.fill('#fen', '4k3/8/8/8/8/8/8/4K2R w K - 0 1 extra');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#message'), /FEN not loaded: FEN has 7 fields/);
  // The board is unchanged after a bad FEN.
  assert.equal(await page.locator(CELLS).nth(cell('d5')).getAttribute('data-piece'), 'p');
  assert.deepEqual(errors, []);
  await context.close();
});

test('share a position and reopen the link; a broken link shows a message', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  const fen = 'r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1';
  await page.fill('#fen', fen);
  await page.click('#load-fen');
  const link = await clickToCopy(page, '#copy-link');
  assert.match(link, /chess\.html#chess\/v2\/[A-Za-z0-9_-]{27}$/);
  const again = await context.newPage();
  await again.goto(link);
  await ready(again);
  assert.equal(await again.inputValue('#fen'), fen);
  const bad = await context.newPage();
  const badErrors = [];
  bad.on('pageerror', (e) => badErrors.push(String(e)));
  await bad.goto(link.replace('/v2/', '/v9/'));
  await ready(bad);
  assert.match(await bad.textContent('#message'), /could not be opened: .*version 9/);
  assert.equal(await bad.inputValue('#fen'), START);
  // A link cut short, pasted into the address bar of the open page (hashchange): the good
  // position first clears the message, then the cut link brings it back with the start position,
  // whose own link is the one Copy link gives, while the address bar keeps the cut link.
  await bad.goto(link);
  await bad.waitForFunction((f) => document.querySelector('#fen').value === f, fen);
  assert.equal(await bad.textContent('#message'), '');
  await pasteLink(bad, new URL(link.slice(0, -5)).hash);
  assert.equal(await bad.getAttribute('#message', 'data-kind'), 'error');
  assert.equal(await bad.inputValue('#fen'), START);
  assert.match(await clickToCopy(bad, '#copy-link'), /#chess\/v2\/[A-Za-z0-9_-]{27}$/);
  await linkSettled(bad);
  assert.equal(await bad.evaluate(() => location.href), link.slice(0, -5));
  // The same cut link opened in a new tab (a full load).
  const cut = await context.newPage();
  cut.on('pageerror', (e) => badErrors.push(String(e)));
  await cut.goto(link.slice(0, -5));
  await ready(cut);
  assert.match(await cut.textContent('#message'), /could not be opened/);
  assert.equal(await cut.inputValue('#fen'), START);
  assert.deepEqual(badErrors, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('decode panel: a code gives the position back, garbage gives a clear error', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  await page.selectOption('#scheme', 'huffman');
  const code = String((await facts(page, '#scheme-note')).code);
  await page.click('#clear-board');
  await page.selectOption('#decode-scheme', 'huffman');
  await page.fill('#decode-input', code);
  await page.click('#decode');
  assert.equal(await page.inputValue('#fen'), START);
  assert.equal((await facts(page, '#decode-result')).fen?.split(' ')[0], START.split(' ')[0]);
  await page.fill('#decode-input', '!!!');
  await page.click('#decode');
  assert.match(await page.textContent('#decode-result'), /Not decoded: not valid base64url/);
  await page.selectOption('#decode-scheme', 'compact');
  await page.fill('#decode-input', 'AAAA');
  await page.click('#decode');
  assert.match(await page.textContent('#decode-result'), /Not decoded: the data ends too early/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('paste a PGN and step through it, by mouse and keyboard', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  await page.fill('#pgn', '[Event "t"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *');
  await page.click('#load-pgn');
  await page.waitForSelector('#game:not([hidden])');
  assert.equal(await page.locator('#totals tbody tr').count(), 4);
  // from-to: 1 + Elias gamma of 9 (7 bits) + 12 bits a move.
  assert.equal(await page.textContent('#totals tbody tr:first-child td:nth-child(2)'), String(1 + 7 + 12 * 8));
  for (const td of await page.$$eval('#totals tbody td:nth-child(4)', (t) => t.map((x) => x.textContent))) assert.equal(td, '✓');
  await page.click('#game-steps [data-step=forward]');
  let ply = await facts(page, '#ply');
  // From-to spends 12 bits on every move (6 for each square).
  assert.deepEqual([ply.ply, ply.san, ply.bitsFromTo], ['1', 'e4', '12']);
  assert.equal(await page.inputValue('#fen'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  await page.focus('#move-chart');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  ply = await facts(page, '#ply');
  assert.deepEqual([ply.ply, ply.san], ['3', 'Nf3']);
  await page.keyboard.press('End');
  ply = await facts(page, '#ply');
  assert.deepEqual([ply.ply, ply.san], ['8', 'dxc6']);
  // Why the move cost what it did: its bits (the ply label's arithmetic figure: one figure for
  // a move everywhere) and the model's top feature contributions.
  const why = await facts(page, '#why');
  assert.equal(why.san, 'dxc6');
  assert.equal(await page.locator('#why li').count(), 5);
  // One figure for a move everywhere: the ply label's arithmetic bits are the bits explained.
  assert.equal(why.bits, ply.bitsArithmetic);
  assert.ok(Number(why.rank) >= 1 && Number(why.rank) <= Number(why.legalMoves), `rank ${why.rank} of ${why.legalMoves}`);
  // The editor keeps the position (move counters are not part of it).
  assert.match(await page.inputValue('#fen'), /^r1bqkbnr\/1pp2ppp\/p1p5\/4p3\/4P3\/5N2\/PPPP1PPP\/RNBQK2R w KQkq - /);
  await page.click('#game-steps [data-step=start]');
  assert.deepEqual([(await facts(page, '#ply')).ply, (await facts(page, '#ply')).plies], ['0', '8']);
  assert.equal(await page.textContent('#why'), '');
  // A sample game loads from the picker, which names the players of each game of the file.
  const sample = await page.evaluate(() => fetch('data/chess-sample.pgn').then((r) => r.text()));
  const whites = [...sample.matchAll(/^\[White "([^"]*)"\]/gm)].map((m) => m[1]);
  await page.waitForFunction(() => document.querySelectorAll('#sample option').length > 1);
  const options = await page.$$eval('#sample option', (o) => o.map((x) => x.textContent));
  assert.equal(options.length - 1, whites.length, options.join(' | '));
  whites.forEach((white, i) => assert.ok(options[i + 1].startsWith(`Sample game ${i + 1}: ${white} – `), options[i + 1]));
  await page.selectOption('#sample', '1');
  await page.waitForFunction(() => document.querySelector('#game-index').value === '1');
  await page.click('#game-steps [data-step=end]');
  await screenshot(page, 'chess-game');
  // A bad PGN: one clear line, nothing else changes.
  await page.fill('#pgn', '1. e4 e5 2. Ke3 *');
  await page.click('#load-pgn');
  await page.waitForSelector('#message[data-kind=error]');
  assert.match(await page.textContent('#message'), /PGN not loaded: .*Ke3.*not a legal move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a large PGN is read in a worker, with a progress panel and cancel', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  const sample = await page.evaluate(() => fetch('data/chess-sample.pgn').then((r) => r.text()));
  const big = Array(8).fill(sample).join('\n');
  assert.ok(big.length > 20000);
  await page.fill('#pgn', big);
  await page.click('#load-pgn');
  await page.waitForSelector('#game:not([hidden])');
  // 8 copies of the 6 sample games.
  assert.equal(await page.locator('#game-index option').count(), 48);
  // Cancel: a second load, cancelled while its worker runs (both clicks in one task, so the job
  // cannot finish first), leaves the page as it was.
  await page.evaluate(() => {
    document.querySelector('#load-pgn').click();
    if (document.querySelector('#job-slot .job').hidden) throw new Error('no progress panel while the job runs');
    document.querySelector('#job-slot .job button').click();
  });
  assert.equal(await page.locator('#job-slot .job').isHidden(), true);
  assert.equal(await page.locator('#message').isHidden(), true);
  assert.equal(await page.locator('#game-index option').count(), 48);
  assert.deepEqual(errors, []);
  await context.close();
});

test('move counters: the optional field is shown, and a code with it decodes back', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  await page.selectOption('#scheme', 'huffman');
  const plain = (await bars(page)).huffman;
  await page.check('#with-counters');
  const note = await facts(page, '#scheme-note');
  assert.deepEqual([note.scheme, note.counters], ['huffman', 'true']);
  // The scheme's code padded to whole bytes, then 7 + 16 bits of counters.
  assert.equal(note.bits, String(Math.ceil(plain / 8) * 8 + 23));
  const code = String(note.code);
  await page.selectOption('#decode-scheme', 'huffman');
  await page.fill('#decode-input', code);
  await page.check('#decode-counters');
  await page.click('#decode');
  assert.equal(await page.textContent('#decode-result'), `Decoded: ${START}`);
  // The same code read without the counters field is refused, not misread.
  await page.uncheck('#decode-counters');
  await page.click('#decode');
  assert.match(await page.textContent('#decode-result'), /^Not decoded: .*longer/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a FEN loaded while a PGN is read stays: the game read for the older board is dropped', async () => {
  const { page, errors, context } = await open(browser, 'chess.html');
  await ready(page);
  const sample = await page.evaluate(() => fetch('data/chess-sample.pgn').then((r) => r.text()));
  await page.fill('#pgn', Array(8).fill(sample).join('\n'));
  const fen = '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1';
  // Start the job and load a FEN in the same task, so the job cannot finish in between.
  await page.evaluate((f) => {
    document.querySelector('#load-pgn').click();
    if (document.querySelector('#job-slot .job').hidden) throw new Error('no progress panel while the job runs');
    document.querySelector('#fen').value = f;
    document.querySelector('#load-fen').click();
  }, fen);
  await page.waitForSelector('#message[data-pgn=not-loaded][data-reason=board-changed]', { timeout: 60_000 });
  assert.equal(await page.locator('#job-slot .job').isHidden(), true);
  assert.equal(await page.inputValue('#fen'), fen);
  assert.equal(await page.locator(CELLS).nth(cell('d5')).getAttribute('data-piece'), 'p');
  assert.equal(await page.locator('#game').isHidden(), true);
  // A newer job cancels an older one: the last Load PGN wins, and with the board left alone
  // meanwhile its game is shown from its first position.
  await page.evaluate(() => {
    document.querySelector('#load-pgn').click();
    document.querySelector('#load-pgn').click();
  });
  await page.waitForSelector('#game:not([hidden])', { timeout: 60_000 });
  assert.equal(await page.inputValue('#fen'), START);
  assert.equal(await page.locator('#game-index option').count(), 48);
  assert.equal(await page.locator('#message').isHidden(), true);
  assert.deepEqual(errors, []);
  await context.close();
});
