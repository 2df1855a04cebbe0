// The step bar's model (www/js/components/step-bar.js) under Node, with a hand-driven clock:
// every move is one step (a jump is one leap for a view that leaps), pause stops the clock's next step, a view that says its steps no
// longer fit stops the stepper for good.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Stepper, SPEEDS, DEFAULT_SPEED } from '../../www/js/components/step-bar.js';

/** A clock the test advances by hand: `run()` fires the earliest pending timer. */
function fakeClock() {
  /** @type {{fn: () => void, ms: number, id: number}[]} */
  let pending = [];
  let next = 1;
  return {
    schedule: (/** @type {() => void} */ fn, /** @type {number} */ ms) => {
      pending.push({ fn, ms, id: next });
      return next++;
    },
    unschedule: (/** @type {unknown} */ id) => {
      pending = pending.filter((t) => t.id !== id);
    },
    get pending() {
      return pending;
    },
    run() {
      const t = pending.shift();
      if (t) t.fn();
      return t;
    },
  };
}

/** A "board" that is the list of steps applied so far, so a walk can be checked by value.
 * @param {number} count @param {ReturnType<typeof fakeClock>} [clock] */
function recorder(count, clock) {
  /** @type {number[]} */
  const applied = [];
  /** @type {[number, number][]} */
  const calls = [];
  const stepper = new Stepper({
    count,
    schedule: clock?.schedule,
    unschedule: clock?.unschedule,
    go: (to, from) => {
      calls.push([from, to]);
      if (to > from) applied.push(from);
      else assert.equal(applied.pop(), to, 'going back undoes the last step applied');
    },
  });
  return { stepper, applied, calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('seek walks one step at a time, both ways, and clamps', async () => {
  const { stepper, applied, calls } = recorder(5);
  await stepper.seek(3);
  assert.deepEqual(applied, [0, 1, 2]);
  await stepper.seek(1);
  assert.deepEqual(applied, [0]);
  assert.deepEqual(calls, [[0, 1], [1, 2], [2, 3], [3, 2], [2, 1]]);
  await stepper.seek(99);
  assert.equal(stepper.at, 5);
  await stepper.seek(-4);
  assert.equal(stepper.at, 0);
  assert.deepEqual(applied, []);
});

test('forward and back move exactly one step; quick clicks are chained, not interleaved', async () => {
  const { stepper, applied } = recorder(4);
  stepper.forward();
  stepper.forward();
  stepper.back();
  await stepper.forward();
  assert.equal(stepper.at, 2);
  assert.deepEqual(applied, [0, 1]);
});

test('play steps once per delay of the chosen speed, and pause stops the next step', async () => {
  const clock = fakeClock();
  const { stepper } = recorder(4, clock);
  assert.equal(stepper.speed, DEFAULT_SPEED);
  stepper.setSpeed(2);
  stepper.play();
  await settle();
  assert.equal(clock.pending.length, 1);
  assert.equal(clock.pending[0].ms, 0, 'the first step comes at once');
  clock.run();
  await settle();
  assert.equal(stepper.at, 1);
  assert.equal(clock.pending[0].ms, SPEEDS[2][1]);
  clock.run();
  await settle();
  assert.equal(stepper.at, 2);
  stepper.pause();
  assert.equal(clock.pending.length, 0, 'pausing cancels the timer');
  assert.equal(stepper.playing, false);
  await settle();
  assert.equal(stepper.at, 2, 'nothing moves while paused');
  await stepper.forward();
  assert.equal(stepper.at, 3, 'a step while paused moves exactly one');
});

test('play runs to the end and stops there; play at the end starts again from 0', async () => {
  const clock = fakeClock();
  const { stepper, applied } = recorder(2, clock);
  stepper.play();
  for (let i = 0; i < 10 && (clock.pending.length || stepper.playing); i++) {
    await settle();
    clock.run();
    await settle();
  }
  assert.equal(stepper.at, 2);
  assert.equal(stepper.playing, false);
  stepper.play();
  await settle();
  assert.equal(stepper.at, 0, 'walked back to the start');
  assert.deepEqual(applied, []);
  assert.equal(stepper.playing, true);
});

test('a view that leaps gets one call a jump; forward and back are still one step', async () => {
  /** @type {[number, number][]} */
  const calls = [];
  let allowed = 4;
  const stepper = new Stepper({ count: 200, leaps: true, go: (to, from) => (calls.push([from, to]), allowed-- > 0 ? undefined : false) });
  await stepper.end();
  await stepper.back();
  await stepper.start();
  await stepper.forward();
  assert.deepEqual(calls, [[0, 200], [200, 199], [199, 0], [0, 1]]);
  assert.equal(stepper.at, 1);
  await stepper.end();
  assert.equal(stepper.at, 1, 'a leap the view refuses leaves the position where it was');
  assert.equal(stepper.live, false);
});

test('a view that says the steps no longer fit stops the stepper for good', async () => {
  let allowed = 2;
  const stepper = new Stepper({ count: 5, go: () => (allowed-- > 0 ? undefined : false) });
  await stepper.seek(5);
  assert.equal(stepper.at, 2);
  assert.equal(stepper.live, false);
  await stepper.seek(0);
  assert.equal(stepper.at, 2, 'a stopped stepper does not move');
  stepper.play();
  assert.equal(stepper.playing, false);
});

test('listeners hear every change; bad counts are refused', async () => {
  const { stepper } = recorder(3);
  /** @type {string[]} */
  const seen = [];
  stepper.onChange((s) => seen.push(`${s.at}/${s.walks}`));
  await stepper.seek(3);
  // The walk begins (one under way), each step, the walk ends.
  assert.deepEqual(seen, ['0/1', '1/1', '2/1', '3/1', '3/0']);
  assert.throws(() => new Stepper({ count: -1, go: () => {} }), RangeError);
  assert.throws(() => new Stepper({ count: 1.5, go: () => {} }), RangeError);
});

test('walks counts the seeks queued or under way, so a view can say when what it shows has settled', async () => {
  /** @type {(() => void)[]} */
  const release = [];
  /** @type {number[]} */
  const seen = [];
  const stepper = new Stepper({ count: 5, go: () => new Promise((resolve) => release.push(() => resolve(undefined))) });
  stepper.onChange((s) => seen.push(s.walks));
  assert.equal(stepper.walks, 0);
  const first = stepper.seek(2);
  const second = stepper.seek(1);
  assert.equal(stepper.walks, 2, 'two walks queued');
  assert.equal(seen[0], 1, 'listeners hear that a walk began');
  // Each step waits for its go() to resolve: release them one by one.
  while (stepper.walks > 0) {
    await settle();
    release.shift()?.();
  }
  await Promise.all([first, second]);
  assert.equal(stepper.at, 1);
  assert.equal(seen.at(-1), 0, 'listeners hear that the walks ended');
});
