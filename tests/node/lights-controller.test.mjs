// The Lights view's controller (www/js/views/lights/controller.js) without a page: driven by
// sessions of the real core, as the view's driver drives it. What it reads of the session is
// checked against the session itself and against counts made here; what it holds (marks,
// solutions, the Worker's link, the new puzzle that waits for the Worker) against the rules
// its doc comments state.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './core.mjs';
import { LightsCtrl } from '../../www/js/views/lights/controller.js';
import { lightsSession } from './lights-session.mjs';

const core = await load('lights');
const CLASSIC = { rows: 5, cols: 5, rule: /** @type {const} */ ('plus'), torus: false, states: 2 };

/** A controller, and how many times it asked the core for a plan. */
function controller() {
  const counted = { plans: 0 };
  const ctrl = new LightsCtrl(
    /** @type {typeof core} */ ({
      ...core,
      lights_plan: (/** @type {unknown} */ settings) => {
        counted.plans++;
        return core.lights_plan(settings);
      },
    }),
    null,
  );
  return { ctrl, counted };
}

/** @param {import('../../www/js/game-driver.js').Session} session */
const viewOf = (session) => /** @type {import('../../www/js/game-driver.js').GameView<import('../../www/js/types.js').LightsDrawn>} */ (session.view());

/** Lights on in a board, counted light by light. @param {import('../../www/js/types.js').LightsBoard} board */
const litOf = (board) => core.lights_cells(board, 1, 0, board.spec.rows).reduce((n, s) => n + (s ? 1 : 0), 0);

test('reads the board, seed, presses and lit count from the session view it took', () => {
  const { ctrl } = controller();
  const session = core.GameSession.create('lights', CLASSIC, '2024');
  try {
    ctrl.take(viewOf(session));
    assert.deepEqual(ctrl.spec, CLASSIC);
    assert.equal(ctrl.seed, '2024');
    assert.equal(ctrl.moves, 0);
    assert.equal(ctrl.lit, litOf(ctrl.lights));
    for (const [row, col] of [[0, 0], [2, 3], [4, 4]]) session.play({ row, col });
    ctrl.take(viewOf(session));
    assert.equal(ctrl.moves, 3, 'three presses');
    assert.equal(ctrl.lit, litOf(ctrl.lights));
    assert.equal(ctrl.seed, '2024', 'the seed is kept through presses');
    assert.deepEqual(ctrl.settings, { board: viewOf(session).state.lights, seed: '2024', moves: 3 });
    // The link shown is the session's own.
    assert.equal(ctrl.link, session.query('link', null));
  } finally {
    session.free();
  }
});

test('asks the core for a plan once a board kind, and says when the kind changed', () => {
  const { ctrl, counted } = controller();
  const sessions = [CLASSIC, CLASSIC, { ...CLASSIC, rows: 7 }, { ...CLASSIC, rows: 7 }, { ...CLASSIC, rule: 'x' }].map((s) =>
    core.GameSession.create('lights', { ...s, all: 1 }, ''),
  );
  try {
    const kinds = sessions.map((s) => ctrl.take(viewOf(s)));
    assert.deepEqual(kinds, [true, false, true, false, true]);
    assert.equal(counted.plans, 3);
    assert.equal(ctrl.plan.spec.rule, 'x');
  } finally {
    for (const s of sessions) s.free();
  }
});

test('a view taken makes the marks and the solution asked before stale', () => {
  const { ctrl } = controller();
  const session = core.GameSession.create('lights', CLASSIC, '7');
  try {
    ctrl.take(viewOf(session));
    const version = ctrl.version;
    /** @type {import('../../www/js/types.js').LightsSolution} */
    const fewest = session.query('solve', { minimal: true });
    /** @type {import('../../www/js/types.js').LightsSolution} */
    const some = session.query('solve', { minimal: false });
    assert.equal(ctrl.solutionKnown(false), null, 'nothing asked yet');
    ctrl.keepSolution(version, false, some);
    assert.equal(ctrl.solutionKnown(false), some);
    assert.equal(ctrl.solutionKnown(true), null, 'a solution not minimised is no answer to the fewest presses');
    ctrl.keepSolution(version, true, fewest);
    assert.equal(ctrl.solutionKnown(false), fewest, 'the fewest presses answer either question');
    assert.equal(ctrl.solutionKnown(true), fewest);
    ctrl.overlay.hint = 3;
    session.play({ row: 1, col: 1 });
    ctrl.take(viewOf(session));
    assert.ok(ctrl.version > version);
    assert.equal(ctrl.solutionKnown(false), null, 'the lights changed');
    assert.deepEqual(ctrl.overlay, { presses: null, hint: -1, quiet: null, row: -1 });
    ctrl.keepSolution(version, true, fewest);
    assert.equal(ctrl.solutionKnown(false), null, 'an answer about the lights before is not kept');
  } finally {
    session.free();
  }
});

test('a large board’s link is the one a Worker made of the view still shown', () => {
  const { ctrl } = controller();
  // 257 × 257 lights: more than the 65,536 whose link the session makes in its view.
  const big = { ...CLASSIC, rows: 257, cols: 257 };
  const session = core.GameSession.create('lights', { ...big, all: 0 }, '');
  try {
    const first = viewOf(session);
    ctrl.take(first);
    assert.equal(first.link, null, 'the session leaves the link out');
    assert.equal(ctrl.plan.link_in_worker, true);
    assert.equal(ctrl.link, undefined, 'not made yet');
    // Copy link asks for it at once: made by the session and kept for the view shown.
    ctrl.driver = /** @type {NonNullable<LightsCtrl['driver']>} */ (/** @type {unknown} */ ({ session }));
    const made = ctrl.linkNow();
    assert.equal(typeof made, 'string');
    assert.equal(made, session.query('link', null));
    assert.equal(ctrl.link, made, 'kept');
    assert.deepEqual(lightsSession(core).open(`#${made}`).lights, first.state.lights, 'the link opens the board shown');
    session.play({ row: 0, col: 0 });
    const second = viewOf(session);
    ctrl.take(second);
    assert.equal(ctrl.link, undefined, 'a press makes the link made before stale');
    ctrl.keepLink(first, /** @type {string} */ (made));
    assert.equal(ctrl.link, undefined, 'a link of a view no longer shown is not kept');
  } finally {
    session.free();
  }
  // A small board's link is the session's, or null where none fits: never left to a Worker.
  const small = core.GameSession.create('lights', CLASSIC, '1');
  try {
    ctrl.take(viewOf(small));
    assert.equal(typeof ctrl.link, 'string');
  } finally {
    small.free();
  }
});

test('the new puzzle asked while the Worker is busy is made once it is done, and only then', async () => {
  const { ctrl } = controller();
  let made = 0;
  ctrl.newPuzzle = () => made++;
  /** @type {(value: string) => void} */
  let finish = () => {};
  const job = ctrl.whileBusy(() => new Promise((resolve) => (finish = resolve)));
  assert.equal(ctrl.busy, true);
  ctrl.pendingNew = true;
  finish('answer');
  assert.equal(await job, 'answer');
  assert.equal(ctrl.busy, false);
  assert.equal(made, 0, 'not before the caller has used the answer');
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(made, 1);
  assert.equal(ctrl.pendingNew, false);
  // A job that fails frees the view too, and nothing waited.
  await assert.rejects(
    ctrl.whileBusy(() => Promise.reject(new Error('cancelled'))),
    /cancelled/,
  );
  assert.equal(ctrl.busy, false);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(made, 1);
});

test('before its first view and without a page it says so', () => {
  const { ctrl } = controller();
  assert.equal(ctrl.shown, null);
  assert.throws(() => ctrl.spec, /no Lights board is drawn yet/);
  assert.throws(() => ctrl.plan, /no Lights board is drawn yet/);
  assert.throws(() => ctrl.ctx, /draws on no page/);
});
