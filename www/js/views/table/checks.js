// The rotating table: the long checks run in the Worker with progress and cancel — search for
// the shortest strategy, exact verification, games against a random devil — and their results.
import { runJob, jobPanel, isCancelled } from '../../worker-client.js';
import { drawChart } from './belief.js';

/** A progress panel for a job, in place of the previous one. */
export function jobSlot(v, label) {
  const panel = jobPanel(label);
  v.ctx.$('jobs').replaceChildren(panel);
  return panel;
}

/** Adds a line to the results (newest first, the last three kept). */
function result(v, text) {
  const results = v.ctx.$('results');
  const line = document.createElement('p');
  line.textContent = text;
  results.prepend(line);
  while (results.children.length > 3) results.lastElementChild.remove();
}

export async function search(v) {
  const { coins, sides } = v.view;
  const job = runJob('table_search', [coins, sides], jobSlot(v, 'Searching belief states'), 'table');
  try {
    const r = await job.promise;
    result(v, r.winning
      ? `Search: the shortest winning strategy for ${coins} coins of ${sides} sides has ${r.length} moves (${r.belief_states} belief states reached).`
      : `Search: no strategy wins with ${coins} coins of ${sides} sides — all ${r.belief_states} reachable belief states explored, none empty.`);
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
      v.ctx.$('results').firstElementChild.append(' ', follow);
    }
  } catch (err) {
    result(v, isCancelled(err) ? 'Search cancelled.' : `Search failed: ${err.message}`);
  }
}

export async function verify(v) {
  const { coins, sides } = v.view;
  const job = runJob('table_verify', [coins, sides], jobSlot(v, 'Verifying the strategy'), 'table');
  try {
    const r = await job.promise;
    const shortest = r.valid && r.length === r.lower_bound ? ' It is a shortest strategy.' : '';
    result(v, r.valid
      ? `Verified exactly: the belief set empties at move ${r.emptied_at} of ${r.length}; no move removed more than ${r.most_removed} configuration, so at least ${r.lower_bound} moves are needed.${shortest}`
      : `The strategy does not win: configurations are left after all ${r.length} moves.`);
    if (!v.info.traceable) drawChart(v, null, r.chart);
  } catch (err) {
    result(v, isCancelled(err) ? 'Verification cancelled.' : `Verification failed: ${err.message}`);
  }
}

export async function randomCheck(v) {
  const { coins, sides } = v.view;
  const job = runJob('table_random_devil', [coins, sides, 500, 7], jobSlot(v, 'Playing against a random devil'), 'table');
  try {
    const r = await job.promise;
    result(v, `Random devil: won ${r.won} of ${r.games} games from random starts. This is evidence, not proof — a random devil rarely finds the turns that hurt.`);
  } catch (err) {
    result(v, isCancelled(err) ? 'Check cancelled.' : `Check failed: ${err.message}`);
  }
}
