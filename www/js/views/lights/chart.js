// Lights Out: the SVG chart of the nullity of n×n boards (classic rule, bounded and torus),
// computed in the Worker; each point opens its board.
import { errorText } from '../../app.js';
import { runJob, jobPanel } from '../../worker-client.js';

const CHART_MAX = 200;

/** Draws the chart into #chart; `open(spec)` opens the board of a clicked point. */
export async function drawChart(v, open) {
  const { $ } = v.ctx;
  const fig = $('chart');
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
  const x = (n) => L + ((n - 1) / (CHART_MAX - 1)) * (W - L - R);
  const y = (value) => H - B - (value / max) * (H - B - 30); // room at the top for the legend
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', `Nullity of n×n boards for n = 1 to ${CHART_MAX}, bounded and torus`);
  const el = (name, attrs, parent = svg) => {
    const e = document.createElementNS(ns, name);
    for (const [k, value] of Object.entries(attrs)) e.setAttribute(k, value);
    parent.append(e);
    return e;
  };
  el('line', { x1: L, y1: H - B, x2: W - R + 5, y2: H - B, class: 'axis' });
  el('line', { x1: L, y1: 5, x2: L, y2: H - B, class: 'axis' });
  for (const t of [1, 50, 100, 150, 200]) el('text', { x: x(t), y: H - 10, class: 'tick', 'text-anchor': 'middle' }).textContent = `n=${t}`;
  for (const t of [0, Math.round(max / 2), max]) el('text', { x: L - 6, y: y(t) + 4, class: 'tick', 'text-anchor': 'end' }).textContent = t;
  for (const kind of ['torus', 'bounded']) {
    for (const p of points) {
      const nullity = p[kind];
      const dot = el('circle', { cx: x(p.n), cy: y(nullity), r: nullity ? 3 : 2, class: `pt ${kind}`, tabindex: 0, role: 'button', 'data-n': p.n, 'data-kind': kind });
      dot.setAttribute('aria-label', `${p.n}×${p.n} ${kind}: nullity ${nullity}`);
      el('title', {}, dot).textContent = `${p.n}×${p.n} ${kind}: nullity ${nullity}`;
      const pick = () => open({ rows: p.n, cols: p.n, rule: 'plus', torus: kind === 'torus', states: 2 });
      dot.addEventListener('click', pick);
      dot.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          pick();
        }
      });
    }
  }
  const legend = el('g', { class: 'chart-legend' });
  el('circle', { cx: W - 170, cy: 14, r: 4, class: 'pt bounded' }, legend);
  el('text', { x: W - 160, y: 18, class: 'tick' }, legend).textContent = 'bounded';
  el('circle', { cx: W - 90, cy: 14, r: 4, class: 'pt torus' }, legend);
  el('text', { x: W - 80, y: 18, class: 'tick' }, legend).textContent = 'torus';
  fig.replaceChildren(svg);
}
