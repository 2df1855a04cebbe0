// The strategy lab view: forwards choices to the wasm core (verify, count, search, why, the
// cube) and draws the answers. Long jobs run in a Worker with progress and cancel.
import { loadCore, initPage, showMessage, showError, clearMessage, errorText } from './app.js';
import { GridBoard } from './board.js';
import { runJob, jobPanel, isCancelled } from './worker-client.js';
import { linkedState, sectionInView, showSection } from './lab-link.js';
import { readTextFile } from './text-file.js';

let core;
/** An element of this page, by id. @param {string} id */
const $ = (id) => /** @type {import('./app.js').PageElement} */ (document.getElementById(id));
const panels = {};
let links;
const SECTIONS = ['strategy', 'table', 'count', 'why', 'search', 'cube', 'amo', 'dice'];

/** The lab's state as its link holds it (see `devil::lab_link::LabState`). */
function labState() {
  return {
    strategy: $('strategy').value,
    f: $('f').value || null,
    seed: $('seed').value.trim() || '0',
    squares: Number($('squares').value),
    view: sectionInView(SECTIONS),
    table: $('table').value.trim() || null,
  };
}

function showLabState(s) {
  $('strategy').value = s.strategy;
  $('f').value = s.f ?? '';
  $('seed').value = s.seed;
  $('squares').value = String(s.squares);
  $('table').value = s.table ?? '';
  strategyChanged();
  showSection(s.view);
}

function freshLab() {
  showLabState({ strategy: 'vasilev', f: 'popcount3', seed: '1', squares: 8, view: 'strategy', table: null });
  window.scrollTo(0, 0);
}

/** Runs a core export in the Worker with the section's progress panel. */
function job(name, fn, args) {
  if (!panels[name]) {
    panels[name] = jobPanel(`${name} progress`);
    $(`${name}-job`).append(panels[name]);
  }
  return runJob(fn, args, panels[name], 'lab').promise;
}

/** The strategy chosen in section 1, as the core reads it. */
function spec() {
  const strategy = $('strategy').value;
  const f = $('f').value;
  const out = { strategy, seed: $('seed').value };
  if (strategy === 'vasilev') out.f = f || 'popcount3';
  if (strategy === 'coset' && f) out.f = f;
  return out;
}

const colourOf = (c, n) => `hsl(${Math.round((360 * c) / Math.max(n, 1))} 70% 55%)`;

async function main() {
  initPage();
  core = await loadCore('lab');
  for (const [value, label] of [['xor', 'XOR'], ['coset', 'Coset of a perfect code'], ['vasilev', "Vasil'ev (half and half)"], ['search', 'Found by search']]) {
    $('strategy').add(new Option(label, value));
  }
  $('strategy').value = 'vasilev';
  for (let k = 0; k <= 12; k++) $('squares').add(new Option(String(1 << k), String(1 << k)));
  $('squares').value = '8';
  for (let n = 1; n <= 16; n++) $('search-n').add(new Option(String(n), String(n)));
  $('search-n').value = '16';
  for (const id of ['strategy', 'f', 'seed', 'squares']) $(id).addEventListener('change', strategyChanged);
  $('verify').addEventListener('click', verifyStrategy);
  $('load-table').addEventListener('click', loadTable);
  $('table-file').addEventListener('change', uploadTable);
  $('edit-set').addEventListener('click', editTable);
  $('verify-table').addEventListener('click', verifyTable);
  $('play-table').addEventListener('click', playTable);
  $('count').addEventListener('click', count);
  $('why').addEventListener('click', why);
  $('search').addEventListener('click', search);
  $('cube-show').addEventListener('click', drawCube);
  $('amo').addEventListener('click', atMostOne);
  $('dice').addEventListener('click', diceGame);
  $('cube-board').addEventListener('keydown', (e) => e.key === 'Enter' && drawCube());
  strategyChanged();
  links = linkedState({
    link: (st) => core.lab_link(st),
    fromLink: (fragment) => core.lab_from_link(fragment),
    read: labState,
    write: showLabState,
    reset: freshLab,
    fresh: 'a fresh lab',
    withoutLarge: (st) => ({ ...st, table: null }),
    what: 'this strategy, its squares, the section in view and the table',
  });
  await links.start();
  $('table').addEventListener('change', () => links.record());
  let scrolled;
  window.addEventListener('scroll', () => {
    clearTimeout(scrolled);
    scrolled = setTimeout(() => links.record(), 200);
  });
  document.body.dataset.ready = 'true';
}

function strategyChanged() {
  links?.record();
  const s = spec();
  $('f').disabled = s.strategy === 'xor' || s.strategy === 'search';
  $('seed').disabled = !(s.f === 'random');
  const item = core.devil_lab_menu().find((m) => m.strategy === s.strategy && (m.f ?? undefined) === s.f && (s.f !== 'random' || s.seed.trim() === '1'));
  const n = Number($('squares').value);
  if (item) {
    const game = core.devil_random(n, core.fresh_seed());
    $('play-link').href = `devil.html#${core.devil_link({ game, mode: 'watch', strategy: item.number, step: 0 })}`;
    $('play-link').removeAttribute('aria-disabled');
  } else {
    $('play-link').href = 'devil.html';
    $('play-link').setAttribute('aria-disabled', 'true');
  }
  $('verdict').textContent = '';
  $('coset-verdict').textContent = '';
  if (n <= 16) drawCube();
  else {
    $('cube').replaceChildren();
    $('cube-neighbours').replaceChildren();
  }
}

function verdictText(v) {
  const method = { exhaustive: 'checked on every board', construction: 'by construction', random: 'random boards only — not a proof' }[v.method];
  return `${v.valid ? '✔ Valid' : '✘ Not valid'} (${method}): ${v.explanation}.`;
}

/** Empties a verdict line, so a verdict never outlives the input it was about. */
function clearVerdict(id) {
  $(id).textContent = '';
  $(id).className = '';
}

async function verifyStrategy() {
  clearMessage();
  clearVerdict('verdict');
  clearVerdict('coset-verdict');
  const n = Number($('squares').value);
  try {
    const t0 = performance.now();
    const v = await job('verify', 'devil_lab_verify', [spec(), n]);
    $('verdict').textContent = `${verdictText(v)} (${(performance.now() - t0).toFixed(0)} ms, including the Worker's start)`;
    $('verdict').className = v.valid ? 'ok' : 'bad';
    if (n <= 16 && v.valid) {
      const { coset } = core.devil_lab_coset_check(spec(), n);
      $('coset-verdict').textContent = coset
        ? `It is a coset strategy (of its colour class ${coset[0]}, deleting square ${coset[1]}), up to renaming the squares it names.`
        : 'It is not the coset strategy of any code, under any renaming of the squares it names (checked against every colour class and every deleted square).';
    }
  } catch (err) {
    if (!isCancelled(err)) showError(err);
  }
}

function loadTable() {
  try {
    $('table').value = core.devil_lab_table(spec(), Number($('squares').value));
    clearMessage();
  } catch (err) {
    showError(err);
  }
}

/** The largest table file read: a paired table of 16 squares (65536 lines `bits square`) is 1.3 MB. */
const MAX_TABLE_FILE_BYTES = 2 << 20;

/**
 * A table file into the table box, as the core reads it (16 squares a line): refused by its
 * size before it is read, and when it is not text or not a table; the box is then left as it
 * was. The box never gets the file's own text: a megabyte of binary in it, or a paired table of
 * 16 squares (65536 lines), is a task of one to two seconds; the same table 16 a line takes
 * 4096 lines.
 */
async function uploadTable() {
  const input = $('table-file');
  const file = input.files[0];
  if (!file) return;
  input.value = ''; // the same file, mended, can be picked again
  const refuse = (why) => showMessage(`The table file “${file.name}” was not opened: ${why}. The table in the box is kept.`, 'error');
  if (file.size > MAX_TABLE_FILE_BYTES) return refuse(`a table file is at most ${MAX_TABLE_FILE_BYTES >> 20} MB; this one is ${(file.size / (1 << 20)).toFixed(1)} MB`);
  try {
    // Read in the Worker: parsing 65536 lines takes 10–100 ms.
    $('table').value = await job('table', 'lab_from_file', [await readTextFile(file)]);
  } catch (err) {
    return isCancelled(err) ? undefined : refuse(errorText(err));
  }
  clearMessage();
  links.record();
}

/** Changes the square one board names, in the list form of the table. */
function editTable() {
  const tokens = $('table').value.trim().split(/[\s,;]+/).filter(Boolean);
  const text = $('edit-board').value.trim();
  const board = /^[01]+$/.test(text) && text.length > 1 ? parseInt([...text].reverse().join(''), 2) : Number(text);
  const square = $('edit-square').value.trim();
  if (!Number.isInteger(board) || board < 0 || board >= tokens.length) {
    return showMessage(`Board ${text} is not in the table (boards 0 to ${tokens.length - 1}, or 0/1 with coin 0 first).`, 'error');
  }
  if (!/^\d+$/.test(square)) return showMessage(`'${square}' is not a square number.`, 'error');
  tokens[board] = square;
  const lines = [];
  for (let i = 0; i < tokens.length; i += 16) lines.push(tokens.slice(i, i + 16).join(' '));
  $('table').value = `${lines.join('\n')}\n`;
  clearMessage();
}

/** Hands the table to the Devil page (session storage: a table is too big for a link). */
function playTable() {
  try {
    const text = $('table').value;
    const n = core.devil_lab_table_squares(text);
    sessionStorage.setItem('devil-lab-table', text);
    const game = core.devil_random(n, core.fresh_seed());
    location.href = `devil.html#${core.devil_link({ game, mode: 'watch', strategy: 63, step: 0 })}`;
  } catch (err) {
    showError(err);
  }
}

let counterBoard;

async function verifyTable() {
  clearMessage();
  clearVerdict('table-verdict');
  $('counter-board').hidden = true;
  const text = $('table').value;
  try {
    // Size 0: the core reads the size off the table.
    const v = await job('table', 'devil_lab_verify', [{ strategy: 'table', table: text }, 0]);
    $('table-verdict').textContent = verdictText(v);
    $('table-verdict').className = v.valid ? 'ok' : 'bad';
    if (v.counterexample) drawCounterexample(v.squares, v.counterexample);
  } catch (err) {
    if (!isCancelled(err)) showError(err);
  }
}

function drawCounterexample(n, ce) {
  const host = $('counter-board');
  host.hidden = false;
  if (!counterBoard) {
    const grid = document.createElement('div');
    host.append(grid);
    const caption = document.createElement('p');
    caption.id = 'counter-caption';
    host.append(caption);
    counterBoard = new GridBoard(grid, { label: 'Counterexample board' });
    grid.classList.add('checkered');
  }
  let rows = 1;
  let cols = n;
  if ((n & (n - 1)) === 0) ({ rows, cols } = core.devil_layout(n));
  counterBoard.resize(rows, cols);
  counterBoard.update((i) => {
    const heads = ce.board[i] === '1';
    const classes = ['coin', heads ? 'heads' : 'tails', (Math.floor(i / cols) + (i % cols)) % 2 ? 'dark' : 'light'];
    const label = [`square ${i}`, heads ? 'heads' : 'tails'];
    if (ce.flips.includes(i)) classes.push('clash'), label.push(`flipping it names square ${ce.square}`);
    if (i === ce.missing_key) classes.push('key'), label.push('a key no flip reaches');
    return { classes: classes.join(' '), label: label.join(', '), text: n <= 256 ? String(i) : '', data: { face: heads ? 'heads' : 'tails' } };
  });
  $('counter-caption').textContent = `Counterexample: flipping square ${ce.flips[0]} or square ${ce.flips[1]} (outlined) both make B name square ${ce.square}, so the key under square ${ce.missing_key} (marked) cannot be signalled.`;
}

async function count() {
  clearMessage();
  const n = Number($('count-n').value);
  $('count-result').replaceChildren();
  try {
    const t0 = performance.now();
    const c = await job('count', 'devil_lab_count', [n]);
    const ms = performance.now() - t0;
    const facts = [
      ['Strategies', c.strategies],
      ['XOR-type', c.linear_strategies],
      ['Extended perfect codes (colour classes)', String(c.codes)],
      ['Partitions of the even boards', String(c.partitions)],
      ['Colourings of the even boards (n! × partitions)', c.even_colourings],
      ['Time', `${ms.toFixed(0)} ms`],
    ];
    $('count-result').innerHTML = facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('');
  } catch (err) {
    if (!isCancelled(err)) showError(err);
  }
}

async function why() {
  clearMessage();
  $('why-search').textContent = '';
  try {
    const n = Number($('why-n').value);
    const w = core.devil_lab_why(n);
    $('why-text').textContent = `${w.explanation}.`;
    if (n <= 7 || (w.power_of_two && n <= 16)) {
      const out = await job('why', 'devil_lab_search', [n, Infinity]);
      $('why-search').textContent = searchText(out);
    } else if (!w.power_of_two) {
      $('why-search').textContent = `(The search is run to its end for up to 7 squares; for ${n} it would take far too long — the count above is the proof.)`;
    }
  } catch (err) {
    if (!isCancelled(err)) showError(err);
  }
}

function searchText(out) {
  if (out.found) return `Second check, by search: found a strategy for ${out.squares} squares after ${out.nodes} search nodes.`;
  if (out.exhausted) return `Second proof, by search: the search for ${out.squares} squares ran to its end after ${out.nodes} nodes and found no strategy.`;
  return `The search stopped after ${out.nodes} nodes without a conclusion.`;
}

async function search() {
  clearMessage();
  const n = Number($('search-n').value);
  try {
    const t0 = performance.now();
    const out = await job('search', 'devil_lab_search', [n, n <= 8 || (n & (n - 1)) === 0 ? Infinity : 2e6]);
    $('search-result').textContent = `${searchText(out)} (${(performance.now() - t0).toFixed(0)} ms)`;
  } catch (err) {
    if (!isCancelled(err)) showError(err);
  }
}

async function atMostOne() {
  clearMessage();
  $('amo-result').replaceChildren();
  try {
    for (let n = 1; n <= 8; n++) {
      const v = await job('amo', 'devil_lab_at_most_one', [n]);
      $('amo-result').insertAdjacentHTML('beforeend', `<dt>${n} squares</dt><dd class="${v.works ? 'ok' : 'bad'}">${v.works ? 'works' : 'impossible'} — ${v.explanation}</dd>`);
    }
  } catch (err) {
    if (!isCancelled(err)) showError(err);
  }
}

async function diceGame() {
  clearMessage();
  $('dice-round').textContent = '';
  try {
    const res = await job('dice', 'devil_lab_dice', [Number($('dice-n').value), Number($('dice-q').value), core.fresh_seed()]);
    const checked = res.boards_checked ? ` Checked on all ${res.boards_checked} boards: ${res.valid ? 'valid' : 'NOT valid'}.` : '';
    $('dice-result').textContent = `${res.exists ? '✔' : '✘'} ${res.reason}.${checked}`;
    $('dice-result').className = res.exists ? 'ok' : 'bad';
    if (res.round) {
      const r = res.round;
      $('dice-round').textContent = `board ${r.board.join(' ')}, key ${r.key} → A adds 1 to square ${r.add} → ${r.after.join(' ')} → B names ${r.answer}`;
    }
  } catch (err) {
    if (!isCancelled(err)) showError(err);
  }
}

/** Reads the cube view's board: 0s and 1s, coin 0 first. */
function pickedBoard(n) {
  const text = $('cube-board').value.trim() || '0';
  if (!/^[01]+$/.test(text) || text.length > n) throw new Error(`a board of ${n} squares is up to ${n} characters 0 or 1, coin 0 first`);
  return parseInt([...text].reverse().join(''), 2);
}

function drawCube() {
  const n = Number($('squares').value);
  try {
    if (n > 16) throw new Error('the cube view goes up to 16 squares');
    const board = pickedBoard(n);
    const view = core.devil_lab_neighbours(spec(), n, board);
    const bits = (x) => Array.from({ length: n }, (_, i) => (x >> i) & 1).join('');
    $('cube-neighbours').innerHTML = view.neighbours
      .map((nb) => `<li><span class="swatch" style="background:${colourOf(nb.colour, n)}"></span>flip ${nb.flip}: board <span class="mono">${bits(nb.board)}</span> names square <b>${nb.colour}</b></li>`)
      .join('');
    $('cube').innerHTML = view.colours ? cubeSvg(n, view.colours, board) : `<p>Board <span class="mono">${bits(board)}</span> names square ${view.colour}; its ${n} neighbours name the squares listed below — each once.</p>`;
    clearMessage();
  } catch (err) {
    showMessage(errorText(err), 'error');
  }
}

function cubeSvg(n, colours, picked) {
  const dirs = [[150, 0], [0, 150], [60, 45], [-55, 80]];
  const pos = (x) => {
    let px = 90;
    let py = 40;
    for (let i = 0; i < n; i++) if ((x >> i) & 1) (px += dirs[i][0]), (py += dirs[i][1]);
    return [px, py];
  };
  const lines = [];
  const dots = [];
  for (let x = 0; x < 1 << n; x++) {
    const [ax, ay] = pos(x);
    for (let i = 0; i < n; i++) {
      const y = x ^ (1 << i);
      if (y > x) {
        const [bx, by] = pos(y);
        const near = x === picked || y === picked;
        lines.push(`<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${near ? '#222' : '#bbb'}" stroke-width="${near ? 3 : 1.5}"/>`);
      }
    }
  }
  for (let x = 0; x < 1 << n; x++) {
    const [px, py] = pos(x);
    const label = Array.from({ length: n }, (_, i) => (x >> i) & 1).join('');
    dots.push(
      `<g><circle cx="${px}" cy="${py}" r="15" fill="${colourOf(colours[x], n)}" class="${x === picked ? 'picked' : ''}"><title>board ${label} names square ${colours[x]}</title></circle>` +
        `<text x="${px}" y="${py + 4}" text-anchor="middle" font-size="11">${colours[x]}</text><text x="${px}" y="${py + 28}" text-anchor="middle" font-size="9" fill="#555">${label}</text></g>`,
    );
  }
  return `<svg viewBox="0 0 420 380" role="img" aria-label="The ${n}-cube coloured by the strategy: each corner shows the square its board names">${lines.join('')}${dots.join('')}</svg>`;
}

main().catch(showError);
