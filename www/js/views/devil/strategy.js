// The Devil view's calls on the strategy played. A table pasted on the strategy lab page plays
// (as the lab's pasted-table strategy) in this browser session: its text goes with every call
// that names a strategy, and the core reads it only for that strategy.
import { readStored } from '../../app.js';

/**
 * @typedef {import('../../types.js').DevilGame} DevilGame
 * @typedef {import('../../types.js').DevilMove} DevilMove
 * @typedef {import('../../types.js').DevilStep} DevilStep
 * @typedef {import('../../types.js').DevilFrame} DevilFrame
 * @typedef {import('../../app.js').Cores['devil']} DevilCore
 */

/** The table pasted on the lab page in this browser session, if any. */
export const pastedTable = () => readStored('session', 'devil-lab-table') ?? undefined;

/** The session's solve and input options for `strategy`. @param {number} strategy */
export const strategyOptions = (strategy) => ({ strategy, table: pastedTable() ?? null });

/** The coin A flips first in a list of moves (the strategy's solution of a round). @param {DevilMove[]} moves */
export const firstFlip = (moves) => ('flip' in moves[0] ? moves[0].flip : NaN);

/** The coin `strategy`'s A flips on `game`. @param {DevilCore} core @param {number} strategy @param {DevilGame} game */
export const flipFor = (core, strategy, game) => firstFlip(core.devil_lab_solve(strategy, game, pastedTable()));

/** The square `strategy`'s B names on `game`. @param {DevilCore} core @param {number} strategy @param {DevilGame} game */
export const decodeWith = (core, strategy, game) => core.devil_lab_decode(strategy, game, pastedTable());

/** `strategy` on `game`, frame by frame, each with the session moves made by it and the region it marks.
 * @param {DevilCore} core @param {number} strategy @param {DevilGame} game
 * @returns {DevilFrame[]} */
export function explainWith(core, strategy, game) {
  /** @type {{ steps: DevilStep[], moves: number[], regions: (number | null)[] }} */
  const { steps, moves, regions } = core.devil_lab_explain(strategy, game, pastedTable());
  return steps.map((step, i) => ({ ...step, moves: moves[i], region: regions[i] }));
}
