// Lights Out: the light-chasing animation. The core plans it (chase row by row, the first-row
// fix-up from the table, chase again); this module plays the plan group by group and narrates.
import { scrollToEnd } from '../../view.js';
import { render } from './draw.js';
import { press } from './state.js';
import { check } from './solve.js';

export async function chase(v) {
  if (v.busy) return;
  const { $, showMessage, showError } = v.ctx;
  if (v.packed) {
    return showMessage('Light chasing is shown step by step on boards up to about 256×256: use Show solution or Animate.', 'error');
  }
  let plan;
  try {
    plan = v.core.lights_chase(v.spec, v.lights);
  } catch (err) {
    return showError(err);
  }
  const log = $('log');
  log.replaceChildren();
  const say = (text) => {
    const li = document.createElement('li');
    li.textContent = text;
    for (const old of log.children) old.classList.remove('current');
    li.classList.add('current');
    log.append(li);
    scrollToEnd(log);
  };
  const bits = (row) => Array.from(row).join('');
  v.busy = true;
  try {
    const groups = [];
    for (const st of plan.steps) {
      const last = groups.at(-1);
      if (last && last.phase === st.phase && last.row === st.row) last.steps.push(st);
      else groups.push({ phase: st.phase, row: st.row, steps: [st] });
    }
    let fixupShown = false;
    const showFixup = () => {
      if (fixupShown) return;
      fixupShown = true;
      say(`Last row left: ${bits(plan.leftover)} → table says press first row ${plan.fixup ? bits(plan.fixup) : '(nothing fixes this)'}.`);
    };
    for (const g of groups) {
      if (g.phase !== 'chase') showFixup();
      const what = { chase: 'Chase', fix_up: 'Fix-up', chase_again: 'Chase again' }[g.phase];
      say(g.phase === 'fix_up' ? `${what}: press row 1 as the table says.` : `${what}: clear row ${g.row} by pressing below its lit lights (row ${g.row + 1}).`);
      for (const st of g.steps) {
        for (let t = 0; t < st.times; t++) {
          press(v, st.row, st.col);
          v.history.push({ kind: 'press', r: st.row, c: st.col });
        }
      }
      v.future = [];
      v.changed();
      v.overlay.row = g.row;
      render(v);
      await v.ctx.pause(450);
    }
    showFixup();
    v.overlay.row = -1;
    render(v);
    if (!plan.fixup) {
      say('No first-row press fixes that last row: the pattern is not solvable.');
      v.busy = false;
      return check(v);
    }
    say('The board is dark.');
    showMessage(`Solved by light chasing in ${v.moves} presses.`, 'win');
  } finally {
    v.busy = false;
  }
}
