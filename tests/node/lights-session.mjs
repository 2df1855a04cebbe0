// Lights Out as the page drives it: through the core's `GameSession` (src/wasm/game.rs, the
// Lights face in src/wasm/lights.rs). The tests' small vocabulary — a new game, presses, a whole
// solution, links — each made by a session, so they check the object the page holds.

/** @typedef {import('../../www/js/types.js').LightsBoard} LightsBoard */
/** @typedef {import('../../www/js/types.js').LightsSpec} LightsSpec */

/** @param {import('../../www/js/app.js').Cores['lights' | 'lights-full']} core a Lights wasm module */
export function lightsSession(core) {
  /** What a session shows, and the session freed.
   * @param {import('../../www/js/game-driver.js').Session} session
   * @returns {import('../../www/js/types.js').LightsDrawn & { link: string | null }} */
  const shown = (session) => {
    try {
      /** @type {import('../../www/js/game-driver.js').GameView<import('../../www/js/types.js').LightsDrawn>} */
      const view = session.view();
      return { ...view.state, link: view.link };
    } finally {
      session.free();
    }
  };
  const ofBoard = (/** @type {LightsBoard} */ board, moves = 0) => core.GameSession.create('lights', { board, seed: null, moves }, '');
  /** @param {LightsBoard} board @param {string} question @param {object | null} [options] */
  const ask = (board, question, options = null, moves = 0) => {
    const session = ofBoard(board, moves);
    try {
      return session.query(question, options);
    } finally {
      session.free();
    }
  };
  return {
    /** A new game: `{random: seed}` or `{all: state}`: `{spec, lights, seed, moves, link}`.
     * @param {object} spec  a board's settings (a LightsSpec, or settings the core refuses)
     * @param {{ random: string, all?: undefined } | { all: number }} fill */
    newGame: (spec, fill) =>
      shown(fill.all !== undefined ? core.GameSession.create('lights', { ...spec, all: fill.all }, '') : core.GameSession.create('lights', spec, fill.random)),
    /** The board after pressing (r, c) `times` times, or with `edit` changing that light alone.
     * @param {LightsBoard} board @param {number} r @param {number} c */
    press: (board, r, c, times = 1, edit = false) => {
      const session = ofBoard(board);
      for (let t = 0; t < times; t++) session.play(edit ? { row: r, col: c, edit: 1 } : { row: r, col: c });
      return shown(session).lights;
    },
    /** The board after a whole solution `presses` at once. @param {LightsBoard} board @param {LightsBoard} presses */
    apply: (board, presses) => {
      const session = ofBoard(board);
      session.edit({ apply: presses });
      return shown(session).lights;
    },
    /** The game a link opens. @param {string} fragment */
    open: (fragment) => shown(core.GameSession.open(fragment)),
    /** What a session of `board` after `moves` presses answers to `question` ('solve' with
     * `{minimal}`, 'file', 'chase', 'link'). */
    ask,
    /** The link of a board after `moves` presses (no seed). @param {LightsBoard} board @param {number} moves */
    link: (board, moves) => ask(board, 'link', null, moves),
  };
}
