// The strategy on the rotating table's step bar: a stepper whose seeks go straight to their
// target, for a strategy of thousands of moves.
import { Stepper } from '../../components/step-bar.js';

/** Steps of the strategy played in one go on the page's thread before it yields. */
export const STEP_CHUNK = 256;
/** Most moves the step bar holds at once: a window of the strategy from where it was loaded
 * (the core lists at most this many; a longer strategy is walked a window at a time). */
export const WINDOW = 4096;

/**
 * The strategy on the step bar. Unlike the one-step-at-a-time {@link Stepper}, a seek goes
 * straight to its target: the core's session walks many moves in one call, so ▶| and "Go to
 * move" over thousands of moves take no longer than one. `walk(to, from)` moves what is shown
 * and returns where it stands (short of `to` when the game was won first), or null when refused.
 */
export class StrategySteps extends Stepper {
  /**
   * @param {import('../../components/step-bar.js').StepperOptions} options
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
