// Sections 3, 4, 5, 7 and 8 of the strategy lab: counting the strategies, why only powers of
// two, the search, "flip at most one coin" and dice. Each asks the core in the Worker, on load
// and again whenever its input changes (a stale run is cancelled).
import { debounce, shown } from '../lab/live.js';
import { searchText } from './text.js';

/** @param {import('../devil-lab.js').Lab} lab */
export function wireChecks(lab) {
  const { ctx, core } = lab;
  const { $ } = ctx;
  for (let n = 1; n <= 16; n++) $('search-n').add(new Option(String(n), String(n)));
  $('search-n').value = '16';
  /** @type {[string, () => Promise<void>, string[]][]} each check, its button and the inputs it reads */
  const checks = [
    ['count', count, ['count-n']],
    ['why', why, ['why-n']],
    ['search', search, ['search-n']],
    ['amo', atMostOne, []],
    ['dice', dice, ['dice-n', 'dice-q']],
  ];
  for (const [button, check, inputs] of checks) {
    // A click or a committed change overrules typing still waiting for its pause (`now`).
    const typed = debounce(() => shown(ctx, button, check), 300);
    const run = () => typed.now();
    $(button).addEventListener('click', run);
    for (const id of inputs) {
      $(id).addEventListener('change', run);
      if ($(id).tagName === 'INPUT') $(id).addEventListener('input', typed);
    }
    run();
  }

  async function count() {
    const n = Number($('count-n').value);
    const t0 = performance.now();
    const c = await lab.job('count', 'devil_lab_count', [n]);
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
  }

  async function why() {
    $('why-search').textContent = '';
    const n = Number($('why-n').value);
    const w = core.devil_lab_why(n);
    $('why-text').textContent = `${w.explanation}.`;
    if (n <= 7 || (w.power_of_two && n <= 16)) {
      const out = await lab.job('why', 'devil_lab_search', [n, Infinity]);
      $('why-search').textContent = searchText(out);
    } else if (!w.power_of_two) {
      $('why-search').textContent = `(The search is run to its end for up to 7 squares; for ${n} it would take far too long — the count above is the proof.)`;
    }
  }

  async function search() {
    const n = Number($('search-n').value);
    const t0 = performance.now();
    const out = await lab.job('search', 'devil_lab_search', [n, n <= 8 || (n & (n - 1)) === 0 ? Infinity : 2e6]);
    $('search-result').textContent = `${searchText(out)} (${(performance.now() - t0).toFixed(0)} ms)`;
  }

  async function atMostOne() {
    $('amo-result').replaceChildren();
    for (let n = 1; n <= 8; n++) {
      const v = await lab.job('amo', 'devil_lab_at_most_one', [n]); // a rerun cancels it, which ends this loop
      $('amo-result').insertAdjacentHTML('beforeend', `<dt>${n} squares</dt><dd class="${v.works ? 'ok' : 'bad'}">${v.works ? 'works' : 'impossible'} — ${v.explanation}</dd>`);
    }
  }

  async function dice() {
    $('dice-round').textContent = '';
    const res = await lab.job('dice', 'devil_lab_dice', [Number($('dice-n').value), Number($('dice-q').value), '']);
    const checked = res.boards_checked ? ` Checked on all ${res.boards_checked} boards: ${res.valid ? 'valid' : 'NOT valid'}.` : '';
    $('dice-result').textContent = `${res.exists ? '✔' : '✘'} ${res.reason}.${checked}`;
    $('dice-result').className = res.exists ? 'ok' : 'bad';
    if (res.round) {
      const r = res.round;
      $('dice-round').textContent = `board ${r.board.join(' ')}, key ${r.key} → A adds 1 to square ${r.add} → ${r.after.join(' ')} → B names ${r.answer}`;
    }
  }
}
