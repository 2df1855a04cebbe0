// The ladder line of the Devil page. The ladder itself — the board size of each rung, the
// streak once a round's result is in, the next round's rung — is the core's
// (`devil::game::Ladder`), which the session answers (its `ladder` question); this only says it.

/**
 * What the ladder line says of the ladder `shown` (its streak with the round's result counted).
 * @param {{rung: number, streak: number}} shown
 * @param {number[]} squares  the board size of each rung
 */
export function ladderText({ rung, streak }, squares) {
  return `Rung ${rung + 1} of ${squares.length} (${squares[rung]} squares) · streak ${streak}`;
}

/**
 * @typedef {import('../../types.js').Ladder} Ladder
 * @typedef {import('../../types.js').LadderAround} LadderAround
 * @typedef {import('../../types.js').GameView['status']} Status
 */

/** Whether `mode` is a round played by the visitor (as A or as B), which can be won or lost.
 * @param {string} mode */
export const isPlay = (mode) => mode === 'play_a' || mode === 'play_b';

/** The session's view settings of `ladder`: its rung counted from 1 (0 off the ladder) and
 * its streak (src/wasm/devil.rs, `Extras`). @param {Ladder | null} ladder */
export const ladderExtras = (ladder) => (ladder ? { rung: ladder.rung + 1, streak: ladder.streak } : { rung: 0, streak: 0 });

/** A view with the ladder read from its settings: `{rung, streak}` (rung from 0), or null.
 * @template {{ rung: number, streak: number }} V
 * @param {V} v */
export const withLadder = (v) => ({ ...v, ladder: v.rung > 0 ? { rung: v.rung - 1, streak: v.streak } : null });

/** Whether the round played is over, and won (the core's status of the round).
 * @param {{ mode: string, status: Status }} view */
export function roundResult({ mode, status }) {
  const over = isPlay(mode) && status !== 'playing';
  return { over, won: over && status === 'won' };
}

/** The ladder around the round the session shows: `{shown, next, squares}` — the ladder with
 * the round's result counted (null off the ladder), the next round's (the first rung off it),
 * and each rung's board size.
 * @param {Pick<import('../../game-driver.js').Session, 'query'>} session
 * @returns {LadderAround} */
export const ladderAround = (session) => session.query('ladder', null);
