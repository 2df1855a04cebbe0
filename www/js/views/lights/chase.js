// Lights Out: the light-chasing walk-through. The core plans it (chase row by row, the first-row
// fix-up from the table, chase again); this module turns the plan into one step a row for the
// step bar — forward makes the row's presses and says why, back undoes them — and narrates.
import { scrollToEnd } from '../../view.js';
import { check, stepWith, playUnlessReduced } from './solve.js';
import { Stepper } from '../../components/step-bar.js';

/** @typedef {import('./state.js').LightsParts} LightsParts */

/** @typedef {import('../../types.js').ChasePress} ChasePress */
/** @typedef {import('../../types.js').ChasePlan} ChasePlan */

/** The plan's presses grouped a row (and phase) at a time, each with what to say of it.
 * @param {ChasePlan} plan */
function rowSteps(plan) {
  const bits = (/** @type {ArrayLike<number>} */ row) => Array.from(row).join('');
  const fixup = `Last row left: ${bits(plan.leftover)} → table says press first row ${plan.fixup ? bits(plan.fixup) : '(nothing fixes this)'}.`;
  /** @type {{ phase: ChasePress['phase'], row: number, presses: ChasePress[], lines: string[] }[]} */
  const steps = [];
  let fixupSaid = false;
  for (const st of plan.steps) {
    const last = steps.at(-1);
    if (last && last.phase === st.phase && last.row === st.row) {
      last.presses.push(st);
      continue;
    }
    const lines = [];
    if (st.phase !== 'chase' && !fixupSaid) {
      lines.push(fixup);
      fixupSaid = true;
    }
    const what = { chase: 'Chase', fix_up: 'Fix-up', chase_again: 'Chase again' }[st.phase];
    lines.push(st.phase === 'fix_up' ? `${what}: press row 1 as the table says.` : `${what}: clear row ${st.row} by pressing below its lit lights (row ${st.row + 1}).`);
    steps.push({ phase: st.phase, row: st.row, presses: [st], lines });
  }
  const end = fixupSaid ? [] : [fixup];
  end.push(plan.fixup ? 'The board is dark.' : 'No first-row press fixes that last row: the pattern is not solvable.');
  return { steps, end };
}

/** @param {LightsParts} v */
export async function chase(v) {
  if (v.busy) return;
  const { $, showMessage, showError } = v.ctx;
  if (v.plan.packed) {
    return showMessage('Light chasing is shown step by step on boards up to about 256×256: use Show solution or Animate.', 'error');
  }
  let plan;
  try {
    plan = v.core.lights_chase(v.lights);
  } catch (err) {
    return showError(err);
  }
  const { steps, end } = rowSteps(plan);
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

  // Position i has made the first i rows' presses; the last position also says how it ended.
  const stepper = new Stepper({
    count: steps.length + 1,
    go: (to, from) =>
      stepWith(v, () => {
        if (to > from) {
          if (from === steps.length) {
            say(end);
            if (plan.fixup) showMessage(`Solved by light chasing in ${v.moves} presses.`, 'win');
            else check(v);
          } else {
            const g = steps[from];
            v.driver?.act((session) => {
              for (const st of g.presses) for (let t = 0; t < st.times; t++) session.play({ row: st.row, col: st.col });
            });
            say(g.lines);
          }
        } else {
          if (to < steps.length) {
            v.driver?.act((session) => {
              for (const st of steps[to].presses) for (let t = 0; t < st.times; t++) session.undo();
            });
          }
          unsay();
        }
        v.overlay.row = to > 0 && to <= steps.length ? steps[to - 1].row : -1;
      }),
  });
  v.steps.load(stepper, 'Row');
  playUnlessReduced(stepper);
}
