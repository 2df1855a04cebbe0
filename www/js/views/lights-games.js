// Lights Out: the real games. A preset menu (every commercial game) and custom grids (size,
// stencil drawn by clicking, edges up to the projective plane, up to 255 states); a board
// entered fast (Clear, paint by dragging, number keys, paste); the fewest presses as a list to
// tick off; lit-only play. The core's session (GameSession, puzzle `lights-graph`) holds the
// game, its history and its link; the game driver (../game-driver.js) runs Undo, Redo and the
// link; this view draws and forwards input. Its parts live in ./lights-games/.
import { loadCore, errorText } from '../app.js';
import { viewContext, drawTemplate, frameHeight } from '../view.js';
import { segmented, onSegmented, markSegmented } from '../components/segmented.js';
import { stepBarMarkup, mountStepBar, Stepper } from '../components/step-bar.js';
import { driveGame } from '../game-driver.js';
import { runJob, jobPanel, isCancelled } from '../worker-client.js';
import { SHARE_BAR, wireShareBar } from '../components/share-bar.js';
import { drawBoard, focusLight, arrowTarget } from './lights-games/board.js';
import { PressList, stencilEditor } from './lights-games/press-list.js';

export const PAGE = 'lights-games.html';
export const STYLES = ['css/site.css', 'css/lights-games.css'];
export const CORE = 'lights-full';

/** Boards solved on the page's own thread (a few milliseconds at most, see solvesInPage):
 * lit-only play up to 2^16 states, the presets up to 64 lights. Others are solved in a Worker (a session
 * opened from the board's link, `solve` called on it) with progress and Cancel: lit-only 5×5
 * searches 2^25 states, and a custom grid's fewest presses may try 2^24 quiet patterns. */
export const LIT_ONLY_IN_PAGE = 16;
export const USUAL_IN_PAGE = 64;
/** Whether board `d` is solved on the page's own thread: only when that is proven fast (a
 * few milliseconds): lit-only play up to 2^16 states, and the presets up to 64 lights. A custom
 * grid always goes to the Worker: its fewest presses may try 2^24 quiet patterns, and with up
 * to 255 states and any stencil a 3×21 grid took 3.7–4.3 s, a 16-state one 1.95 s.
 * @param {{ lights: unknown[], lit_only: boolean, board: string }} d */
export function solvesInPage(d) {
  const n = d.lights.length;
  return d.lit_only ? n <= LIT_ONLY_IN_PAGE : d.board !== 'grid' && n <= USUAL_IN_PAGE;
}
/** Most lights lit-only play is searched for here: the Deluxe's 6×6; beyond, the deepening
 * search ran 3 to 17 s on 6×7 to 8×8 grids and may still give up. */
export const LIT_ONLY_MOST = 36;

const PRESETS = [
  ['classic', 'Lights Out (5×5)'],
  ['mini', 'Lights Out Mini (4×4)'],
  ['deluxe', 'Lights Out Deluxe, + (6×6)'],
  ['deluxe-x', 'Lights Out Deluxe, x (6×6)'],
  ['2000', 'Lights Out 2000 (off, red, green)'],
  ['cube', 'Lights Out Cube (6 faces)'],
  ['orbix', 'Orbix (12 faces)'],
  ['merlin', "Merlin's Magic Square (3×3)"],
];

export const TEMPLATE = `
<div id="message" hidden></div>
<div class="toolbar" data-embed="full">
  <label>Game <select id="preset" aria-label="Which game">
    ${PRESETS.map(([v, t]) => `<option value="${v}">${t}</option>`).join('')}
    <option value="grid">Custom grid…</option></select></label>
  <button type="button" id="new-game">New random board</button>
  <label><input type="checkbox" id="lit-only"> Lit-only (only a lit light may be pressed)</label>
</div>
<fieldset id="custom" class="custom" data-embed="full" hidden>
  <legend>Custom grid</legend>
  <label>Rows <input type="number" id="rows" min="1" max="64" value="5"></label>
  <label>Columns <input type="number" id="cols" min="1" max="64" value="5"></label>
  <label>States <input type="number" id="k" min="2" max="255" value="2"></label>
  <label>Edges <select id="edges">
    <option value="bounded">bounded</option><option value="torus">torus</option>
    <option value="klein">Klein bottle</option><option value="projective">projective plane</option></select></label>
  <div class="stencil-box"><span id="stencil-title">A press changes (click to draw; the middle is the light pressed):</span>
    <div id="stencil" class="stencil" role="group" aria-labelledby="stencil-title"></div></div>
  <button type="button" id="make-grid">Make this grid</button>
</fieldset>
<div class="games-area">
  <div class="board-column">
    <div class="toolbar" data-embed="compact">
      ${segmented('Mode', 'mode', [['play', 'Play'], ['edit', 'Edit']])}
      <button type="button" id="clear" title="Every light off, and Edit mode to copy your game's lights">Clear</button>
      <button type="button" data-game="undo" aria-keyshortcuts="Control+Z">Undo</button>
      <button type="button" data-game="redo" aria-keyshortcuts="Control+Shift+Z">Redo</button>
    </div>
    <h2 id="board-title" class="board-title"></h2>
    <div id="board" class="games-board" role="group" aria-labelledby="board-title"></div>
    <p class="legend" id="legend"></p>
    <p id="status" aria-live="polite"></p>
    <p class="keyboard-hint" data-embed="full"><small>Edit mode: tap or drag over lights to paint them; any mode: the number keys set the
      focused light's state, arrows move. Play mode: a tap presses.</small></p>
    <details class="paste" data-embed="full">
      <summary>Type or paste a pattern</summary>
      <p><small>One character a light in the game's order (<code>.</code> off, <code>#</code> on, or digits
        <code>0</code>–<code>9</code> for the state), rows on lines; past 10 states, numbers separated by commas.</small></p>
      <textarea id="pattern" rows="6" cols="24" spellcheck="false" aria-label="Pattern of lights"></textarea>
      <div class="toolbar"><button type="button" id="set-pattern">Set the lights</button>
        <button type="button" id="copy-pattern">Show the board as text</button></div>
    </details>
  </div>
  <div class="panel" id="side" data-embed="compact">
    <h2>Presses</h2>
    <div class="toolbar"><button type="button" id="solve" class="primary">Solve</button></div>
    <div id="solve-job"></div>
    <p id="plan-info" aria-live="polite"></p>
    ${stepBarMarkup('press-bar')}
    <ol id="press-list" class="press-list"></ol>
    ${SHARE_BAR}
  </div>
</div>
`;

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
    // Undo/Redo are then one position (see syncPlan).
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
      if (fresh) forgetPlan();
      syncPlan(view);
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
      forgetPlan();
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
    if (view.solved) return planSay('Every light is already off.');
    if (drawn.lit_only && n > LIT_ONLY_MOST) {
      return planSay(
        `Lit-only play on ${n} lights is too large for this page (it searches up to ${LIT_ONLY_MOST}, the Deluxe's 6×6; beyond, a search can take minutes and still give up): the command line tries it (lights-out solve --lit-only).`,
        'error',
      );
    }
    solving?.cancel();
    const started = performance.now();
    /** @type {number[] | undefined} */
    let moves;
    if (solvesInPage(drawn)) {
      try {
        moves = /** @type {number[] | undefined} */ (driver.session?.solution(null));
      } catch (err) {
        return planSay(errorText(err), 'error');
      }
    } else {
      const link = view.link;
      const exact = drawn.lit_only && n <= drawn.lit_only_exact;
      planSay(exact ? `Searching the 2^${n} states of lit-only play…` : 'Solving…');
      const job = runJob('GameSession.open', [link], solvePanel, CORE, ['solve', null]);
      solving = job;
      try {
        moves = (await job.promise).steps;
      } catch (err) {
        if (solving === job) planSay('');
        if (!isCancelled(err)) planSay(errorText(err), 'error');
        return;
      } finally {
        if (solving === job) solving = null;
      }
      if (shown?.link !== link) return planSay('The board changed while it was being solved: press Solve again.');
    }
    const ms = Math.round(performance.now() - started);
    // A Worker's solve that loaded no steps gives none (src/wasm/game.rs always loads some).
    const presses = moves;
    if (!presses || driver.act((s) => s.load_steps(presses)) === undefined) return;
    list.load(presses, drawn.labels);
    const stepper = new Stepper({
      count: presses.length,
      go: (to) => {
        let ok = false;
        driver.act((s) => {
          s.step_to(to);
          ok = true;
        });
        return ok;
      },
    });
    stepBar.load(stepper, 'Press');
    const how = drawn.lit_only ? 'lit-only, in a legal order' : 'in any order';
    // The fewest is proven when the quiet patterns can all be tried (every preset).
    const fewest = drawn.board === 'grid' && !drawn.lit_only ? 'the fewest when the grid has at most 2^24 quiet patterns' : 'the fewest';
    planSay(presses.length
      ? `${presses.length} press${presses.length === 1 ? '' : 'es'}, ${fewest} (${how}; found in ${ms} ms). Tick each as you press it on your game, or press it here.`
      : 'Nothing to press.');
    redraw();
  }

  /** The loaded steps' position ticks the list (stepping with the bar, Undo and Redo). */
  function syncPlan(/** @type {import('../game-driver.js').GameView} */ view) {
    const stepper = stepBar.stepper;
    if (!list.moves.length || !view.steps || !stepper) return;
    if (view.steps.count !== list.moves.length) return;
    list.tickFirst(view.steps.at);
    if (stepper.at !== view.steps.at) {
      stepper.at = view.steps.at;
      stepper.goal = view.steps.at;
      stepper.notify();
    }
  }

  /** Says `text` in the Presses panel, by the Solve button (where the eye is after pressing it),
   * scrolled into view when it is off the screen. @param {string} text @param {'info' | 'error'} [kind] */
  function planSay(text, kind = 'info') {
    const el = $('plan-info');
    el.textContent = text;
    el.dataset.kind = kind;
    el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    if (kind !== 'error') return;
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > (globalThis.innerHeight || 0)) el.scrollIntoView({ block: 'nearest' });
  }

  function forgetPlan() {
    list.clear();
    stepBar.clear();
    planSay('Solve for the fewest presses, listed here to tick off.');
  }

  function redraw() {
    if (shown) draw(shown.state);
  }

  function draw(/** @type {import('./lights-games/board.js').Drawn} */ d) {
    drawn = d;
    drawBoard(board, d, { marks: list.remaining(d.lights.length), next: list.next() });
    $('board-title').textContent = d.title + (d.lit_only ? ' — lit-only' : '');
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
    const lit = d.lights.filter((v) => v > 0).length;
    const moves = shown?.moves ?? 0;
    $('status').textContent = shown?.solved
      ? `All lights are off${moves ? ` after ${moves} press${moves === 1 ? '' : 'es'}` : ''}.`
      : `${lit} of ${d.lights.length} lights on; ${moves} press${moves === 1 ? '' : 'es'} made.`;
  }
}
