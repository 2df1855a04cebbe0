// The Devil's rotating table view: settings, the table and its positions, play and follow
// modes, and the belief panel; the core owns every rule (the devils, the strategy, beliefs,
// links) and the game driver (../game-driver.js) holds the session: history, undo, the link.
// The parts of the view live in ./table/.
import { found, loadCore } from '../app.js';
import { GridBoard } from '../board.js';
import { viewContext, drawTemplate, frameHeight } from '../view.js';
import { wireShareBar } from '../components/share-bar.js';
import { onSegmented, markSegmented } from '../components/segmented.js';
import { driveGame } from '../game-driver.js';
import { mountStepBar } from '../components/step-bar.js';
import { showResult } from '../components/result.js';
import { drawPositions, drawTable, turnTable } from './table/draw.js';
import { drawStrategy, drawBelief } from './table/belief.js';
import { search, verify, randomCheck } from './table/checks.js';
import { TEMPLATE } from './table/template.js';
import { followController, sayChoice } from './table/follow.js';

export { TEMPLATE };

export const PAGE = 'table.html';
export const STYLES = ['css/site.css', 'css/table.css'];
export const CORE = 'table';

/**
 * The view's state, shared with its parts (./table/*.js).
 * @typedef {object} TableParts
 * @property {ReturnType<typeof viewContext>} ctx
 * @property {import('../app.js').Cores['table']} core
 * @property {GridBoard} grid  the row of positions
 * @property {import('../types.js').TableInfo | null} info  facts about this table size from the
 *   core (strategy length, necklaces, limits): the drawn game's `info`
 * @property {import('../types.js').TableDrawn} view  the game as the core draws it (the session's
 *   state; `view.link` is its link); set by the driver's first draw, before any part runs
 * @property {number[]} chosen  amount to add at each position for the next move
 * @property {import('../game-driver.js').Session | null} session  the session drawn last (the belief panel asks it what your moves ruled out)
 * @property {Set<number>} flashed  the positions the last move changed
 * @property {number} spin  degrees the drawn table has turned in all (forward with each move, back with Undo)
 * @property {boolean} justPlayed  set by a move just played, so its positions stay marked in the redraw after it
 * @property {number[][] | null} source  a strategy a search found, followed in place of the page's: its moves' amounts
 * @property {bigint} base  the game's move counter at the step bar's position 0
 * @property {(moves: number[][]) => void} followFound  loads the strategy a search found onto the step bar
 */

/** What `play` of a table move returns (src/wasm/table.rs, `Outcome`): how the devil turned the table.
 * @typedef {import('./table/follow.js').TableOutcome} TableOutcome */

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement | null}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'table' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $, showMessage, showError, clearMessage } = ctx;
  /** @type {TableParts} */
  const v = {
    ctx,
    core: await loadCore(CORE),
    grid: new GridBoard($('positions'), { label: 'Positions at the table', onActivate: (i) => choose(i), onKey: key }),
    info: null,
    // The driver draws the first game before any part of the view runs (see TableParts).
    view: /** @type {import('../types.js').TableDrawn} */ (/** @type {unknown} */ (undefined)),
    chosen: [],
    session: null,
    flashed: new Set(),
    spin: 0,
    justPlayed: false,
    source: null,
    base: 0n,
    followFound: () => {},
  };
  let busy = false;
  /** @type {Awaited<ReturnType<typeof driveGame>>} */
  let driver;
  const mode = () => (v.view.following ? 'watch' : 'play');
  /** The step bar that walks the strategy (../components/step-bar.js); an embed's step(n),
   * play() and pause() drive it. */
  const bar = mountStepBar($('steps'));
  ctx.steps = bar;
  const follow = followController(v, { bar, driver: () => driver, playMove: (amounts) => playMove(amounts), core: CORE });
  // The forward button is `#step` too: what a script clicks to play the strategy's next move.
  found($('steps').querySelector('[data-step=forward]'), 'step bar forward button').id = 'step';

  $('new-game').addEventListener('click', () => newGame());
  $('coins').addEventListener('change', () => newGame());
  $('sides').addEventListener('change', () => newGame());
  $('devil').addEventListener('change', () => reconfigure({ devil: $('devil').value }));
  onSegmented(ctx, 'sight', (sight) => reconfigure({ sighted: sight === 'sighted' }));
  onSegmented(ctx, 'mode', (m) => newGame({ following: m === 'watch' }));
  $('flip').addEventListener('click', () => playChosen());
  $('jump').addEventListener('click', () => follow.jump($('jump-to').value));
  $('jump-to').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') follow.jump($('jump-to').value);
  });
  $('search').addEventListener('click', () => search(v));
  $('verify').addEventListener('click', () => verify(v));
  $('random-check').addEventListener('click', () => randomCheck(v));
  wireShareBar(ctx, {
    link: () => v.view.link,
    title: "The Devil's rotating table",
    frameSize: (/** @type {string} */ embedView = 'full') => ({ width: 460, height: frameHeight('table', embedView) }),
    linkNote: 'this table',
  });
  /** Whether the next fresh game follows the strategy (the Mode switch sets it). */
  let following = true;
  v.followFound = (moves) => {
    following = true;
    v.source = null;
    driver.restart();
    v.source = moves;
    follow.reload();
    driver.refresh();
    showMessage(`The strategy the search found (${moves.length} moves) is on the step bar, from a new table: press ▶ or →.`);
  };
  driver = await driveGame(ctx, {
    core: v.core,
    fresh: () => {
      const s = settings();
      return v.core.GameSession.create('table', { ...s, following }, '');
    },
    draw: (/** @type {import('../game-driver.js').GameView<import('../types.js').TableDrawn>} */ game, { fresh, session }) =>
      setView(game, session, { fresh }),
    what: 'a fresh table',
    beforeChange: () => stop(),
  });
  ctx.ready();

  function settings() {
    const sighted = found(ctx.slot.querySelector('[data-sight="sighted"]'), 'Sighted button').getAttribute('aria-pressed') !== 'false';
    return { coins: Number($('coins').value), sides: Number($('sides').value), devil: $('devil').value, sighted };
  }

  /** A new game from the settings; a refused size leaves the table as it was (the boxes show
   * what it uses). @param {{ following?: boolean }} [options] */
  function newGame({ following: follows } = {}) {
    following = follows ?? (v.view ? v.view.following : true);
    v.source = null;
    follow.reload();
    driver.restart();
  }

  /** Another devil or sight for the same coins (the session starts again from them).
   * @param {{ devil?: string, sighted?: boolean }} change */
  function reconfigure(change) {
    const devil = change.devil ?? v.view.devil;
    const sighted = change.sighted ?? v.view.sighted;
    stop();
    follow.reload();
    driver.act((s) => s.edit({ devil, sighted, following: v.view.following }));
  }

  /**
   * Draws the session's game; the positions a move just changed stay marked until the next change.
   * @param {import('../game-driver.js').GameView<import('../types.js').TableDrawn>} game
   * @param {import('../game-driver.js').Session} session
   */
  function setView(game, session, { fresh = false } = {}) {
    const next = game.state;
    const resized = !v.view || v.view.coins !== next.coins || v.view.sides !== next.sides;
    if (fresh) follow.reload();
    v.view = next;
    v.info = next.info;
    if (fresh || !v.justPlayed) v.flashed = new Set();
    v.justPlayed = false;
    // The drawn table turns the short way to the game's turn (a move has already turned it).
    const want = next.turn * (360 / next.coins);
    v.spin = fresh ? want : v.spin + ((((want - v.spin) % 360) + 540) % 360) - 180;
    v.session = session;
    if (resized || fresh) v.chosen = new Array(next.coins).fill(0);
    if (resized) {
      const cols = Math.min(next.coins, 16);
      v.grid.resize(Math.ceil(next.coins / 16), cols);
      $('positions').style.maxWidth = `${cols * 44}px`;
      $('results').replaceChildren();
      $('jump-to').value = '';
    }
    $('coins').value = String(next.coins);
    $('sides').value = String(next.sides);
    $('devil').value = next.devil;
    follow.sync(game, session);
    render();
  }

  function render() {
    const { view, info } = v;
    markSegmented(ctx, 'sight', view.sighted ? 'sighted' : 'blind');
    markSegmented(ctx, 'mode', mode());
    drawTable(v, choose);
    drawPositions(v);
    $('human-turn').hidden = view.devil !== 'human';
    $('turn').max = String(view.coins - 1);
    $('play-controls').hidden = mode() !== 'play';
    $('watch-controls').hidden = mode() !== 'watch' || follow.strategyLength() === null;
    $('flip').disabled = view.solved;
    $('flip').textContent = view.sides === 2 ? 'Flip the chosen positions' : 'Turn the chosen coins';
    $('jump-to').placeholder = follow.strategyLength() === null ? '' : `0 to ${follow.strategyLength()}`;
    drawStatus();
    drawStrategy(v);
    drawBelief(v, mode());
    $('search').disabled = !info?.searchable;
    $('verify').disabled = !info?.verifiable;
    $('random-check').disabled = !info?.verifiable;
  }

  function drawStatus() {
    const { view } = v;
    const moves = view.moves;
    const s = String(moves) === '1' ? '' : 's';
    const played = `${moves} move${s} played.`;
    let text;
    if (view.solved) text = `All heads after ${moves} move${s}: you win!`;
    else if (mode() === 'watch') text = `${played} The coins are not all heads yet.`;
    else text = `${played} Choose positions, then make your move.`;
    if (view.guarded.length) {
      text += ` The devil guards the coins on seats ${view.guarded.join(', ')} (ringed in red): they never all agree.`;
    }
    // With the game's own move counter (a jump plays many moves as one of the session's) and
    // whether it is won, for what reads the page rather than the sentence.
    showResult($('status'), text, { moves, won: view.solved });
  }

  /** @param {number} i  a position */
  function choose(i) {
    if (mode() !== 'play' || v.view.solved) return;
    v.chosen[i] = (v.chosen[i] + 1) % v.view.sides;
    render();
    v.grid.focusCell(i, false);
  }

  /** @param {number} i  the focused position @param {KeyboardEvent} e */
  function key(i, e) {
    if (e.key === ' ' || e.key === 'Spacebar') {
      if (mode() === 'watch') bar.stepper?.toggle();
      else choose(i);
      v.grid.focusCell(i);
      return true;
    }
    if (e.key === 'Enter') {
      if (mode() === 'play') playChosen();
      else {
        bar.stepper?.pause();
        bar.stepper?.forward();
      }
      return true;
    }
    return false;
  }

  /** Plays one move in the session (the devil chooses its turn unless you are the devil),
   * animating the turn before the flips. @param {number[]} amounts */
  async function playMove(amounts) {
    const session = driver.session;
    if (busy || !session) return false;
    busy = true;
    try {
      const result = /** @type {TableOutcome} */ (session.play({ amounts, turn: humanTurn() }));
      await turnTable(v, result.choice.turn);
      v.flashed = new Set(amounts.map((a, i) => (a ? i : -1)).filter((i) => i >= 0));
      v.justPlayed = true;
      sayChoice($('devil-note'), result.choice, v.view.devil === 'human' ? '' : 'The devil ');
      driver.refresh();
      return true;
    } catch (err) {
      showError(err);
      stop();
      return false;
    } finally {
      busy = false;
    }
  }

  /** The turn you chose as the devil, or null for the devil to choose. */
  function humanTurn() {
    return v.view.devil === 'human' ? Number($('turn').value) || 0 : null;
  }

  async function playChosen() {
    const amounts = v.chosen.slice();
    clearMessage();
    if (await playMove(amounts)) {
      v.chosen = new Array(v.view.coins).fill(0);
      render();
    }
  }

  function stop() {
    bar.stepper?.pause();
  }


}
