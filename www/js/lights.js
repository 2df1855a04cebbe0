// The Lights Out view: draws the board (a grid of cells when small, a canvas when large) and
// forwards presses to the wasm core, which owns every rule: presses, solving, chasing, links.
import {
  loadCore, initPage, showMessage, showError, clearMessage, copyText, shareUrl, embedSnippet, pause, errorText,
} from './app.js';
import { GridBoard } from './board.js';
import { runJob, jobPanel } from './worker-client.js';

/** Boards up to this many lights are a grid of elements; larger ones a canvas. */
const GRID_MAX = 1024;
const CHART_MAX = 200;

let core;
let grid;
/** The board: {rows, cols, rule, torus, states}. */
let spec;
/** One byte a light, row by row. */
let lights;
/** The seed while the lights are exactly the seeded puzzle (short links). */
let seed = null;
let seedLink = null;
let moves = 0;
let history = [];
let future = [];
let mode = 'play';
/** Bumped on every change of the lights, so cached answers know they are stale. */
let version = 0;
let solved = null; // {version, minimal, result}
let overlay = { presses: null, hint: -1, quiet: null, row: -1 };
let showSolution = false;
let busy = false;
let pendingNew = false;
let job = null;
let cursor = 0;

const $ = (id) => document.getElementById(id);
const cells = () => spec.rows * spec.cols;
const chaser = (s = spec) => s.states === 2 && !s.torus && (s.rule === 'plus' || s.rule === 'neighbours');
/** Whether solving this board can take more than ~50 ms in the browser. */
const heavySolve = (s = spec) => s.rows * s.cols > (chaser(s) ? 40000 : 400);
const heavyRank = (s = spec) => (chaser(s) ? false : s.rows * s.cols > 400);
const stateName = (v) => (spec.states === 2 ? (v ? 'on' : 'off') : v ? `state ${v}` : 'off');

async function main() {
  initPage();
  core = await loadCore('lights');
  for (let k = 2; k <= 9; k++) $('states').add(new Option(String(k), String(k)));
  grid = new GridBoard($('board'), { label: 'Lights Out board', onActivate: (i) => activate(i), onKey: key });
  $('board').classList.add('lights');
  setupCanvas();
  $('job-slot').append((job = jobPanel('Working')));
  $('new-puzzle').addEventListener('click', () => newPuzzle());
  $('all-on').addEventListener('click', allOn);
  for (const id of ['rows', 'cols', 'rule', 'edges', 'states']) {
    // Only a real change of settings makes a new puzzle (a blur after typing fires change too).
    $(id).addEventListener('change', () => JSON.stringify(readSpec()) !== JSON.stringify(spec) && newPuzzle());
  }
  for (const b of document.querySelectorAll('[data-mode]')) b.addEventListener('click', () => setMode(b.dataset.mode));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('show-solution').addEventListener('click', toggleSolution);
  $('animate').addEventListener('click', animate);
  $('chase').addEventListener('click', chase);
  $('check').addEventListener('click', check);
  $('copy-link').addEventListener('click', async () => {
    const ok = await copyText(shareUrl(link()), $('share-output'));
    showMessage(ok ? 'Link copied. Opening it restores exactly this board.' : 'Copy the link from the box below.');
  });
  $('embed').addEventListener('click', async () => {
    const height = Math.round(440 * Math.min(2, spec.rows / spec.cols)) + 260;
    await copyText(embedSnippet(link(), 'Lights Out', 460, height), $('share-output'));
    showMessage('Embed code copied: paste it into a blog post or web page.');
  });
  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.target.matches('input, select, textarea')) return;
    if (e.key === 'z') { undo(); e.preventDefault(); }
    if (e.key === 'y') { redo(); e.preventDefault(); }
  });
  window.addEventListener('hashchange', () => openLink(location.hash));
  if (location.hash.length > 1) await openLink(location.hash);
  else await newPuzzle({ rows: 5, cols: 5, rule: 'plus', torus: false, states: 2 });
  drawChart();
  document.body.dataset.ready = 'true';
}

// ---- settings, new boards, links ----

function readSpec() {
  return {
    rows: Number($('rows').value),
    cols: Number($('cols').value),
    rule: $('rule').value,
    torus: $('edges').value === 'torus',
    states: Number($('states').value),
  };
}

function writeSpec(s) {
  $('rows').value = s.rows;
  $('cols').value = s.cols;
  $('rule').value = s.rule;
  $('edges').value = s.torus ? 'torus' : 'bounded';
  $('states').value = String(s.states);
}

/** A random solvable puzzle for the settings (or `s`), in the Worker when it is large. */
async function newPuzzle(s = readSpec()) {
  if (busy) {
    // Settings changed while the Worker runs: make the new puzzle once it is done.
    pendingNew = true;
    return;
  }
  try {
    const game = s.rows * s.cols > 250000 ? await inWorker('lights_random', [s, '']) : core.lights_random(s, '');
    setGame(game);
    clearMessage();
    explore();
  } catch (err) {
    if (spec) writeSpec(spec);
    if (errorText(err) === 'cancelled') showMessage('New puzzle cancelled.');
    else showError(err);
  }
}

function allOn() {
  if (busy) return;
  try {
    const s = readSpec();
    const n = s.rows * s.cols;
    setGame(core.lights_game(s, new Uint8Array(n).fill(1), 0));
    clearMessage();
    explore();
  } catch (err) {
    showError(err);
  }
}

function setGame(game) {
  const newSize = !spec || JSON.stringify(spec) !== JSON.stringify(game.spec);
  spec = game.spec;
  lights = game.lights;
  seed = game.seed;
  seedLink = game.seed !== null ? game.link : null;
  moves = game.moves;
  history = [];
  future = [];
  showSolution = false;
  $('show-solution').setAttribute('aria-pressed', 'false');
  if (!pendingNew) writeSpec(spec); // settings changed meanwhile stay for the pending puzzle
  if (newSize) cursor = 0;
  changed();
}

async function openLink(hash) {
  try {
    if (spec && hash.slice(1) === link()) return;
    setGame(core.lights_from_link(hash));
    clearMessage();
    explore();
  } catch (err) {
    await newPuzzle({ rows: 5, cols: 5, rule: 'plus', torus: false, states: 2 });
    showMessage(`That link could not be opened: ${errorText(err)}. Here is a fresh puzzle.`, 'error');
  }
}

/** The share fragment: the seeded form while the puzzle is untouched (short even for huge
 * boards), else every light. */
function link() {
  if (seed === null || !seedLink) seedLink = null;
  return seedLink ?? core.lights_link(spec, lights, moves);
}

// ---- drawing ----

function changed() {
  version++;
  overlay = { presses: null, hint: -1, quiet: null, row: -1 };
  $('verdict').textContent = '';
  render();
  status();
  if (showSolution) refreshSolution();
}

function render() {
  const big = cells() > GRID_MAX;
  $('board').hidden = big;
  $('canvas').hidden = !big;
  $('canvas-wrap').hidden = !big;
  if (big) return drawCanvas();
  grid.resize(spec.rows, spec.cols);
  $('board').classList.toggle('many', spec.states > 2);
  grid.update(describe);
}

function describe(i) {
  const r = Math.floor(i / spec.cols);
  const c = i % spec.cols;
  const v = lights[i];
  const classes = [v ? `on s${v}` : 'off'];
  const label = [`row ${r + 1}, column ${c + 1}, ${stateName(v)}`];
  let text = spec.states > 2 && v ? String(v) : '';
  const p = overlay.presses?.[i] ?? 0;
  if (p) {
    classes.push('press');
    label.push(spec.states > 2 ? `press ${p} times` : 'press');
    text = spec.states > 2 ? `×${p}` : '●';
  }
  if (overlay.hint === i) {
    classes.push('hint');
    label.push('hint');
  }
  if (overlay.quiet?.[i]) {
    classes.push('quiet');
    label.push('in the quiet pattern');
  }
  if (overlay.row === r) classes.push('chase-row');
  return { classes: classes.join(' '), label: label.join(', '), text };
}

function setupCanvas() {
  const canvas = $('canvas');
  const wrap = document.createElement('div');
  wrap.id = 'canvas-wrap';
  wrap.className = 'canvas-wrap';
  wrap.hidden = true;
  canvas.replaceWith(wrap);
  wrap.append(canvas);
  const mark = document.createElement('div');
  mark.id = 'canvas-cursor';
  mark.className = 'canvas-cursor';
  wrap.append(mark);
  // Too many lights for a grid of elements: one focusable surface with a keyboard cursor whose
  // position and light are announced in the status line.
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-roledescription', 'large Lights Out board');
  canvas.setAttribute('aria-describedby', 'status');
  canvas.addEventListener('click', (e) => {
    const rect = canvas.getBoundingClientRect();
    const r = Math.min(spec.rows - 1, Math.floor(((e.clientY - rect.top) / rect.height) * spec.rows));
    const c = Math.min(spec.cols - 1, Math.floor(((e.clientX - rect.left) / rect.width) * spec.cols));
    cursor = r * spec.cols + c;
    activate(cursor);
  });
  canvas.addEventListener('keydown', (e) => {
    const r = Math.floor(cursor / spec.cols);
    const c = cursor % spec.cols;
    const step = e.shiftKey ? Math.max(1, Math.floor(Math.min(spec.rows, spec.cols) / 16)) : 1;
    const moves = { ArrowUp: [-step, 0], ArrowDown: [step, 0], ArrowLeft: [0, -step], ArrowRight: [0, step] };
    if (e.key in moves) {
      const [dr, dc] = moves[e.key];
      const nr = Math.max(0, Math.min(spec.rows - 1, r + dr));
      const nc = Math.max(0, Math.min(spec.cols - 1, c + dc));
      cursor = nr * spec.cols + nc;
      drawCursor();
      e.preventDefault();
    } else if (key(cursor, e)) {
      e.preventDefault();
    }
  });
}

function drawCanvas() {
  const canvas = $('canvas');
  if (canvas.width !== spec.cols || canvas.height !== spec.rows) {
    canvas.width = spec.cols;
    canvas.height = spec.rows;
  }
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(spec.cols, spec.rows);
  const px = new Uint32Array(img.data.buffer);
  // Colours as little-endian ABGR words.
  const off = 0xff40342d;
  const on = 0xff3fd2ff;
  const press = 0xfffc3f8a;
  const quiet = 0xffd2a01e;
  const k = spec.states;
  for (let i = 0; i < lights.length; i++) {
    let colour;
    if (overlay.presses?.[i]) colour = press;
    else if (overlay.quiet?.[i]) colour = quiet;
    else if (!lights[i]) colour = off;
    else if (k === 2) colour = on;
    else {
      const t = lights[i] / (k - 1);
      colour = 0xff000000 | (Math.round(63 * t) << 16) | (Math.round(120 + 90 * t) << 8) | 255;
    }
    px[i] = colour;
  }
  if (overlay.hint >= 0) px[overlay.hint] = 0xff20c040;
  ctx.putImageData(img, 0, 0);
  canvas.setAttribute(
    'aria-label',
    `Lights Out board, ${spec.rows} by ${spec.cols}: ${countOn()} lights on. Arrows move, Space presses.`,
  );
  drawCursor();
}

function drawCursor() {
  const mark = $('canvas-cursor');
  if (cells() <= GRID_MAX) return;
  const r = Math.floor(cursor / spec.cols);
  const c = cursor % spec.cols;
  mark.style.left = `${(100 * c) / spec.cols}%`;
  mark.style.top = `${(100 * r) / spec.rows}%`;
  mark.style.width = `max(6px, ${100 / spec.cols}%)`;
  mark.style.height = `max(6px, ${100 / spec.rows}%)`;
  $('status').dataset.cursor = `row ${r + 1}, column ${c + 1}, ${stateName(lights[cursor])}`;
  status();
}

function countOn() {
  let n = 0;
  for (let i = 0; i < lights.length; i++) if (lights[i]) n++;
  return n;
}

function status() {
  const rule = { plus: 'classic', neighbours: 'neighbours only', x: 'X', king: 'king' }[spec.rule];
  const where = cells() > GRID_MAX && $('status').dataset.cursor ? ` · cursor ${$('status').dataset.cursor}` : '';
  $('status').textContent =
    `Moves: ${moves} · ${spec.rows}×${spec.cols} ${rule}, ${spec.torus ? 'torus' : 'bounded'}, ${spec.states} states · ` +
    `${countOn()} lit${seed !== null ? ` · seed ${seed}` : ''}${where}`;
  $('undo').disabled = history.length === 0;
  $('redo').disabled = future.length === 0;
}

// ---- playing ----

function setMode(m) {
  mode = m;
  for (const b of document.querySelectorAll('[data-mode]')) b.setAttribute('aria-pressed', String(b.dataset.mode === m));
  showMessage(m === 'edit' ? 'Edit mode: clicking a light changes its state. Then ask “Solvable?”.' : 'Play mode: pressing a light switches it and its neighbours.');
}

function key(index, e) {
  const k = e.key.toLowerCase();
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (k === ' ' || k === 'enter') {
    activate(index);
    return true;
  }
  if (k === 'h') { hint(); return true; }
  if (k === 'u') { undo(); return true; }
  if (k === 'r') { redo(); return true; }
  return false;
}

function activate(index) {
  if (busy) return;
  cursor = index;
  const r = Math.floor(index / spec.cols);
  const c = index % spec.cols;
  if (mode === 'edit') {
    const from = lights[index];
    const to = (from + 1) % spec.states;
    doAction({ kind: 'set', index, from, to });
  } else {
    doAction({ kind: 'press', r, c });
  }
  future = [];
  status();
}

/** Applies an action (through the core for presses) and records it for undo. */
function doAction(a, record = true) {
  if (a.kind === 'press') {
    lights = core.lights_press(spec, lights, a.r, a.c, 1);
    moves++;
  } else {
    lights = Uint8Array.from(lights);
    lights[a.index] = a.to;
  }
  seed = null;
  if (record) history.push(a);
  changed();
  if (a.kind === 'press' && countOn() === 0) showMessage(`Solved in ${moves} presses!`, 'win');
}

function undoAction(a) {
  if (a.kind === 'press') {
    // k−1 more presses of the same light undo one press.
    lights = core.lights_press(spec, lights, a.r, a.c, spec.states - 1);
    moves--;
  } else {
    lights = Uint8Array.from(lights);
    lights[a.index] = a.from;
  }
  seed = null;
  changed();
}

function undo() {
  if (busy || !history.length) return;
  const a = history.pop();
  undoAction(a);
  future.push(a);
  status();
  clearMessage();
}

function redo() {
  if (busy || !future.length) return;
  const a = future.pop();
  doAction(a, false);
  history.push(a);
  status();
}

// ---- solving ----

/** Runs a core function in the Worker with the progress panel; rejects with 'cancelled'. */
async function inWorker(fn, args) {
  busy = true;
  try {
    const running = runJob(fn, args, job, 'lights');
    return await running.promise;
  } finally {
    busy = false;
    // After the caller has used the result (so it keeps the settings typed meanwhile).
    setTimeout(() => {
      if (pendingNew && !busy) {
        pendingNew = false;
        newPuzzle();
      }
    }, 0);
  }
}

/** The solution of the current lights (cached until they change). */
async function solution(minimal = $('minimal').checked) {
  if (solved && solved.version === version && (solved.minimal || !minimal)) return solved.result;
  const v = version;
  const args = [spec, lights, minimal];
  const result = heavySolve() ? await inWorker('lights_solve', args) : core.lights_solve(...args, () => {});
  if (v === version) solved = { version: v, minimal, result };
  return result;
}

async function withSolution(minimal, then) {
  if (busy) return;
  try {
    const s = await solution(minimal);
    then(s);
  } catch (err) {
    if (errorText(err) === 'cancelled') showMessage('Solving cancelled.');
    else showError(err);
  }
}

function explainUnsolvable(s) {
  overlay.quiet = s.witness;
  render();
  const cover = s.witness ? s.witness.reduce((n, q, i) => n + (q && lights[i] ? 1 : 0), 0) : 0;
  const k = spec.states;
  $('verdict').textContent =
    k === 2
      ? `Not solvable. The highlighted quiet pattern (pressing all of it changes nothing) covers ${cover} lit light${cover === 1 ? '' : 's'}, ` +
        'an odd number. Every press changes that count by an even number, and a dark board has 0 — so ' +
        'no sequence of presses can clear this pattern.'
      : `Not solvable. The highlighted quiet pattern, weighted by its press counts, overlaps the lights with a sum ` +
        `that is not a multiple of ${k}; no press changes that sum mod ${k}, and a dark board has sum 0.`;
  showMessage('This pattern cannot be cleared — see why below.', 'lose');
}

function hint() {
  withSolution(true, (s) => {
    if (!s.solvable) return explainUnsolvable(s);
    const presses = s.presses;
    let i = presses.findIndex((p, j) => p && j === cursor);
    if (i < 0) i = presses.findIndex((p) => p > 0);
    if (i < 0) return showMessage('Nothing to press: the board is dark.', 'win');
    overlay.hint = i;
    render();
    const r = Math.floor(i / spec.cols);
    const c = i % spec.cols;
    showMessage(`Hint: press row ${r + 1}, column ${c + 1} (part of a ${s.minimal ? 'minimal' : 'short'} solution of ${s.press_count} presses).`);
    if (cells() <= GRID_MAX) grid.focusCell(i);
    else {
      cursor = i;
      drawCursor();
    }
  });
}

function toggleSolution() {
  showSolution = !showSolution;
  $('show-solution').setAttribute('aria-pressed', String(showSolution));
  if (showSolution) refreshSolution();
  else {
    overlay.presses = null;
    render();
  }
}

function refreshSolution() {
  withSolution($('minimal').checked, (s) => {
    if (!s.solvable) {
      showSolution = false;
      $('show-solution').setAttribute('aria-pressed', 'false');
      return explainUnsolvable(s);
    }
    overlay.presses = s.presses;
    render();
    $('verdict').textContent = `Solution: press the marked lights — ${s.press_count} presses${s.minimal ? ', the fewest possible' : ''}.`;
  });
}

function check() {
  withSolution($('minimal').checked, (s) => {
    if (!s.solvable) return explainUnsolvable(s);
    const proof = s.minimal ? 'the fewest possible' : $('minimal').checked ? 'best found, not proven minimal' : 'not minimised';
    const many = s.nullity ? ` The board has nullity ${s.nullity}, so there are ${s.nullity <= 30 ? 2 ** s.nullity : `2^${s.nullity}`} solutions.` : ' It is the only solution.';
    $('verdict').textContent = `Solvable: ${s.press_count} presses (${proof}).${spec.states === 2 ? many : ''}`;
    showMessage('This pattern can be cleared.', 'win');
  });
}

/** Plays the solution press by press (or all at once on a large board). */
function animate() {
  withSolution($('minimal').checked, async (s) => {
    if (!s.solvable) return explainUnsolvable(s);
    if (cells() > GRID_MAX) {
      lights = core.lights_apply(spec, lights, s.presses);
      moves += s.press_count;
      seed = null;
      history = [];
      future = [];
      changed();
      return showMessage(`Applied all ${s.press_count} presses at once (large board): ${countOn() === 0 ? 'the board is dark.' : ''}`, 'win');
    }
    busy = true;
    try {
      const delay = Math.max(60, Math.min(350, 4000 / Math.max(1, s.press_count)));
      for (let i = 0; i < s.presses.length; i++) {
        for (let t = 0; t < s.presses[i]; t++) {
          busy = false;
          activateAs('play', i);
          busy = true;
          overlay.hint = i;
          render();
          await pause(delay);
        }
      }
    } finally {
      busy = false;
    }
  });
}

function activateAs(m, i) {
  const saved = mode;
  mode = m;
  activate(i);
  mode = saved;
}

/** Light chasing, row by row, then the first-row fix-up from the table, then chasing again. */
async function chase() {
  if (busy) return;
  let plan;
  try {
    plan = core.lights_chase(spec, lights);
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
    li.scrollIntoView({ block: 'nearest' });
  };
  const bits = (v) => Array.from(v).join('');
  busy = true;
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
          lights = core.lights_press(spec, lights, st.row, st.col, 1);
          moves++;
          history.push({ kind: 'press', r: st.row, c: st.col });
        }
      }
      future = [];
      seed = null;
      changed();
      overlay.row = g.row;
      render();
      await pause(450);
    }
    showFixup();
    overlay.row = -1;
    render();
    if (!plan.fixup) {
      say('No first-row press fixes that last row: the pattern is not solvable.');
      busy = false;
      return check();
    }
    say('The board is dark.');
    showMessage(`Solved by light chasing in ${moves} presses.`, 'win');
  } finally {
    busy = false;
  }
}

// ---- explore ----

async function explore() {
  const s = { ...spec };
  const same = () => JSON.stringify(s) === JSON.stringify(spec);
  $('counts').textContent = 'Counting…';
  $('gallery').replaceChildren();
  $('quiet-note').textContent = '';
  $('table-wrap').hidden = true;
  try {
    const r = heavyRank(s) ? await inWorker('lights_rank', [s]) : core.lights_rank(s, () => {});
    if (!same()) return;
    const n = s.rows * s.cols;
    if (s.states === 2) {
      const share = 100 / 2 ** r.nullity;
      $('counts').textContent =
        `Rank ${r.rank}, nullity ${r.nullity}: 2^${r.rank} of the 2^${n} patterns are solvable ` +
        `(${share >= 0.01 ? share.toFixed(share < 1 ? 3 : 0) : share.toExponential(2)}%), each with 2^${r.nullity} solutions.`;
    } else {
      const q = r.quiet_log2;
      $('counts').textContent =
        `${s.states}^${n} patterns; ${q === 0 ? 'every one is solvable, in exactly one way' : `${fmtPow(q)} quiet patterns, so 1 pattern in ${fmtPow(q)} is solvable`} ` +
        `(nullity ${r.nullity}).`;
    }
    if (chaser(s) && s.cols <= 12 && s.rows * s.cols * s.cols <= 1 << 24) showTable(core.lights_table(s));
    if (r.nullity === 0) {
      $('quiet-note').textContent = '— none: only pressing nothing changes nothing.';
      return;
    }
    const zero = new Uint8Array(n);
    const sol = heavySolve(s) ? await inWorker('lights_solve', [s, zero, false]) : core.lights_solve(s, zero, false, () => {});
    if (!same()) return;
    $('quiet-note').textContent = `— a basis of ${r.nullity}${sol.quiet.length < r.nullity ? `, first ${sol.quiet.length} shown` : ''}. Click one to see it on the board.`;
    sol.quiet.forEach((q, i) => $('gallery').append(thumbnail(q, i)));
  } catch (err) {
    if (!same()) return;
    $('counts').textContent = errorText(err) === 'cancelled' ? 'Counting cancelled.' : `Cannot analyse this board: ${errorText(err)}`;
  }
}

function fmtPow(log2) {
  return Number.isInteger(log2) ? `2^${log2}` : `${2 ** log2 < 1e15 ? Math.round(2 ** log2) : `2^${log2.toFixed(2)}`}`;
}

/** The fix-up table: only the last rows a solvable pattern can leave (the others never occur). */
function showTable(rows) {
  const body = $('fixup-table').querySelector('tbody');
  body.replaceChildren();
  const bits = (v) => Array.from(v).join('');
  const fixable = rows.filter((row) => row.press);
  for (const row of fixable.slice(0, 64)) {
    const tr = document.createElement('tr');
    tr.innerHTML = `<td>${bits(row.leftover)}</td><td>${bits(row.press)}</td>`;
    body.append(tr);
  }
  $('table-note').textContent =
    `${fixable.length} of the ${rows.length} possible last rows can be fixed${fixable.length > 64 ? ' (first 64 shown)' : ''}; ` +
    `the other ${rows.length - fixable.length} never occur for a solvable pattern.`;
  $('table-wrap').hidden = false;
}

function thumbnail(q, i) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'thumb';
  const count = q.reduce((a, v) => a + v, 0);
  b.setAttribute('aria-label', `Quiet pattern ${i + 1}: ${count} presses that change nothing`);
  const canvas = document.createElement('canvas');
  canvas.width = spec.cols;
  canvas.height = spec.rows;
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(spec.cols, spec.rows);
  const px = new Uint32Array(img.data.buffer);
  for (let j = 0; j < q.length; j++) px[j] = q[j] ? 0xffd2a01e : 0xfff0ebe4;
  ctx.putImageData(img, 0, 0);
  const label = document.createElement('span');
  label.textContent = `#${i + 1} · ${count}`;
  b.append(canvas, label);
  b.addEventListener('click', () => {
    overlay.quiet = q;
    render();
    showMessage(`Quiet pattern ${i + 1}: pressing these ${count} lights changes nothing at all.`);
  });
  return b;
}

/** The SVG chart of nullity against n, bounded and torus; each point opens its board. */
async function drawChart() {
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
  const y = (v) => H - B - (v / max) * (H - B - 30); // room at the top for the legend
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', `Nullity of n×n boards for n = 1 to ${CHART_MAX}, bounded and torus`);
  const el = (name, attrs, parent = svg) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.append(e);
    return e;
  };
  el('line', { x1: L, y1: H - B, x2: W - R + 5, y2: H - B, class: 'axis' });
  el('line', { x1: L, y1: 5, x2: L, y2: H - B, class: 'axis' });
  for (const t of [1, 50, 100, 150, 200]) el('text', { x: x(t), y: H - 10, class: 'tick', 'text-anchor': 'middle' }).textContent = `n=${t}`;
  for (const t of [0, Math.round(max / 2), max]) el('text', { x: L - 6, y: y(t) + 4, class: 'tick', 'text-anchor': 'end' }).textContent = t;
  for (const [kind, cls] of [['torus', 'torus'], ['bounded', 'bounded']]) {
    for (const p of points) {
      const v = p[kind];
      const dot = el('circle', { cx: x(p.n), cy: y(v), r: v ? 3 : 2, class: `pt ${cls}`, tabindex: 0, role: 'button', 'data-n': p.n, 'data-kind': kind });
      dot.setAttribute('aria-label', `${p.n}×${p.n} ${kind}: nullity ${v}`);
      el('title', {}, dot).textContent = `${p.n}×${p.n} ${kind}: nullity ${v}`;
      const open = () => {
        newPuzzle({ rows: p.n, cols: p.n, rule: 'plus', torus: kind === 'torus', states: 2 });
        window.scrollTo({ top: 0 });
      };
      dot.addEventListener('click', open);
      dot.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
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

main().catch(showError);
