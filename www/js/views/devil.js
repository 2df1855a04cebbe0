// The Devil's chessboard view: draws a round and forwards clicks and keys to the core.
// Every rule (flips, answers, the strategy, links) is computed by the wasm core; the round, its
// history and its link live in the core's session, driven by ../game-driver.js. `mount` draws
// the view into a page (the document) or an embed's shadow root.
import { errorText, loadCore } from '../app.js';
import { GridBoard } from '../board.js';
import { viewContext, drawTemplate, frameHeight } from '../view.js';
import { wireShareBar } from '../components/share-bar.js';
import { onSegmented, markSegmented } from '../components/segmented.js';
import { driveGame } from '../game-driver.js';
import { Stepper, mountStepBar } from '../components/step-bar.js';
import { TEMPLATE, fillChoices, wirePreferences } from './devil/template.js';
import { devilRenderer } from './devil/render.js';
import { isPlay, ladderExtras, withLadder, roundResult, ladderAround } from './devil/ladder.js';
import { pastedTable as tableFor, strategyOptions as options, firstFlip, explainWith } from './devil/strategy.js';

export { TEMPLATE };

/** The view's page, for share links. */
export const PAGE = 'devil.html';
/** The style sheets the view needs (relative to the site root). */
export const STYLES = ['css/site.css', 'css/devil.css'];
/** The wasm module the view needs. */
export const CORE = 'devil';


/**
 * @typedef {import('../types.js').DevilDrawn} DevilDrawn
 * @typedef {import('../types.js').DevilExtras} DevilExtras
 * @typedef {import('../types.js').DevilGame} DevilGame
 * @typedef {import('../types.js').DevilMode} DevilMode
 * @typedef {import('../types.js').DevilFrame} DevilFrame
 * @typedef {import('../types.js').Ladder} Ladder
 * @typedef {import('../types.js').GameView['status']} Status
 * @typedef {import('../game-driver.js').Session} Session
 */
/**
 * @template S, E
 * @typedef {import('../game-driver.js').GameView<S, E>} GameView
 */

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement | null}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'devil' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $, showMessage, showError, clearMessage } = ctx;

  /** @type {import('../app.js').Cores['devil']} */
  let core;
  /** @type {GridBoard} */
  let board;
  /** @type {Awaited<ReturnType<typeof driveGame<DevilDrawn, DevilExtras>>>} */
  let driver;
  /** The round as the session shows it and how the page shows it (what a share link holds);
   * `dealt` is the round before A's flip. Set by the first draw.
   * @type {DevilDrawn & DevilExtras & { status: Status, ladder: Ladder | null }} */
  let view;
  /** The session drawn last (the driver's, also while it draws its first). @type {Session} */
  let shownSession;
  /** Derived from the view by the core: square names, layout, the animation steps. */
  /** @type {string[]} */
  let names = [];
  /** @type {{rows: number, cols: number}} */
  let layout = { rows: 1, cols: 1 };
  /** @type {DevilFrame[]} */
  let steps = [];
  /** The step bar that walks through Watch's steps (../components/step-bar.js). */
  const bar = mountStepBar($('steps'));
  ctx.steps = bar;
  let editTool = 'coin';
  /** The labels and the live helper, as the visitor chose them. */
  const prefs = wirePreferences(ctx, () => view && render());

  const drawing = devilRenderer({
    ctx,
    get core() { return core; },
    get session() { return shownSession; },
    get board() { return board; },
    get view() { return view; },
    get names() { return names; },
    get layout() { return layout; },
    get steps() { return steps; },
    get labels() { return prefs.labels; },
    get helper() { return prefs.helper; },
  });
  const render = () => drawing.render();

  async function main() {
    core = await loadCore(CORE);
    board = new GridBoard($('board'), { label: "Devil's chessboard", onActivate: (index) => input(index, null), onKey: (index, event) => input(index, event.key) });
    $('board').classList.add('checkered');
    // Whether labels fit depends on the board's width: drawn again when a resize changes that
    // (their size follows the board by itself, in CSS).
    new ResizeObserver(() => {
      if (view && drawing.labelsStale()) render();
    }).observe($('board'));
    fillChoices(ctx, core);
    $('strategy').addEventListener('change', () => setStrategy(Number($('strategy').value)));
    $('ladder-on').addEventListener('change', () => setLadder($('ladder-on').checked));
    $('next-round').addEventListener('click', () => nextRound());
    $('size').addEventListener('change', () => newRound(Number($('size').value)));
    // On the ladder, a new board after a result is the next round (a loss is not skipped).
    $('new-board').addEventListener('click', () => (view.ladder && roundResult(view).over ? nextRound() : newRound(view.game.board.length)));
    onSegmented(ctx, 'mode', setMode);
    onSegmented(ctx, 'tool', setTool);
    setTool(editTool);
    wireShareBar(ctx, {
      link: () => driver.session?.link(),
      title: "The Devil's chessboard",
      frameSize: (/** @type {string} */ embedView = 'full') => {
        const { rows, cols } = core.devil_board(view.game.board.length).layout;
        return { width: 460, height: frameHeight('devil', embedView, rows / cols) };
      },
    });
    driver = await driveGame(ctx, {
      core,
      fresh: () => freshRound(view ? view.game.board.length : 64),
      draw: (/** @type {GameView<DevilDrawn, DevilExtras>} */ game, { fresh, session }) => setView(game, session, fresh),
      what: 'a fresh board',
      beforeChange: () => stop(),
      undo: (session) => undoRound(session, 'undo'),
      redo: (session) => undoRound(session, 'redo'),
    });
    ctx.ready();
  }

  /** A new round of `squares` in the mode and strategy shown (XOR when the strategy cannot play
   * that size, said in the message line), on the ladder `ladder` (or none).
   * @param {number} squares
   * @param {Ladder | null} [ladder]
   * @param {DevilMode} [mode] */
  function freshRound(squares, ladder = view?.ladder ?? null, mode = view ? view.mode : 'watch') {
    const session = core.GameSession.create('devil', { squares }, '');
    let strategy = view ? view.strategy : 0;
    try {
      core.devil_lab_check(strategy, squares, tableFor());
    } catch (err) {
      showMessage(`${errorText(err)}; playing the XOR strategy instead.`, 'error');
      strategy = 0;
    }
    opening(session, mode, strategy, ladder);
    if (!view || strategy === view.strategy) clearMessage();
    return session;
  }

  /** @param {number} squares @param {Ladder | null} [ladder] @param {DevilMode} [mode] */
  function newRound(squares, ladder = view?.ladder ?? null, mode = view?.mode) {
    stop();
    try {
      driver.start(freshRound(squares, ladder, mode));
    } catch (err) {
      showError(err);
    }
  }

  /** Puts `session` at the start of `mode`: the round as dealt; for B, after A's hidden flip.
   * Only Play as A and B climb a ladder.
   * @param {Session} session
   * @param {DevilMode} mode
   * @param {number} strategy
   * @param {Ladder | null} [ladder] */
  function opening(session, mode, strategy, ladder = null) {
    session.edit({ deal: null });
    const climbing = isPlay(mode) ? ladder : null;
    session.set_extras({ mode, strategy, step: 0, ...ladderExtras(climbing) });
    if (mode === 'play_b') session.edit({ hand_to_b: firstFlip(session.solution(options(strategy))) });
  }

  /** @param {string} mode  a Mode button's value */
  function setMode(mode) {
    stop();
    clearMessage();
    driver.act((s) => opening(s, /** @type {DevilMode} */ (mode), view.strategy, view.ladder));
  }

  /** Starts the ladder at its first rung (as A, unless playing B), or leaves it.
   * @param {boolean} on */
  function setLadder(on) {
    clearMessage();
    if (!on) {
      driver.act((s) => s.set_extras({ mode: view.mode, strategy: view.strategy, step: view.step, ...ladderExtras(null) }));
      return;
    }
    const { next, squares } = ladderAround(shownSession);
    newRound(squares[next.rung], next, view.mode === 'play_b' ? 'play_b' : 'play_a');
  }

  /** After a round: on the ladder, the next rung's round (or the same rung's after a loss);
   * otherwise another round of the same size. */
  function nextRound() {
    clearMessage();
    if (!view.ladder) return newRound(view.game.board.length, null);
    const { next, squares } = ladderAround(shownSession);
    newRound(squares[next.rung], next);
  }

  /** Plays another strategy of the lab on the same round (from the board as dealt).
   * @param {number} number  the strategy's number in the lab's menu */
  function setStrategy(number) {
    try {
      core.devil_lab_check(number, view.game.board.length, tableFor());
    } catch (err) {
      $('strategy').value = String(view.strategy);
      showError(err);
      return;
    }
    stop();
    clearMessage();
    driver.act((s) => opening(s, view.mode, number, view.ladder));
  }

  /** Undo and Redo take back (or make again) your own turn — in Play as A the session holds
   * the flip and B's answer as one. Watch steps with its bar; edits start afresh.
   * @param {Session} session
   * @param {'undo' | 'redo'} which */
  function undoRound(session, which) {
    if (isPlay(view.mode)) session[which]();
  }

  /** @param {string} tool  what Edit places on a click: 'coin' or 'key' */
  function setTool(tool) {
    editTool = tool;
    markSegmented(ctx, 'tool', tool);
  }

  /**
   * Draws what the session shows. A new round (or another mode or strategy) gets Watch's
   * steps: the strategy's explanation frame by frame, and its two moves (A's flip, B's answer)
   * loaded in the session, which shows each from its frame on.
   * @param {GameView<DevilDrawn, DevilExtras>} game
   * @param {Session} session
   * @param {boolean} fresh
   */
  function setView(game, session, fresh) {
    shownSession = session;
    let next = withLadder({ ...game.state, ...game.extras, status: game.status });
    const resized = !view || view.game.board.length !== next.game.board.length;
    const restarted = fresh || !view || next.mode !== view.mode || next.strategy !== view.strategy || (next.mode === 'watch' && !game.steps);
    if (resized) ({ names, layout } = core.devil_board(next.game.board.length));
    // A link may name any strategy number; only the lab's (and a pasted table) play.
    if (fresh) core.devil_lab_check(next.strategy, next.game.board.length, tableFor());
    if (restarted) {
      steps = next.mode === 'watch' ? explainWith(session, next.strategy, true) : [];
      if (next.mode === 'watch' && !game.steps) {
        try {
          session.solve(options(next.strategy), () => {});
        } catch {
          // No flip makes B name the key: the frames say so, and there are no moves to show.
        }
      }
    }
    if (next.mode === 'watch') {
      const step = Math.max(0, Math.min(next.step, Math.max(steps.length - 1, 0)));
      if (game.steps || (restarted && session.view().steps)) session.step_to(movesBy(step));
      if (step !== next.step) session.set_extras({ mode: next.mode, strategy: next.strategy, step });
      /** @type {GameView<DevilDrawn, DevilExtras>} */
      const shown = session.view();
      next = withLadder({ ...shown.state, ...shown.extras, status: shown.status });
    }
    view = next;
    if (restarted) loadSteps();
    render();
  }

  /** How many of the round's moves the session has made by frame `step` of Watch (the core counts them). @param {number} step */
  const movesBy = (step) => steps[step]?.moves ?? 0;

  /** Watch's steps on the step bar: position i shows frame i (the first is the round as dealt). */
  function loadSteps() {
    const stepper = new Stepper({
      count: Math.max(steps.length - 1, 0),
      at: view.step,
      leaps: true,
      go: (to) => {
        driver.act((s) => {
          s.set_extras({ mode: view.mode, strategy: view.strategy, step: to });
          s.step_to(movesBy(to));
        });
      },
    });
    bar.load(stepper, (at, count) => `Step ${at + 1} of ${count + 1}`);
  }

  function stop() {
    bar.stepper?.pause();
  }

  // ---- input ----

  /**
   * A click on a square, or a key on it: the core says what it does in the mode shown (A's flip
   * and B's answer as one turn, B's answer, an edit by Edit's tool), or why it does nothing.
   * @param {number} index
   * @param {string | null} key  the key pressed, null for a click
   * @returns {boolean} whether the input meant something here (a key that did not goes on)
   */
  function input(index, key) {
    /** @type {boolean | string | undefined} undefined: refused with an error, which the driver shows */
    const said = driver.act((s) => s.input({ cell: index, key, tool: editTool }, options(view.strategy)));
    if (typeof said === 'string') showMessage(said);
    return said !== false;
  }

  await main();
}
