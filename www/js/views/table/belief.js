// The rotating table: the panel of what you know — the strategy's next move, the necklaces
// still possible, and the chart of the belief's size per move. Traces come from the core.
import { found } from '../../app.js';
import { showResult } from '../../components/result.js';

/** @typedef {import('../table.js').TableParts} TableParts */

/**
 * A belief traced by the core (src/table/trace.rs, `Trace`): sizes before the first move and
 * after each.
 * @typedef {{ moves: number, sizes: number[], necklaces: number[], present: boolean[] }} BeliefTrace
 */

/** A course drawn faintly under the trace: a whole strategy traced, or the straight line of a
 * shortest one (`at`: the moves of its points). @typedef {{ sizes: number[], at?: number[], necklaces: number[] | null }} BeliefPlan */

/** @param {TableParts} v @param {number[]} faces */
const necklaceText = (v, faces) => faces.map((f) => (v.view.sides === 2 ? (f === 0 ? 'H' : 'T') : String(f))).join('');

/** Why σ^N − 1 moves are needed, and which tables can be won at all, in one sentence each. */
/** @param {number} sides @param {number} coins @param {string} bound */
const boundText = (sides, coins, bound) =>
  `No strategy is shorter than σ^N − 1 = ${sides}^${coins} − 1 = ${bound}: before your first move the coins may be any of the σ^N patterns but all heads, and a move can rule out at most one of them for certain.`;
const theoremText = 'Bar-Yehuda, Etzion & Moran proved that a strategy wins exactly when the number of coins N and the sides σ are powers of one prime p (N = p^a, σ = p^b)';

/** The strategy line: its length and origin, and its next move. @param {TableParts} v */
export function drawStrategy(v) {
  const { $, showError } = v.ctx;
  const { info } = v;
  const { coins, sides } = v.view;
  // The strategy's length as `data-strategy-length`, for what reads the page: a decimal string,
  // 'none' when no strategy wins, 'unknown' when one exists but is too long to search for.
  if (!info) {
    showResult($('strategy-info'), '', {});
    $('next-move').textContent = '';
    return;
  }
  if (!info.winnable) {
    showResult($('strategy-info'), `No strategy wins with ${coins} coins of ${sides} sides. ${theoremText}; here they are not, so the devil can always escape.`, { strategyLength: 'none' });
    $('next-move').textContent = '';
    return;
  }
  if (!info.length) {
    showResult($('strategy-info'), `A winning strategy exists, but it is too long to search for here. ${theoremText}: here N = ${coins} and σ = ${sides} are powers of ${info.prime}.`, { strategyLength: 'unknown' });
    $('next-move').textContent = '';
    return;
  }
  // Where the strategy shown comes from, as `data-strategy-source`: this page's search, the
  // recursive construction, or the core's breadth-first search.
  const source = v.source ? 'search' : info.construction === 'recursive' ? 'recursive' : 'breadth-first';
  const how = { search: 'the search on this page', recursive: 'the recursive construction', 'breadth-first': 'breadth-first search' }[source];
  const length = v.source ? String(v.source.length) : info.length;
  const here = info.prime ? `: here N = ${coins} and σ = ${sides} are powers of ${info.prime}.` : '.';
  showResult($('strategy-info'), `${length} moves, from ${how}. ${boundText(sides, coins, info.lower_bound)} ${theoremText}${here}`, { strategyLength: length, strategySource: source });
  if (v.view.solved || BigInt(v.view.moves) >= BigInt(length)) {
    $('next-move').textContent = v.view.solved ? '' : 'The strategy is over.';
    return;
  }
  try {
    const line = v.source ? lineOf(v.source[Number(v.view.moves)], sides) : v.core.table_strategy_move(coins, sides, v.view.moves).line;
    $('next-move').textContent = `Next: move ${BigInt(v.view.moves) + 1n} — ${sides === 2 ? 'flip' : 'turn'} ${line === '-' ? 'nothing' : line}`;
  } catch (err) {
    showError(err);
  }
}

/** A move's positions as the core writes them ("0 2", or "0:2 2:1" with more sides).
 * @param {number[]} amounts
 * @param {number} sides */
function lineOf(amounts, sides) {
  const parts = amounts.flatMap((a, p) => (a ? [sides === 2 ? String(p) : `${p}:${a}`] : []));
  return parts.length ? parts.join(' ') : '-';
}

/** The belief panel: configurations and necklaces still possible after the moves so far.
 * @param {TableParts} v
 * @param {'play' | 'watch'} mode */
export function drawBelief(v, mode) {
  const { $, showError } = v.ctx;
  const { info, view } = v;
  const list = $('belief');
  list.replaceChildren();
  if (!info) {
    $('belief-legend').hidden = true;
    showResult($('belief-info'), '', {});
    drawChart(v, null);
    return;
  }
  /** @type {BeliefTrace | null} */
  let trace = null;
  /** The page's whole strategy traced, drawn faintly as the course still to come.
   * @type {BeliefPlan | null} */
  let plan = null;
  try {
    if (mode === 'watch' && info.traceable && !v.source) trace = v.core.table_trace(view.coins, view.sides, Number(view.moves));
    else if (info.small && v.session) trace = v.session.query('belief', null);
    if (info.traceable) plan = v.core.table_trace(view.coins, view.sides, Number(info.length));
  } catch (err) {
    showError(err);
  }
  $('belief-legend').hidden = !trace || !info.necklaces;
  if (!trace) {
    const why = info.small
      ? 'Make moves to see what they rule out.'
      : `${view.sides}^${view.coins} configurations are too many to follow here; "Verify exactly" follows them in the background for up to ${Number(info.max_verified_configs).toLocaleString('en')}.`;
    showResult($('belief-info'), why, {});
    drawChart(v, null, null, mode === 'watch' && info.length && info.length === info.lower_bound ? boundLine(info.length) : null);
    return;
  }
  const { sizes, necklaces } = trace;
  const size = sizes[sizes.length - 1];
  const neck = necklaces[necklaces.length - 1];
  const removed = sizes.length > 1 ? sizes[sizes.length - 2] - size : 0;
  const change = trace.sizes.length > 1 ? ` The last move removed ${Math.max(removed, 0)} (never more than 1).` : '';
  showResult(
    $('belief-info'),
    `After ${trace.moves} of your moves, ${size} configuration${size === 1 ? '' : 's'} (${neck} up to rotation) may still be on the table${size === 0 ? ': you have surely won' : ''}.${change}`,
    { moves: trace.moves, configurations: size, necklaces: neck },
  );
  const shown = trace;
  if (info.necklaces) {
    info.necklaces.forEach((faces, i) => {
      const item = document.createElement('span');
      item.setAttribute('role', 'listitem');
      const possible = shown.present[i];
      const name = necklaceText(v, faces);
      item.className = `neck ${possible ? 'possible' : 'ruled-out'}${i === 0 ? ' goal' : ''}`;
      item.textContent = name;
      item.dataset.necklace = name;
      item.dataset.possible = String(Boolean(possible));
      item.setAttribute('aria-label', `${name}: ${i === 0 ? (possible ? 'reachable (a win)' : 'not reached yet') : possible ? 'possible' : 'ruled out'}`);
      list.append(item);
    });
  }
  drawChart(v, trace, null, plan);
}

/** A strategy of exactly σ^N − 1 moves removes exactly one configuration a move (none can
 * remove more, and all must go): its belief size, as a share of the start, is a straight line
 * down. Known without following the configurations, so big tables get it too.
 * @param {string} length  the strategy's length, σ^N − 1
 * @returns {BeliefPlan} */
function boundLine(length) {
  const total = Number(length);
  return { sizes: [total, 0], at: [0, total], necklaces: null };
}

/**
 * Belief size per move: configurations and necklaces, each as a share of its start; `plan`
 * (the strategy's whole course) is drawn faintly under them, and a dot marks where you are.
 * `points` are a verification's [move, size] samples.
 * @param {TableParts} v
 * @param {BeliefTrace | null} trace
 * @param {[number, number][] | null} [points]
 * @param {BeliefPlan | null} [plan]
 */
export function drawChart(v, trace, points = null, plan = null) {
  const { $ } = v.ctx;
  const svg = $('chart');
  const W = 300;
  const H = 110;
  /** @type {{ cls: string, values: [number, number][], now?: boolean }[]} */
  const series = [];
  /** @param {number[]} ys @param {number[]} [xs] @returns {[number, number][]} */
  const pairs = (ys, xs) => ys.map((y, i) => [xs ? xs[i] : i, y]);
  if (plan) {
    series.push({ cls: 'plan raw', values: pairs(plan.sizes, plan.at) });
    if (plan.necklaces) series.push({ cls: 'plan neck', values: pairs(plan.necklaces) });
  }
  if (trace) {
    series.push({ cls: 'raw', values: pairs(trace.sizes), now: true });
    series.push({ cls: 'neck', values: pairs(trace.necklaces), now: true });
  } else if (points) {
    series.push({ cls: 'raw', values: points });
  }
  const legend = $('chart-legend');
  legend.hidden = !series.length;
  /** @param {string} name */
  const key = (name) => found(legend.querySelector(`.l-${name}`), `.l-${name} in the chart's legend`);
  /** @type {HTMLElement} */ (key('neck')).hidden = !trace;
  /** @type {HTMLElement} */ (key('plan')).hidden = !plan;
  /** @type {HTMLElement} */ (key('now')).hidden = !trace && !plan;
  if (!series.length) {
    svg.innerHTML = '';
    svg.hidden = true;
    return;
  }
  svg.hidden = false;
  const last = Math.max(1, ...series.map((s) => lastOf(s.values)[0]));
  const x = (/** @type {number} */ m) => ((m / last) * (W - 10) + 5).toFixed(1);
  /** @type {Record<string, number>} */
  const tops = { raw: 1, neck: 1 };
  for (const s of series) {
    const kind = s.cls.includes('neck') ? 'neck' : 'raw';
    tops[kind] = Math.max(tops[kind], ...s.values.map((p) => p[1]));
  }
  const y = (/** @type {string} */ cls, /** @type {number} */ n) => (H - (n / tops[cls.includes('neck') ? 'neck' : 'raw']) * (H - 15)).toFixed(1);
  const lines = series.map(({ cls, values }) => `<path class="${cls}" d="${values.map(([m, n], k) => `${k ? 'L' : 'M'}${x(m)},${y(cls, n)}`).join(' ')}"/>`);
  // Where you are: the last point of each series followed (or the plan's start, before any).
  const moves = trace ? trace.sizes.length - 1 : Number(v.view.moves);
  const dots = series
    .filter((s) => s.now || (!trace && s.cls.includes('plan')))
    .map(({ cls, values }) => {
      const [m, n] = trace ? lastOf(values) : [moves, along(values, moves)];
      return `<circle class="now ${cls.replace('plan ', '')}" cx="${x(m)}" cy="${y(cls, n)}" r="3.5"/>`;
    });
  const label = trace ? 'configurations (grey) and necklaces (purple), as shares of the start' : 'configurations possible';
  svg.setAttribute('aria-label', `Belief size per move: ${label}, over ${last} moves; now at move ${moves}`);
  svg.innerHTML = `<rect x="0" y="0" width="${W}" height="120" class="bg"/>${lines.join('')}${dots.join('')}<text x="5" y="118" class="axis">move 0</text><text x="${W - 5}" y="118" text-anchor="end" class="axis">move ${last}</text>`;
}

/** The last point of a series (a series has one at least: before the first move).
 * @param {[number, number][]} values */
function lastOf(values) {
  return values[values.length - 1];
}

/** The value of a polyline of [x, y] points at `at` (linear between its points).
 * @param {[number, number][]} values
 * @param {number} at */
function along(values, at) {
  const i = values.findIndex(([m]) => m >= at);
  if (i === -1) return lastOf(values)[1];
  if (i === 0) return values[0][1];
  const [[m0, n0], [m1, n1]] = [values[i - 1], values[i]];
  return n0 + ((n1 - n0) * (at - m0)) / (m1 - m0);
}
