// End-to-end tests of the codes lab in headless Chromium: the source's 7-bit example, encoding
// checked by recomputing the checks here, the checker, Vasil'ev's code, the source's claim.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, open, screenshot, nextFrame, longTaskLimit, facts } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

/** Hamming syndrome by the definition: XOR of the positions holding a 1. */
const syndrome = (word) => [...word].reduce((acc, b, i) => (b === '1' ? acc ^ (i + 1) : acc), 0);

test('the codes lab examples', async () => {
  const { page, errors, context } = await open(browser, 'codes.html');
  await page.waitForSelector('body[data-ready=true]');
  // The source: 1110010 has syndrome 6 and corrects to 1110000.
  let corrected = await facts(page, '#correct-result');
  assert.deepEqual([corrected.syndrome, corrected.corrected], ['6', '1110000']);
  assert.equal(await page.locator('#regions tr').count(), 2 + 3);
  // Encode with the keyboard: r = 4, an 11-bit message.
  await page.selectOption('#r', '4');
  await page.fill('#msg', '10110011101');
  await page.focus('#encode');
  await page.keyboard.press('Enter');
  const word = (await page.textContent('#encode-result')).match(/[01]{15}/)[0];
  assert.equal(syndrome(word), 0);
  // One error anywhere is found.
  const bad = word.slice(0, 9) + (word[9] === '1' ? '0' : '1') + word.slice(10);
  await page.fill('#word', bad);
  await page.press('#word', 'Enter');
  corrected = await facts(page, '#correct-result');
  assert.deepEqual([corrected.syndrome, corrected.corrected], ['10', word]);
  // Checker, checked as the words are typed: the repetition code is perfect; a bad word is a
  // one-line error.
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#check-result')).dataset.perfect === 'true');
  await page.fill('#words', '000 011');
  await page.waitForSelector('#check-result[data-words="2"][data-length="3"][data-min-distance="2"]'); // 000 and 011 differ in 2 places
  await page.fill('#words', '000 0x1');
  await page.waitForSelector('#check-result[data-refused=true]');
  assert.match(await page.textContent('#check-result'), /'0x1'/, 'the refusal names the word');
  // Vasil'ev's code of length 15, built on load.
  await page.waitForSelector('#build-result[data-coset-strategy-valid]');
  // 2^11 = 2048 words of length 15, perfect (as Hamming's), but not linear; its coset strategy valid.
  const built = await facts(page, '#build-result');
  assert.deepEqual([built.words, built.length, built.perfect, built.linear, built.cosetStrategyValid], ['2048', '15', 'true', 'false', 'true']);
  await page.waitForSelector('#build31-result[data-words-log2]');
  const b31 = await page.textContent('#build31-result');
  // 2^(31 − 5) = 2^26 words of length 31; every random word within distance 1 of exactly one.
  const b31Facts = await facts(page, '#build31-result');
  assert.deepEqual([b31Facts.wordsLog2, b31Facts.length, b31Facts.coveredOnce, b31Facts.samples], ['26', '31', '20000', '20000']);
  const pair = b31.match(/([01]{31}) XOR ([01]{31}) = ([01]{31})/);
  assert.ok(pair, b31);
  // The XOR shown is the XOR of the two words shown.
  const xor = [...pair[1]].map((c, i) => (c === pair[2][i] ? '0' : '1')).join('');
  assert.equal(xor, pair[3]);
  assert.equal((await facts(page, '#claim-result')).confirmed, 'true');
  // The switching walk from the code above, on load: 40 switches, every code reached perfect.
  await page.waitForSelector('#walk-result[data-switches][data-perfect]');
  const walked = await facts(page, '#walk-result');
  assert.deepEqual([walked.switches, walked.perfect], ['40', '40']);
  assert.equal(await page.locator('#walk-steps-list li').count(), 40);
  await screenshot(page, 'codes');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a click on a bit of the word on the board flips it and marks the square its syndrome names', async () => {
  const { page, errors, context } = await open(browser, 'codes.html');
  await page.waitForSelector('body[data-ready=true]');
  // 1110010 on the board of 8 squares: bit i on square i, square 0 without a bit.
  const bits = () => page.$$eval('#hamming-board [role=gridcell]', (cs) => cs.map((c) => c.dataset.bit).join(''));
  assert.equal(await bits(), '01110010');
  assert.equal(await page.getAttribute('#hamming-board', 'data-syndrome'), String(syndrome('1110010')));
  for (const square of [3, 6, 6, 1, 7]) {
    const before = await page.inputValue('#word');
    await page.click(`#hamming-board [data-index="${square}"]`);
    const after = before.slice(0, square - 1) + (before[square - 1] === '1' ? '0' : '1') + before.slice(square);
    assert.equal(await page.inputValue('#word'), after, 'the text box follows the board');
    assert.equal(await bits(), `0${after}`);
    const want = syndrome(after);
    assert.equal(await page.getAttribute('#hamming-board', 'data-syndrome'), String(want));
    const named = await page.$$eval('#hamming-board .cell.named', (cs) => cs.map((c) => Number(c.dataset.index)));
    assert.deepEqual(named, [want]);
    assert.equal((await facts(page, '#correct-result')).syndrome, String(want), 'the sentence states the same syndrome');
  }
  // Typing a word redraws the board (16 squares for a word of 15 bits).
  await page.fill('#word', '000000000000001');
  await page.waitForFunction(() => document.querySelector('#hamming-board').dataset.syndrome === '15');
  assert.equal(await page.locator('#hamming-board [role=gridcell]').count(), 16);
  // Vasil'ev's code on the board of 16 squares: from a codeword, a flip of bit i is named i
  // (the code is perfect: the codeword is the only one within one flip).
  const named = Number(await page.getAttribute('#perfect-board', 'data-named'));
  if (named) await page.click(`#perfect-board [data-index="${named}"]`);
  assert.equal(await page.getAttribute('#perfect-board', 'data-named'), '0');
  for (const square of [1, 9, 15]) {
    await page.click(`#perfect-board [data-index="${square}"]`);
    assert.equal(await page.getAttribute('#perfect-board', 'data-named'), String(square));
    await page.click(`#perfect-board [data-index="${square}"]`);
    assert.equal(await page.getAttribute('#perfect-board', 'data-named'), '0');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

/** Starts recording main-thread tasks over 50 ms (PerformanceObserver 'longtask'), in ms. */
async function recordLongTasks(page) {
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
}

/** What the message line shows, once it names `file`. */
async function messageFor(page, file) {
  await page.waitForFunction((name) => document.querySelector('#message').textContent.includes(name), file);
  return page.textContent('#message');
}

/** 1234567 → '1,234,567'. */
const grouped = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

test('a 50 MB words file is refused by its size at once, with the checker’s limit, and the words typed stay', async () => {
  const { page, errors, context } = await open(browser, 'codes.html');
  await page.waitForSelector('body[data-ready=true]');
  await page.fill('#words', '000 111');
  await recordLongTasks(page);
  // 50,000,000 bytes of 22-bit words, one a line, given as a file on disk: the test driver
  // turns a Buffer into a File with script on the page, itself a task of seconds at this size.
  const dir = mkdtempSync(join(tmpdir(), 'codes-test-'));
  const bigFile = join(dir, 'big-words.txt');
  writeFileSync(bigFile, Buffer.alloc(50_000_000, '0101010101010101010101\n'));
  const started = Date.now();
  await page.setInputFiles('#words-file', bigFile);
  const text = await messageFor(page, 'big-words.txt');
  console.log(`# 50 MB words file: message after ${Date.now() - started} ms`);
  rmSync(dir, { recursive: true });
  // The checker's limit: 4096 words (more than any 16-bit code correcting one error has:
  // 2^16 / 17 < 3856) of 16 bits, each with CR LF.
  const limit = 4096 * (16 + 2);
  assert.equal(
    text,
    `The words file “big-words.txt” was not opened: the checker reads at most ${grouped(limit)} bytes of words (4096 words of 16 bits, one a line); this is 50,000,000 bytes. The words typed are kept.`,
  );
  assert.equal(await page.getAttribute('#message', 'data-kind'), 'error');
  await nextFrame(page);
  const tasks = await page.evaluate(() => window.longTasks);
  console.log(`# long tasks over 50 ms: [${tasks}]`);
  const taskLimit = longTaskLimit();
  assert.ok(tasks.every((ms) => ms <= taskLimit), `long tasks: ${tasks}`);
  assert.equal(await page.inputValue('#words'), '000 111');
  // The same limit for words typed in: one byte over is refused with the same words.
  await page.evaluate((n) => {
    document.querySelector('#words').value = '0'.repeat(16) + ' '.repeat(n - 16);
  }, limit + 1);
  await page.click('#check');
  await page.waitForFunction((n) => document.querySelector('#check-result').textContent.endsWith(`this is ${n} bytes`), grouped(limit + 1));
  assert.match(await page.textContent('#check-result'), new RegExp(`^✘ the checker reads at most ${grouped(limit)} bytes of words .*this is ${grouped(limit + 1)} bytes$`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('an empty, binary or too-long-word file leaves the words typed and names the file; a good one is checked in the Worker', async () => {
  const { page, errors, context } = await open(browser, 'codes.html');
  await page.waitForSelector('body[data-ready=true]');
  const typed = '0000 1111 0011';
  await page.fill('#words', typed);
  const cases = [
    ['empty.txt', Buffer.alloc(0), /“empty\.txt” was not opened: give at least one word of 0s and 1s\. The words typed are kept\.$/],
    ['blank.txt', Buffer.from('\n \n'), /“blank\.txt” was not opened: give at least one word/],
    ['picture.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /“picture\.png” was not opened: it is not a text file/],
    ['nul.txt', Buffer.from('000\n\0\n111\n'), /“nul\.txt” was not opened: it is not a text file \(it holds the control byte 0x00\)/],
    // 17 bits: over the checker's 16 (the same limit as words typed in).
    ['long.txt', Buffer.from('00000000000000000\n11111111111111111\n'), /“long\.txt” was not opened: words here have at most 16 bits; the first has 17\./],
    ['mixed.txt', Buffer.from('000\n1111\n'), /“mixed\.txt” was not opened: the word 1111 has 4 bits, the code has length 3\. The words typed are kept\.$/],
  ];
  for (const [name, buffer, expected] of cases) {
    await page.setInputFiles('#words-file', { name, mimeType: 'text/plain', buffer });
    assert.match(await messageFor(page, name), expected, name);
    assert.equal(await page.getAttribute('#message', 'data-kind'), 'error', name);
    assert.equal(await page.inputValue('#words'), typed, name);
  }
  // A good file: the 16 codewords of the Hamming code of length 7, found here by the
  // definition (the positions holding a 1 XOR to 0).
  const hamming = [];
  for (let x = 0; x < 128; x++) {
    const word = [...Array(7)].map((_, i) => ((x >> i) & 1 ? '1' : '0')).join('');
    if (syndrome(word) === 0) hamming.push(word);
  }
  assert.equal(hamming.length, 16);
  await recordLongTasks(page);
  await page.setInputFiles('#words-file', { name: 'hamming7.txt', mimeType: 'text/plain', buffer: Buffer.from(`${hamming.join('\r\n')}\r\n`) });
  await page.waitForSelector('#check-result[data-words="16"][data-length="7"]');
  assert.equal(await page.inputValue('#words'), hamming.join(' '));
  // Hamming's code of length 7: distance 3, perfect.
  const hammingFacts = await facts(page, '#check-result');
  assert.deepEqual([hammingFacts.minDistance, hammingFacts.perfect], ['3', 'true']);
  assert.equal(await page.locator('#message').isHidden(), true);
  // The largest file the checker takes, 4096 words of 16 bits with CR LF (the words 0 to 4095:
  // the space of the first 12 bits, so linear, distance 1), with no long task on the page.
  const largest = [...Array(4096)].map((_, x) => x.toString(2).padStart(16, '0'));
  const started = Date.now();
  await page.setInputFiles('#words-file', { name: 'largest.txt', mimeType: 'text/plain', buffer: Buffer.from(`${largest.join('\r\n')}\r\n`) });
  await page.waitForSelector('#check-result[data-words="4096"][data-length="16"]');
  console.log(`# 4096 words of 16 bits: checked and shown after ${Date.now() - started} ms`);
  assert.equal(await page.inputValue('#words'), largest.join(' '));
  const largestFacts = await facts(page, '#check-result');
  assert.deepEqual([largestFacts.minDistance, largestFacts.linear], ['1', 'true']);
  await nextFrame(page);
  const tasks = await page.evaluate(() => window.longTasks);
  console.log(`# long tasks over 50 ms: [${tasks}]`);
  const taskLimit = longTaskLimit();
  assert.ok(tasks.every((ms) => ms <= taskLimit), `long tasks: ${tasks}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the switching walk plays on the step bar: pause holds it, a step moves exactly one switch', async () => {
  const { page, errors, context } = await open(browser, 'codes.html');
  await page.waitForFunction(() => document.querySelector('#walk-bar').dataset.count === '40');
  await page.click('#walk-bar [data-step=start]');
  const at = () => page.getAttribute('#walk-bar', 'data-at');
  assert.equal(await at(), '0');
  const [, rank, kernel] = /Startrank (\d+), kernel dimension (\d+)/.exec(await page.textContent('#walk-result'));
  assert.equal(await page.textContent('#walk-at'), `The start: rank ${rank}, kernel dimension ${kernel}.`);
  // Paused at the start: nothing moves for 2 s (a wait on the clock: what is checked is that nothing happens).
  await page.waitForSelector('#walk-bar:not([data-moving])');
  await page.waitForTimeout(2000);
  assert.equal(await at(), '0');
  await page.click('#walk-bar [data-step=forward]');
  await page.waitForFunction(() => document.querySelector('#walk-bar').dataset.at === '1');
  const first = await page.textContent('#walk-steps-list li:first-child');
  const [, position, moved] = /flip position (\d+) on (\d+) codewords/.exec(first);
  assert.equal(await page.textContent('#walk-at'), `After switch 1: position ${position} flipped on ${moved} codewords; ${/rank \d+, kernel \d+/.exec(first)[0].replace('kernel', 'kernel dimension')}.`);
  assert.equal(await page.locator('#walk-steps-list li.current').count(), 1);
  assert.equal(await page.getAttribute('#walk-steps-list li.current', 'class'), 'current');
  await page.waitForSelector('#walk-bar:not([data-moving])');
  await page.waitForTimeout(1500); // on the clock: a second step would come by itself
  assert.equal(await at(), '1', 'one step, then it waits');
  assert.deepEqual(errors, []);
  await context.close();
});
