// The rotating table's step bar model (www/js/views/table/steps.js) under Node, with a walk
// written here over a list of moves: a seek is one walk straight to its target (not one call a
// step), a game won early stops the bar where it was won, a refused walk leaves the bar where it
// stood, and a later seek overrides one still waiting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StrategySteps } from '../../www/js/views/table/steps.js';

// A strategy of `count` moves whose game is won after move `wonAt` (or never), and a walk over it.
/** @param {number} count @param {number} [wonAt] */
function table(count, wonAt = Infinity) {
  /** @type {[number, number][]} */
  const walks = [];
  let at = 0;
  let refuse = false;
  const stepper = new StrategySteps({ count, go: () => undefined }, async (to, from) => {
    walks.push([from, to]);
    assert.equal(from, at, 'each walk starts where the last one ended');
    if (refuse) return null;
    at = Math.min(to, wonAt);
    return at;
  });
  return { stepper, walks, refuse: () => (refuse = true), at: () => at };
}

test('a seek over thousands of moves is one walk, and lands on its target', async () => {
  const t = table(4096);
  await t.stepper.seek(4000);
  assert.deepEqual(t.walks, [[0, 4000]]);
  assert.equal(t.stepper.at, 4000);
  await t.stepper.seek(10);
  assert.deepEqual(t.walks.at(-1), [4000, 10], 'back in one walk too');
  await t.stepper.seek(99999);
  assert.equal(t.stepper.at, 4096, 'a seek past the end stops at the end');
  await t.stepper.seek(-5);
  assert.equal(t.stepper.at, 0);
});

test('a game won before the target stops the bar where it was won, paused', async () => {
  const t = table(100, 37);
  t.stepper.playing = true;
  await t.stepper.seek(90);
  assert.equal(t.stepper.at, 37);
  assert.equal(t.stepper.goal, 37);
  assert.equal(t.stepper.playing, false);
});

test('a refused walk leaves the bar where it stood', async () => {
  const t = table(100);
  await t.stepper.seek(20);
  t.refuse();
  await t.stepper.seek(60);
  assert.equal(t.stepper.at, 20);
  assert.equal(t.stepper.goal, 20);
});

test('only the last of several seeks made at once is walked', async () => {
  const t = table(1000);
  const first = t.stepper.seek(500);
  const second = t.stepper.seek(700);
  await Promise.all([first, second]);
  assert.equal(t.stepper.at, 700);
  assert.equal(t.at(), 700);
});
