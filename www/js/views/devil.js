// The Devil's chessboard view: draws a round and forwards clicks and keys to the core.
// Every rule (flips, answers, the strategy, links) is computed by the wasm core; the round, its
// history and its link live in the core's session, driven by ../game-driver.js. `mount` draws
// the view into a page (the document) or an embed's shadow root.
import { errorText, found, loadCore, readStored, writeStored } from '../app.js';
import { GridBoard } from '../board.js';
import { viewContext, drawTemplate, scrollToEnd, frameHeight } from '../view.js';
import { SHARE_BAR, wireShareBar } from '../components/share-bar.js';
import { segmented, onSegmented, markSegmented } from '../components/segmented.js';
import { driveGame } from '../game-driver.js';
import { Stepper, stepBarMarkup, mountStepBar } from '../components/step-bar.js';
import { ladderText } from './devil/ladder.js';
import { renderHelper, renderEdge } from './devil/helper.js';
import { describeFrame, colourBits, colourBitsTable, labelShape, labelOf, playWords } from './devil/words.js';

/** The view's page, for share links. */
export const PAGE = 'devil.html';
/** The style sheets the view needs (relative to the site root). */
export const STYLES = ['css/site.css', 'css/devil.css'];
/** The wasm module the view needs. */
export const CORE = 'devil';

const SIZES = Array.from({ length: 13 }, (_, k) => 1 << k);
/** @typedef {import('./devil/words.js').Labels} Labels */
const LABELS = ['none', 'index', 'binary', 'coordinate'];
/** @param {string} name @returns {name is Labels} */
const isLabels = (name) => LABELS.includes(name);
/** The smallest label drawn, in CSS pixels: smaller reads as noise (a phone at 256 squares). */
const MIN_LABEL_PX = 7;

/** Whether `mode` is a round played by the visitor (as A or as B), which can be won or lost.
 * @param {string} mode */
const isPlay = (mode) => mode === 'play_a' || mode === 'play_b';

const TITLES = { watch: 'Watch the strategy', play_a: 'You are prisoner A', play_b: 'You are prisoner B', edit: 'Edit the board' };

/** The board and its controls: what an embed shows (`.no-embed` parts are the page's extras;
 * `data-embed` marks what an embed's compact view (`compact`) or only its full view (`full`) shows). */
export const TEMPLATE = `
<div id="message" data-embed="compact" hidden></div>
<div class="toolbar" data-embed="compact">
  ${segmented('Mode', 'mode', [['watch', 'Watch'], ['play_a', 'Play as A'], ['play_b', 'Play as B'], ['edit', 'Edit']])}
  <label data-embed="full">Squares <select id="size" aria-label="Number of squares"></select></label>
  <label data-embed="full">Strategy <select id="strategy" aria-label="Strategy"></select></label>
  <label data-embed="full">Labels <select id="labels" aria-label="What each square shows">
    <option value="none">none (H/T)</option><option value="index">index</option>
    <option value="binary">binary</option><option value="coordinate">coordinate</option></select></label>
  <small id="labels-note" class="muted" data-embed="full" hidden>Too many squares for labels at this width.</small>
  <label class="check no-embed"><input type="checkbox" id="ladder-on"> Ladder</label>
  <label class="check no-embed"><input type="checkbox" id="helper-on"> Helper</label>
  <button type="button" id="new-board">New board</button>
  <button type="button" data-game="undo" aria-keyshortcuts="Control+Z">Undo</button>
  <button type="button" data-game="redo" aria-keyshortcuts="Control+Shift+Z">Redo</button>
</div>
<div class="play-area">
  <div>
    <div class="board-frame">
      <div class="edge-top" id="edge-top" aria-hidden="true"></div>
      <div class="edge-left" id="edge-left" aria-hidden="true"></div>
      <div id="board"></div>
    </div>
    <p class="edge-note no-embed" id="edge-note" aria-live="polite"></p>
    <div class="legend no-embed" aria-hidden="true"><span class="l-heads">heads</span><span class="l-tails">tails</span>
      <span class="l-key">key</span><span class="l-region">region being counted</span></div>
  </div>
  <div class="panel" id="side">
    <div id="step-controls">${stepBarMarkup('steps')}</div>
    <div id="play-controls" class="step-controls no-embed" hidden>
      <button type="button" id="next-round" disabled>Next round</button>
      <span id="ladder" class="ladder-state"></span>
    </div>
    <div id="edit-controls" class="step-controls" hidden>
      <span>Click places:</span>
      ${segmented('What a click places', 'tool', [['coin', 'coin'], ['key', 'key']])}
    </div>
    <h2 id="side-title" data-embed="full">Watch the strategy</h2>
    <p id="status" data-embed="compact" aria-live="polite"></p>
    <table class="bits" id="bits" data-embed="full" hidden></table>
    <div class="helper no-embed" id="helper" hidden></div>
    <ol class="step-log" id="log" data-embed="full"></ol>
    <p class="no-embed keyboard-hint"><small>Keyboard: arrows move, Space flips, K places the key (Edit), Enter answers as B.</small></p>
    ${SHARE_BAR}
  </div>
</div>
`;

/**
 * @typedef {import('../types.js').DevilDrawn} DevilDrawn
 * @typedef {import('../types.js').DevilExtras} DevilExtras
 * @typedef {import('../types.js').DevilGame} DevilGame
 * @typedef {import('../types.js').DevilMode} DevilMode
 * @typedef {import('../types.js').DevilMove} DevilMove
 * @typedef {import('../types.js').DevilStep} DevilStep
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
  /** What each square shows besides its coin: none (H/T), its index, the index in binary, or
   * its chess-style coordinate. Kept for the visitor in local storage. */
  const storedLabels = readStored('local', 'devil-labels') ?? '';
  /** @type {Labels} */
  let labels = isLabels(storedLabels) ? storedLabels : 'none';
  /** The labels drawn: `labels`, or none where they would not fit (the page says so).
   * @type {Labels} */
  let shownLabels = labels;
  /** Whether Play as A and B show the live helper (the colour bit by bit); kept like `labels`. */
  let helper = readStored('local', 'devil-helper') === 'on';

  async function main() {
    core = await loadCore(CORE);
    board = new GridBoard($('board'), { label: "Devil's chessboard", onActivate: (index) => input(index, null), onKey: (index, event) => input(index, event.key) });
    $('board').classList.add('checkered');
    // Whether labels fit depends on the board's width: drawn again when a resize changes that
    // (their size follows the board by itself, in CSS).
    new ResizeObserver(() => {
      if (view && labelsShown(view.game.board.length) !== shownLabels) render();
    }).observe($('board'));
    for (const n of SIZES) {
      const { rows, cols } = core.devil_board(n).layout;
      $('size').add(new Option(`${n} (${rows}×${cols})`, String(n)));
    }
    for (const item of /** @type {import('../types.js').StrategyMenuItem[]} */ (core.devil_lab_menu())) $('strategy').add(new Option(item.label, String(item.number)));
    // A table pasted on the strategy lab page plays as the core's pasted-table strategy in this
    // browser session (see tableFor).
    const pasted = readStored('session', 'devil-lab-table');
    if (pasted) {
      try {
        const { squares, strategy } = core.devil_lab_pasted_table(pasted);
        $('strategy').add(new Option(`Pasted table (${squares} squares)`, String(strategy)));
      } catch (err) {
        showError(err);
      }
    }
    $('strategy').addEventListener('change', () => setStrategy(Number($('strategy').value)));
    $('labels').value = labels;
    $('labels').addEventListener('change', () => {
      const chosen = $('labels').value;
      labels = isLabels(chosen) ? chosen : 'none';
      writeStored('local', 'devil-labels', labels);
      render();
    });
    const helperBox = $('helper-on');
    helperBox.checked = helper;
    helperBox.addEventListener('change', () => {
      helper = helperBox.checked;
      writeStored('local', 'devil-helper', helper ? 'on' : 'off');
      render();
    });
    $('ladder-on').addEventListener('change', () => setLadder($('ladder-on').checked));
    $('next-round').addEventListener('click', () => nextRound());
    $('size').addEventListener('change', () => newRound(Number($('size').value)));
    // On the ladder, a new board after a result is the next round (a loss is not skipped).
    $('new-board').addEventListener('click', () => (view.ladder && result().over ? nextRound() : newRound(view.game.board.length)));
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

  /** The session's view settings of `ladder`: its rung counted from 1 (0 off the ladder) and
   * its streak (src/wasm/devil.rs, `Extras`). */
  const ladderExtras = (/** @type {Ladder | null} */ ladder) => (ladder ? { rung: ladder.rung + 1, streak: ladder.streak } : { rung: 0, streak: 0 });

  /** A view with the ladder read from its settings: `{rung, streak}` (rung from 0), or null.
   * @param {DevilDrawn & DevilExtras & { status: Status }} v */
  const withLadder = (v) => ({ ...v, ladder: v.rung > 0 ? { rung: v.rung - 1, streak: v.streak } : null });

  /** Whether the round played is over, and won (the core's status of the round). */
  function result() {
    const over = isPlay(view.mode) && view.status !== 'playing';
    return { over, won: over && view.status === 'won' };
  }

  /** The ladder around the round on the board: `{shown, next, squares}` (the core's `Ladder`). */
  const ladderAround = () => {
    const ladder = found(view.ladder, 'the ladder');
    return /** @type {import('../types.js').LadderAround} */ (core.devil_ladder(ladder.rung, ladder.streak, isPlay(view.mode) ? view.status : 'playing'));
  };

  /** Starts the ladder at its first rung (as A, unless playing B), or leaves it.
   * @param {boolean} on */
  function setLadder(on) {
    clearMessage();
    if (!on) {
      driver.act((s) => s.set_extras({ mode: view.mode, strategy: view.strategy, step: view.step, ...ladderExtras(null) }));
      return;
    }
    newRound(core.devil_ladder(0, 0, 'playing').squares[0], { rung: 0, streak: 0 }, view.mode === 'play_b' ? 'play_b' : 'play_a');
  }

  /** After a round: on the ladder, the next rung's round (or the same rung's after a loss);
   * otherwise another round of the same size. */
  function nextRound() {
    clearMessage();
    if (!view.ladder) return newRound(view.game.board.length, null);
    const { next, squares } = ladderAround();
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

  // A table pasted on the strategy lab page plays (as the lab's pasted-table strategy) in this
  // browser session: its text goes with every call that names a strategy, and the core reads it
  // only for that strategy.
  const tableFor = () => readStored('session', 'devil-lab-table') ?? undefined;
  const options = (/** @type {number} */ strategy) => ({ strategy, table: tableFor() ?? null });
  /** The coin A flips first in a list of moves (the strategy's solution of a round). @param {DevilMove[]} moves */
  const firstFlip = (moves) => ('flip' in moves[0] ? moves[0].flip : NaN);
  /** @param {number} strategy @param {DevilGame} game */
  const flipFor = (strategy, game) => firstFlip(core.devil_lab_solve(strategy, game, tableFor()));
  /** @param {DevilGame} game */
  const decode = (game) => core.devil_lab_decode(view.strategy, game, tableFor());
  /** @param {number} strategy @param {DevilGame} game @returns {DevilFrame[]} */
  const explain = (strategy, game) => {
    /** @type {{ steps: DevilStep[], moves: number[], regions: (number | null)[] }} */
    const { steps, moves, regions } = core.devil_lab_explain(strategy, game, tableFor());
    return steps.map((step, i) => ({ ...step, moves: moves[i], region: regions[i] }));
  };

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
    let next = withLadder({ ...game.state, ...game.extras, status: game.status });
    const resized = !view || view.game.board.length !== next.game.board.length;
    const restarted = fresh || !view || next.mode !== view.mode || next.strategy !== view.strategy || (next.mode === 'watch' && !game.steps);
    if (resized) ({ names, layout } = core.devil_board(next.game.board.length));
    // A link may name any strategy number; only the lab's (and a pasted table) play.
    if (fresh) core.devil_lab_check(next.strategy, next.game.board.length, tableFor());
    if (restarted) {
      steps = next.mode === 'watch' ? explain(next.strategy, next.dealt) : [];
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

  // ---- drawing ----

  /** What the board looks like now: in Watch, the session has made the moves of the frames shown. */
  function shown() {
    const { game, mode, step } = view;
    const coins = game.board;
    if (mode === 'watch') return { coins, flipped: game.flipped, answer: game.answer, region: steps[step]?.region ?? null, keyShown: true };
    const over = game.answer !== null;
    return {
      coins,
      flipped: mode === 'play_b' && !over ? null : game.flipped,
      answer: game.answer,
      region: null,
      keyShown: mode !== 'play_b' || over,
    };
  }

  function render() {
    const { game, mode } = view;
    const n = game.board.length;
    const { rows, cols } = layout;
    board.resize(rows, cols);
    const look = shown();
    const { chars, lines } = labelShape(labels, n);
    shownLabels = labelsShown(n);
    const fits = shownLabels === labels;
    // H/T letters up to 256 squares; past that a coin is its colour alone.
    const small = shownLabels !== 'none' || n <= 256;
    $('labels-note').hidden = fits;
    $('board').dataset.labels = shownLabels;
    $('board').style.setProperty('--label-chars', String(chars));
    $('board').style.setProperty('--label-lines', String(lines));
    const named = namedSquare();
    board.update((i) => {
      const heads = look.coins[i] === '1';
      const isKey = look.keyShown && i === game.key;
      const inRegion = look.region !== null && ((i >> look.region) & 1) === 1;
      const r = Math.floor(i / cols);
      const c = i % cols;
      const classes = ['coin', heads ? 'heads' : 'tails', (r + c) % 2 ? 'dark' : 'light'];
      const label = [names[i], heads ? 'heads' : 'tails'];
      if (isKey) classes.push('key'), label.push('key');
      if (inRegion) classes.push('region'), label.push(`in region ${look.region}`);
      if (look.flipped === i) classes.push('flipped'), label.push('flipped by A');
      if (look.answer === i) {
        classes.push(view.status === 'won' ? 'answer-right' : 'answer-wrong');
        label.push("B's answer");
      }
      if (named === i) classes.push('named'), label.push('named in this step');
      const data = { face: heads ? 'heads' : 'tails', key: String(isKey) };
      return { classes: classes.join(' '), label: label.join(', '), text: small ? labelOf(shownLabels, i, heads, { squares: n, names }) : '', data };
    });
    $('size').value = String(n);
    $('strategy').value = String(view.strategy);
    markSegmented(ctx, 'mode', mode);
    // The round as held (what a share link restores), for tests: the cells show it as drawn.
    // In Watch that is the round as dealt, whichever frame is shown.
    const held = mode === 'watch' ? view.dealt : game;
    Object.assign($('board').dataset, { coins: held.board, key: String(held.key), flipped: String(held.flipped), answer: String(held.answer), step: String(view.step) });
    $('step-controls').hidden = mode !== 'watch';
    $('edit-controls').hidden = mode !== 'edit';
    renderEdge({ top: $('edge-top'), left: $('edge-left'), note: $('edge-note') }, { rows, cols, frame: mode === 'watch' ? steps[view.step] : undefined });
    renderLadder();
    $('side-title').textContent = TITLES[mode];
    const undoable = isPlay(mode);
    for (const b of ctx.$$('[data-game]')) /** @type {HTMLElement} */ (b).hidden = !undoable;
    if (mode === 'watch') renderWatch();
    else renderPlay();
  }

  /** The labels drawn on a board of `n` squares at its width: the chosen ones when they fit
   * inside a coin (72% of a square) at MIN_LABEL_PX or more, else none (the page says so).
   * @param {number} n  the board's squares
   * @returns {Labels} */
  function labelsShown(n) {
    if (labels === 'none') return labels;
    const { chars, lines } = labelShape(labels, n);
    const cell = ($('board').clientWidth || 448) / layout.cols;
    return Math.min((cell * 1.1) / chars, (cell * 0.62) / lines) >= MIN_LABEL_PX ? labels : 'none';
  }

  /** The coin a Watch frame names before it is flipped (A's XOR with the key), so the board
   * shows it in the same frame as the text; null in other frames and modes. */
  function namedSquare() {
    if (view.mode !== 'watch') return null;
    const s = steps[view.step];
    return s && (s.kind === 'xor_with_key' || s.kind === 'choose_half') ? s.flip : null;
  }

  function renderWatch() {
    $('helper').hidden = true;
    const { step } = view;
    const items = steps.slice(0, step + 1).map((s, i) => `<li class="${i === step ? 'current' : ''}">${describe(s)}</li>`);
    $('log').innerHTML = items.join('');
    scrollToEnd($('log'));
    $('status').textContent = describe(steps[step]).replace(/<[^>]+>/g, '');
    // On the page the log's current line shows the step: the status line (the live region,
    // and the anchor of the message line) stays in place, read out but folded to no height.
    $('status').dataset.shownInLog = 'true';
    renderBits();
  }

  /** The colour's bits as the XOR strategy finds them, filled in as the animation reaches each. */
  function renderBits() {
    const bits = Math.log2(view.game.board.length);
    const rows = colourBits(steps.slice(0, view.step + 1), bits);
    const table = $('bits');
    table.hidden = !rows;
    if (rows) table.innerHTML = colourBitsTable(rows, bits);
  }

  /** A Watch frame in words (HTML). @param {DevilStep | undefined} s */
  const describe = (s) =>
    describeFrame(s, { squares: view.game.board.length, names, strategy: view.strategy === 0 ? null : ($('strategy').selectedOptions[0]?.text ?? '') });

  /** The ladder line and Next round (Play as A and B): the rung, the streak with the round's
   * result counted, and the board size fixed by the rung. */
  function renderLadder() {
    const playing = isPlay(view.mode);
    const { ladder } = view;
    const done = result();
    $('play-controls').hidden = !playing;
    $('next-round').disabled = !done.over;
    $('ladder-on').checked = Boolean(ladder);
    $('size').disabled = Boolean(ladder);
    const line = $('ladder');
    if (!ladder) {
      const sizes = /** @type {import('../types.js').LadderAround} */ (core.devil_ladder(0, 0, 'playing')).squares;
      line.textContent = playing ? `Tick Ladder to climb ${sizes.slice(0, -1).join(', ')}, then ${sizes.at(-1)} squares.` : '';
      delete line.dataset.rung;
      delete line.dataset.streak;
      return;
    }
    const { shown, squares } = ladderAround();
    line.textContent = ladderText(shown, squares);
    Object.assign(line.dataset, { rung: String(ladder.rung), streak: String(shown.streak) });
  }

  /** The live helper of Play as A and B: the colour of the board as it stands, bit by bit,
   * with the key's bits once the player may see them. */
  function renderLiveHelper() {
    const { game, mode } = view;
    const table = $('helper');
    const bits = Math.log2(game.board.length);
    table.hidden = !helper || bits === 0;
    if (table.hidden) return;
    const keyKnown = mode === 'play_a' || game.answer !== null;
    renderHelper(table, { steps: explain(0, game), bits, key: keyKnown ? game.key : null, name: (/** @type {number} */ i) => names[i] });
  }

  function renderPlay() {
    delete $('status').dataset.shownInLog;
    $('bits').hidden = true;
    if (isPlay(view.mode)) renderLiveHelper();
    else $('helper').hidden = true;
    const { game, mode, dealt } = view;
    if (mode === 'watch') return;
    const { status, message, log } = playWords({
      mode,
      game,
      won: view.status === 'won',
      names,
      xor: view.strategy === 0,
      // A's result is judged on the board as dealt; B's and Edit's on the board shown.
      colour: () => decode(mode === 'play_a' ? dealt : game),
      right: () => flipFor(view.strategy, dealt),
    });
    if (message) showMessage(message.text, message.kind);
    $('status').textContent = status;
    $('log').innerHTML = log.map((t) => `<li>${t}</li>`).join('');
  }

  await main();
}
