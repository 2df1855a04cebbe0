// Lights Out: asking the core for solutions — in a Web Worker with progress and cancel when the
// board is large — and what the view does with them: hint, show, check, animate.
import { runJob, isCancelled } from '../../worker-client.js';
import { GRID_MAX, cells, render, drawCursor } from './draw.js';
import { markAt } from './cells.js';
import { Stepper } from '../../components/step-bar.js';
import { found, prefersReducedMotion } from '../../app.js';
import { showResult } from '../../components/result.js';

/** @typedef {import('./controller.js').LightsCtrl} LightsCtrl */
/** @typedef {import('../../types.js').LightsSolution} LightsSolution */
/** @typedef {import('../../types.js').LightsBoard} LightsBoard */
/** @typedef {import('../../types.js').LightsMove} LightsMove */

/**
 * The wasm module that solves and ranks boards of this plan: the page's own, or `lights-full`
 * with the structured solvers (more than two states, king tori), fetched the first time such a
 * board is solved. Those boards are always solved in the Worker (the core's plan says so).
 */
export const solverModule = (/** @type {import('../../types.js').LightsPlan} */ plan) => (plan.full_solvers ? 'lights-full' : 'lights');

/** Runs a core function in the Worker with the progress panel; a cancel rejects (see isCancelled).
 * With `call`, a method of the session `fn` makes (worker.js): the promise gives `{value, …}`.
 * @param {string} fn
 * @param {unknown[]} args
 * @param {'lights' | 'lights-full'} [module]
 * @param {[string, ...unknown[]]} [call]
 * @param {LightsCtrl} ctrl */
export function inWorker(ctrl, fn, args, module = 'lights', call = undefined) {
  return ctrl.whileBusy(() => runJob(fn, args, ctrl.job, module, call).promise);
}

/** The solution of the current lights (cached until they change).
 * @param {boolean} minimal
 * @returns {Promise<LightsSolution>}
 * @param {LightsCtrl} ctrl */
async function solution(ctrl, minimal) {
  const known = ctrl.solutionKnown(minimal);
  if (known) return known;
  const version = ctrl.version;
  const session = found(ctrl.driver?.session, 'the Lights session');
  /** @type {(fewest: boolean) => LightsSolution} */
  const here = (fewest) => session.query('solve', { minimal: fewest });
  // In the Worker, a session of the board shown answers the same question, with progress.
  const inWorkerSession = async (/** @type {boolean} */ fewest, /** @type {'lights' | 'lights-full'} */ module = solverModule(ctrl.plan)) =>
    (await inWorker(ctrl, 'GameSession.create', ['lights', ctrl.settings, ''], module, ['query', 'solve', { minimal: fewest }])).value;
  let result;
  // Boards beyond 4096 are solved once, packed: the core does not search for the fewest presses.
  if (ctrl.plan.heavy_solve) result = await inWorkerSession(minimal);
  else if (!minimal) result = here(false);
  else {
    // Solved here at once; the search for the fewest presses among its solutions goes to the
    // Worker when the core says it is long (up to 2^24 solutions are searched).
    result = here(false);
    if (result.solvable && !result.minimal) result = result.minimal_in_worker ? await inWorkerSession(true, 'lights') : here(true);
  }
  ctrl.keepSolution(version, minimal, result);
  return result;
}

/** Runs `then` with the solution, unless the Worker is busy or the lights changed meanwhile.
 * @param {LightsCtrl} ctrl
 * @param {boolean} minimal
 * @param {(s: LightsSolution) => unknown} then */
async function withSolution(ctrl, minimal, then) {
  if (ctrl.busy) return;
  const version = ctrl.version;
  try {
    const s = await solution(ctrl, minimal);
    // The lights changed while the Worker solved (a link, a new puzzle): the answer is stale.
    if (ctrl.version !== version) return;
    await then(s);
  } catch (err) {
    if (isCancelled(err)) ctrl.ctx.showMessage('Solving cancelled.', 'info', { cancelled: true });
    else ctrl.ctx.showError(err);
  }
}

/** @param {LightsCtrl} ctrl */
const wantMinimal = (ctrl) => ctrl.ctx.$('minimal').checked;

/** Shows why the lights cannot be cleared: a quiet pattern that overlaps them oddly.
 * @param {LightsSolution} s
 * @param {LightsCtrl} ctrl */
function explainUnsolvable(ctrl, s) {
  ctrl.overlay.quiet = s.witness;
  render(ctrl);
  const cover = s.witness_overlap;
  const k = ctrl.spec.states;
  const text =
    k === 2
      ? `Not solvable. The highlighted quiet pattern (pressing all of it changes nothing) covers ${cover} lit light${cover === 1 ? '' : 's'}, ` +
        'an odd number. Every press changes that count by an even number, and a dark board has 0 — so ' +
        'no sequence of presses can clear this pattern.'
      : `Not solvable. The highlighted quiet pattern, weighted by its press counts, overlaps the lights with a sum ` +
        `that is not a multiple of ${k}; no press changes that sum mod ${k}, and a dark board has sum 0.`;
  showResult(ctrl.ctx.$('verdict'), text, { solvable: false, overlap: cover });
  ctrl.ctx.showMessage('This pattern cannot be cleared — see why below.', 'lose');
}

/** Marks one light of a minimal solution, near the cursor when it can.
 * @param {LightsCtrl} ctrl */
export function hint(ctrl) {
  withSolution(ctrl, true, (s) => {
    if (!s.solvable) return explainUnsolvable(ctrl, s);
    const i = markAt(ctrl, found(s.presses, "a solvable board's presses"), ctrl.cursor) ? ctrl.cursor : (s.first_press ?? -1);
    if (i < 0) return ctrl.ctx.showMessage('Nothing to press: the board is dark.', 'win');
    ctrl.overlay.hint = i;
    render(ctrl);
    const r = Math.floor(i / ctrl.spec.cols);
    const c = i % ctrl.spec.cols;
    ctrl.ctx.showMessage(`Hint: press row ${r + 1}, column ${c + 1} (part of a ${s.minimal ? 'minimal' : 'short'} solution of ${s.press_count} presses).`, 'info', {
      hintRow: r + 1,
      hintCol: c + 1,
      minimal: s.minimal,
      solutionPresses: s.press_count,
    });
    if (cells(ctrl) <= GRID_MAX) ctrl.grid.focusCell(i);
    else {
      ctrl.cursor = i;
      drawCursor(ctrl);
    }
  });
}

/** @param {LightsCtrl} ctrl */
export function toggleSolution(ctrl) {
  // A large link still opening in the Worker: no board yet to mark.
  if (!ctrl.shown) return;
  ctrl.showSolution = !ctrl.showSolution;
  ctrl.ctx.$('show-solution').setAttribute('aria-pressed', String(ctrl.showSolution));
  if (ctrl.showSolution) refreshSolution(ctrl);
  else {
    ctrl.overlay.presses = null;
    render(ctrl);
  }
}

/** Marks the solution's presses on the board (while "Show solution" is on).
 * @param {LightsCtrl} ctrl */
export function refreshSolution(ctrl) {
  withSolution(ctrl, wantMinimal(ctrl), (s) => {
    if (!s.solvable) {
      ctrl.showSolution = false;
      ctrl.ctx.$('show-solution').setAttribute('aria-pressed', 'false');
      return explainUnsolvable(ctrl, s);
    }
    ctrl.overlay.presses = s.presses;
    render(ctrl);
    showResult(ctrl.ctx.$('verdict'), `Solution: press the marked lights — ${s.press_count} presses${s.minimal ? ', the fewest possible' : ''}.`, {
      solvable: true,
      presses: s.press_count,
      minimal: s.minimal,
      shown: true,
    });
  });
}

/** Says whether the lights can be cleared, in how many presses and in how many ways.
 * @param {LightsCtrl} ctrl */
export function check(ctrl) {
  withSolution(ctrl, wantMinimal(ctrl), (s) => {
    if (!s.solvable) return explainUnsolvable(ctrl, s);
    const proof = s.minimal
      ? 'the fewest possible'
      : ctrl.plan.packed
        ? 'not minimised: boards beyond 4096 are solved packed, one solution of many'
        : wantMinimal(ctrl)
          ? 'best found, not proven minimal'
          : 'not minimised';
    const many = s.nullity ? ` The board has nullity ${s.nullity}, so there are ${s.nullity <= 30 ? 2 ** s.nullity : `2^${s.nullity}`} solutions.` : ' It is the only solution.';
    showResult(ctrl.ctx.$('verdict'), `Solvable: ${s.press_count} presses (${proof}).${ctrl.spec.states === 2 ? many : ''}`, {
      solvable: true,
      presses: s.press_count,
      minimal: s.minimal,
    });
    ctrl.ctx.showMessage('This pattern can be cleared.', 'win');
  });
}

/** Plays the solution step by step: a press a step, or on a large board a block of rows a
 * step (the core cuts the solution: `plan.step_rows` rows a step, one row up to 200 rows).
 * @param {LightsCtrl} ctrl */
export function animate(ctrl) {
  withSolution(ctrl, wantMinimal(ctrl), async (s) => {
    if (!s.solvable) return explainUnsolvable(ctrl, s);
    // The solution's steps become the session's steps, walked on the step bar: forward makes a
    // step, back takes it back. Anything else that changes the board puts the steps away.
    const perStep = ctrl.plan.step_rows;
    /** @type {number | undefined} */
    let count = 0;
    // The core cuts the solution into steps (a press, or a block of rows, a step).
    stepWith(ctrl, () => {
      count = ctrl.driver?.act((session) => session.load_steps({ presses: s.presses }));
    });
    if (count === undefined) return;
    const stepper = new Stepper({
      count,
      leaps: true,
      go: (to, from) =>
        stepWith(ctrl, () => {
          ctrl.driver?.act((session) => session.step_to(to));
          // A press a step: mark the light the step pressed, or took back.
          const steps = ctrl.driver?.view?.steps;
          const press = /** @type {LightsMove | null | undefined} */ (to > from ? steps?.last : steps?.next);
          if (!perStep && press) ctrl.overlay.hint = press.row * ctrl.spec.cols + press.col;
          if (ctrl.lit === 0) ctrl.ctx.showMessage(`Solved in ${ctrl.moves} presses!`, 'win', { presses: ctrl.moves });
        }),
    });
    const rows = ctrl.spec.rows;
    const rowsOf = (/** @type {number} */ at, /** @type {number} */ n) =>
      at === 0 ? `Step 0 of ${n}` : `Step ${at} of ${n}: rows ${(at - 1) * perStep + 1}–${Math.min(at * perStep, rows)} of ${rows}`;
    ctrl.steps.load(stepper, perStep === 1 ? 'Row' : perStep ? rowsOf : 'Press');
    playUnlessReduced(stepper);
  });
}

/**
 * Runs one step of a step-bar sequence on the board: `change` makes it through the driver
 * (which draws through the view's `changed`), then the board is redrawn with the step's marks.
 * `changed` leaves the step bar alone while `ctrl.stepping` is set; any other change of the
 * lights puts the sequence away (see lights.js).
 * @param {() => void} change
 * @returns {boolean} true when the step was made
 * @param {LightsCtrl} ctrl
 */
export function stepWith(ctrl, change) {
  ctrl.stepping = true;
  try {
    change();
  } finally {
    ctrl.stepping = false;
  }
  render(ctrl);
  return true;
}

/**
 * Starts a step-bar sequence playing, unless the visitor asked for reduced motion: then it
 * waits at its first step for ▶ or →, since content that moves by itself is what they opted
 * out of. No message: the bar below the board says where the sequence stands.
 * @param {Stepper} stepper
 */
export function playUnlessReduced(stepper) {
  if (!prefersReducedMotion()) stepper.play();
}
