// The Devil view's questions to the session about the strategy played (the core answers them:
// src/devil/play.rs, `Question`). A table pasted on the strategy lab page plays (as the lab's
// pasted-table strategy) in this browser session: its text goes with every call that names a
// strategy, and the core reads it only for that strategy.
import { readStored } from '../../app.js';

/**
 * @typedef {import('../../types.js').DevilMove} DevilMove
 * @typedef {import('../../types.js').DevilStep} DevilStep
 * @typedef {import('../../types.js').DevilFrame} DevilFrame
 * @typedef {import('../../game-driver.js').Session} Session
 */

/** The table pasted on the lab page in this browser session, if any. */
export const pastedTable = () => readStored('session', 'devil-lab-table') ?? undefined;

/** The session's solve, input and query options for `strategy`. @param {number} strategy */
export const strategyOptions = (strategy) => ({ strategy, table: pastedTable() ?? null });

/** The coin A flips first in a list of moves (the strategy's solution of a round). @param {DevilMove[]} moves */
export const firstFlip = (moves) => ('flip' in moves[0] ? moves[0].flip : NaN);

/** The coin `strategy`'s A flips on the round as dealt (NaN: no flip names the key).
 * @param {Session} session @param {number} strategy @returns {number} */
export const flipFor = (session, strategy) => session.query('flip', strategyOptions(strategy)) ?? NaN;

/** The square `strategy`'s B names on the board shown, or on the board as dealt.
 * @param {Session} session @param {number} strategy @param {boolean} dealt @returns {number} */
export const namedBy = (session, strategy, dealt) => session.query(dealt ? 'named-dealt' : 'named', strategyOptions(strategy));

/** `strategy` on the round shown (or as dealt), frame by frame, each with the session moves made by it and the region it marks.
 * @param {Session} session @param {number} strategy @param {boolean} dealt
 * @returns {DevilFrame[]} */
export function explainWith(session, strategy, dealt) {
  /** @type {{ steps: DevilStep[], moves: number[], regions: (number | null)[] }} */
  const { steps, moves, regions } = session.query(dealt ? 'explain-dealt' : 'explain', strategyOptions(strategy));
  return steps.map((step, i) => ({ ...step, moves: moves[i], region: regions[i] }));
}
