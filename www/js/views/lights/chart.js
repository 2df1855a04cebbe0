// Lights Out: the SVG chart of the nullity of n×n boards (classic rule, bounded and torus),
// computed in the Worker; each point opens its board.
import { errorText } from '../../app.js';
import { runJob, jobPanel } from '../../worker-client.js';

/** @typedef {import('./controller.js').LightsCtrl} LightsCtrl */

const CHART_MAX = 200;

/** Draws the chart into #chart; `open(spec)` opens the board of a clicked point.
 * @param {(spec: import('../../types.js').LightsSpec) => void} open
 * @param {LightsCtrl} ctrl */
export async function drawChart(ctrl, open) {
  const { $ } = ctrl.ctx;
  const fig = $('chart');
  /** The nullity of each n×n board, bounded and torus (the core's `lights_chart`).
   * @type {{ n: number, bounded: number, torus: number }[]} */
  let points;
  try {
    const panel = jobPanel('Computing the chart');
    $('chart-slot').replaceChildren(panel);
    points = await runJob('lights_chart', [CHART_MAX], panel, 'lights').promise;
  } catch (err) {
    fig.textContent = `The chart could not be drawn: ${errorText(err)}`;
    return;
  }
  const W = 720;
  const H = 280;
  const L = 40;
  const B = 30;
  const R = 30;
  const max = Math.max(...points.map((p) => Math.max(p.bounded, p.torus)));
  const x = (/** @type {number} */ n) => L + ((n - 1) / (CHART_MAX - 1)) * (W - L - R);
  const y = (/** @type {number} */ value) => H - B - (value / max) * (H - B - 30); // room at the top for the legend
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', `Nullity of n×n boards for n = 1 to ${CHART_MAX}, bounded and torus: arrows move along a series, Up and Down switch series, Enter opens the board`);
  /**
   * A new SVG element `name` with attributes `attrs`, appended to `parent`.
   * @param {string} name
   * @param {Record<string, string | number>} attrs
   * @param {Element} [parent]
   */
  const el = (name, attrs, parent = svg) => {
    const e = document.createElementNS(ns, name);
    for (const [k, value] of Object.entries(attrs)) e.setAttribute(k, String(value));
    parent.append(e);
    return e;
  };
  el('line', { x1: L, y1: H - B, x2: W - R + 5, y2: H - B, class: 'axis' });
  el('line', { x1: L, y1: 5, x2: L, y2: H - B, class: 'axis' });
  for (const t of [1, 50, 100, 150, 200]) el('text', { x: x(t), y: H - 10, class: 'tick', 'text-anchor': 'middle' }).textContent = `n=${t}`;
  for (const t of [0, Math.round(max / 2), max]) el('text', { x: L - 6, y: y(t) + 4, class: 'tick', 'text-anchor': 'end' }).textContent = String(t);
  // One tab stop for the 400 points (a roving tabindex): arrows move along a series, Up and
  // Down switch series, Home and End go to its ends; Enter or Space opens the board, as a click.
  /** @type {{bounded: SVGElement[], torus: SVGElement[]}} */
  const dots = { bounded: [], torus: [] };
  for (const kind of /** @type {const} */ (['torus', 'bounded'])) {
    for (const p of points) {
      const nullity = p[kind];
      const dot = /** @type {SVGElement} */ (el('circle', { cx: x(p.n), cy: y(nullity), r: nullity ? 3 : 2, class: `pt ${kind}`, tabindex: -1, role: 'button', 'data-n': p.n, 'data-kind': kind, 'data-nullity': nullity }));
      dot.setAttribute('aria-label', `${p.n}×${p.n} ${kind}: nullity ${nullity}`);
      el('title', {}, dot).textContent = `${p.n}×${p.n} ${kind}: nullity ${nullity}`;
      dot.addEventListener('click', () => {
        makeCurrent(dot);
        open({ rows: p.n, cols: p.n, rule: 'plus', torus: kind === 'torus', states: 2 });
      });
      dots[kind].push(dot);
    }
  }
  let current = dots.bounded[0];
  current.setAttribute('tabindex', '0');
  /**
   * Makes `dot` the chart's one tab stop. (No focus listener on the SVG: in Chromium it makes
   * the SVG itself a tab stop.)
   * @param {SVGElement} dot
   */
  function makeCurrent(dot) {
    current.setAttribute('tabindex', '-1');
    dot.setAttribute('tabindex', '0');
    current = dot;
  }
  svg.addEventListener('keydown', (e) => {
    // The point with the focus: the tab stop, or one a script or a click focused.
    if (e.target instanceof SVGElement && e.target.dataset.kind) makeCurrent(e.target);
    const kind = current.dataset.kind === 'torus' ? 'torus' : 'bounded';
    const series = dots[kind];
    const i = series.indexOf(current);
    const to = {
      ArrowLeft: series[i - 1],
      ArrowRight: series[i + 1],
      Home: series[0],
      End: series[series.length - 1],
      ArrowUp: dots[kind === 'torus' ? 'bounded' : 'torus'][i],
      ArrowDown: dots[kind === 'torus' ? 'bounded' : 'torus'][i],
    }[e.key];
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      current.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    } else if (to !== undefined) {
      e.preventDefault();
      makeCurrent(to);
      to.focus();
    } else if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) {
      e.preventDefault(); // at an end: stay, and do not scroll the page
    }
  });
  const legend = el('g', { class: 'chart-legend' });
  el('circle', { cx: W - 170, cy: 14, r: 4, class: 'pt bounded' }, legend);
  el('text', { x: W - 160, y: 18, class: 'tick' }, legend).textContent = 'bounded';
  el('circle', { cx: W - 90, cy: 14, r: 4, class: 'pt torus' }, legend);
  el('text', { x: W - 80, y: 18, class: 'tick' }, legend).textContent = 'torus';
  fig.replaceChildren(svg);
}
