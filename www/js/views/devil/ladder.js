// The ladder of the Devil page: rounds of A or B on 2, 4, 8, 16, then 64 squares. The ladder a
// share link holds (`{rung, streak}`, checked by the core's decoder) is the rung of the round on
// the board and the rounds won in a row before it; the round's own result is read off the
// round, so Undo and a reload show the same streak.

/** The board size of each rung (the core's `devil::rules::game::LADDER_SQUARES`). */
export const LADDER_SQUARES = [2, 4, 8, 16, 64];

/**
 * @typedef {{rung: number, streak: number}} Ladder
 * @typedef {{over: boolean, won: boolean}} RoundResult
 */

/**
 * The ladder as it stands once the round's result is in: a win adds to the streak, a loss
 * ends it; before the result, the ladder as held.
 * @param {Ladder} ladder
 * @param {RoundResult} result
 * @returns {Ladder}
 */
export function ladderShown(ladder, { over, won }) {
  if (!over) return ladder;
  return { rung: ladder.rung, streak: won ? ladder.streak + 1 : 0 };
}

/**
 * The ladder of the next round: a win climbs a rung (the top rung is played again), a loss
 * plays the same rung again from a streak of 0.
 * @param {Ladder} ladder
 * @param {RoundResult} result
 * @returns {Ladder}
 */
export function nextLadder(ladder, result) {
  const { streak } = ladderShown(ladder, result);
  const rung = result.won ? Math.min(ladder.rung + 1, LADDER_SQUARES.length - 1) : ladder.rung;
  return { rung, streak };
}

/**
 * What the ladder line says.
 * @param {Ladder} ladder
 * @param {RoundResult} result
 */
export function ladderText(ladder, result) {
  const { rung, streak } = ladderShown(ladder, result);
  return `Rung ${rung + 1} of ${LADDER_SQUARES.length} (${LADDER_SQUARES[rung]} squares) · streak ${streak}`;
}
