// The Devil view's drawing: the board, Watch's log and the colour's bits, Play's words and
// helper, the ladder line. Every function draws the state the controller (../devil.js) holds,
// read through `c` when it draws; none changes that state.
import { scrollToEnd } from '../../view.js';
import { markSegmented } from '../../components/segmented.js';
import { setFacts, showResult } from '../../components/result.js';
import { ladderText, isPlay, roundResult, ladderAround } from './ladder.js';
import { namedBy, flipFor, explainWith } from './strategy.js';
import { renderHelper, renderEdge } from './helper.js';
import { describeFrame, colourBits, colourBitsTable, labelShape, labelOf, playWords } from './words.js';

/**
 * @typedef {import('../../types.js').DevilDrawn} DevilDrawn
 * @typedef {import('../../types.js').DevilExtras} DevilExtras
 * @typedef {import('../../types.js').DevilGame} DevilGame
 * @typedef {import('../../types.js').DevilFrame} DevilFrame
 * @typedef {import('../../types.js').DevilStep} DevilStep
 * @typedef {import('../../types.js').Ladder} Ladder
 * @typedef {import('../../types.js').LadderAround} LadderAround
 * @typedef {import('../../types.js').GameView['status']} Status
 * @typedef {import('./words.js').Labels} Labels
 */

/** The smallest label drawn, in CSS pixels: smaller reads as noise (a phone at 256 squares). */
const MIN_LABEL_PX = 7;

const TITLES = { watch: 'Watch the strategy', play_a: 'You are prisoner A', play_b: 'You are prisoner B', edit: 'Edit the board' };

/**
 * What the drawing reads from the controller, at the moment it draws.
 * @typedef {object} DevilScreen
 * @property {ReturnType<typeof import('../../view.js').viewContext>} ctx
 * @property {import('../../app.js').Cores['devil']} core
 * @property {import('../../game-driver.js').Session} session  the round's session, asked what the strategy does
 * @property {import('../../board.js').GridBoard} board
 * @property {DevilDrawn & DevilExtras & { status: Status, ladder: Ladder | null }} view  the round shown
 * @property {string[]} names  the squares' chess-style names
 * @property {{rows: number, cols: number}} layout
 * @property {DevilFrame[]} steps  Watch's frames
 * @property {Labels} labels  the labels chosen
 * @property {boolean} helper  whether Play shows the live helper
 */

/**
 * The drawing of the view whose state `c` reads.
 * @param {DevilScreen} c
 */
export function devilRenderer(c) {
  const { ctx } = c;
  const { $, showMessage } = ctx;
  /** The labels drawn: the chosen ones, or none where they would not fit (the page says so).
   * @type {Labels} */
  let shownLabels = 'none';

  /** What the board looks like now: in Watch, the session has made the moves of the frames shown. */
  function shown() {
    const { game, mode, step } = c.view;
    const coins = game.board;
    if (mode === 'watch') return { coins, flipped: game.flipped, answer: game.answer, region: c.steps[step]?.region ?? null, keyShown: true };
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
    const { game, mode } = c.view;
    const n = game.board.length;
    const { rows, cols } = c.layout;
    c.board.resize(rows, cols);
    const look = shown();
    const { chars, lines } = labelShape(c.labels, n);
    shownLabels = labelsShown(n);
    const fits = shownLabels === c.labels;
    // H/T letters up to 256 squares; past that a coin is its colour alone.
    const small = shownLabels !== 'none' || n <= 256;
    $('labels-note').hidden = fits;
    $('board').dataset.labels = shownLabels;
    $('board').style.setProperty('--label-chars', String(chars));
    $('board').style.setProperty('--label-lines', String(lines));
    const named = namedSquare();
    c.board.update((i) => {
      const heads = look.coins[i] === '1';
      const isKey = look.keyShown && i === game.key;
      const inRegion = look.region !== null && ((i >> look.region) & 1) === 1;
      const row = Math.floor(i / cols);
      const col = i % cols;
      const classes = ['coin', heads ? 'heads' : 'tails', (row + col) % 2 ? 'dark' : 'light'];
      const label = [c.names[i], heads ? 'heads' : 'tails'];
      if (isKey) classes.push('key'), label.push('key');
      if (inRegion) classes.push('region'), label.push(`in region ${look.region}`);
      if (look.flipped === i) classes.push('flipped'), label.push('flipped by A');
      if (look.answer === i) {
        classes.push(c.view.status === 'won' ? 'answer-right' : 'answer-wrong');
        label.push("B's answer");
      }
      if (named === i) classes.push('named'), label.push('named in this step');
      const data = { face: heads ? 'heads' : 'tails', key: String(isKey) };
      return { classes: classes.join(' '), label: label.join(', '), text: small ? labelOf(shownLabels, i, heads, { squares: n, names: c.names }) : '', data };
    });
    $('size').value = String(n);
    $('strategy').value = String(c.view.strategy);
    markSegmented(ctx, 'mode', mode);
    // The round as held (what a share link restores), for tests: the cells show it as drawn.
    // In Watch that is the round as dealt, whichever frame is shown.
    const held = mode === 'watch' ? c.view.dealt : game;
    Object.assign($('board').dataset, { coins: held.board, key: String(held.key), flipped: String(held.flipped), answer: String(held.answer), step: String(c.view.step) });
    $('step-controls').hidden = mode !== 'watch';
    $('edit-controls').hidden = mode !== 'edit';
    renderEdge({ top: $('edge-top'), left: $('edge-left'), note: $('edge-note') }, { rows, cols, frame: mode === 'watch' ? c.steps[c.view.step] : undefined });
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
    if (c.labels === 'none') return c.labels;
    const { chars, lines } = labelShape(c.labels, n);
    const cell = ($('board').clientWidth || 448) / c.layout.cols;
    return Math.min((cell * 1.1) / chars, (cell * 0.62) / lines) >= MIN_LABEL_PX ? c.labels : 'none';
  }

  /** The coin a Watch frame names before it is flipped (A's XOR with the key), so the board
   * shows it in the same frame as the text; null in other frames and modes. */
  function namedSquare() {
    if (c.view.mode !== 'watch') return null;
    const s = c.steps[c.view.step];
    return s && (s.kind === 'xor_with_key' || s.kind === 'choose_half') ? s.flip : null;
  }

  function renderWatch() {
    $('helper').hidden = true;
    const { step } = c.view;
    // Each line with its frame's kind (`data-kind`: start, count_region, flip, answer …), for
    // what reads the page rather than the words.
    const items = c.steps.slice(0, step + 1).map((s, i) => `<li class="${i === step ? 'current' : ''}" data-kind="${s.kind}">${describe(s)}</li>`);
    $('log').innerHTML = items.join('');
    scrollToEnd($('log'));
    $('status').textContent = describe(c.steps[step]).replace(/<[^>]+>/g, '');
    setFacts($('status'), { frame: c.steps[step]?.kind });
    // On the page the log's current line shows the step: the status line (the live region,
    // and the anchor of the message line) stays in place, read out but folded to no height.
    $('status').dataset.shownInLog = 'true';
    renderBits();
  }

  /** The colour's bits as the XOR strategy finds them, filled in as the animation reaches each. */
  function renderBits() {
    const bits = Math.log2(c.view.game.board.length);
    const rows = colourBits(c.steps.slice(0, c.view.step + 1), bits);
    const table = $('bits');
    table.hidden = !rows;
    if (rows) table.innerHTML = colourBitsTable(rows, bits);
  }

  /** A Watch frame in words (HTML). @param {DevilStep | undefined} s */
  const describe = (s) =>
    describeFrame(s, { squares: c.view.game.board.length, names: c.names, strategy: c.view.strategy === 0 ? null : ($('strategy').selectedOptions[0]?.text ?? '') });

  /** The ladder line and Next round (Play as A and B): the rung, the streak with the round's
   * result counted, and the board size fixed by the rung. */
  function renderLadder() {
    const playing = isPlay(c.view.mode);
    const done = roundResult(c.view);
    // The ladder as the session gives it: null off the ladder.
    const { shown, squares } = ladderAround(c.session);
    $('play-controls').hidden = !playing;
    $('next-round').disabled = !done.over;
    $('ladder-on').checked = Boolean(shown);
    $('size').disabled = Boolean(shown);
    const line = $('ladder');
    if (!shown) {
      line.textContent = playing ? `Tick Ladder to climb ${squares.slice(0, -1).join(', ')}, then ${squares.at(-1)} squares.` : '';
      delete line.dataset.rung;
      delete line.dataset.streak;
      return;
    }
    line.textContent = ladderText(shown, squares);
    Object.assign(line.dataset, { rung: String(shown.rung), streak: String(shown.streak) });
  }

  /** The live helper of Play as A and B: the colour of the board as it stands, bit by bit,
   * with the key's bits once the player may see them. */
  function renderLiveHelper() {
    const { game, mode } = c.view;
    const table = $('helper');
    const bits = Math.log2(game.board.length);
    table.hidden = !c.helper || bits === 0;
    if (table.hidden) return;
    const keyKnown = mode === 'play_a' || game.answer !== null;
    renderHelper(table, { steps: explainWith(c.session, 0, false), bits, key: keyKnown ? game.key : null, name: (/** @type {number} */ i) => c.names[i] });
  }

  function renderPlay() {
    delete $('status').dataset.shownInLog;
    $('bits').hidden = true;
    if (isPlay(c.view.mode)) renderLiveHelper();
    else $('helper').hidden = true;
    const { game, mode } = c.view;
    if (mode === 'watch') return;
    /** The numbers the sentence states (asked of the core only when it states them).
     * @type {{ named?: number, rightFlip?: number }} */
    const stated = {};
    const { status, message, log } = playWords({
      mode,
      game,
      won: c.view.status === 'won',
      names: c.names,
      xor: c.view.strategy === 0,
      // A's result is judged on the board as dealt; B's and Edit's on the board shown.
      colour: () => (stated.named = namedBy(c.session, c.view.strategy, mode === 'play_a')),
      right: () => (stated.rightFlip = flipFor(c.session, c.view.strategy)),
    });
    if (message) showMessage(message.text, message.kind);
    // … and as `data-named` and `data-right-flip`, for what reads the page rather than the words.
    const rightFlip = Number.isFinite(stated.rightFlip) ? stated.rightFlip : undefined;
    showResult($('status'), status, { named: stated.named, rightFlip });
    $('log').innerHTML = log.map((t) => `<li>${t}</li>`).join('');
  }

  return {
    render,
    /** Whether the labels that fit changed (the board was resized). */
    labelsStale: () => labelsShown(c.view.game.board.length) !== shownLabels,
  };
}
