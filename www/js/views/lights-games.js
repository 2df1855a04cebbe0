// Lights Out: the real games. A preset menu (every commercial game) and custom grids (size,
// stencil drawn by clicking, edges up to the projective plane, up to 255 states); a board
// entered fast (Clear, paint by dragging, number keys, paste); the fewest presses as a list to
// tick off; lit-only play. The core's session (GameSession, puzzle `lights-graph`) holds the
// game, its history and its link; the game driver (../game-driver.js) runs Undo, Redo and the
// link; this view draws and forwards input. Its parts live in ./lights-games/.
import { loadCore, errorText } from '../app.js';
import { viewContext, drawTemplate, frameHeight } from '../view.js';
import { onSegmented, markSegmented } from '../components/segmented.js';
import { mountStepBar } from '../components/step-bar.js';
import { showResult } from '../components/result.js';
import { driveGame } from '../game-driver.js';
import { runJob, jobPanel, isCancelled } from '../worker-client.js';
import { wireShareBar } from '../components/share-bar.js';
import { drawBoard, focusLight, arrowTarget } from './lights-games/board.js';
import { PressList, stencilEditor } from './lights-games/press-list.js';
import { TEMPLATE } from './lights-games/template.js';
import { pressPlan } from './lights-games/plan.js';
import { LIT_ONLY_MOST, solvesInPage, planText, statusText, tooLargeText } from './lights-games/solving.js';

export { TEMPLATE };

export const PAGE = 'lights-games.html';
export const STYLES = ['css/site.css', 'css/lights-games.css'];
export const CORE = 'lights-full';

/** @typedef {import('./lights-games/board.js').Drawn} Drawn */
/** @template S @typedef {import('../game-driver.js').GameView<S>} GameView */

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement | null}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'lights-games' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $, showMessage, showError, clearMessage } = ctx;
  const core = await loadCore(CORE);
  const board = /** @type {HTMLElement} */ ($('board'));
  const stepBar = mountStepBar($('press-bar'));
  ctx.steps = stepBar;
  const list = new PressList($('press-list'), {
    // A tick is a step of the session while the list is its steps: the list, the step bar and
    // Undo/Redo are then one position (see plan.sync).
    onTick: (j, checked) => {
      const stepper = stepBar.stepper;
      if (stepper?.live && shown?.steps && shown.steps.count === list.moves.length) {
        void stepper.seek(checked ? j + 1 : j);
        return true;
      }
      queueMicrotask(redraw);
      return false;
    },
  });
  /** The presses listed and on the step bar (./lights-games/plan.js). */
  const plan = pressPlan($, stepBar, list, (fn) => driver.act(fn));
  const stencil = stencilEditor($('stencil'), '.....\n..#..\n.###.\n..#..\n.....');
  const solvePanel = jobPanel('Solving');
  $('solve-job').append(solvePanel);
  /** The Worker's solve under way, if any. @type {{ cancel: () => void } | null} */
  let solving = null;
  /** @type {'play' | 'edit'} */
  let mode = 'play';
  /** @type {import('./lights-games/board.js').Drawn | null} */
  let drawn = null;
  /** A paint stroke under way: the value painted and the lights painted so far. */
  let stroke = /** @type {{ value: number, cells: Map<number, number> } | null} */ (null);
  /** Set when a paint stroke ends, until its own click comes (see endStroke). */
  let suppressClick = false;
  /** The board whose settings the controls show. */
  let shownShape = '';
  /** Settings of the next fresh game. */
  let settings = /** @type {Record<string, any>} */ ({ preset: 'classic' });

  /** What the session shows (the driver's view, kept here too: the first draw comes before
   * `driveGame` returns). @type {GameView<Drawn> | null} */
  let shown = null;
  const driver = await driveGame(ctx, {
    core,
    fresh: () => core.GameSession.create('lights-graph', { ...settings, lit_only: litOnlyWanted() }, ''),
    draw: (/** @type {GameView<Drawn>} */ view, { fresh }) => {
      shown = view;
      if (fresh) plan.forget();
      plan.sync(view);
      draw(view.state);
    },
    what: 'a random Lights Out board',
  });

  $('preset').addEventListener('change', () => {
    const value = $('preset').value;
    $('custom').hidden = value !== 'grid';
    if (value !== 'grid') {
      settings = { preset: value };
      driver.restart();
    }
  });
  $('make-grid').addEventListener('click', () => {
    settings = {
      grid: {
        rows: Number($('rows').value),
        cols: Number($('cols').value),
        k: Number($('k').value),
        edges: $('edges').value,
        stencil: stencil.text(),
      },
    };
    driver.restart();
  });
  $('new-game').addEventListener('click', () => driver.restart());
  $('lit-only').addEventListener('change', () => edit({ lit_only: $('lit-only').checked }));
  onSegmented(ctx, 'mode', (m) => setMode(/** @type {'play' | 'edit'} */ (m)));
  $('clear').addEventListener('click', () => {
    edit({ clear: null });
    setMode('edit');
  });
  $('set-pattern').addEventListener('click', () => edit({ pattern: $('pattern').value }));
  $('copy-pattern').addEventListener('click', () => {
    $('pattern').value = drawn?.pattern ?? '';
  });
  $('solve').addEventListener('click', () => solve());

  board.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('button.light');
    if (!b || !drawn) return;
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const i = Number(/** @type {HTMLElement} */ (b).dataset.index);
    if (mode === 'edit') edit({ set: [i, (drawn.lights[i] + 1) % drawn.k] });
    else press(i);
    focusLight(board, i);
  });
  board.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    suppressClick = false;
    const b = /** @type {HTMLElement} */ (e.target).closest('button.light');
    if (!b || !drawn || e.ctrlKey || e.metaKey || e.altKey) return;
    const i = Number(/** @type {HTMLElement} */ (b).dataset.index);
    if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      const v = Number(e.key);
      if (v >= drawn.k) return showError(`${drawn.labels[i]} has states 0 to ${drawn.k - 1}, not ${v}`);
      if (edit({ set: [i, v] })) focusLight(board, Math.min(i + 1, drawn.lights.length - 1));
      return;
    }
    const to = arrowTarget(drawn, i, e.key);
    if (to >= 0) {
      e.preventDefault();
      focusLight(board, to);
    }
  });
  board.addEventListener('paste', (/** @type {ClipboardEvent} */ e) => {
    const text = e.clipboardData?.getData('text') ?? '';
    if (!text) return;
    e.preventDefault();
    edit({ pattern: text });
  });
  // Painting: in Edit mode a stroke sets every light it passes over to the value the first
  // light gets (its next state), and is one edit of the session when the pointer lifts.
  board.addEventListener('pointerdown', (e) => {
    suppressClick = false;
    const b = /** @type {HTMLElement} */ (e.target).closest('button.light');
    if (mode !== 'edit' || !b || !drawn || e.button > 0) return;
    e.preventDefault();
    const i = Number(/** @type {HTMLElement} */ (b).dataset.index);
    stroke = { value: (drawn.lights[i] + 1) % drawn.k, cells: new Map() };
    board.setPointerCapture?.(e.pointerId);
    paint(/** @type {HTMLElement} */ (b));
  });
  board.addEventListener('pointermove', (e) => {
    if (!stroke) return;
    const under = /** @type {Document | ShadowRoot} */ (ctx.root).elementFromPoint(e.clientX, e.clientY);
    const b = under?.closest('button.light');
    if (b && board.contains(b)) paint(/** @type {HTMLElement} */ (b));
  });
  const endStroke = () => {
    if (!stroke) return;
    const cells = [...stroke.cells];
    stroke = null;
    // The click the browser makes of this stroke's own press and release is not another edit.
    // It comes as a task of its own, after timers on a busy page, so it is recognised by what
    // comes before it (no new pointerdown or key), not by a timer.
    suppressClick = true;
    edit({ paint: cells });
  };
  board.addEventListener('pointerup', endStroke);
  board.addEventListener('pointercancel', endStroke);

  wireShareBar(ctx, {
    link: () => shown?.link,
    title: 'Lights Out: the real games',
    frameSize: (/** @type {string} */ embedView = 'full') => ({ width: 460, height: frameHeight('lights-graph', embedView) }),
  });

  setMode('play');
  ctx.ready();

  function litOnlyWanted() {
    return Boolean($('lit-only').checked);
  }

  function paint(/** @type {HTMLElement} */ b) {
    const i = Number(b.dataset.index);
    if (!stroke || stroke.cells.has(i)) return;
    stroke.cells.set(i, stroke.value);
    b.dataset.state = String(stroke.value);
  }

  function setMode(/** @type {'play' | 'edit'} */ m) {
    mode = m;
    markSegmented(ctx, 'mode', m);
    // Not `data-mode`: that marks the Mode buttons, which the embed composer lists as options.
    board.dataset.input = m;
  }

  /** An edit of the lights or the rule: the session starts again from it, the list is gone. */
  function edit(/** @type {unknown} */ change) {
    let ok = false;
    driver.act((s) => {
      s.edit(change);
      ok = true;
    });
    if (ok) {
      plan.forget();
      clearMessage();
      redraw();
    }
    return ok;
  }

  /** A press on the page: the list's next step when it is one, else a move of its own. */
  function press(/** @type {number} */ i) {
    const steps = shown?.steps;
    const stepper = stepBar.stepper;
    if (list.moves.length && steps && stepper?.live && steps.at < steps.count && list.moves[steps.at] === i) {
      void stepper.seek(steps.at + 1);
      return;
    }
    let ok = false;
    driver.act((s) => {
      s.play(i);
      ok = true;
    });
    if (!ok) return;
    clearMessage();
    if (list.moves.length) {
      stepBar.clear();
      if (!list.tickPress(i)) showMessage(`${drawn?.labels[i]} is not on the list: the list no longer clears the board (Solve again).`);
    }
    redraw();
  }

  /** Solves the board shown (in the Worker when large, see USUAL_IN_PAGE) and loads the
   * presses as the list and the step bar's steps. */
  async function solve() {
    const view = shown;
    if (!view || !drawn) return;
    const n = drawn.lights.length;
    if (view.solved) return plan.say('Every light is already off.', 'info', { stage: 'solved' });
    if (drawn.lit_only && n > LIT_ONLY_MOST) {
      return plan.say(tooLargeText(n), 'error', { stage: 'too-large', lights: n, most: LIT_ONLY_MOST });
    }
    solving?.cancel();
    const started = performance.now();
    /** @type {number[] | undefined} */
    let moves;
    if (solvesInPage(drawn)) {
      try {
        moves = /** @type {number[] | undefined} */ (driver.session?.solution(null));
      } catch (err) {
        return plan.say(errorText(err), 'error');
      }
    } else {
      const link = view.link;
      const exact = drawn.lit_only && n <= drawn.lit_only_exact;
      plan.say(exact ? `Searching the 2^${n} states of lit-only play…` : 'Solving…', 'info', exact ? { stage: 'searching', statesLog2: n } : { stage: 'solving' });
      const job = runJob('GameSession.open', [link], solvePanel, CORE, ['solve', null]);
      solving = job;
      try {
        moves = (await job.promise).steps;
      } catch (err) {
        if (solving === job) plan.say('');
        if (!isCancelled(err)) plan.say(errorText(err), 'error');
        return;
      } finally {
        if (solving === job) solving = null;
      }
      if (shown?.link !== link) return plan.say('The board changed while it was being solved: press Solve again.');
    }
    const ms = Math.round(performance.now() - started);
    // A Worker's solve that loaded no steps gives none (src/wasm/game.rs always loads some).
    const presses = moves;
    if (!presses || driver.act((s) => s.load_steps(presses)) === undefined) return;
    plan.load(presses, drawn.labels);
    plan.say(planText(presses.length, drawn, ms), 'info', { stage: 'planned', presses: presses.length, litOnly: drawn.lit_only });
    redraw();
  }

  function redraw() {
    if (shown) draw(shown.state);
  }

  function draw(/** @type {import('./lights-games/board.js').Drawn} */ d) {
    drawn = d;
    drawBoard(board, d, { marks: list.remaining(d.lights.length), next: list.next() });
    showResult($('board-title'), d.title + (d.lit_only ? ' — lit-only' : ''), { board: d.board, rows: d.rows, cols: d.cols, k: d.k, edges: d.edges, litOnly: d.lit_only });
    // The settings show the board's own only when another board comes: what the player is
    // typing or drawing for the next grid stays while they play this one.
    const shape = `${d.board}/${d.rows}×${d.cols}/${d.k}/${d.edges}/${d.stencil}`;
    if (shape !== shownShape) {
      shownShape = shape;
      $('preset').value = d.board;
      $('custom').hidden = d.board !== 'grid';
      if (d.board === 'grid') {
        $('rows').value = String(d.rows);
        $('cols').value = String(d.cols);
        $('k').value = String(d.k);
        $('edges').value = d.edges;
        stencil.set(d.stencil);
      }
    }
    $('lit-only').checked = d.lit_only;
    $('lit-only').disabled = d.k !== 2;
    $('legend').innerHTML =
      d.k <= 3 ? d.states.map((name, v) => `<span class="swatch" data-k="${d.k}" data-board="${d.board}" data-state="${v}">${name}</span>`).join('') : `states 0 to ${d.k - 1}, shown as numbers`;
    $('status').textContent = statusText(d, shown?.moves ?? 0, shown?.solved ?? false);
  }
}
