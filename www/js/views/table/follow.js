// Following the strategy at the rotating table: the strategy on the step bar, walked by the
// session (many moves a call), and "Go to move" (on the bar, in the Worker, or the move itself).
import { runJob, isCancelled } from '../../worker-client.js';
import { turnTable } from './draw.js';
import { jobSlot } from './checks.js';
import { StrategySteps, STEP_CHUNK, WINDOW } from './steps.js';
import { showResult } from '../../components/result.js';

/**
 * Says how the devil turned the table before a move, and why; its facts are the turn and the
 * seats of the coins it guards.
 * @param {HTMLElement} note @param {TableChoice} choice @param {string} [who]  '' when you are the devil
 */
export function sayChoice(note, choice, who = 'The devil ') {
  showResult(note, `${who}${choice.reason}.`, { turn: choice.turn, guarded: choice.guarded.join(' ') });
}

/**
 * @typedef {import('../table.js').TableParts} TableParts
 * @typedef {import('../../game-driver.js').Session} Session
 * @typedef {import('../../types.js').TableDrawn} TableDrawn
 * @typedef {import('../../game-driver.js').GameView<TableDrawn>} TableGameView
 * @typedef {{ choice: TableChoice }} TableOutcome
 * @typedef {{ turn: number, guarded: number[], reason: string }} TableChoice
 */

/**
 * The following part of the view `v`.
 * @param {TableParts} v
 * @param {object} view
 * @param {ReturnType<typeof import('../../components/step-bar.js').mountStepBar>} view.bar  the step bar
 * @param {() => Awaited<ReturnType<typeof import('../../game-driver.js').driveGame>>} view.driver
 * @param {(amounts: number[]) => Promise<boolean>} view.playMove  plays one move, animated
 * @param {'table'} view.core  the wasm module's name, for the Worker
 */
export function followController(v, { bar, driver: driverOf, playMove, core: CORE }) {
  const { $, showMessage, showError, clearMessage } = v.ctx;
  /** True while the step bar walks: the redraws it causes leave the bar alone. */
  let walking = false;
  /** Set when the steps must be loaded again at the next redraw (other settings, a new game). */
  let reload = true;
  const stop = () => bar.stepper?.pause();

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
   * @param {import('../../game-driver.js').GameView<import('../../types.js').TableDrawn>} game
   * @param {import('../../game-driver.js').Session} session
   */
  function syncSteps(game, session) {
    if (walking) return;
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
    const driver = driverOf();
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
        sayChoice($('devil-note'), choice);
        v.flashed = new Set(amounts.map((a, i) => (a ? i : -1)).filter((i) => i >= 0));
        v.justPlayed = true;
      } else {
        v.flashed = new Set();
        showResult($('devil-note'), '', {});
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

  /**
   * Goes to move `to` of the strategy: on the step bar when the move is in its window;
   * further ahead (up to `info.max_moves_at_once`) by playing in the Worker, which starts the
   * bar again from there; otherwise it shows that move of the strategy.
   * @param {string} to  the move number typed
   */
  function jump(to) {
    const driver = driverOf();
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
    const link = driver.session?.link();
    if (!link) return;
    runJob('GameSession.open', [`#${link}`], jobSlot(v, 'Playing the strategy'), CORE, ['jump', String(target)])
      .promise.then((/** @type {{ value: TableOutcome | null, link: string }} */ res) => {
        if (v.view.state !== before) return;
        driver.start(v.core.GameSession.open(`#${res.link}`));
        if (res.value) sayChoice($('devil-note'), res.value.choice);
      })
      .catch((err) => {
        if (!isCancelled(err)) showError(err);
      });
  }

  return {
    /** The steps are loaded again at the next redraw. */
    reload: () => {
      reload = true;
    },
    sync: syncSteps,
    strategyLength,
    jump,
  };
}
