// Lights Out: the "Explore this board" panel (page only): rank and nullity, the light-chasing
// fix-up table, and the gallery of quiet patterns. Long counts run in the Worker.
import { errorText, found } from '../../app.js';
import { showResult } from '../../components/result.js';
import { render } from './draw.js';
import { inWorker, solverModule } from './solve.js';
import { cellsOf, context2d } from './cells.js';
import { isCancelled } from '../../worker-client.js';

/** @typedef {import('./controller.js').LightsCtrl} LightsCtrl */
/** @typedef {import('../../types.js').LightsBoard} LightsBoard */
/** @typedef {import('../../types.js').LightsSolution} LightsSolution */

/** @param {LightsCtrl} ctrl */
export async function explore(ctrl) {
  const { $ } = ctrl.ctx;
  const s = { ...ctrl.spec };
  const { plan } = ctrl;
  const same = () => JSON.stringify(s) === JSON.stringify(ctrl.spec);
  showResult($('counts'), 'Counting…', {});
  $('gallery').replaceChildren();
  $('quiet-note').textContent = '';
  $('table-wrap').hidden = true;
  try {
    const r = plan.heavy_rank ? await inWorker(ctrl, 'lights_rank', [s], solverModule(plan)) : ctrl.core.lights_rank(s, () => {});
    if (!same()) return;
    const n = s.rows * s.cols;
    // Which board the counts are of, beside them: a reader of the facts can tell them from the last board's.
    const board = { rows: s.rows, cols: s.cols, rule: s.rule, edges: s.torus ? 'torus' : 'bounded', states: s.states };
    if (s.states === 2) {
      const share = 100 / 2 ** r.nullity;
      showResult(
        $('counts'),
        `Rank ${r.rank}, nullity ${r.nullity}: 2^${r.rank} of the 2^${n} patterns are solvable ` +
          `(${share >= 0.01 ? `${share.toFixed(share < 1 ? 3 : 0)}%` : share > 0 ? `${share.toExponential(2)}%` : `1 in 2^${r.nullity}`}), each with 2^${r.nullity} solutions.`,
        { ...board, rank: r.rank, nullity: r.nullity },
      );
    } else {
      const q = r.quiet_log2;
      showResult(
        $('counts'),
        `${s.states}^${n} patterns; ${q === 0 ? 'every one is solvable, in exactly one way' : `${fmtPow(q)} quiet patterns, so 1 pattern in ${fmtPow(q)} is solvable`} ` +
          `(nullity ${r.nullity}).`,
        { ...board, nullity: r.nullity },
      );
    }
    if (plan.fixup_table) showTable(ctrl, ctrl.core.lights_table(s));
    if (r.nullity === 0) {
      $('quiet-note').textContent = '— none: only pressing nothing changes nothing.';
      return;
    }
    if (!plan.quiet_gallery) {
      $('quiet-note').textContent = `— not drawn for boards beyond 4096×4096 (${r.nullity} independent ones).`;
      return;
    }
    // The quiet patterns are the solutions of the dark board: a session of it answers.
    const dark = /** @type {const} */ (['lights', { ...s, all: 0 }, '']);
    /** @type {LightsSolution} */
    let sol;
    if (plan.heavy_solve) sol = (await inWorker(ctrl, 'GameSession.create', [...dark], solverModule(plan), ['query', 'solve', { minimal: false }])).value;
    else {
      const session = ctrl.core.GameSession.create(...dark);
      try {
        sol = session.query('solve', { minimal: false });
      } finally {
        session.free();
      }
    }
    if (!same()) return;
    $('quiet-note').textContent = `— a basis of ${r.nullity}${sol.quiet.length < r.nullity ? `, first ${sol.quiet.length} shown` : ''}. Click one to see it on the board.`;
    sol.quiet.forEach((/** @type {LightsBoard} */ q, /** @type {number} */ i) => $('gallery').append(thumbnail(ctrl, q, i)));
  } catch (err) {
    if (!same()) return;
    showResult($('counts'), isCancelled(err) ? 'Counting cancelled.' : `Cannot analyse this board: ${errorText(err)}`, {});
  }
}

/** @param {number} log2 */
function fmtPow(log2) {
  return Number.isInteger(log2) ? `2^${log2}` : `${2 ** log2 < 1e15 ? Math.round(2 ** log2) : `2^${log2.toFixed(2)}`}`;
}

/** The fix-up table: only the last rows a solvable pattern can leave (the others never occur).
 * @param {{ leftover: ArrayLike<number>, press: ArrayLike<number> | null }[]} rows
 * @param {LightsCtrl} ctrl */
function showTable(ctrl, rows) {
  const { $ } = ctrl.ctx;
  const body = found($('fixup-table').querySelector('tbody'), 'the fix-up table body');
  body.replaceChildren();
  const bits = (/** @type {ArrayLike<number>} */ row) => Array.from(row).join('');
  const fixable = rows.filter((row) => row.press);
  for (const row of fixable.slice(0, 64)) {
    const tr = document.createElement('tr');
    tr.innerHTML = `<td>${bits(row.leftover)}</td><td>${bits(row.press ?? [])}</td>`;
    body.append(tr);
  }
  showResult(
    $('table-note'),
    `${fixable.length} of the ${rows.length} possible last rows can be fixed${fixable.length > 64 ? ' (first 64 shown)' : ''}; ` +
      `the other ${rows.length - fixable.length} never occur for a solvable pattern.`,
    { fixable: fixable.length, lastRows: rows.length },
  );
  $('table-wrap').hidden = false;
}

/** A quiet pattern's button, drawn a pixel a light.
 * @param {LightsCtrl} ctrl
 * @param {LightsBoard} q
 * @param {number} i */
function thumbnail(ctrl, q, i) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'thumb';
  const cells = cellsOf(ctrl, q);
  const count = cells.reduce((/** @type {number} */ a, /** @type {number} */ x) => a + x, 0);
  b.setAttribute('aria-label', `Quiet pattern ${i + 1}: ${count} presses that change nothing`);
  const canvas = document.createElement('canvas');
  canvas.width = ctrl.spec.cols;
  canvas.height = ctrl.spec.rows;
  const ctx = context2d(canvas);
  const img = ctx.createImageData(ctrl.spec.cols, ctrl.spec.rows);
  const px = new Uint32Array(img.data.buffer);
  for (let j = 0; j < cells.length; j++) px[j] = cells[j] ? 0xffd2a01e : 0xfff0ebe4;
  ctx.putImageData(img, 0, 0);
  const label = document.createElement('span');
  label.textContent = `#${i + 1} · ${count}`;
  b.append(canvas, label);
  b.addEventListener('click', () => {
    ctrl.overlay.quiet = q;
    render(ctrl);
    ctrl.ctx.showMessage(`Quiet pattern ${i + 1}: pressing these ${count} lights changes nothing at all.`);
  });
  return b;
}
