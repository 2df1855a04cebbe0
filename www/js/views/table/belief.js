// The rotating table: the panel of what you know — the strategy's next move, the necklaces
// still possible, and the chart of the belief's size per move. Traces come from the core.

const necklaceText = (v, faces) => faces.map((f) => (v.view.sides === 2 ? (f === 0 ? 'H' : 'T') : String(f))).join('');

/** The strategy line: its length and origin, and its next move. */
export function drawStrategy(v) {
  const { $, showError } = v.ctx;
  const { info } = v;
  const { coins, sides } = v.view;
  if (!info.winnable) {
    $('strategy-info').textContent = `No strategy wins with ${coins} coins of ${sides} sides: a strategy exists exactly when the number of coins N and the sides σ are powers of one prime (Bar-Yehuda, Etzion & Moran), and here they are not, so the devil can always escape.`;
    $('next-move').textContent = '';
    $('watch-controls').hidden = true;
    return;
  }
  if (!info.length) {
    $('strategy-info').textContent = `A winning strategy exists (N and σ are powers of ${info.prime}), but it is too long to search for here.`;
    $('watch-controls').hidden = true;
    return;
  }
  const how = info.construction === 'recursive' ? 'the recursive construction' : 'breadth-first search';
  $('strategy-info').textContent = `${info.length} moves, from ${how}. No strategy is shorter than σ^N − 1 = ${sides}^${coins} − 1 = ${info.lower_bound}: before your first move the coins may be any of the σ^N patterns but all heads, and a move can rule out at most one of them for certain.`;
  if (!$('jump-to').value) $('jump-to').value = info.length;
  if (v.view.solved || BigInt(v.view.moves) >= BigInt(info.length)) {
    $('next-move').textContent = v.view.solved ? '' : 'The strategy is over.';
    return;
  }
  try {
    const mv = v.core.table_strategy_move(coins, sides, v.view.moves);
    $('next-move').textContent = `Next: move ${BigInt(v.view.moves) + 1n} — ${sides === 2 ? 'flip' : 'turn'} ${mv.line === '-' ? 'nothing' : mv.line}`;
  } catch (err) {
    showError(err);
  }
}

/** The belief panel: configurations and necklaces still possible after the moves so far. */
export function drawBelief(v, mode) {
  const { $, showError } = v.ctx;
  const { info, view } = v;
  let trace = null;
  try {
    if (mode === 'watch' && info.traceable) trace = v.core.table_trace(view.coins, view.sides, Number(view.moves));
    else if (mode === 'play' && info.small) trace = v.core.table_trace(view.coins, view.sides, 0, Uint8Array.from(v.history.flat()));
  } catch (err) {
    showError(err);
  }
  const list = $('belief');
  list.replaceChildren();
  if (!trace) {
    $('belief-info').textContent = info.small
      ? 'Make moves to see what they rule out.'
      : `${view.sides}^${view.coins} configurations are too many to follow here; "Verify exactly" follows them in the background for up to ${Number(info.max_verified_configs).toLocaleString('en')}.`;
    drawChart(v, null);
    return;
  }
  const size = trace.sizes.at(-1);
  const neck = trace.necklaces.at(-1);
  const removed = trace.sizes.length > 1 ? trace.sizes.at(-2) - size : 0;
  const change = trace.sizes.length > 1 ? ` The last move removed ${Math.max(removed, 0)} (never more than 1).` : '';
  $('belief-info').textContent = `After ${trace.moves} of your moves, ${size} configuration${size === 1 ? '' : 's'} (${neck} up to rotation) may still be on the table${size === 0 ? ': you have surely won' : ''}.${change}`;
  if (info.necklaces) {
    info.necklaces.forEach((faces, i) => {
      const item = document.createElement('span');
      item.setAttribute('role', 'listitem');
      const possible = trace.present[i];
      const name = necklaceText(v, faces);
      item.className = `neck ${possible ? 'possible' : 'ruled-out'}${i === 0 ? ' goal' : ''}`;
      item.textContent = name;
      item.dataset.necklace = name;
      item.dataset.possible = String(Boolean(possible));
      item.setAttribute('aria-label', `${name}: ${i === 0 ? (possible ? 'reachable (a win)' : 'not reached yet') : possible ? 'possible' : 'ruled out'}`);
      list.append(item);
    });
  }
  drawChart(v, trace, null, mode === 'watch' ? Number(info.length) : 0);
}

/** Belief size per move: configurations and necklaces, each as a share of its start. */
export function drawChart(v, trace, points = null, span = 0) {
  const { $ } = v.ctx;
  const svg = $('chart');
  const W = 300;
  const H = 110;
  const series = [];
  if (trace) {
    series.push({ cls: 'raw', values: trace.sizes.map((y, i) => [i, y]) });
    series.push({ cls: 'neck', values: trace.necklaces.map((y, i) => [i, y]) });
  } else if (points) {
    series.push({ cls: 'raw', values: points });
  }
  $('chart-legend').hidden = !series.length;
  $('chart-legend').querySelector('.l-neck').hidden = !trace;
  if (!series.length) {
    svg.innerHTML = '';
    svg.hidden = true;
    return;
  }
  svg.hidden = false;
  const last = Math.max(1, span, ...series.map((s) => s.values.at(-1)[0]));
  const lines = series.map(({ cls, values }) => {
    const top = Math.max(1, ...values.map((p) => p[1]));
    const d = values.map(([x, y], k) => `${k ? 'L' : 'M'}${((x / last) * (W - 10) + 5).toFixed(1)},${(H - (y / top) * (H - 15)).toFixed(1)}`).join(' ');
    return `<path class="${cls}" d="${d}"/>`;
  });
  const label = trace ? 'configurations (grey) and necklaces (purple), as shares of the start' : 'configurations possible';
  svg.setAttribute('aria-label', `Belief size per move: ${label}, over ${last} moves`);
  svg.innerHTML = `<rect x="0" y="0" width="${W}" height="120" class="bg"/>${lines.join('')}<text x="5" y="118" class="axis">move 0</text><text x="${W - 5}" y="118" text-anchor="end" class="axis">move ${last}</text>`;
}
