// End-to-end tests of the codes lab in headless Chromium: the source's 7-bit example, encoding
// checked by recomputing the checks here, the checker, Vasil'ev's code, the source's claim.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, screenshot } from './harness.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Hamming syndrome by the definition: XOR of the positions holding a 1. */
const syndrome = (word) => [...word].reduce((acc, b, i) => (b === '1' ? acc ^ (i + 1) : acc), 0);

test('the codes lab examples', async () => {
  const { page, errors, context } = await open(browser, 'codes.html');
  await page.waitForSelector('body[data-ready=true]');
  // The source: 1110010 has syndrome 6 and corrects to 1110000.
  assert.match(await page.textContent('#correct-result'), /syndrome 6.*1110000/);
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
  assert.match(await page.textContent('#correct-result'), new RegExp(`syndrome 10.*${word}`));
  // Checker: the repetition code is perfect; a bad word is a one-line error.
  await page.click('#check');
  assert.match(await page.textContent('#check-result'), /Perfectyes/);
  await page.fill('#words', '000 011');
  await page.click('#check');
  assert.match(await page.textContent('#check-result'), /Closest pair000, 011/);
  await page.fill('#words', '000 0x1');
  await page.click('#check');
  assert.match(await page.textContent('#message'), /neither 0 nor 1/);
  // Vasil'ev's code of length 15.
  await page.click('#build');
  await page.waitForFunction(() => document.querySelector('#build-result').textContent.includes('coset strategy'));
  const built = await page.textContent('#build-result');
  assert.match(built, /Words2048 of length 15/);
  assert.match(built, /Perfectyes/);
  assert.match(built, /Linearno/);
  assert.match(built, /16 squares\)valid/);
  await page.click('#build31');
  await page.waitForFunction(() => document.querySelector('#build31-result').textContent.includes('Words'));
  const b31 = await page.textContent('#build31-result');
  assert.match(b31, /2\^26 of length 31/);
  assert.match(b31, /20000 of 20000/);
  const pair = b31.match(/([01]{31}) XOR ([01]{31}) = ([01]{31})/);
  assert.ok(pair, b31);
  // The XOR shown is the XOR of the two words shown.
  const xor = [...pair[1]].map((c, i) => (c === pair[2][i] ? '0' : '1')).join('');
  assert.equal(xor, pair[3]);
  await page.click('#claim');
  assert.match(await page.textContent('#claim-result'), /Confirmed/);
  await screenshot(page, 'codes');
  assert.deepEqual(errors, []);
  await context.close();
});
