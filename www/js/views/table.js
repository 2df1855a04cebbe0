// The Devil's rotating table view: settings, the table and its positions, play and follow
// modes, and the belief panel; the core owns every rule (the devils, the strategy, beliefs,
// links) and the game driver (../game-driver.js) holds the session: history, undo, the link.
// The parts of the view live in ./table/.
import { loadCore } from '../app.js';
import { GridBoard } from '../board.js';
import { runJob, isCancelled } from '../worker-client.js';
import { viewContext, drawTemplate, frameHeight } from '../view.js';
import { SHARE_BAR, wireShareBar } from '../components/share-bar.js';
import { segmented, onSegmented, markSegmented } from '../components/segmented.js';
import { driveGame } from '../game-driver.js';
import { drawPositions, drawTable, turnTable } from './table/draw.js';
import { drawStrategy, drawBelief } from './table/belief.js';
import { search, verify, randomCheck, jobSlot } from './table/checks.js';

export const PAGE = 'table.html';
export const STYLES = ['css/site.css', 'css/table.css'];
export const CORE = 'table';

const DELAYS = [1400, 900, 500, 250, 80];

/** The table, its controls and the belief panel; the long checks are the page's (`.no-embed`);
 * `data-embed` marks what an embed's compact view (`compact`) or only its full view (`full`) shows. */
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
  <div>
    <svg id="table" viewBox="-130 -130 260 260" aria-hidden="true"></svg>
    <div id="positions"></div>
    <p class="legend" id="positions-legend" data-embed="full"><span class="l-heads">heads</span><span class="l-tails">tails</span>
      <span class="l-hidden">hidden (blindfolded)</span><span class="l-chosen">chosen for your move</span>
      <span class="l-flashed">changed by the last move</span><span class="l-guarded">guarded by the devil</span></p>
    <div class="step-controls" id="play-controls">
      <button type="button" id="flip" class="primary">Flip the chosen positions</button>
    </div>
    <div class="step-controls" id="human-turn" hidden>
      <label>You are the devil: turn the table by
        <input type="number" id="turn" min="0" value="0" aria-label="Steps the devil turns the table"></label>
    </div>
    <p class="no-embed keyboard-hint"><small>Keyboard: arrows move between positions, Space chooses a position (again to
      choose more turns for σ &gt; 2), Enter makes the move.</small></p>
    <p id="status" data-embed="compact" aria-live="polite"></p>
    <p id="devil-note" data-embed="compact" aria-live="polite"></p>
  </div>
  <div class="panel" id="side">
    <h2 id="strategy-title" data-embed="full">The strategy</h2>
    <p id="strategy-info" data-embed="full"></p>
    <div class="step-controls" id="watch-controls">
      <button type="button" id="step" aria-label="Step: play the strategy's next move">▶ Step</button>
      <button type="button" id="autoplay" aria-label="Autoplay">Autoplay</button>
      <label data-embed="full">Speed <input type="range" id="speed" min="1" max="5" value="3" aria-label="Autoplay speed"></label>
      <label data-embed="full">Move <input type="text" id="jump-to" inputmode="numeric" size="10" aria-label="Jump to move"></label>
      <button type="button" id="jump" data-embed="full">Jump</button>
    </div>
    <p id="next-move" class="mono" data-embed="full" aria-live="polite"></p>
    <h2 data-embed="full">What you know</h2>
    <p id="belief-info" data-embed="full" aria-live="polite"></p>
    <div id="belief" data-embed="full" role="list" aria-label="Configurations up to rotation"></div>
    <svg id="chart" data-embed="full" viewBox="0 0 300 120" role="img" aria-label="Belief size per move"></svg>
    <p class="legend" id="chart-legend" data-embed="full"><span class="l-raw">configurations possible</span>
      <span class="l-neck">necklaces possible</span> <span>(each as a share of its start)</span></p>
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

/**
 * Draws the view into `root` and starts it.
 * @param {Document|ShadowRoot} root
 * @param {{embed?: boolean, link?: string, host?: HTMLElement}} options
 */
export async function mount(root, { embed = false, link = '', host = null } = {}) {
  drawTemplate(root, TEMPLATE, { embed, name: 'table' });
  const ctx = viewContext(root, { page: PAGE, embed, link, host });
  const { $, showMessage, showError, clearMessage } = ctx;
  /** The view's state, shared with its parts. */
  const v = {
    ctx,
    core: await loadCore(CORE),
    grid: null,
    /** Facts about this table size from the core (strategy length, necklaces, limits). */
    info: null,
    /** The game as the core draws it (the session's state; `view.link` is its link). */
    view: null,
    /** Amount to add at each position for the next move. */
    chosen: [],
    /** The amounts of the moves in effect (for the belief panel in Play mode). */
    history: [],
    flashed: new Set(),
    /** Degrees the drawn table has turned in all (forward with each move, back with Undo). */
    spin: 0,
    /** Set by a move just played, so its positions stay marked in the redraw after it. */
    justPlayed: false,
  };
  let timer = null;
  let busy = false;
  /** @type {Awaited<ReturnType<typeof driveGame>>} */
  let driver;
  const mode = () => (v.view.following ? 'watch' : 'play');

  v.grid = new GridBoard($('positions'), { label: 'Positions at the table', onActivate: (i) => choose(i), onKey: key });
  $('new-game').addEventListener('click', () => newGame());
  $('coins').addEventListener('change', () => newGame());
  $('sides').addEventListener('change', () => newGame());
  $('devil').addEventListener('change', () => reconfigure({ devil: $('devil').value }));
  onSegmented(ctx, 'sight', (sight) => reconfigure({ sighted: sight === 'sighted' }));
  onSegmented(ctx, 'mode', (m) => newGame({ following: m === 'watch' }));
  $('flip').addEventListener('click', () => playChosen());
  $('step').addEventListener('click', () => step());
  $('autoplay').addEventListener('click', () => toggleAutoplay());
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
  driver = await driveGame(ctx, {
    core: v.core,
    fresh: () => {
      const s = settings();
      return v.core.GameSession.create('table', { ...s, following }, '');
    },
    draw: (game, { fresh, session }) => setView(game.state, session, { fresh }),
    what: 'a fresh table',
    beforeChange: () => stop(),
  });
  // The strategy as an embed's steps (`step(n)`, `play()`, `pause()`): step n is the game after
  // the strategy's first n moves, reached by playing them forward or undoing them; play and
  // pause are Autoplay's.
  ctx.steps = /** @type {any} */ ({
    stepper: {
      get at() {
        return Number(v.view?.moves ?? 0);
      },
      get count() {
        return Number(v.info?.length ?? 0);
      },
      async seek(/** @type {number} */ n) {
        if (mode() !== 'watch' || !Number.isFinite(n)) return;
        const target = Math.max(0, Math.floor(n));
        while (Number(v.view.moves) > target && driver.view?.can_undo) driver.undo();
        if (Number(v.view.moves) < target) jump(String(target));
      },
      play() {
        if (!timer && mode() === 'watch') toggleAutoplay();
      },
      pause() {
        stop();
      },
    },
  });
  ctx.ready();

  function settings() {
    const sighted = ctx.slot.querySelector('[data-sight="sighted"]').getAttribute('aria-pressed') !== 'false';
    return { coins: Number($('coins').value), sides: Number($('sides').value), devil: $('devil').value, sighted };
  }

  /** A new game from the settings; a refused size leaves the table as it was (the boxes show
   * what it uses). @param {{ following?: boolean }} [options] */
  function newGame({ following: follow } = {}) {
    following = follow ?? (v.view ? v.view.following : true);
    driver.restart();
  }

  /** Another devil or sight for the same coins (the session starts again from them). */
  function reconfigure(change) {
    const devil = change.devil ?? v.view.devil;
    const sighted = change.sighted ?? v.view.sighted;
    stop();
    driver.act((s) => s.edit({ devil, sighted, following: v.view.following }));
  }

  /** Draws the session's game; the positions a move just changed stay marked until the next change. */
  function setView(next, session, { fresh = false } = {}) {
    const resized = !v.view || v.view.coins !== next.coins || v.view.sides !== next.sides;
    v.view = next;
    if (fresh || !v.justPlayed) v.flashed = new Set();
    v.justPlayed = false;
    // The drawn table turns the short way to the game's turn (a move has already turned it).
    const want = next.turn * (360 / next.coins);
    v.spin = fresh ? want : v.spin + ((((want - v.spin) % 360) + 540) % 360) - 180;
    v.history = session.moves().map((m) => m.amounts);
    if (resized || fresh) v.chosen = new Array(next.coins).fill(0);
    if (resized) {
      v.info = v.core.table_info(next.coins, next.sides);
      const cols = Math.min(next.coins, 16);
      v.grid.resize(Math.ceil(next.coins / 16), cols);
      $('positions').style.maxWidth = `${cols * 44}px`;
      $('results').replaceChildren();
      $('jump-to').value = '';
    }
    $('coins').value = String(next.coins);
    $('sides').value = String(next.sides);
    $('devil').value = next.devil;
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
    $('watch-controls').hidden = mode() !== 'watch';
    $('flip').disabled = view.solved;
    $('flip').textContent = view.sides === 2 ? 'Flip the chosen positions' : 'Turn the chosen coins';
    drawStatus();
    drawStrategy(v);
    drawBelief(v, mode());
    $('search').disabled = !info.searchable;
    $('verify').disabled = !info.verifiable;
    $('random-check').disabled = !info.verifiable;
  }

  function drawStatus() {
    const { view } = v;
    const moves = view.moves;
    let text;
    if (view.solved) text = `All heads after ${moves} move${moves === '1' ? '' : 's'}: you win!`;
    else if (mode() === 'watch') text = `${moves} moves played. The coins are not all heads yet.`;
    else text = `${moves} moves played. Choose positions, then make your move.`;
    if (view.guarded.length) {
      text += ` The devil guards the coins on seats ${view.guarded.join(', ')} (ringed in red): they never all agree.`;
    }
    $('status').textContent = text;
  }

  function choose(i) {
    if (mode() !== 'play' || v.view.solved) return;
    v.chosen[i] = (v.chosen[i] + 1) % v.view.sides;
    render();
    v.grid.focusCell(i, false);
  }

  function key(i, e) {
    if (e.key === ' ' || e.key === 'Spacebar') {
      choose(i);
      v.grid.focusCell(i);
      return true;
    }
    if (e.key === 'Enter') {
      if (mode() === 'play') playChosen();
      else step();
      return true;
    }
    return false;
  }

  /** Plays one move in the session (the devil chooses its turn unless you are the devil),
   * animating the turn before the flips. */
  async function playMove(amounts) {
    if (busy) return false;
    busy = true;
    try {
      const result = driver.session.play({ amounts, turn: humanTurn() });
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

  /** Plays the strategy's next move. */
  async function step() {
    const { view, info } = v;
    if (view.solved || !info.length || BigInt(view.moves) >= BigInt(info.length)) return stop();
    clearMessage();
    const mv = v.core.table_strategy_move(view.coins, view.sides, view.moves);
    return playMove(mv.amounts);
  }

  function toggleAutoplay() {
    if (timer) return stop();
    $('autoplay').textContent = 'Pause';
    $('autoplay').setAttribute('aria-label', 'Pause');
    const tick = async () => {
      const ok = await step();
      if (!ok || !timer || v.view.solved) return stop();
      timer = setTimeout(tick, DELAYS[Number($('speed').value) - 1]);
    };
    timer = setTimeout(tick, 0);
  }

  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
    $('autoplay').textContent = 'Autoplay';
    $('autoplay').setAttribute('aria-label', 'Autoplay');
  }

  /** Plays the strategy up to move `to` at once (the core does it, up to `info.max_moves_at_once` ahead). */
  function jump(to) {
    stop();
    const { view, info } = v;
    if (!/^\d+$/.test(String(to).trim())) return showError(`'${to}' is not a move number`);
    const target = BigInt(String(to).trim());
    if (info.length && (target > BigInt(info.length) || target - BigInt(view.moves) > BigInt(info.max_moves_at_once) || target < BigInt(view.moves))) {
      // Too far to play out here: show the move itself, computed on demand.
      try {
        const last = target > BigInt(info.length) ? BigInt(info.length) : target;
        const mv = v.core.table_strategy_move(view.coins, view.sides, String(last > 0n ? last - 1n : 0n));
        $('next-move').textContent = `Move ${last} of the strategy: ${view.sides === 2 ? 'flip' : 'turn'} ${mv.line}`;
        showMessage(`The game is played out at most ${Number(info.max_moves_at_once).toLocaleString('en')} moves ahead at a time (and never backwards); above is that move of the strategy.`);
      } catch (err) {
        showError(err);
      }
      return;
    }
    if (view.devil === 'human') return showError('With you as the devil, step through the moves one at a time.');
    const note = (choice) => {
      if (choice) $('devil-note').textContent = `The devil ${choice.reason}.`;
      v.flashed = new Set();
      clearMessage();
    };
    if (target - BigInt(view.moves) <= 1024n) {
      // One move of the history: Undo takes the whole jump back.
      const result = driver.act((s) => s.jump(String(to).trim()));
      if (result !== undefined) note(result?.choice);
      return;
    }
    // Long jumps play thousands of moves with the devil: in the worker, with cancel. The
    // history starts again where the jump lands.
    const before = view.state;
    runJob('table_follow', [view.state, String(to).trim()], jobSlot(v, 'Playing the strategy'), CORE)
      .promise.then((res) => {
        if (v.view.state !== before) return;
        driver.start(v.core.GameSession.open(`#${res.view.link}`));
        note(res.choice);
      })
      .catch((err) => {
        if (!isCancelled(err)) showError(err);
      });
  }
}
