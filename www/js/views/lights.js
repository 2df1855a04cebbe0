// The Lights Out view: settings, the board, play/edit, undo and the solving tools; on the page
// also the explore panel and the nullity chart. The core owns every rule (presses, solving,
// chasing, links, the win test); the parts of the view live in ./lights/.
import { loadCore, errorText, found } from '../app.js';
import { GridBoard } from '../board.js';
import { jobPanel, isCancelled, runJob } from '../worker-client.js';
import { viewContext, drawTemplate, frameHeight } from '../view.js';
import { wireShareBar } from '../components/share-bar.js';
import { onSegmented, markSegmented } from '../components/segmented.js';
import { LONG_LINK } from '../share-link.js';
import { driveGame } from '../game-driver.js';
import { showResult } from '../components/result.js';
import { LightsCtrl } from './lights/controller.js';
import { render, drawStatus, setUpCanvas } from './lights/draw.js';
import { inWorker, hint, toggleSolution, refreshSolution, check, animate } from './lights/solve.js';
import { chase } from './lights/chase.js';
import { mountStepBar } from '../components/step-bar.js';
import { explore } from './lights/explore.js';
import { TEMPLATE } from './lights/template.js';

export { TEMPLATE };
import { drawChart } from './lights/chart.js';

export const PAGE = 'lights.html';
export const STYLES = ['css/site.css', 'css/lights.css'];
export const CORE = 'lights';

const CLASSIC = { rows: 5, cols: 5, rule: 'plus', torus: false, states: 2 };
/** @typedef {import('../types.js').LightsBoard} LightsBoard */
/** @typedef {import('../types.js').LightsSpec} LightsSpec */
/** @typedef {import('../types.js').LightsDrawn} LightsDrawn */
/** @template S @typedef {import('../game-driver.js').GameView<S>} GameView */

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement | null}} options
 */
export async function mount(root, { embed = false, link: fragment = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'lights' });
  const ctx = viewContext(root, { page: PAGE, embed, link: fragment, host });
  const { $, showMessage, showError, clearMessage } = ctx;
  /** What the view holds beside the session (./lights/controller.js). */
  const ctrl = new LightsCtrl(await loadCore(CORE), {
    ctx,
    grid: new GridBoard($('board'), { label: 'Lights Out board', onActivate: (index) => input(index, null), onKey: key }),
    job: jobPanel('Working'),
    steps: mountStepBar($('steps')),
  });
  ctrl.newPuzzle = newPuzzle;

  ctx.steps = ctrl.steps;
  $('board').classList.add('lights');
  setUpCanvas(ctrl, { activate: (index) => input(index, null), key });
  $('job-slot').append(ctrl.job);
  $('new-puzzle').addEventListener('click', () => newPuzzle());
  $('all-on').addEventListener('click', () => fill(1));
  $('clear').addEventListener('click', () => {
    if (fill(0)) setMode('edit');
  });
  for (const id of ['rows', 'cols', 'rule', 'edges', 'states']) {
    // Only a real change of settings makes a new puzzle (a blur after typing fires change too).
    $(id).addEventListener('change', () => JSON.stringify(readSpec()) !== JSON.stringify(ctrl.shown?.state.spec) && newPuzzle());
  }
  onSegmented(ctx, 'mode', setMode);
  markSegmented(ctx, 'mode', ctrl.mode);
  $('hint').addEventListener('click', () => hint(ctrl));
  $('show-solution').addEventListener('click', () => toggleSolution(ctrl));
  $('animate').addEventListener('click', () => animate(ctrl));
  $('chase').addEventListener('click', () => chase(ctrl));
  $('check').addEventListener('click', () => check(ctrl));
  wireShareBar(ctx, {
    link: () => ctrl.linkNow(),
    title: 'Lights Out',
    frameSize: (/** @type {string} */ embedView = 'full') => ({ width: 460, height: frameHeight('lights', embedView, ctrl.spec.rows / ctrl.spec.cols) }),
    file: () => found(ctrl.driver?.session, 'the Lights session').query('file', null),
  });
  /** A session of `board` (made in the Worker or read from a file).
   * @param {LightsBoard} board @param {string | null} [seed] @param {number} [moves] */
  const sessionOf = (board, seed = null, moves = 0) => ctrl.core.GameSession.create('lights', { board, seed, moves }, '');
  $('board-file').addEventListener('change', async () => {
    const f = $('board-file').files?.[0];
    if (!f) return;
    try {
      // A file may be a 67 MB pattern: read in the Worker.
      ctrl.driver?.start(sessionOf(await inWorker(ctrl, 'lights_open_file', [new Uint8Array(await f.arrayBuffer()), ctrl.spec])));
      clearMessage();
    } catch (err) {
      showMessage(`That board file could not be opened: ${errorText(err)}`, 'error');
    }
  });
  ctrl.driver = await driveGame(ctx, {
    core: ctrl.core,
    fresh: () => ctrl.core.GameSession.create('lights', CLASSIC, ''),
    draw: (/** @type {GameView<LightsDrawn>} */ view, how) => draw(view, how),
    what: 'a fresh puzzle',
    link: () => (ctrl.shown ? linkSoon() : undefined),
    open: openLink,
    tooLarge: 'This board is too large for a link, so the address bar no longer holds it: “Save as file” keeps it.',
    onTooLarge: (text) => {
      showMessage(text, 'info', { link: 'too-large' });
      $('save-state').hidden = false;
    },
  });
  if (!embed) {
    drawChart(ctrl, (/** @type {LightsSpec} */ spec) => {
      newPuzzle(spec);
      window.scrollTo({ top: 0 });
    });
  }
  ctx.ready();

  // ---- settings, new boards, links ----

  /** The share fragment as the session gives it, made in the Worker (a promise) when the board
   * is large; null when no link fits. */
  function linkSoon() {
    const link = ctrl.link;
    return link === undefined ? linkInWorker() : link;
  }

  async function linkInWorker() {
    const view = ctrl.view;
    const job = runJob('GameSession.create', ['lights', ctrl.settings, ''], null, 'lights', ['query', 'link', null]);
    /** @type {string | null} */
    const made = (await job.promise).value ?? null;
    ctrl.keepLink(view, made);
    return made;
  }

  function readSpec() {
    return {
      rows: Number($('rows').value),
      cols: Number($('cols').value),
      rule: /** @type {LightsSpec['rule']} */ ($('rule').value), // a select of the rules
      torus: $('edges').value === 'torus',
      states: Number($('states').value),
    };
  }

  /** The size inputs' limit and the line beside them that says it (and where larger go).
   * @param {import('../types.js').LightsPlan} plan */
  function showLimits(plan) {
    for (const id of ['rows', 'cols']) $(id).max = String(plan.max_side);
    showResult($('size-note'), plan.note, { maxSide: plan.max_side });
  }

  /** Shows the board's settings in their inputs. @param {LightsSpec} s */
  function writeSpec(s) {
    $('rows').value = String(s.rows);
    $('cols').value = String(s.cols);
    $('rule').value = s.rule;
    $('edges').value = s.torus ? 'torus' : 'bounded';
    $('states').value = String(s.states);
  }

  /** A random solvable puzzle for the settings (or `s`), in the Worker when it is large.
   * @param {LightsSpec} [s] */
  async function newPuzzle(s = readSpec()) {
    if (ctrl.busy) {
      // Settings changed while the Worker runs: make the new puzzle once it is done.
      ctrl.pendingNew = true;
      return;
    }
    try {
      const plan = ctrl.core.lights_plan(s);
      /** @type {[string, LightsSpec, string]} */
      const args = ['lights', s, ''];
      ctrl.driver?.start(plan.heavy_make ? sessionOf(...boardOf(await inWorker(ctrl, 'GameSession.create', args))) : ctrl.core.GameSession.create(...args));
      clearMessage();
    } catch (err) {
      if (ctrl.shown) writeSpec(ctrl.spec);
      if (isCancelled(err)) showMessage('New puzzle cancelled.');
      else showError(err);
    }
  }

  /** Every light in `state` (All on, Clear); false when the settings were refused.
   * @param {number} state */
  function fill(state) {
    if (ctrl.busy) return false;
    try {
      ctrl.driver?.start(ctrl.core.GameSession.create('lights', { ...readSpec(), all: state }, ''));
      clearMessage();
      return true;
    } catch (err) {
      showError(err);
      return false;
    }
  }

  /** The board, seed and presses of a session's view made in the Worker.
   * @param {GameView<LightsDrawn>} view
   * @returns {[LightsBoard, string | null, number]} */
  function boardOf(view) {
    return [view.state.lights, view.state.seed, view.state.moves];
  }

  /** Draws what the session shows; `fresh` after a new game, a link or a file.
   * @param {GameView<LightsDrawn>} view
   * @param {{ fresh: boolean }} how */
  function draw(view, { fresh }) {
    ctrl.take(view);
    if (fresh) {
      ctrl.showSolution = false;
      $('show-solution').setAttribute('aria-pressed', 'false');
      if (!ctrl.pendingNew) writeSpec(ctrl.spec); // settings changed meanwhile stay for the pending puzzle
      showLimits(ctrl.plan);
    }
    changed();
    if (fresh && !embed) explore(ctrl);
  }

  /** Opens a share link (../share-link.js says what a bad one does): the header says how
   * large the board is, and a large board or a long link is decoded in the Worker.
   * @param {string} hash */
  async function openLink(hash) {
    const heavy = ctrl.core.lights_plan(hash).heavy_make || hash.length > LONG_LINK;
    return heavy ? sessionOf(...boardOf(await inWorker(ctrl, 'GameSession.open', [hash]))) : ctrl.core.GameSession.open(hash);
  }

  // ---- playing ----

  /** After any change of the lights (the driver draws through here): drop stale marks and
   * answers, redraw. */
  function changed() {
    if (!ctrl.stepping) followSteps();
    // A win said of lights that are no longer dark (an undo, a step back) is gone.
    if (ctrl.lit > 0 && $('message')?.dataset.kind === 'win') clearMessage();
    showResult($('verdict'), '', {});
    render(ctrl);
    drawStatus(ctrl);
    if (ctrl.showSolution) refreshSolution(ctrl);
  }

  /** Undo and Redo walk the loaded steps as the bar does, so the bar follows the session's
   * position in them; any other change of the lights puts the steps away. */
  function followSteps() {
    const stepper = ctrl.steps.stepper;
    const steps = ctrl.driver?.view?.steps;
    if (!stepper?.live || !steps || steps.count !== stepper.count) return ctrl.steps.clear();
    if (stepper.at !== steps.at) {
      stepper.at = steps.at;
      stepper.goal = steps.at;
      stepper.notify();
    }
  }

  /** Undo or redo, unless the Worker is busy with this board.
   * @param {'undo' | 'redo'} which */
  function act(which) {
    if (ctrl.busy) return;
    if (which === 'undo') {
      ctrl.driver?.undo();
      clearMessage();
    } else ctrl.driver?.redo();
  }

  /**
   * A click (`key` null) or a key on light `index`: the core says what it does in the mode shown
   * (a press; an edit of its state; a digit sets the state), or that it means nothing here.
   * @param {number} index
   * @param {string | null} key
   * @returns {boolean} whether the input meant something (a key that did not goes on)
   */
  function input(index, key) {
    if (ctrl.busy) return key !== null;
    ctrl.cursor = index;
    const presses = ctrl.moves;
    /** @type {boolean | string | undefined} undefined: refused, the driver shows why */
    const said = ctrl.driver?.act((session) => session.input({ cell: index, key, tool: ctrl.mode }, null));
    if (typeof said === 'string') showMessage(said);
    // The move counter counts presses, not edits: a press that darkened the board solved it.
    if (ctrl.moves > presses && ctrl.lit === 0) showMessage(`Solved in ${ctrl.moves} presses!`, 'win', { presses: ctrl.moves });
    return said !== false;
  }

  /** @param {string} mode  a Mode button's value: 'play' or 'edit' */
  function setMode(mode) {
    ctrl.mode = mode === 'edit' ? 'edit' : 'play';
    markSegmented(ctx, 'mode', mode);
    showMessage(mode === 'edit' ? 'Edit mode: clicking a light changes its state. Then ask “Solvable?”.' : 'Play mode: pressing a light switches it and its neighbours.');
  }

  /** The page's shortcuts (H hint, U undo, R redo); other keys go to the board through the core.
   * @param {number} index @param {KeyboardEvent} e */
  function key(index, e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    /** @type {Record<string, () => void>} */
    const shortcuts = { h: () => hint(ctrl), u: () => act('undo'), r: () => act('redo') };
    const shortcut = shortcuts[e.key.toLowerCase()];
    if (shortcut) {
      shortcut();
      return true;
    }
    return input(index, e.key);
  }
}
