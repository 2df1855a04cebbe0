// Sections 3, 4, 5, 7 and 8 of the strategy lab: counting the strategies, why only powers of
// two, the search, "flip at most one coin" and dice. Each asks the core in the Worker, on load
// and again whenever its input changes (a stale run is cancelled).
import { debounce, shown } from '../lab/live.js';
import { searchFacts, searchText } from './text.js';
import { showResult } from '../../components/result.js';

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
    Object.assign($('count-result').dataset, { squares: String(n), strategies: String(c.strategies), xor: String(c.linear_strategies), codes: String(c.codes) });
  }

  async function why() {
    showResult($('why-search'), '', {});
    const n = Number($('why-n').value);
    const w = core.devil_lab_why(n);
    showResult($('why-text'), `${w.explanation}.`, { squares: n, powerOfTwo: w.power_of_two, perSquare: w.per_square });
    if (n <= 7 || (w.power_of_two && n <= 16)) {
      const out = await lab.job('why', 'devil_lab_search', [n, Infinity]);
      showResult($('why-search'), searchText(out), searchFacts(out));
    } else if (!w.power_of_two) {
      showResult($('why-search'), `(The search is run to its end for up to 7 squares; for ${n} it would take far too long — the count above is the proof.)`, { squares: n, outcome: 'not-run' });
    }
  }

  async function search() {
    const n = Number($('search-n').value);
    const t0 = performance.now();
    const out = await lab.job('search', 'devil_lab_search', [n, n <= 8 || (n & (n - 1)) === 0 ? Infinity : 2e6]);
    showResult($('search-result'), `${searchText(out)} (${(performance.now() - t0).toFixed(0)} ms)`, searchFacts(out));
  }

  async function atMostOne() {
    $('amo-result').replaceChildren();
    for (let n = 1; n <= 8; n++) {
      const v = await lab.job('amo', 'devil_lab_at_most_one', [n]); // a rerun cancels it, which ends this loop
      $('amo-result').insertAdjacentHTML('beforeend', `<dt>${n} squares</dt><dd class="${v.works ? 'ok' : 'bad'}" data-squares="${n}" data-works="${v.works}" data-method="${v.method}">${v.works ? 'works' : 'impossible'} — ${v.explanation}</dd>`);
    }
  }

  async function dice() {
    showResult($('dice-round'), '', {});
    const [n, q] = [Number($('dice-n').value), Number($('dice-q').value)];
    const res = await lab.job('dice', 'devil_lab_dice', [n, q, '']);
    const checked = res.boards_checked ? ` Checked on all ${res.boards_checked} boards: ${res.valid ? 'valid' : 'NOT valid'}.` : '';
    showResult($('dice-result'), `${res.exists ? '✔' : '✘'} ${res.reason}.${checked}`, {
      squares: n,
      faces: q,
      exists: res.exists,
      valid: res.boards_checked ? res.valid : null,
      boardsChecked: res.boards_checked || null,
    });
    $('dice-result').className = res.exists ? 'ok' : 'bad';
    if (res.round) {
      const r = res.round;
      showResult($('dice-round'), `board ${r.board.join(' ')}, key ${r.key} → A adds 1 to square ${r.add} → ${r.after.join(' ')} → B names ${r.answer}`, {
        board: r.board.join(' '),
        key: r.key,
        add: r.add,
        after: r.after.join(' '),
        answer: r.answer,
      });
    }
  }
}
