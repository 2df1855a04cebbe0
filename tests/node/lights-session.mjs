// Lights Out as the page drives it: through the core's `GameSession` (src/wasm/game.rs, the
// Lights face in src/wasm/lights.rs). The tests' small vocabulary — a new game, presses, a whole
// solution, links — each made by a session, so they check the object the page holds.

/** @param {any} core a Lights wasm module */
export function lightsSession(core) {
  /** What a session shows, and the session freed. */
  const shown = (session) => {
    try {
      const view = session.view();
      return { ...view.state, link: view.link };
    } finally {
      session.free();
    }
  };
  const ofBoard = (board, moves = 0) => core.GameSession.create('lights', { board, seed: null, moves }, '');
  return {
    /** A new game: `{random: seed}` or `{all: state}`: `{spec, lights, seed, moves, link}`. */
    newGame: (spec, fill) =>
      shown(fill.all !== undefined ? core.GameSession.create('lights', { ...spec, all: fill.all }, '') : core.GameSession.create('lights', spec, fill.random)),
    /** The board after pressing (r, c) `times` times, or with `edit` changing that light alone. */
    press: (board, r, c, times = 1, edit = false) => {
      const session = ofBoard(board);
      for (let t = 0; t < times; t++) session.play(edit ? { row: r, col: c, edit: 1 } : { row: r, col: c });
      return shown(session).lights;
    },
    /** The board after a whole solution `presses` at once. */
    apply: (board, presses) => {
      const session = ofBoard(board);
      session.edit({ apply: presses });
      return shown(session).lights;
    },
    /** The game a link opens. */
    open: (fragment) => shown(core.GameSession.open(fragment)),
    /** The link of a board after `moves` presses (no seed). */
    link: (board, moves) => core.lights_link(board, null, moves),
  };
}
