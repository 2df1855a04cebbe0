// The rotating table: the long checks run in the Worker with progress and cancel — search for
// the shortest strategy, exact verification, games against a random devil — and their results.
import { errorText } from '../../app.js';
import { runJob, jobPanel, isCancelled } from '../../worker-client.js';
import { drawChart } from './belief.js';
import { showResult } from '../../components/result.js';

/** @typedef {import('../table.js').TableParts} TableParts */

/** The progress panel of a kind of job (its label), made the first time.
 * @param {TableParts} v
 * @param {string} label */
export function jobSlot(v, label) {
  // One panel a kind of job: a job of the same kind started again replaces the one running in
  // its panel (worker-client.js cancels it), and jobs of other kinds keep their own Cancel.
  const slot = v.ctx.$('jobs');
  const kept = [...slot.children].find((p) => /** @type {HTMLElement} */ (p).dataset.kind === label);
  if (kept) return /** @type {HTMLElement} */ (kept);
  const panel = jobPanel(label);
  panel.dataset.kind = label;
  slot.append(panel);
  return panel;
}

/**
 * Runs core export `fn` in the panel of its kind (`label`): resolves with its result, or with
 * null when a newer job of the same kind replaced it (that one reports; this one says nothing).
 * A Cancel pressed by the reader still rejects (a cancelled error).
 * @param {TableParts} v
 * @param {string} label
 * @param {string} fn
 * @param {unknown[]} args
 */
async function runKind(v, label, fn, args) {
  const panel = jobSlot(v, label);
  const turn = String(Number(panel.dataset.turn ?? 0) + 1);
  panel.dataset.turn = turn;
  try {
    return await runJob(fn, args, panel, 'table').promise;
  } catch (err) {
    if (isCancelled(err) && panel.dataset.turn !== turn) return null;
    throw err;
  }
}

/** Adds a line to the results (newest first, the last three kept), with what it says as data
 * (`data-check`: search, verify, random; `data-outcome`: done, cancelled, failed; and the
 * figures the line states), for what reads the page rather than the sentence.
 * @param {TableParts} v
 * @param {string} text
 * @param {Record<string, string | number | boolean>} facts */
function result(v, text, facts) {
  const results = v.ctx.$('results');
  const line = document.createElement('p');
  showResult(line, text, facts);
  results.prepend(line);
  while (results.children.length > 3) results.lastElementChild?.remove();
}

/** Searches for the shortest strategy in the Worker and reports it, with a button to follow it.
 * @param {TableParts} v */
export async function search(v) {
  const { coins, sides } = v.view;
  try {
    const r = await runKind(v, 'Searching belief states', 'table_search', [coins, sides]);
    if (r === null) return;
    result(v, r.winning
      ? `Search: the shortest winning strategy for ${coins} coins of ${sides} sides has ${r.length} moves (${r.belief_states} belief states reached).`
      : `Search: no strategy wins with ${coins} coins of ${sides} sides — all ${r.belief_states} reachable belief states explored, none empty.`,
    { check: 'search', outcome: 'done', winning: r.winning, length: r.length, beliefStates: r.belief_states });
    if (r.winning && r.amounts.length) {
      // The found strategy, move by move: follow it on the step bar from a new table.
      const follow = document.createElement('button');
      follow.type = 'button';
      follow.className = 'follow-found';
      follow.textContent = 'Follow it on the step bar';
      follow.addEventListener('click', () => {
        if (v.view.coins === coins && v.view.sides === sides) v.followFound(r.amounts);
        else v.ctx.showError(`That strategy is for ${coins} coins of ${sides} sides; the table now has ${v.view.coins} of ${v.view.sides}.`);
      });
      v.ctx.$('results').firstElementChild?.append(' ', follow);
    }
  } catch (err) {
    const cancelled = isCancelled(err);
    result(v, cancelled ? 'Search cancelled.' : `Search failed: ${errorText(err)}`, { check: 'search', outcome: cancelled ? 'cancelled' : 'failed' });
  }
}

/** Verifies the page's strategy exactly in the Worker, and charts it on a table too large to trace.
 * @param {TableParts} v */
export async function verify(v) {
  const { coins, sides } = v.view;
  try {
    const r = await runKind(v, 'Verifying the strategy', 'table_verify', [coins, sides]);
    if (r === null) return;
    const shortest = r.valid && r.length === r.lower_bound ? ' It is a shortest strategy.' : '';
    result(v, r.valid
      ? `Verified exactly: the belief set empties at move ${r.emptied_at} of ${r.length}; no move removed more than ${r.most_removed} configuration, so at least ${r.lower_bound} moves are needed.${shortest}`
      : `The strategy does not win: configurations are left after all ${r.length} moves.`,
    { check: 'verify', outcome: 'done', valid: r.valid, length: r.length, emptiedAt: r.emptied_at ?? '', mostRemoved: r.most_removed, lowerBound: r.lower_bound });
    if (!v.info?.traceable) drawChart(v, null, r.chart);
  } catch (err) {
    const cancelled = isCancelled(err);
    result(v, cancelled ? 'Verification cancelled.' : `Verification failed: ${errorText(err)}`, { check: 'verify', outcome: cancelled ? 'cancelled' : 'failed' });
  }
}

/** Plays the strategy against a random devil in the Worker: evidence, not proof.
 * @param {TableParts} v */
export async function randomCheck(v) {
  const { coins, sides } = v.view;
  try {
    const r = await runKind(v, 'Playing against a random devil', 'table_random_devil', [coins, sides, 500, 7]);
    if (r === null) return;
    result(v, `Random devil: won ${r.won} of ${r.games} games from random starts. This is evidence, not proof — a random devil rarely finds the turns that hurt.`,
      { check: 'random', outcome: 'done', won: r.won, games: r.games });
  } catch (err) {
    const cancelled = isCancelled(err);
    result(v, cancelled ? 'Check cancelled.' : `Check failed: ${errorText(err)}`, { check: 'random', outcome: cancelled ? 'cancelled' : 'failed' });
  }
}
