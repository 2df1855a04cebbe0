// The lab pages' share links in headless Chromium: a state set by hand survives a copied link
// into a fresh page and a `hashchange`; bad links show a fresh state and leave the address bar
// as it was; a state too large for a link is saved as a file that the page opens again; Share uses the system sheet where there is one.
// Expected values are the ones the test typed in, not anything the page printed.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { launch, open, screenshot, linkSettled, BASE_URL, ready, savedPath, cli, cliBuilt, clickToCopy, facts } from './harness.mjs';

await cliBuilt();
const browser = await launch();
after(() => browser.close());



/** The lights left after pressing `presses` ([row, col]) on `rows` (strings of 0/1), plus rule. */
function afterPresses(rows, presses) {
  const grid = rows.map((row) => [...row].map(Number));
  for (const [r, c] of presses) {
    for (const [dr, dc] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) {
      if (grid[r + dr] && grid[r + dr][c + dc] !== undefined) grid[r + dr][c + dc] ^= 1;
    }
  }
  return grid;
}

async function labFields(page) {
  return page.evaluate(() => ({
    strategy: document.getElementById('strategy').value,
    f: document.getElementById('f').value,
    seed: document.getElementById('seed').value,
    squares: document.getElementById('squares').value,
  }));
}

async function codesFields(page) {
  return page.evaluate(() => Object.fromEntries(['r', 'msg', 'word', 'vf'].map((id) => [id, document.getElementById(id).value])));
}

/** Whether a section's heading is at the top of the window (below the sticky site header). */
async function atTop(page, heading) {
  const top = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, heading);
  return top >= 0 && top < 100;
}

async function copyLink(page) {
  const onClipboard = await clickToCopy(page, '#share-link');
  const url = await page.inputValue('#share-output');
  assert.equal(onClipboard, url);
  return url;
}

test('the strategy lab round-trips its state through a copied link, a fresh page and hashchange', async () => {
  const { page, errors, context } = await open(browser, 'devil-lab.html');
  await ready(page);
  await page.selectOption('#strategy', 'vasilev');
  await page.selectOption('#f', 'random');
  await page.fill('#seed', '12345678901234567890');
  await page.dispatchEvent('#seed', 'change');
  await page.selectOption('#squares', '64');
  await page.evaluate(() => document.getElementById('h-count').scrollIntoView({ block: 'start' }));
  await linkSettled(page);
  const url = await copyLink(page);
  assert.ok(url.startsWith(`${BASE_URL}/devil-lab.html#lab/v1/`), url);
  const want = { strategy: 'vasilev', f: 'random', seed: '12345678901234567890', squares: '64' };

  const fresh = await open(browser, '');
  await fresh.page.goto(url);
  await ready(fresh.page);
  assert.deepEqual(await labFields(fresh.page), want);
  assert.ok(await atTop(fresh.page, 'h-count'), 'the counting section is in view');

  // A second state, pasted into the bar of the open page.
  await page.selectOption('#strategy', 'coset');
  await page.selectOption('#f', '');
  await page.selectOption('#squares', '16');
  await page.evaluate(() => window.scrollTo(0, 0));
  await linkSettled(page);
  const second = await copyLink(page);
  await fresh.page.evaluate((h) => (location.hash = h), new URL(second).hash);
  await fresh.page.waitForFunction(() => document.getElementById('squares').value === '16');
  assert.deepEqual(await labFields(fresh.page), { strategy: 'coset', f: '', seed: '12345678901234567890', squares: '16' });
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await screenshot(fresh.page, 'share-lab');
  await fresh.context.close();
  await context.close();
});

test('the codes lab round-trips code, words and view through a copied link, a fresh page and hashchange', async () => {
  const { page, errors, context } = await open(browser, 'codes.html');
  await ready(page);
  await page.selectOption('#r', '4');
  await page.fill('#msg', '10110011101');
  await page.fill('#word', '101100111010110');
  await page.dispatchEvent('#word', 'change');
  await page.fill('#words', '0000 1111');
  await page.dispatchEvent('#words', 'change');
  await page.selectOption('#vf', 'majority');
  await page.evaluate(() => document.getElementById('h-check').scrollIntoView({ block: 'start' }));
  await linkSettled(page);
  const url = await copyLink(page);
  assert.ok(url.startsWith(`${BASE_URL}/codes.html#codes/v1/`), url);
  const want = { r: '4', msg: '10110011101', word: '101100111010110', vf: 'majority' };

  const fresh = await open(browser, '');
  await fresh.page.goto(url);
  await ready(fresh.page);
  assert.deepEqual(await codesFields(fresh.page), want);
  assert.deepEqual((await fresh.page.inputValue('#words')).split(/\s+/), ['0000', '1111']);
  assert.ok(await atTop(fresh.page, 'h-check'), 'the checker section is in view');

  await page.fill('#word', '1110000');
  await page.dispatchEvent('#word', 'change');
  const second = await copyLink(page);
  await fresh.page.evaluate((h) => (location.hash = h), new URL(second).hash);
  await fresh.page.waitForFunction(() => document.getElementById('word').value === '1110000');
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
  await context.close();
});

test('a bad lab or codes link shows one line and a fresh state, and leaves the hash as it was', async () => {
  for (const hash of ['#lab/v1/@@@', '#lab/v9/AAAA', '#codes/v1/AAAA', '#codes/v1/A', '#codes/v2/AAAA']) {
    const path = hash.startsWith('#lab/') || hash === '#codes/v1/AAAA' ? 'devil-lab.html' : 'codes.html';
    const { page, errors, context } = await open(browser, `${path}${hash}`);
    await ready(page);
    assert.equal(await page.getAttribute('#message', 'data-kind'), 'error', hash);
    const text = await page.textContent('#message');
    assert.match(text, /^That link could not be opened: .+\. Here is a fresh/, hash);
    assert.ok(!text.includes('\n'), 'one line');
    await linkSettled(page);
    assert.equal(await page.evaluate(() => location.hash), hash);
    if (path === 'devil-lab.html') assert.deepEqual(await labFields(page), { strategy: 'vasilev', f: 'popcount3', seed: '1', squares: '8' });
    else assert.deepEqual(await codesFields(page), { r: '3', msg: '1011', word: '1110010', vf: 'popcount3' });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a words list too large for a link is saved as a file that the page opens again', async () => {
  const { page, errors, context } = await open(browser, 'codes.html');
  await ready(page);
  // 800 pseudo-random 16-bit words (the checker's longest): 12,800 bits that do not compress,
  // far over 2,000 characters.
  let x = 0x2545f491;
  const words = [];
  for (let i = 0; i < 800; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    words.push((x >>> 16).toString(2).padStart(16, '0'));
  }
  await page.fill('#words', words.join(' '));
  await page.dispatchEvent('#words', 'change');
  await clickToCopy(page, '#share-link');
  await page.waitForFunction(() => document.getElementById('message').dataset.kind === 'error');
  assert.equal(await page.getAttribute('#message', 'data-kind'), 'error');
  assert.equal((await facts(page, '#message')).link, 'too-large');
  assert.equal(await page.isVisible('#save-state'), true);
  const link = await page.evaluate(() => location.href);
  assert.ok(link.length <= 2000, `the link without the words has ${link.length} characters`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-state')]);
  const path = await savedPath(download);
  assert.deepEqual(readFileSync(path, 'utf8').trim().split('\n'), words);

  const fresh = await open(browser, 'codes.html');
  await ready(fresh.page);
  await fresh.page.setInputFiles('#words-file', path);
  await fresh.page.waitForFunction(() => document.getElementById('words').value.length > 1000);
  assert.deepEqual((await fresh.page.inputValue('#words')).split(/\s+/), words);
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
  await context.close();
});

test('Share opens the system share sheet where navigator.share exists, and copies elsewhere', async () => {
  const { page, errors, context } = await open(browser, '');
  await context.addInitScript(() => {
    navigator.share = async (data) => {
      window.sharedData = data;
    };
  });
  for (const path of ['codes.html', 'devil.html']) {
    await page.goto(`${BASE_URL}/${path}`);
    await ready(page);
    const button = path === 'codes.html' ? '#share-link' : '#copy-link';
    assert.equal(await page.textContent(button), 'Share');
    await page.click(button);
    // The click handler is async (the link is made first): wait for the sheet and the feedback.
    const shared = await (await page.waitForFunction(() => window.sharedData)).jsonValue();
    assert.ok(shared.url.startsWith(`${BASE_URL}/${path}#`), shared.url);
    await page.waitForFunction(() => document.querySelector('#message').textContent !== '');
    assert.equal(await page.textContent('#message'), 'Link shared.');
  }
  assert.deepEqual(errors, []);
  await context.close();

  const plain = await open(browser, 'codes.html');
  await ready(plain.page);
  assert.equal(await plain.page.textContent('#share-link'), 'Copy link');
  await clickToCopy(plain.page, '#share-link');
  await plain.page.waitForSelector('#message[data-link=copied]');
  await plain.context.close();
});

test('a Lights board too large for a link is saved as a board file that the page opens again', async () => {
  // 128×128 lights left by pseudo-random presses (so the board is solvable): 16,384 bits with no
  // seed to start from, more than a link holds.
  let x = 0x1234567;
  const pressed = [];
  for (let r = 0; r < 128; r++) {
    for (let c = 0; c < 128; c++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      if ((x >>> 16) & 1) pressed.push([r, c]);
    }
  }
  const rows = afterPresses(Array(128).fill('0'.repeat(128)), pressed).map((row) => row.join(''));
  const text = `${rows.join('\n')}\n`;
  const dir = mkdtempSync(join(tmpdir(), 'share-'));
  const original = join(dir, 'board.txt');
  writeFileSync(original, text);

  const { page, errors, context } = await open(browser, 'lights.html');
  await ready(page);
  await page.setInputFiles('#board-file', original);
  await page.waitForFunction(() => document.getElementById('rows').value === '128');
  await clickToCopy(page, '#copy-link');
  await page.waitForFunction(() => document.getElementById('message').dataset.kind === 'error');
  assert.equal(await page.getAttribute('#message', 'data-kind'), 'error');
  assert.equal((await facts(page, '#message')).link, 'too-large');
  const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#save-state')]);
  const savedFile = await savedPath(saved);
  assert.equal(readFileSync(savedFile, 'utf8'), text);

  // The command-line tool reads the page's file: its presses clear the lights (checked here by
  // pressing them in the test), and its own 128×128 pattern file opens in the page unchanged.
  const solved = JSON.parse(cli('lights-out', 'solve', '--json', '--pattern-file', savedFile));
  const presses = solved.presses; // [row, col] pairs
  assert.ok(presses.length > 0);
  assert.ok(afterPresses(rows, presses).every((row) => row.every((v) => v === 0)));
  const fromCli = join(dir, 'cli.txt');
  cli('lights-out', 'random', '--rows', '128', '--cols', '128', '--seed', '77', '--out', fromCli);
  await page.setInputFiles('#board-file', fromCli);
  await page.waitForFunction(() => document.getElementById('message').textContent === '');
  await clickToCopy(page, '#copy-link');
  await page.waitForFunction(() => document.getElementById('message').dataset.kind === 'error');
  const [cliSaved] = await Promise.all([page.waitForEvent('download'), page.click('#save-state')]);
  assert.equal(readFileSync(await savedPath(cliSaved), 'utf8'), readFileSync(fromCli, 'utf8'));

  // The saved file opens in a fresh page and saves back to the same lights.
  const fresh = await open(browser, 'lights.html');
  await ready(fresh.page);
  await fresh.page.setInputFiles('#board-file', savedFile);
  await fresh.page.waitForFunction(() => document.getElementById('rows').value === '128');
  await clickToCopy(fresh.page, '#copy-link');
  const [again] = await Promise.all([fresh.page.waitForEvent('download'), fresh.page.click('#save-state')]);
  assert.equal(readFileSync(await savedPath(again), 'utf8'), text);
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
  await context.close();
});
