// Section 1 of the strategy lab: the strategy chosen (its fields enable one another), the
// link that plays it on the Devil's chessboard, and its verdict, recomputed on every change
// (a failing strategy's counterexample drawn on a board).
import { isCancelled } from '../../worker-client.js';
import { debounce, shown } from '../lab/live.js';
import { drawCube } from './cube.js';
import { counterexampleBoard } from './table.js';
import { verdictText, verdictFacts, watchLink } from './text.js';
import { showResult } from '../../components/result.js';

/**
 * Wires section 1; returns `changed()`, which redraws what depends on the strategy.
 * @param {import('../devil-lab.js').Lab} lab
 */
export function wireStrategy(lab) {
  const { ctx, core } = lab;
  const { $ } = ctx;
  for (const id of ['strategy', 'f', 'seed', 'squares']) $(id).addEventListener('change', changed);
  $('seed').addEventListener('input', debounce(changed, 300));
  $('verify').addEventListener('click', verify);
  const counterexample = counterexampleBoard(lab, 'verdict-board');

  /** After any change of the strategy's fields. */
  function changed() {
    ctx.stateChanged();
    const s = lab.spec();
    $('f').disabled = s.strategy === 'xor' || s.strategy === 'search';
    $('seed').disabled = !(s.f === 'random');
    const item = /** @type {import('../../types.js').StrategyMenuItem[]} */ (core.devil_lab_menu()).find((m) => m.strategy === s.strategy && (m.f ?? undefined) === s.f && (s.f !== 'random' || s.seed.trim() === '1'));
    const n = Number($('squares').value);
    if (item) {
      $('play-link').href = `devil.html#${watchLink(core, n, item.number)}`;
      $('play-link').removeAttribute('aria-disabled');
    } else {
      $('play-link').href = 'devil.html';
      $('play-link').setAttribute('aria-disabled', 'true');
    }
    if (n <= 16) drawCube(lab);
    else {
      $('cube').replaceChildren();
      $('cube-neighbours').replaceChildren();
    }
    verify();
  }

  function verify() {
    const n = Number($('squares').value);
    // The last verdict stays, greyed, until this one comes: the page does not jump per change.
    $('verdict').classList.add('stale');
    $('coset-verdict').classList.add('stale');
    return shown(ctx, 'strategy', async () => {
      try {
        const t0 = performance.now();
        const v = await lab.job('verify', 'devil_lab_verify', [lab.spec(), n]);
        const ms = Math.round(performance.now() - t0);
        showResult($('verdict'), `${verdictText(v)} (${ms} ms, including the Worker's start)`, { ...verdictFacts(v), ms });
        $('verdict').className = v.valid ? 'ok' : 'bad';
        counterexample.hide();
        if (v.counterexample) counterexample.draw(v.squares ?? n, v.counterexample);
        // The last coset verdict stays greyed until this one comes (its check is a job of its own).
        if (n > 16 || !v.valid) lab.clearVerdict('coset-verdict');
        else {
          // In the Worker too: on 16 squares the check tries every colour class and deleted
          // square, a task of 1.5 s on an idle machine (the page froze when it ran here).
          const { coset } = await lab.job('verify', 'devil_lab_coset_check', [lab.spec(), n]);
          showResult(
            $('coset-verdict'),
            coset
              ? `It is a coset strategy (of its colour class ${coset[0]}, deleting square ${coset[1]}), up to renaming the squares it names.`
              : 'It is not the coset strategy of any code, under any renaming of the squares it names (checked against every colour class and every deleted square).',
            { coset: coset ? `${coset[0]} ${coset[1]}` : 'none' },
          );
          $('coset-verdict').classList.remove('stale');
        }
      } catch (err) {
        if (!isCancelled(err)) {
          lab.clearVerdict('verdict');
          lab.clearVerdict('coset-verdict');
          counterexample.hide();
        }
        throw err;
      }
    });
  }

  return { changed };
}
