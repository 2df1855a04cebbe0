// The ladder line of the Devil page. The ladder itself — the board size of each rung, the
// streak once a round's result is in, the next round's rung — is the core's
// (`devil::rules::game::Ladder`, exported as `devil_ladder`); this only says it.

/**
 * What the ladder line says of the ladder `shown` (its streak with the round's result counted).
 * @param {{rung: number, streak: number}} shown
 * @param {number[]} squares  the board size of each rung
 */
export function ladderText({ rung, streak }, squares) {
  return `Rung ${rung + 1} of ${squares.length} (${squares[rung]} squares) · streak ${streak}`;
}
