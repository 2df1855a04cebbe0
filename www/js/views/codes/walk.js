// The codes lab's walk of switches between perfect codes of length 15: its facts, its list, and
// the step bar that walks it (step i marks the i-th switch; 0 is the start code). The words are
// pure functions, tested under Node.
import { prefersReducedMotion } from '../../app.js';
import { Stepper } from '../../components/step-bar.js';
import { factsHtml } from './text.js';

/**
 * A walk of switches between perfect codes (the core's `codes_switching_walk`): each switch
 * flips `position` on `moved` codewords; the invariants met are (rank, kernel) pairs.
 * @typedef {{ start_rank: number, start_kernel: number, distinct_codes: number, invariants: [number, number][],
 *   steps: { position: number, moved: number, rank: number, kernel: number, perfect: boolean }[] }} SwitchingWalk
 */

/** The walk's facts: where it starts, how many codes the checker finds perfect, what it met.
 * @param {SwitchingWalk} w
 * @returns {[string, string][]} */
export function walkFacts(w) {
  const perfect = w.steps.filter((s) => s.perfect).length;
  return [
    ['Start', `rank ${w.start_rank}, kernel dimension ${w.start_kernel}`],
    ['Switches', `${w.steps.length}; the checker finds ${perfect} of the ${w.steps.length} codes reached perfect`],
    ['Different codes met', `${w.distinct_codes} (the start included)`],
    ['(rank, kernel) pairs met', w.invariants.map(([r, k]) => `(${r}, ${k})`).join(' ')],
  ];
}

/** Where the walk stands after `at` switches (0: the start code). @param {SwitchingWalk} w @param {number} at */
export function walkAt(w, at) {
  const step = w.steps[at - 1];
  return {
    text: step
      ? `After switch ${at}: position ${step.position} flipped on ${step.moved} codewords; rank ${step.rank}, kernel dimension ${step.kernel}.`
      : `The start: rank ${w.start_rank}, kernel dimension ${w.start_kernel}.`,
    rank: step ? step.rank : w.start_rank,
  };
}

/** The list of switches, one item each. @param {SwitchingWalk} w */
export const walkStepsHtml = (w) =>
  w.steps.map((s) => `<li>flip position ${s.position} on ${s.moved} codewords → rank ${s.rank}, kernel ${s.kernel}${s.perfect ? '' : ' <b class="bad">not perfect</b>'}</li>`).join('');

/**
 * Shows walk `w`: its facts, its list, and the list walked on `bar`, played slowly (not at all
 * under reduced motion).
 * @param {(id: string) => any} $  the view's element lookup
 * @param {ReturnType<typeof import('../../components/step-bar.js').mountStepBar>} bar
 * @param {SwitchingWalk} w
 */
export function showWalk($, bar, w) {
  $('walk-result').innerHTML = factsHtml(walkFacts(w));
  Object.assign($('walk-result').dataset, {
    distinct: String(w.distinct_codes),
    switches: String(w.steps.length),
    perfect: String(w.steps.filter((s) => s.perfect).length),
  });
  const list = $('walk-steps-list');
  list.innerHTML = walkStepsHtml(w);
  const items = /** @type {HTMLElement[]} */ ([...list.children]);
  const say = (/** @type {number} */ at) => {
    for (const li of items) li.classList.remove('current');
    const { text, rank } = walkAt(w, at);
    $('walk-at').textContent = text;
    $('walk-bar').dataset.rank = String(rank);
    const li = items[at - 1];
    if (!li) return;
    li.classList.add('current');
    // Scroll the list, never the page.
    list.scrollTop = li.offsetTop - list.offsetTop - list.clientHeight / 2;
  };
  const stepper = new Stepper({ count: w.steps.length, leaps: true, go: (to) => say(to) });
  say(0);
  bar.load(stepper, 'Switch');
  if (!prefersReducedMotion()) stepper.play();
}
