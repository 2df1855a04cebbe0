// Lights Out: the game the view shows (settings, lights, moves, seed) and its undo/redo
// history. Presses go through the core; `v` is the view (see ../lights.js).

/** A fresh view state (no game yet). */
export function initialState() {
  return {
    /** The board: {rows, cols, rule, torus, states}. */
    spec: null,
    /** One byte a light, row by row. */
    lights: null,
    /** The seed while the lights are exactly the seeded puzzle (short links). */
    seed: null,
    seedLink: null,
    moves: 0,
    history: [],
    future: [],
    mode: 'play',
    /** Bumped on every change of the lights, so cached answers know they are stale. */
    version: 0,
    cursor: 0,
  };
}

/** Shows a game from the core ({spec, lights, seed, moves, link}); clears the history. */
export function setGame(v, game) {
  const newSize = !v.spec || JSON.stringify(v.spec) !== JSON.stringify(game.spec);
  v.spec = game.spec;
  v.lights = game.lights;
  v.seed = game.seed;
  v.seedLink = game.seed !== null ? game.link : null;
  v.moves = game.moves;
  v.history = [];
  v.future = [];
  if (newSize) v.cursor = 0;
}

/** The share fragment: the seeded form while the puzzle is untouched (short even for huge
 * boards), else every light. */
export function link(v) {
  return v.seedLink ?? v.core.lights_link(v.spec, v.lights, v.moves);
}

/** How many lights are on (the core's count). */
export function litCount(v) {
  return v.core.lights_lit(v.spec, v.lights);
}

/** Presses (r, c) `times` times through the core, as one user move each. */
export function press(v, r, c, times = 1) {
  v.lights = v.core.lights_press(v.spec, v.lights, r, c, times);
  v.moves += times;
  v.seed = null;
  v.seedLink = null;
}

/** The lights with light `index` set to `state` (an Edit-mode change, not a press). */
function withLight(lights, index, state) {
  const next = Uint8Array.from(lights);
  next[index] = state;
  return next;
}

/** Applies an action (through the core for presses) and records it for undo. */
export function doAction(v, a, record = true) {
  if (a.kind === 'press') {
    press(v, a.r, a.c);
  } else {
    v.lights = withLight(v.lights, a.index, a.to);
    v.seed = null;
    v.seedLink = null;
  }
  if (record) v.history.push(a);
}

export function undoAction(v, a) {
  if (a.kind === 'press') {
    // k−1 more presses of the same light undo one press.
    v.lights = v.core.lights_press(v.spec, v.lights, a.r, a.c, v.spec.states - 1);
    v.moves--;
  } else {
    v.lights = withLight(v.lights, a.index, a.from);
  }
  v.seed = null;
  v.seedLink = null;
}

/** Undoes the last action; false when there is none. */
export function undo(v) {
  if (!v.history.length) return false;
  const a = v.history.pop();
  undoAction(v, a);
  v.future.push(a);
  return true;
}

/** Redoes the last undone action; false when there is none. */
export function redo(v) {
  if (!v.future.length) return false;
  const a = v.future.pop();
  doAction(v, a, false);
  v.history.push(a);
  return true;
}

/** The action a click on light `index` makes: a press (Play) or the next state (Edit). */
export function actionAt(v, index, mode = v.mode) {
  if (mode === 'edit') {
    const from = v.lights[index];
    return { kind: 'set', index, from, to: (from + 1) % v.spec.states };
  }
  return { kind: 'press', r: Math.floor(index / v.spec.cols), c: index % v.spec.cols };
}
