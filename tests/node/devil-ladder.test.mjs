// The Devil view's ladder controller (www/js/views/devil/ladder.js), without a page: the rung a
// session's settings carry (counted from 1, 0 off the ladder) read back as the ladder, a round's
// result, and the next round the core gives, against the ladder's rule written here: a win
// climbs one rung with the streak, a loss stays on the rung with the streak back to 0, and the
// top rung stays the top.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './core.mjs';
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

test('the next round climbs on a win, stays on a loss, and the top rung is the last', () => {
  const { squares } = ladderAround(core, { mode: 'play_a', status: 'playing', ladder: { rung: 0, streak: 0 } });
  assert.ok(squares.length >= 2, 'a ladder of rungs');
  for (let i = 0; i < squares.length; i++) {
    assert.equal(squares[i] & (squares[i] - 1), 0, 'a power of two: only those sizes can be won');
    if (i > 0) assert.ok(squares[i] > squares[i - 1], 'each rung a larger board');
  }
  const top = squares.length - 1;
  for (let rung = 0; rung <= top; rung++) {
    for (const streak of [0, 3]) {
      const ladder = { rung, streak };
      const won = ladderAround(core, { mode: 'play_b', status: 'won', ladder });
      assert.deepEqual(won.shown, { rung, streak: streak + 1 }, 'the win counts at once');
      assert.deepEqual(won.next, { rung: Math.min(rung + 1, top), streak: streak + 1 });
      const lost = ladderAround(core, { mode: 'play_a', status: 'lost', ladder });
      assert.deepEqual(lost.next, { rung, streak: 0 });
      const watching = ladderAround(core, { mode: 'watch', status: 'won', ladder });
      assert.deepEqual(watching.shown, ladder, 'no round played, nothing counted');
    }
  }
  assert.throws(() => ladderAround(core, { mode: 'play_a', status: 'won', ladder: null }));
  assert.equal(ladderText({ rung: 2, streak: 5 }, squares), `Rung 3 of ${squares.length} (${squares[2]} squares) · streak 5`);
});
