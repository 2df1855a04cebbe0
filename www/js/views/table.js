// The Devil's rotating table view: settings, the table and its positions, play and follow
// modes, and the belief panel; the core owns every rule (the devils, the strategy, beliefs,
// links) and the game driver (../game-driver.js) holds the session: history, undo, the link.
// The parts of the view live in ./table/.
import { found, loadCore } from '../app.js';
import { GridBoard } from '../board.js';
import { runJob, isCancelled } from '../worker-client.js';
import { viewContext, drawTemplate, frameHeight } from '../view.js';
import { SHARE_BAR, wireShareBar } from '../components/share-bar.js';
import { segmented, onSegmented, markSegmented } from '../components/segmented.js';
import { driveGame } from '../game-driver.js';
import { Stepper, stepBarMarkup, mountStepBar } from '../components/step-bar.js';
import { drawPositions, drawTable, turnTable } from './table/draw.js';
import { drawStrategy, drawBelief } from './table/belief.js';

/** Steps of the strategy played in one go on the page's thread before it yields. */
const STEP_CHUNK = 256;
import { search, verify, randomCheck, jobSlot } from './table/checks.js';

export const PAGE = 'table.html';
export const STYLES = ['css/site.css', 'css/table.css'];
export const CORE = 'table';

/** The table, its controls and the belief panel; the long checks are the page's (`.no-embed`);
 * `data-embed` marks what an embed's compact view (`compact`) or only its full view (`full`) shows.
 * What you play with sits right under the table (a phone shows the panel below it). */
export const TEMPLATE = `
<div id="message" data-embed="compact" hidden></div>
<div class="toolbar" data-embed="compact">
  <label data-embed="full">Coins <input type="number" id="coins" min="1" max="64" value="4" aria-label="Number of coins"></label>
  <label data-embed="full">Sides <select id="sides" aria-label="Sides of each coin">
    <option value="2">2 (heads/tails)</option><option value="3">3</option><option value="4">4</option>
    <option value="5">5</option><option value="6">6</option></select></label>
  <label data-embed="full">Devil <select id="devil" aria-label="Who turns the table">
    <option value="random">random</option><option value="adversarial">adversarial</option>
    <option value="human">you</option></select></label>
  ${segmented('What you see', 'sight', [['sighted', 'Sighted'], ['blind', 'Blindfolded']])}
  ${segmented('Mode', 'mode', [['play', 'Play'], ['watch', 'Follow the strategy']])}
  <button type="button" id="new-game">New game</button>
  <button type="button" data-game="undo" aria-keyshortcuts="Control+Z">Undo</button>
  <button type="button" data-game="redo" aria-keyshortcuts="Control+Shift+Z">Redo</button>
</div>
<div class="play-area">
  <div class="table-column">
    <svg id="table" viewBox="-130 -130 260 260" aria-hidden="true"></svg>
    <div id="positions"></div>
    <div class="table-controls">
      <div class="step-controls" id="play-controls">
        <button type="button" id="flip" class="primary">Flip the chosen positions</button>
      </div>
      <div class="step-controls" id="human-turn" hidden>
        <label>You are the devil: turn the table by
          <input type="number" id="turn" min="0" value="0" aria-label="Steps the devil turns the table"></label>
      </div>
      <div id="watch-controls">
        ${stepBarMarkup('steps')}
        <div class="step-controls" data-embed="full">
          <label>Go to move <input type="text" id="jump-to" inputmode="numeric" size="10" aria-label="Go to move number"></label>
          <button type="button" id="jump">Go</button>
        </div>
      </div>
      <p id="next-move" class="mono" data-embed="full" aria-live="polite"></p>
      <p id="status" data-embed="compact" aria-live="polite"></p>
      <p id="devil-note" data-embed="compact" aria-live="polite"></p>
    </div>
    <p class="legend" id="positions-legend" data-embed="full"><span class="l-heads">heads</span><span class="l-tails">tails</span>
      <span class="l-hidden">hidden (blindfolded)</span><span class="l-mark">fixed position, numbered (the table turns under it)</span>
      <span class="l-chosen">chosen for your move</span><span class="l-flashed">changed by the last move</span>
      <span class="l-guarded">guarded by the devil</span></p>
    <p class="no-embed keyboard-hint"><small>Keyboard: arrows move between positions, Space chooses a position (again to
      choose more turns for σ &gt; 2), Enter makes the move (in Follow, the strategy's next move). On the step bar:
      ←/→ step, Space plays or pauses, Home/End go to the start or the end.</small></p>
  </div>
  <div class="panel" id="side">
    <h2 id="strategy-title" data-embed="full">The strategy</h2>
    <p id="strategy-info" data-embed="full"></p>
    <h2 data-embed="full">What you know</h2>
    <p id="belief-info" data-embed="full" aria-live="polite"></p>
    <div id="belief" data-embed="full" role="list" aria-label="Configurations up to rotation"></div>
    <p class="legend" id="belief-legend" data-embed="full"><span class="l-possible">may still be on the table</span>
      <span class="l-ruled-out">ruled out</span><span class="l-goal">all heads: reached means you have won</span></p>
    <svg id="chart" data-embed="full" viewBox="0 0 300 120" role="img" aria-label="Belief size per move"></svg>
    <p class="legend" id="chart-legend" data-embed="full"><span class="l-raw">configurations possible</span>
      <span class="l-neck">necklaces possible</span><span class="l-plan">the strategy's course, still to come</span>
      <span class="l-now">where you are</span> <span>(each as a share of its start)</span></p>
    <div class="toolbar no-embed">
      <button type="button" id="search">Search shortest strategy</button>
      <button type="button" id="verify">Verify exactly</button>
      <button type="button" id="random-check">Random-devil check</button>
    </div>
    <div id="jobs" data-embed="full"></div>
    <div id="results" data-embed="full" aria-live="polite"></div>
    ${SHARE_BAR}
  </div>
</div>
`;

/** Most moves the step bar holds at once: a window of the strategy from where it was loaded
 * (the core lists at most this many; a longer strategy is walked a window at a time). */
const WINDOW = 4096;

/**
 * The strategy on the step bar. Unlike the one-step-at-a-time {@link Stepper}, a seek goes
 * straight to its target: the core's session walks many moves in one call, so ▶| and "Go to
 * move" over thousands of moves take no longer than one. `walk(to, from)` moves what is shown
 * and returns where it stands (short of `to` when the game was won first), or null when refused.
 */
class StrategySteps extends Stepper {
  /**
   * @param {import('../components/step-bar.js').StepperOptions} options
   * @param {(to: number, from: number) => Promise<number | null>} walk
   */
  constructor(options, walk) {
    super(options);
    this.walk = walk;
  }

  /** @param {number} n */
  seek(n) {
    const target = Math.max(0, Math.min(this.count, Math.trunc(n)));
    this.goal = target;
    return this.walking(async () => {
      if (!this.live || this.at === target || this.goal !== target) return;
      const reached = await this.walk(target, this.at);
      if (reached === null) {
        this.pause();
        this.goal = this.at;
        this.notify();
        return;
      }
      /** @type {Stepper} */ (this).at = reached; // the base class's position, not a field of this class
      if (reached !== target) {
        this.pause();
        this.goal = reached;
      }
      this.notify();
    });
  }
}

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
 * @property {number[][]} history  the amounts of the moves in effect (for the belief panel in Play mode)
 * @property {Set<number>} flashed  the positions the last move changed
 * @property {number} spin  degrees the drawn table has turned in all (forward with each move, back with Undo)
 * @property {boolean} justPlayed  set by a move just played, so its positions stay marked in the redraw after it
 * @property {number[][] | null} source  a strategy a search found, followed in place of the page's: its moves' amounts
 * @property {bigint} base  the game's move counter at the step bar's position 0
 * @property {(moves: number[][]) => void} followFound  loads the strategy a search found onto the step bar
 */

/** What `play` of a table move returns (src/wasm/table.rs, `Outcome`): how the devil turned the table.
 * @typedef {{ choice: { turn: number, reason: string } }} TableOutcome */

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
    history: [],
    flashed: new Set(),
    spin: 0,
    justPlayed: false,
    source: null,
    base: 0n,
    followFound: () => {},
  };
  let busy = false;
  /** True while the step bar walks: the redraws it causes leave the bar alone. */
  let walking = false;
  /** Set when the steps must be loaded again at the next redraw (other settings, a new game). */
  let reload = true;
  /** @type {Awaited<ReturnType<typeof driveGame>>} */
  let driver;
  const mode = () => (v.view.following ? 'watch' : 'play');
  /** The step bar that walks the strategy (../components/step-bar.js); an embed's step(n),
   * play() and pause() drive it. */
  const bar = mountStepBar($('steps'));
  ctx.steps = bar;
  // The forward button is `#step` too: what a script clicks to play the strategy's next move.
  found($('steps').querySelector('[data-step=forward]'), 'step bar forward button').id = 'step';

  $('new-game').addEventListener('click', () => newGame());
  $('coins').addEventListener('change', () => newGame());
  $('sides').addEventListener('change', () => newGame());
  $('devil').addEventListener('change', () => reconfigure({ devil: $('devil').value }));
  onSegmented(ctx, 'sight', (sight) => reconfigure({ sighted: sight === 'sighted' }));
  onSegmented(ctx, 'mode', (m) => newGame({ following: m === 'watch' }));
  $('flip').addEventListener('click', () => playChosen());
  $('jump').addEventListener('click', () => jump($('jump-to').value));
  $('jump-to').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') jump($('jump-to').value);
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
    reload = true;
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
  function newGame({ following: follow } = {}) {
    following = follow ?? (v.view ? v.view.following : true);
    v.source = null;
    reload = true;
    driver.restart();
  }

  /** Another devil or sight for the same coins (the session starts again from them).
   * @param {{ devil?: string, sighted?: boolean }} change */
  function reconfigure(change) {
    const devil = change.devil ?? v.view.devil;
    const sighted = change.sighted ?? v.view.sighted;
    stop();
    reload = true;
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
    if (fresh) reload = true;
    v.view = next;
    v.info = next.info;
    if (fresh || !v.justPlayed) v.flashed = new Set();
    v.justPlayed = false;
    // The drawn table turns the short way to the game's turn (a move has already turned it).
    const want = next.turn * (360 / next.coins);
    v.spin = fresh ? want : v.spin + ((((want - v.spin) % 360) + 540) % 360) - 180;
    v.history = /** @type {{ amounts: number[] }[]} */ (session.moves()).map((m) => m.amounts);
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
    if (!walking) syncSteps(game, session);
    render();
  }

  /** The length of the strategy followed (a BigInt), or null when there is none to follow. */
  function strategyLength() {
    if (v.source) return BigInt(v.source.length);
    return v.info?.length ? BigInt(v.info.length) : null;
  }

  /** Move `i` of the strategy followed, as amounts per position.
   * @param {bigint} i
   * @returns {number[]} */
  function moveAt(i) {
    if (v.source) return v.source[Number(i)];
    return v.core.table_strategy_move(v.view.coins, v.view.sides, String(i)).amounts;
  }

  /**
   * Puts the strategy on the step bar (again) when the game, its settings or its steps changed,
   * and otherwise keeps the bar at the game's move. Position k of the bar is the game after
   * move base + k. A devil of the page plays from steps loaded in the session (their turns are
   * its own); with you as the devil each step forward is played with your turn.
   * @param {import('../game-driver.js').GameView<import('../types.js').TableDrawn>} game
   * @param {import('../game-driver.js').Session} session
   */
  function syncSteps(game, session) {
    const length = strategyLength();
    if (!game.state.following || length === null) {
      if (bar.stepper) bar.clear();
      return;
    }
    const human = game.state.devil === 'human';
    const moves = BigInt(game.state.moves);
    const s = bar.stepper;
    const steps = game.steps;
    if (!reload && s && s.live && (human || steps)) {
      const at = human || !steps ? Number(moves - v.base) : steps.at;
      if (at < 0 || at > s.count) {
        reload = true;
      } else {
        if (!human && steps) s.count = steps.count;
        s.at = at;
        s.goal = at;
        s.notify();
        return;
      }
    }
    reload = false;
    let count = 0;
    try {
      if (human) count = Number(length - moves < BigInt(WINDOW) ? length - moves : BigInt(WINDOW));
      else if (v.source) count = session.load_steps(v.source.slice(Number(moves)).map((amounts) => ({ amounts, turn: null })));
      else count = session.solve({}, () => {});
    } catch (err) {
      showError(err);
    }
    v.base = moves;
    const stepper = new StrategySteps({ count: Math.max(0, count), go: () => undefined }, walk);
    bar.load(stepper, (at) => `Move ${v.base + BigInt(at)} of ${strategyLength() ?? '?'}`);
  }

  /** Moves the game from step `from` to step `to` of the bar; see {@link StrategySteps}.
   * @param {number} to
   * @param {number} from
   * @returns {Promise<number | null>} */
  async function walk(to, from) {
    const session = driver.session;
    if (!session) return null;
    walking = true;
    try {
      const human = v.view.devil === 'human';
      if (to < from) {
        if (human) for (let i = from; i > to; i--) session.undo();
        else session.step_to(to);
        v.flashed = new Set();
        driver.refresh();
        return to;
      }
      if (human) {
        if (to !== from + 1) {
          showMessage('With you as the devil, step through the moves one at a time.');
          return null;
        }
        return (await playMove(moveAt(BigInt(v.view.moves)))) ? to : null;
      }
      const amounts = to === from + 1 ? moveAt(BigInt(v.view.moves)) : null;
      if (amounts) {
        // One step: the table turns first, as the devil chooses (the session's preview of the
        // move, which chooses exactly as playing it will), then the coins change.
        const { choice } = /** @type {TableOutcome} */ (session.preview({ amounts, turn: null }));
        await turnTable(v, choice.turn);
        $('devil-note').textContent = `The devil ${choice.reason}.`;
        v.flashed = new Set(amounts.map((a, i) => (a ? i : -1)).filter((i) => i >= 0));
        v.justPlayed = true;
      } else {
        v.flashed = new Set();
        $('devil-note').textContent = '';
      }
      clearMessage();
      // Many steps at once (End, a seek): played a chunk at a time with a yield between, so
      // the page never freezes (an adversarial devil thinks at every move).
      for (let at = from; at < to; ) {
        at = Math.min(to, at + STEP_CHUNK);
        session.step_to(at);
        if (at < to) await new Promise((resolve) => setTimeout(resolve, 0));
        if (driver.session !== session) return null; // another game came meanwhile
      }
      driver.refresh();
      const steps = driver.view?.steps;
      if (!steps || !bar.stepper) return null;
      bar.stepper.count = steps.count;
      return steps.at;
    } catch (err) {
      showError(err);
      driver.refresh();
      return null;
    } finally {
      walking = false;
    }
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
    $('watch-controls').hidden = mode() !== 'watch' || strategyLength() === null;
    $('flip').disabled = view.solved;
    $('flip').textContent = view.sides === 2 ? 'Flip the chosen positions' : 'Turn the chosen coins';
    $('jump-to').placeholder = strategyLength() === null ? '' : `0 to ${strategyLength()}`;
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
    $('status').textContent = text;
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
      const who = v.view.devil === 'human' ? '' : 'The devil ';
      $('devil-note').textContent = `${who}${result.choice.reason}.`;
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

  /**
   * Goes to move `to` of the strategy: on the step bar when the move is in its window;
   * further ahead (up to `info.max_moves_at_once`) by playing in the Worker, which starts the
   * bar again from there; otherwise it shows that move of the strategy.
   * @param {string} to  the move number typed
   */
  function jump(to) {
    stop();
    const { view, info } = v;
    const length = strategyLength();
    if (!/^\d+$/.test(String(to).trim())) return showError(`'${to}' is not a move number`);
    if (length === null) return showError('There is no strategy to follow at this table.');
    const target = BigInt(String(to).trim());
    const stepper = bar.stepper;
    clearMessage();
    if (stepper && target >= v.base && target - v.base <= BigInt(stepper.count)) {
      stepper.seek(Number(target - v.base));
      return;
    }
    if (target < v.base) {
      return showMessage(`This game starts at move ${v.base} of the strategy (its link was made there): New game starts from move 0.`);
    }
    const atOnce = info?.max_moves_at_once ?? 0;
    if (v.source || view.devil === 'human' || target > length || target - BigInt(view.moves) > BigInt(atOnce)) {
      // Too far to play out here: show the move itself, computed on demand.
      try {
        const last = target > length ? length : target;
        const line = v.source ? '' : v.core.table_strategy_move(view.coins, view.sides, String(last > 0n ? last - 1n : 0n)).line;
        $('next-move').textContent = `Move ${last} of the strategy: ${view.sides === 2 ? 'flip' : 'turn'} ${line}`;
        showMessage(`The game is played out at most ${atOnce.toLocaleString('en')} moves ahead at a time (and never backwards); above is that move of the strategy.`);
      } catch (err) {
        showError(err);
      }
      return;
    }
    // Past the bar's window: the Worker plays the moves with the devil, with cancel; the
    // bar starts again where the jump lands.
    const before = view.state;
    runJob('table_follow', [view.state, String(target)], jobSlot(v, 'Playing the strategy'), CORE)
      .promise.then((/** @type {{ view: import('../types.js').TableDrawn, choice: { reason: string } | null }} */ res) => {
        if (v.view.state !== before) return;
        driver.start(v.core.GameSession.open(`#${res.view.link}`));
        if (res.choice) $('devil-note').textContent = `The devil ${res.choice.reason}.`;
      })
      .catch((err) => {
        if (!isCancelled(err)) showError(err);
      });
  }
}
