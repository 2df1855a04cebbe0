// The Lights Out games view's plan: the presses of a solution, listed to tick off and loaded as
// the session's steps, walked by the step bar; the list, the bar and Undo/Redo are one position.
import { Stepper } from '../../components/step-bar.js';
import { showResult } from '../../components/result.js';

/**
 * @param {(id: string) => any} $  the view's element lookup
 * @param {ReturnType<typeof import('../../components/step-bar.js').mountStepBar>} stepBar
 * @param {import('./press-list.js').PressList} list
 * @param {(change: (session: import('../../game-driver.js').Session) => void) => unknown} act  a change to the session, through the driver
 */
export function pressPlan($, stepBar, list, act) {
  /** Says `text` in the Presses panel, by the Solve button (where the eye is after pressing it),
   * scrolled into view when it is off the screen; `facts` are what it states, as data.
   * @param {string} text @param {'info' | 'error'} [kind]
   * @param {Record<string, string | number | boolean>} [facts] */
  function say(text, kind = 'info', facts = {}) {
    const el = $('plan-info');
    showResult(el, text, facts);
    el.dataset.kind = kind;
    el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    if (kind !== 'error') return;
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > (globalThis.innerHeight || 0)) el.scrollIntoView({ block: 'nearest' });
  }

  return {
    say,

    /** No plan: the list and the bar empty. */
    forget() {
      list.clear();
      stepBar.clear();
      say('Solve for the fewest presses, listed here to tick off.');
    },

    /** The loaded steps' position ticks the list (stepping with the bar, Undo and Redo).
     * @param {import('../../game-driver.js').GameView} view */
    sync(view) {
      const stepper = stepBar.stepper;
      if (!list.moves.length || !view.steps || !stepper) return;
      if (view.steps.count !== list.moves.length) return;
      list.tickFirst(view.steps.at);
      if (stepper.at !== view.steps.at) {
        stepper.at = view.steps.at;
        stepper.goal = view.steps.at;
        stepper.notify();
      }
    },

    /** Lists `presses` (the lights' `labels`) and walks them on the bar as the session's steps,
     * which the caller has loaded. @param {number[]} presses @param {string[]} labels */
    load(presses, labels) {
      list.load(presses, labels);
      const stepper = new Stepper({
        count: presses.length,
        leaps: true,
        go: (to) => {
          let ok = false;
          act((s) => {
            s.step_to(to);
            ok = true;
          });
          return ok;
        },
      });
      stepBar.load(stepper, 'Press');
    },
  };
}
