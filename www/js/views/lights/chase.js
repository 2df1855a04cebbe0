// Lights Out: the light-chasing walk-through. The core plans it (chase row by row, the first-row
// fix-up from the table, chase again) a row at a time, and the session takes the rows as its
// steps; this module walks them on the step bar and says why each row is pressed.
import { scrollToEnd } from '../../view.js';
import { check, stepWith, playUnlessReduced } from './solve.js';
import { Stepper } from '../../components/step-bar.js';

/** @typedef {import('./controller.js').LightsCtrl} LightsCtrl */

/** @typedef {import('../../types.js').ChasePlan} ChasePlan */

/** What to say of each of the plan's rows (a step each), and of how it ended.
 * @param {ChasePlan} plan */
function narration(plan) {
  const bits = (/** @type {ArrayLike<number>} */ row) => Array.from(row).join('');
  const fixup = `Last row left: ${bits(plan.leftover)} → table says press first row ${plan.fixup ? bits(plan.fixup) : '(nothing fixes this)'}.`;
  let fixupSaid = false;
  const rows = plan.rows.map(({ phase, row }) => {
    const lines = [];
    if (phase !== 'chase' && !fixupSaid) {
      lines.push(fixup);
      fixupSaid = true;
    }
    const what = { chase: 'Chase', fix_up: 'Fix-up', chase_again: 'Chase again' }[phase];
    lines.push(phase === 'fix_up' ? `${what}: press row 1 as the table says.` : `${what}: clear row ${row} by pressing below its lit lights (row ${row + 1}).`);
    return lines;
  });
  const end = fixupSaid ? [] : [fixup];
  end.push(plan.fixup ? 'The board is dark.' : 'No first-row press fixes that last row: the pattern is not solvable.');
  return { rows, end };
}

/** @param {LightsCtrl} ctrl */
export async function chase(ctrl) {
  if (ctrl.busy) return;
  const { $, showMessage, showError } = ctrl.ctx;
  if (ctrl.plan.packed) {
    return showMessage('Light chasing is shown step by step on boards up to about 256×256: use Show solution or Animate.', 'error');
  }
  const session = ctrl.driver?.session;
  if (!session) return;
  /** @type {ChasePlan} */
  let plan;
  try {
    plan = session.query('chase', null);
  } catch (err) {
    return showError(err);
  }
  const { rows, end } = narration(plan);
  const log = $('log');
  log.replaceChildren();
  /** Log items written per position, so stepping back takes them away again.
   * @type {HTMLLIElement[][]} */
  const written = [];
  const say = (/** @type {string[]} */ lines) => {
    const items = lines.map((text) => {
      const li = document.createElement('li');
      li.textContent = text;
      return li;
    });
    for (const old of log.children) old.classList.remove('current');
    items.at(-1)?.classList.add('current');
    log.append(...items);
    scrollToEnd(log);
    written.push(items);
  };
  const unsay = () => {
    for (const li of written.pop() ?? []) li.remove();
    log.lastElementChild?.classList.add('current');
  };

  // The same rows are the session's steps (a row's presses one move, so Undo takes a row back).
  // Position i of the bar has made the first i rows; the last position also says how it ended.
  /** @type {number | undefined} */
  let count;
  stepWith(ctrl, () => {
    count = ctrl.driver?.act((session) => session.solve({ minimal: false, chase: true }, () => {}));
  });
  if (count === undefined) return;
  const stepper = new Stepper({
    count: rows.length + 1,
    leaps: true,
    go: (to, from) =>
      stepWith(ctrl, () => {
        ctrl.driver?.act((session) => session.step_to(Math.min(to, rows.length)));
        for (let at = from; at < to; at++) say(at < rows.length ? rows[at] : end);
        for (let at = from; at > to; at--) unsay();
        if (to > rows.length && from <= rows.length) {
          if (plan.fixup) showMessage(`Solved by light chasing in ${ctrl.moves} presses.`, 'win', { presses: ctrl.moves, chased: true });
          else check(ctrl);
        }
        ctrl.overlay.row = to > 0 && to <= rows.length ? plan.rows[to - 1].row : -1;
      }),
  });
  ctrl.steps.load(stepper, 'Row');
  playUnlessReduced(stepper);
}
