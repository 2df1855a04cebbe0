// The Devil's rotating table view: draws the table, the positions and the belief panel, and
// forwards moves to the core. Every rule (the devils, the strategy, beliefs, links) is Rust.
import {
  loadCore, initPage, showMessage, showError, clearMessage, copyText, shareUrl, embedSnippet, pause,
} from './app.js';
import { GridBoard } from './board.js';
import { runJob, jobPanel } from './worker-client.js';

const DELAYS = [1400, 900, 500, 250, 80];
/** Degrees the drawn table has turned in all (it only ever turns forward). */
let spin = 0;
let core;
let grid;
/** Facts about this table size from the core (strategy length, necklaces, limits). */
let info;
/** The game as the core describes it; `view.state` is its share-link payload. */
let view;
/** Amount to add at each position for the next move. */
let chosen = [];
/** Your moves since the game began (for the belief panel in Play mode). */
let history = [];
let flashed = new Set();
let timer = null;
let busy = false;

const $ = (id) => document.getElementById(id);
const mode = () => (view.following ? 'watch' : 'play');

async function main() {
  initPage();
  core = await loadCore('table');
  grid = new GridBoard($('positions'), { label: 'Positions at the table', onActivate: (i) => choose(i), onKey: key });
  $('new-game').addEventListener('click', () => newGame());
  $('coins').addEventListener('change', () => newGame());
  $('sides').addEventListener('change', () => newGame());
  $('devil').addEventListener('change', () => reconfigure({ devil: $('devil').value }));
  for (const b of document.querySelectorAll('[data-sight]')) {
    b.addEventListener('click', () => reconfigure({ sighted: b.dataset.sight === 'sighted' }));
  }
  for (const b of document.querySelectorAll('[data-mode]')) {
    b.addEventListener('click', () => newGame({ following: b.dataset.mode === 'watch' }));
  }
  $('flip').addEventListener('click', () => playChosen());
  $('step').addEventListener('click', () => step());
  $('autoplay').addEventListener('click', () => toggleAutoplay());
  $('jump').addEventListener('click', () => jump($('jump-to').value));
  $('jump-to').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') jump($('jump-to').value);
  });
  $('search').addEventListener('click', () => search());
  $('verify').addEventListener('click', () => verify());
  $('random-check').addEventListener('click', () => randomCheck());
  $('copy-link').addEventListener('click', async () => {
    const ok = await copyText(shareUrl(view.link), $('share-output'));
    showMessage(ok ? 'Link copied. Opening it restores this table.' : 'Copy the link from the box below.');
  });
  $('embed').addEventListener('click', async () => {
    await copyText(embedSnippet(view.link, "The Devil's rotating table", 460, 760), $('share-output'));
    showMessage('Embed code copied: paste it into a blog post or web page.');
  });
  window.addEventListener('hashchange', () => openLink(location.hash));
  if (location.hash.length > 1) openLink(location.hash);
  else newGame({ following: true });
  document.body.dataset.ready = 'true';
  performance.mark('interactive');
}

/** Opens a share link; a bad one leaves a message and a fresh table, never a blank page. */
function openLink(hash) {
  if (view && hash.slice(1) === view.link) return;
  try {
    setView(core.table_from_link(hash), { fresh: true });
    clearMessage();
  } catch (err) {
    newGame({ following: true });
    showMessage(`That link could not be opened: ${err.message}. Here is a fresh table.`, 'error');
  }
}

function settings() {
  const sighted = document.querySelector('[data-sight="sighted"]').getAttribute('aria-pressed') !== 'false';
  return { coins: Number($('coins').value), sides: Number($('sides').value), devil: $('devil').value, sighted };
}

function newGame({ following } = {}) {
  stop();
  const s = settings();
  const follow = following ?? (view ? view.following : true);
  try {
    setView(core.table_new(s.coins, s.sides, s.devil, s.sighted, follow, ''), { fresh: true });
    clearMessage();
  } catch (err) {
    // A refused size leaves the table as it was: the boxes show what it uses.
    if (view) setView(view);
    showError(err);
  }
}

function reconfigure(change) {
  stop();
  const devil = change.devil ?? view.devil;
  const sighted = change.sighted ?? view.sighted;
  try {
    setView(core.table_configure(view.state, devil, sighted, view.following));
  } catch (err) {
    showError(err);
  }
}

function setView(next, { fresh = false } = {}) {
  const resized = !view || view.coins !== next.coins || view.sides !== next.sides;
  view = next;
  if (fresh) {
    history = [];
    flashed = new Set();
    spin = view.turn * (360 / view.coins);
  }
  if (resized || fresh) chosen = new Array(view.coins).fill(0);
  if (resized) {
    info = core.table_info(view.coins, view.sides);
    const cols = Math.min(view.coins, 16);
    grid.resize(Math.ceil(view.coins / 16), cols);
    $('positions').style.maxWidth = `${cols * 44}px`;
    $('results').replaceChildren();
    $('jump-to').value = '';
  }
  $('coins').value = String(view.coins);
  $('sides').value = String(view.sides);
  $('devil').value = view.devil;
  render();
}

const faceName = (f) => (view.sides === 2 ? (f === 0 ? 'heads' : 'tails') : f === 0 ? 'heads (0)' : `face ${f}`);
const faceText = (f) => (view.sides === 2 ? (f === 0 ? 'H' : 'T') : String(f));
const necklaceText = (faces) => faces.map((f) => (view.sides === 2 ? (f === 0 ? 'H' : 'T') : String(f))).join('');

function render() {
  for (const b of document.querySelectorAll('[data-sight]')) {
    b.setAttribute('aria-pressed', String((b.dataset.sight === 'sighted') === view.sighted));
  }
  for (const b of document.querySelectorAll('[data-mode]')) b.setAttribute('aria-pressed', String(b.dataset.mode === mode()));
  drawTable();
  const n = view.coins;
  grid.update((i) => {
    const parts = [`position ${i}`, view.sighted ? faceName(view.faces[i]) : 'hidden'];
    if (chosen[i]) parts.push(view.sides === 2 ? 'to flip' : `to turn by ${chosen[i]}`);
    const classes = ['pos', view.sighted ? (view.faces[i] === 0 ? 'heads' : 'tails') : 'hidden'];
    if (chosen[i]) classes.push('chosen');
    if (flashed.has(i)) {
      classes.push('flashed');
      parts.push('changed by the last move');
    }
    const text = `${i}${chosen[i] ? (view.sides === 2 ? '•' : `+${chosen[i]}`) : ''}`;
    return { classes: classes.join(' '), label: parts.join(', '), text };
  });
  $('human-turn').hidden = view.devil !== 'human';
  $('turn').max = String(n - 1);
  $('play-controls').hidden = mode() !== 'play';
  $('watch-controls').hidden = mode() !== 'watch';
  $('flip').disabled = view.solved;
  $('flip').textContent = view.sides === 2 ? 'Flip the chosen positions' : 'Turn the chosen coins';
  renderStatus();
  renderStrategy();
  renderBelief();
  $('search').disabled = !info.searchable;
  $('verify').disabled = !info.verifiable;
  $('random-check').disabled = !info.verifiable;
}

function renderStatus() {
  const moves = view.moves;
  let text;
  if (view.solved) text = `All heads after ${moves} move${moves === '1' ? '' : 's'}: you win!`;
  else if (mode() === 'watch') text = `${moves} moves played. The coins are not all heads yet.`;
  else text = `${moves} moves played. Choose positions, then make your move.`;
  if (view.guarded.length) {
    text += ` The devil guards the coins on seats ${view.guarded.join(', ')} (ringed in red): they never all agree.`;
  }
  $('status').textContent = text;
}

function renderStrategy() {
  const { coins, sides } = view;
  if (!info.winnable) {
    $('strategy-info').textContent = `No strategy wins with ${coins} coins of ${sides} sides: N and σ are not powers of one prime, so the devil can always escape.`;
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
  $('strategy-info').textContent = `${info.length} moves, from ${how}; no strategy is shorter than σ^N − 1 = ${info.lower_bound}.`;
  if (!$('jump-to').value) $('jump-to').value = info.length;
  if (view.solved || BigInt(view.moves) >= BigInt(info.length)) {
    $('next-move').textContent = view.solved ? '' : 'The strategy is over.';
    return;
  }
  try {
    const mv = core.table_strategy_move(coins, sides, view.moves);
    $('next-move').textContent = `Next: move ${BigInt(view.moves) + 1n} — ${sides === 2 ? 'flip' : 'turn'} ${mv.line === '-' ? 'nothing' : mv.line}`;
  } catch (err) {
    showError(err);
  }
}

function renderBelief() {
  let trace = null;
  try {
    if (mode() === 'watch' && info.traceable) trace = core.table_trace(view.coins, view.sides, Number(view.moves));
    else if (mode() === 'play' && info.small) trace = core.table_trace_moves(view.coins, view.sides, history.flat());
  } catch (err) {
    showError(err);
  }
  const list = $('belief');
  list.replaceChildren();
  if (!trace) {
    $('belief-info').textContent = info.small
      ? 'Make moves to see what they rule out.'
      : `${view.sides}^${view.coins} configurations are too many to follow here; "Verify exactly" follows them in the background for up to ${Number(info.max_verified_configs).toLocaleString('en')}.`;
    drawChart(null);
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
      const name = necklaceText(faces);
      item.className = `neck ${possible ? 'possible' : 'ruled-out'}${i === 0 ? ' goal' : ''}`;
      item.textContent = name;
      item.setAttribute('aria-label', `${name}: ${i === 0 ? (possible ? 'reachable (a win)' : 'not reached yet') : possible ? 'possible' : 'ruled out'}`);
      list.append(item);
    });
  }
  drawChart(trace, null, mode() === 'watch' ? Number(info.length) : 0);
}

/** Belief size per move: configurations and necklaces, each as a share of its start. */
function drawChart(trace, points = null, span = 0) {
  const svg = $('chart');
  const W = 300;
  const H = 110;
  const series = [];
  if (trace) {
    series.push({ cls: 'raw', values: trace.sizes.map((v, i) => [i, v]) });
    series.push({ cls: 'neck', values: trace.necklaces.map((v, i) => [i, v]) });
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
    const top = Math.max(1, ...values.map((v) => v[1]));
    const d = values.map(([x, y], k) => `${k ? 'L' : 'M'}${((x / last) * (W - 10) + 5).toFixed(1)},${(H - (y / top) * (H - 15)).toFixed(1)}`).join(' ');
    return `<path class="${cls}" d="${d}"/>`;
  });
  const label = trace ? 'configurations (grey) and necklaces (purple), as shares of the start' : 'configurations possible';
  svg.setAttribute('aria-label', `Belief size per move: ${label}, over ${last} moves`);
  svg.innerHTML = `<rect x="0" y="0" width="${W}" height="120" class="bg"/>${lines.join('')}<text x="5" y="118" class="axis">move 0</text><text x="${W - 5}" y="118" text-anchor="end" class="axis">move ${last}</text>`;
}

function drawTable() {
  const svg = $('table');
  const n = view.coins;
  const angle = (k) => ((-90 + (360 * k) / n) * Math.PI) / 180;
  const R = 82;
  const r = Math.max(3, Math.min(17, (Math.PI * R) / n - 1.5));
  const guarded = new Set(view.guarded);
  let marks = '';
  for (let p = 0; p < n; p++) {
    const x = 114 * Math.cos(angle(p));
    const y = 114 * Math.sin(angle(p));
    const cls = `mark${chosen[p] ? ' chosen' : ''}`;
    marks += `<circle class="${cls}" data-pos="${p}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${Math.min(9, r * 0.7).toFixed(1)}"/>`;
    if (n <= 24) marks += `<text class="mark-label" x="${x.toFixed(1)}" y="${(y + 3.5).toFixed(1)}">${p}</text>`;
  }
  let coins = '';
  for (let s = 0; s < n; s++) {
    const x = R * Math.cos(angle(s));
    const y = R * Math.sin(angle(s));
    const f = view.seats[s];
    const cls = view.sighted ? (f === 0 ? 'coin heads' : 'coin tails') : 'coin hidden';
    coins += `<g class="${cls}${guarded.has(s) ? ' guarded' : ''}"><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}"/>`;
    // Letters stay upright: each is turned back by the table's own turn.
    const upright = `rotate(${(-spin).toFixed(2)} ${x.toFixed(1)} ${y.toFixed(1)})`;
    if (r >= 7) coins += `<text transform="${upright}" x="${x.toFixed(1)}" y="${(y + r * 0.38).toFixed(1)}" style="font-size:${(r * 1.05).toFixed(1)}px">${view.sighted ? faceText(f) : '?'}</text>`;
    coins += '</g>';
  }
  svg.innerHTML = `<g id="marks">${marks}</g><g id="spin" style="transform: rotate(${spin}deg)"><circle class="top" r="102"/><circle class="rim" r="60"/>${coins}</g>`;
  svg.querySelector('#marks').addEventListener('click', (e) => {
    const m = e.target.closest('[data-pos]');
    if (m) choose(Number(m.dataset.pos));
  });
}

function choose(i) {
  if (mode() !== 'play' || view.solved) return;
  chosen[i] = (chosen[i] + 1) % view.sides;
  render();
  grid.focusCell(i, false);
}

function key(i, e) {
  if (e.key === ' ' || e.key === 'Spacebar') {
    choose(i);
    grid.focusCell(i);
    return true;
  }
  if (e.key === 'Enter') {
    if (mode() === 'play') playChosen();
    else step();
    return true;
  }
  return false;
}

/** Turns the drawn table by `steps` positions and waits for the animation. */
async function turnTable(steps) {
  if (!steps) return;
  spin += (360 / view.coins) * steps;
  const g = $('spin');
  if (g) g.style.transform = `rotate(${spin}deg)`;
  await pause(650);
}

/** Plays one move through the core (devil included), animating the turn before the flips. */
async function playMove(amounts, call) {
  if (busy) return false;
  busy = true;
  try {
    const result = call();
    await turnTable(result.choice ? result.choice.turn : 0);
    flashed = new Set(amounts.map((a, i) => (a ? i : -1)).filter((i) => i >= 0));
    history.push(amounts);
    const who = view.devil === 'human' ? '' : 'The devil ';
    $('devil-note').textContent = result.choice ? `${who}${result.choice.reason}.` : '';
    setView(result.view);
    return true;
  } catch (err) {
    showError(err);
    stop();
    return false;
  } finally {
    busy = false;
  }
}

function humanTurn() {
  return view.devil === 'human' ? Number($('turn').value) || 0 : -1;
}

async function playChosen() {
  const amounts = chosen.slice();
  clearMessage();
  if (await playMove(amounts, () => core.table_play(view.state, amounts, humanTurn()))) {
    chosen = new Array(view.coins).fill(0);
    render();
  }
}

/** Plays the strategy's next move. */
async function step() {
  if (view.solved || !info.length || BigInt(view.moves) >= BigInt(info.length)) return stop();
  clearMessage();
  const mv = core.table_strategy_move(view.coins, view.sides, view.moves);
  return playMove(mv.amounts, () => core.table_play(view.state, mv.amounts, humanTurn()));
}

function toggleAutoplay() {
  if (timer) return stop();
  $('autoplay').textContent = 'Pause';
  $('autoplay').setAttribute('aria-label', 'Pause');
  const tick = async () => {
    const ok = await step();
    if (!ok || !timer || view.solved) return stop();
    timer = setTimeout(tick, DELAYS[Number($('speed').value) - 1]);
  };
  timer = setTimeout(tick, 0);
}

function stop() {
  if (timer) clearTimeout(timer);
  timer = null;
  $('autoplay').textContent = 'Autoplay';
  $('autoplay').setAttribute('aria-label', 'Autoplay');
}

/** Plays the strategy up to move `to` at once (the core does it, up to `info.max_moves_at_once` ahead). */
function jump(to) {
  stop();
  if (!/^\d+$/.test(String(to).trim())) return showError(`'${to}' is not a move number`);
  const target = BigInt(String(to).trim());
  if (info.length && (target > BigInt(info.length) || target - BigInt(view.moves) > BigInt(info.max_moves_at_once) || target < BigInt(view.moves))) {
    // Too far to play out here: show the move itself, computed on demand.
    try {
      const last = target > BigInt(info.length) ? BigInt(info.length) : target;
      const mv = core.table_strategy_move(view.coins, view.sides, String(last > 0n ? last - 1n : 0n));
      $('next-move').textContent = `Move ${last} of the strategy: ${view.sides === 2 ? 'flip' : 'turn'} ${mv.line}`;
      showMessage(`The game is played out at most ${Number(info.max_moves_at_once).toLocaleString('en')} moves ahead at a time (and never backwards); above is that move of the strategy.`);
    } catch (err) {
      showError(err);
    }
    return;
  }
  if (view.devil === 'human') return showError('With you as the devil, step through the moves one at a time.');
  const args = [view.state, String(to).trim()];
  const show = (res) => {
    spin += (360 / view.coins) * ((res.view.turn - view.turn + view.coins) % view.coins);
    if (res.choice) $('devil-note').textContent = `The devil ${res.choice.reason}.`;
    flashed = new Set();
    setView(res.view);
    clearMessage();
  };
  if (target - BigInt(view.moves) <= 1024n) {
    try {
      show(core.table_follow(...args));
    } catch (err) {
      showError(err);
    }
    return;
  }
  // Long jumps play thousands of moves with the devil: in the worker, with cancel.
  const before = view.state;
  runJob('table_follow', args, jobs('Playing the strategy'), 'table')
    .promise.then((res) => {
      if (view.state === before) show(res);
    })
    .catch((err) => {
      if (err.message !== 'cancelled') showError(err);
    });
}

/** Adds a line to the results (newest first, the last three kept). */
function result(text) {
  const line = document.createElement('p');
  line.textContent = text;
  $('results').prepend(line);
  while ($('results').children.length > 3) $('results').lastElementChild.remove();
}

function jobs(label) {
  const panel = jobPanel(label);
  $('jobs').replaceChildren(panel);
  return panel;
}

async function search() {
  const { coins, sides } = view;
  const job = runJob('table_search', [coins, sides], jobs('Searching belief states'), 'table');
  try {
    const r = await job.promise;
    result(r.winning
      ? `Search: the shortest winning strategy for ${coins} coins of ${sides} sides has ${r.length} moves (${r.belief_states} belief states reached).`
      : `Search: no strategy wins with ${coins} coins of ${sides} sides — all ${r.belief_states} reachable belief states explored, none empty.`);
  } catch (err) {
    result(err.message === 'cancelled' ? 'Search cancelled.' : `Search failed: ${err.message}`);
  }
}

async function verify() {
  const { coins, sides } = view;
  const job = runJob('table_verify', [coins, sides], jobs('Verifying the strategy'), 'table');
  try {
    const r = await job.promise;
    const shortest = r.valid && r.length === r.lower_bound ? ' It is a shortest strategy.' : '';
    result(r.valid
      ? `Verified exactly: the belief set empties at move ${r.emptied_at} of ${r.length}; no move removed more than ${r.most_removed} configuration, so at least ${r.lower_bound} moves are needed.${shortest}`
      : `The strategy does not win: configurations are left after all ${r.length} moves.`);
    if (!info.traceable) drawChart(null, r.chart);
  } catch (err) {
    result(err.message === 'cancelled' ? 'Verification cancelled.' : `Verification failed: ${err.message}`);
  }
}

async function randomCheck() {
  const { coins, sides } = view;
  const job = runJob('table_random_devil', [coins, sides, 500, 7], jobs('Playing against a random devil'), 'table');
  try {
    const r = await job.promise;
    result(`Random devil: won ${r.won} of ${r.games} games from random starts. This is evidence, not proof — a random devil rarely finds the turns that hurt.`);
  } catch (err) {
    result(err.message === 'cancelled' ? 'Check cancelled.' : `Check failed: ${err.message}`);
  }
}

main().catch(showError);
