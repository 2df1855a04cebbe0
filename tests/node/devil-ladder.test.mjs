// The Devil view's ladder controller (www/js/views/devil/ladder.js), without a page: the rung a
// session's settings carry (counted from 1, 0 off the ladder) read back as the ladder, a round's
// result, and the next round the core gives, against the ladder's rule written here: a win
// climbs one rung with the streak, a loss stays on the rung with the streak back to 0, and the
// top rung stays the top.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, throwsWith } from './core.mjs';
import { isPlay, ladderExtras, withLadder, roundResult, ladderAround, ladderText } from '../../www/js/views/devil/ladder.js';

const core = await load('devil');

test('a ladder goes into the session settings and comes back the same; none is rung 0', () => {
  assert.deepEqual(ladderExtras(null), { rung: 0, streak: 0 });
  assert.equal(withLadder({ rung: 0, streak: 0 }).ladder, null);
  for (const ladder of [{ rung: 0, streak: 0 }, { rung: 3, streak: 2 }, { rung: 6, streak: 9 }]) {
    assert.deepEqual(withLadder(ladderExtras(ladder)).ladder, ladder);
  }
});

test('only Play as A and B are rounds that end, and only a won one is won', () => {
  for (const mode of ['watch', 'edit']) {
    assert.equal(isPlay(mode), false);
    assert.deepEqual(roundResult({ mode, status: 'won' }), { over: false, won: false });
  }
  for (const mode of ['play_a', 'play_b']) {
    assert.equal(isPlay(mode), true);
    assert.deepEqual(roundResult({ mode, status: 'playing' }), { over: false, won: false });
    assert.deepEqual(roundResult({ mode, status: 'won' }), { over: true, won: true });
    assert.deepEqual(roundResult({ mode, status: 'lost' }), { over: true, won: false });
  }
});

/** The XOR of the indices of the heads (the strategy written here, not the core's). */
const xorOfHeads = (/** @type {string} */ coins) => [...coins].reduce((acc, c, i) => (c === '1' ? acc ^ i : acc), 0);

/** Each round's seed: a new one each. */
let seed = 0;

/**
 * A session of a round on `ladder` (or off it) in `mode`, played to `result` by moves chosen
 * here: as A, the flip that makes the heads' XOR the key (a win) or another (a loss), B then
 * naming the XOR; as B, the key (a win) or another square (a loss) after A's flip.
 * @param {number} squares @param {string} mode @param {{rung: number, streak: number} | null} ladder
 * @param {'playing' | 'won' | 'lost'} result
 */
function roundTo(squares, mode, ladder, result) {
  const session = core.GameSession.create('devil', { squares }, String(++seed));
  session.set_extras({ mode, strategy: 0, step: 0, ...ladderExtras(ladder) });
  const { board, key } = session.view().state.game;
  const winning = xorOfHeads(board) ^ key;
  if (mode === 'play_b') {
    session.edit({ hand_to_b: winning });
    if (result !== 'playing') session.play({ answer: result === 'won' ? key : (key + 1) % squares });
  } else if (mode === 'play_a' && result !== 'playing') {
    session.play_turn({ flip: result === 'won' ? winning : (winning + 1) % squares }, { strategy: 0, table: null });
  }
  assert.equal(session.view().status, result, `${mode} played to ${result}`);
  return session;
}

test('the session gives the ladder around its round: a win climbs with the streak, a loss keeps the rung from 0, the top rung is the last', () => {
  const off = roundTo(4, 'play_a', null, 'playing');
  const { squares, shown, next } = ladderAround(off);
  off.free();
  assert.equal(shown, null, 'off the ladder');
  assert.deepEqual(next, { rung: 0, streak: 0 }, 'the ladder starts at its first rung');
  assert.ok(squares.length >= 2, 'a ladder of rungs');
  for (let i = 0; i < squares.length; i++) {
    assert.equal(squares[i] & (squares[i] - 1), 0, 'a power of two: only those sizes can be won');
    if (i > 0) assert.ok(squares[i] > squares[i - 1], 'each rung a larger board');
  }
  const top = squares.length - 1;
  for (let rung = 0; rung <= top; rung++) {
    for (const streak of [0, 3]) {
      const ladder = { rung, streak };
      for (const mode of ['play_a', 'play_b']) {
        const won = roundTo(squares[rung], mode, ladder, 'won');
        assert.deepEqual(ladderAround(won).shown, { rung, streak: streak + 1 }, 'the win counts at once');
        assert.deepEqual(ladderAround(won).next, { rung: Math.min(rung + 1, top), streak: streak + 1 });
        won.free();
        const lost = roundTo(squares[rung], mode, ladder, 'lost');
        assert.deepEqual(ladderAround(lost).shown, { rung, streak: 0 });
        assert.deepEqual(ladderAround(lost).next, { rung, streak: 0 });
        lost.free();
      }
      const playing = roundTo(squares[rung], 'play_a', ladder, 'playing');
      assert.deepEqual(ladderAround(playing), { shown: ladder, next: ladder, squares }, 'a round not played to its end is played again');
      // A round won, then looked at in Watch: no round played there, nothing counted.
      const watched = roundTo(squares[rung], 'play_a', ladder, 'won');
      watched.set_extras({ mode: 'watch', strategy: 0, step: 0, ...ladderExtras(ladder) });
      assert.deepEqual(ladderAround(watched).shown, ladder);
      watched.free();
      playing.free();
    }
  }
  assert.equal(ladderText({ rung: 2, streak: 5 }, squares), `Rung 3 of ${squares.length} (${squares[2]} squares) · streak 5`);
});

test('a rung past the ladder\'s top is refused, and the settings stay as they were', () => {
  const session = core.GameSession.create('devil', { squares: 64 }, '7');
  const top = 5; // rungs of 2, 4, 8, 16 and 64 squares
  session.set_extras({ mode: 'play_a', strategy: 0, step: 0, rung: top, streak: 2 });
  const before = ladderAround(session);
  assert.deepEqual(before.shown, { rung: top - 1, streak: 2 }, 'the top rung, counted from 1, is taken');
  throwsWith(assert, () => session.set_extras({ mode: 'play_a', strategy: 0, step: 0, rung: top + 1, streak: 2 }), new RegExp(`ladder rung ${top + 1}`));
  assert.deepEqual(ladderAround(session), before);
  session.free();
});
