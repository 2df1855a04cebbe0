// Worker jobs asked for again and again: Verify on the rotating table clicked twenty times runs
// one job at a time (each click replaces the one still running, whose panel it takes over; a
// replaced job reports nothing), and leaves at most one idle Worker alive. How many clicks
// overlap a job depends on the machine: the checks hold either way. Workers are counted by wrapping the
// page's Worker constructor before any of its scripts run.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, ready } from './harness.mjs';

const browser = await launch();
after(() => browser.close());

test('Verify clicked 20 times: one job at a time, one Cancel, no word from a replaced job, at most one idle Worker left', async () => {
  const { page, errors, context } = await open(browser, 'table.html');
  await page.addInitScript(() => {
    const Real = window.Worker;
    const counts = { made: 0, ended: 0 };
    // @ts-ignore: a test's stand-in that counts
    window.__workers = counts;
    window.Worker = class extends Real {
      constructor(...args) {
        // @ts-ignore
        super(...args);
        counts.made++;
      }
      terminate() {
        counts.ended++;
        super.terminate();
      }
    };
  });
  await page.reload();
  await ready(page);
  // 16 coins: its exact verification takes a while (about half a second here), so clicks overlap it.
  await page.fill('#coins', '16');
  await page.locator('#coins').dispatchEvent('change');
  await page.waitForFunction(() => !document.querySelector('#verify').disabled);
  const alive = () => page.evaluate(() => {
    const w = /** @type {any} */ (window).__workers;
    return w.made - w.ended;
  });
  for (let i = 0; i < 20; i++) {
    await page.click('#verify');
    // At most the job running and one idle Worker.
    assert.ok((await alive()) <= 2, `after click ${i + 1}: ${await alive()} Workers alive`);
  }
  // One panel for the kind, so one Cancel.
  assert.equal(await page.locator('#jobs .job').count(), 1);
  await page.waitForFunction(() => [...document.querySelectorAll('#results p')].some((p) => /** @type {HTMLElement} */ (p).dataset.outcome === 'done'));
  await page.locator('#jobs .job').waitFor({ state: 'hidden' });
  /** What each result line states (`data-check`, `data-outcome`, `data-valid`), newest first. */
  const lines = await page.$$eval('#results p', (ps) => ps.map((p) => ({ ...(/** @type {HTMLElement} */ (p).dataset) })));
  assert.deepEqual([lines[0].check, lines[0].outcome, lines[0].valid], ['verify', 'done', 'true']);
  assert.equal(lines.filter((l) => l.outcome === 'cancelled').length, 0, `a replaced job says nothing: ${JSON.stringify(lines)}`);
  const { made, ended } = await page.evaluate(() => /** @type {any} */ (window).__workers);
  assert.ok(made - ended <= 1, `${made} Workers made, ${ended} ended: ${made - ended} alive`);
  assert.deepEqual(errors, []);
  await context.close();
});
