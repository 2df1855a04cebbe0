// The link corpus (tests/data/links/) under Node: every link of every version opens, through
// the wasm exports the pages call, to the state recorded when the link was made (by the code
// that wrote that version; see tests/data/links/README.md).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load, throwsWith } from './core.mjs';
import { lightsSession } from './lights-session.mjs';

/** Every (puzzle, version) ever published. @type {[string, number][]} */
const PUBLISHED = [
  ['devil', 1],
  ['devil', 2],
  ['lights', 1],
  ['lights', 2],
  ['table', 1],
  ['chess', 1],
  ['chess', 2],
  ['chess-game', 1],
  ['lab', 1],
  ['codes', 1],
  ['lights-graph', 1],
];

/**
 * The links of one corpus file.
 * @param {string} puzzle
 * @param {number} version
 * @returns {{note: string, link: string, state: Record<string, any>}[]}
 */
function corpus(puzzle, version) {
  const file = JSON.parse(readFileSync(new URL(`../data/links/${puzzle}-v${version}.json`, import.meta.url), 'utf8'));
  assert.equal(file.puzzle, puzzle);
  assert.equal(file.version, version);
  assert.ok(file.links.length >= 5, `${puzzle} v${version}: ${file.links.length} links`);
  for (const l of file.links) assert.ok(l.link.startsWith(`#${puzzle}/v${version}/`), l.link);
  return file.links;
}

/**
 * Lights as the pattern the corpus records: rows of digits joined by '/'.
 * @param {ArrayLike<number>} lights
 * @param {number} cols
 */
function pattern(lights, cols) {
  const rows = [];
  for (let i = 0; i < lights.length; i += cols) rows.push(Array.from(lights).slice(i, i + cols).join(''));
  return rows.join('/');
}

test('devil links open to the recorded round', async () => {
  const core = await load('devil');
  for (const { note, link, state } of [...corpus('devil', 1), ...corpus('devil', 2)]) {
    const opened = core.GameSession.open(link).view();
    // A version-2 link keeps the ladder: its rung (from 1 in the session's settings) and streak.
    assert.deepEqual([opened.extras.rung, opened.extras.streak], state.rung === undefined ? [0, 0] : [state.rung + 1, state.streak], note);
    const view = { game: opened.state.game, ...opened.extras };
    assert.deepEqual(
      {
        board: view.game.board,
        key: view.game.key,
        flipped: view.game.flipped,
        answer: view.game.answer,
        mode: view.mode,
        strategy: view.strategy,
        step: view.step,
      },
      {
        board: state.board.replace(/\n/g, ''),
        key: state.key_index,
        flipped: state.flipped_index,
        answer: state.answer_index,
        mode: state.mode,
        strategy: state.strategy,
        step: state.step,
      },
      note,
    );
    assert.equal(view.game.board.length, state.squares, note);
  }
});

test('lights links of both versions open to the recorded lights', async () => {
  const core = await load('lights');
  for (const version of [1, 2]) {
    for (const { note, link, state } of corpus('lights', version)) {
      const spec = { rows: state.rows, cols: state.cols, rule: state.rule, torus: state.torus, states: state.states };
      // The page reads the header first to decide whether to decode in its Worker.
      assert.deepEqual({ ...core.lights_plan(link).spec }, spec, note);
      const game = lightsSession(core).open(link);
      assert.deepEqual({ ...game.spec }, spec, note);
      assert.equal(pattern(core.lights_cells(game.lights, 1, 0, spec.rows), state.cols), state.pattern, note);
      assert.equal(game.seed, state.seed, note);
      assert.equal(game.moves, state.moves, note);
    }
  }
});

test('table links open to the recorded game', async () => {
  const core = await load('table');
  for (const { note, link, state } of corpus('table', 1)) {
    const view = core.GameSession.open(link).view().state;
    assert.deepEqual(
      {
        coins: view.coins,
        sides: view.sides,
        faces: view.faces,
        seats: view.seats,
        turn: view.turn,
        moves: view.moves,
        devil: view.devil,
        sighted: view.sighted,
        following: view.following,
        solved: view.solved,
      },
      {
        coins: state.params.coins,
        sides: state.params.sides,
        faces: state.faces,
        seats: state.seats,
        turn: state.turn,
        moves: state.moves,
        devil: state.devil,
        sighted: state.sighted,
        following: state.following,
        solved: state.solved,
      },
      note,
    );
  }
});

test('chess links of both versions open to the recorded position', async () => {
  const core = await load('chess');
  for (const version of [1, 2]) {
    for (const { note, link, state } of corpus('chess', version)) {
      assert.equal(core.chess_from_link(link).fen, state.fen, `v${version} ${note}`);
    }
  }
});

test('chess game links open to the recorded game at the recorded ply', async () => {
  const core = await load('chess');
  for (const { note, link, state } of corpus('chess-game', 1)) {
    const { game, ply, pgn } = core.chess_from_link(link);
    assert.equal(ply, state.ply, note);
    assert.deepEqual(game.sans, state.moves, note);
    assert.equal(game.fens[0], state.start, note);
    assert.equal(game.fens[ply], state.fen, note);
    assert.equal(game.result, state.result, note);
    assert.deepEqual(Object.fromEntries(game.tags), state.tags, note);
    assert.equal(pgn, state.pgn, note);
    // The corpus was written by the current writer: the game's link at that ply is the link itself.
    assert.equal(game.links[ply], link.slice(1), note);
  }
});

test('lab and codes links open to the recorded state', async () => {
  const core = await load('lab');
  // lab_open reads either lab's links by their name and tags the state with it.
  for (const kind of ['lab', 'codes']) {
    for (const { note, link, state } of corpus(kind, 1)) assert.deepEqual(core.lab_open(link), { kind, ...state }, note);
  }
});

test('real games links open to the recorded board, rule and lights', async () => {
  const core = await load('lights-full');
  for (const { note, link, state } of corpus('lights-graph', 1)) {
    const s = core.GameSession.open(link).view().state;
    const shown = { board: s.board, rows: s.rows, cols: s.cols, k: s.k, edges: s.edges, stencil: s.stencil, lit_only: s.lit_only };
    const { lights, ...settings } = state;
    assert.deepEqual(shown, settings, note);
    assert.equal(Array.from(s.lights).join(s.k > 10 ? ',' : ''), lights, note);
  }
});

test('a newer version than this build reads is a one-line error that says so', async () => {
  const chess = await load('chess');
  throwsWith(assert, () => chess.chess_from_link('#chess/v3/AAAA'), /^this link is version 3, newer than the versions this build reads \(1 and 2\)$/);
  const lights = await load('lights');
  throwsWith(assert, () => lightsSession(lights).open('#lights/v3/AAAA'), /newer than the versions this build reads \(1 and 2\)/);
});

test('the corpus has every published version', () => {
  for (const [puzzle, version] of PUBLISHED) corpus(puzzle, version);
});
