// www/js/share-link.js under Node, with a stand-in page (its link place, message line and
// hashchange) and a stand-in puzzle: what a good, a bad and a cancelled link do, and how much
// of a visitor's input a message repeats.
import test from 'node:test';
import assert from 'node:assert/strict';
import { followLinks, linkKeeper, quoted, WRITE_INTERVAL } from '../../www/js/share-link.js';

/** A page as followLinks sees it, recording what it is told. @param {string} link */
function fakeHost(link) {
  const host = {
    link,
    kept: link.slice(1),
    writes: /** @type {(string | null)[]} */ ([]),
    messages: /** @type {[string, string | undefined][]} */ ([]),
    cleared: 0,
    /** @type {((hash: string) => Promise<void>) | null} */
    pasted: null,
    keeper: null,
    place: {
      read: () => host.kept,
      write: (/** @type {string | null} */ fragment) => {
        host.writes.push(fragment);
        host.kept = fragment ?? '';
      },
      keepsOpened: true,
    },
    showMessage: (/** @type {string} */ text, /** @type {string | undefined} */ kind) => host.messages.push([text, kind]),
    clearMessage: () => host.cleared++,
    onLinkChange: (/** @type {(hash: string) => Promise<void>} */ open) => {
      host.pasted = open;
    },
  };
  return host;
}

/**
 * A puzzle whose state is a string; `open` fails with `failure(hash)` when that is an error.
 * @param {(hash: string) => Error | null} [failure]
 */
function fakePuzzle(failure = () => null) {
  const puzzle = {
    state: 'fresh-0',
    freshCount: 0,
    opened: /** @type {string[]} */ ([]),
    current: () => `demo/v1/${puzzle.state}`,
    open: async (/** @type {string} */ hash) => {
      puzzle.opened.push(hash);
      const err = failure(hash);
      if (err) throw err;
      puzzle.state = hash.split('/').pop() ?? '';
    },
    fresh: () => {
      puzzle.freshCount++;
      puzzle.state = `fresh-${puzzle.freshCount}`;
    },
    what: 'a fresh board',
  };
  return puzzle;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

test('a good start link opens its state and clears the message; the bar keeps the link as given', async () => {
  const host = fakeHost('#demo/v1/abc');
  const puzzle = fakePuzzle();
  await followLinks(host, puzzle);
  assert.deepEqual(puzzle.opened, ['#demo/v1/abc']);
  assert.equal(puzzle.state, 'abc');
  assert.equal(puzzle.freshCount, 0);
  assert.equal(host.cleared, 1);
  assert.deepEqual(host.messages, []);
  await settle();
  assert.deepEqual(host.writes, [], 'nothing rewrites the link the page was given');
});

test("a bad link: a fresh board and one line naming the reason's first line; the bar is left as given", async () => {
  const host = fakeHost('#demo/v9/zzz');
  const puzzle = fakePuzzle(() => new Error('demo links of version 9 are not known.\nsupported: v1'));
  await followLinks(host, puzzle);
  assert.equal(puzzle.freshCount, 1);
  assert.deepEqual(host.messages, [
    ['That link could not be opened: demo links of version 9 are not known. Here is a fresh board.', 'error'],
  ]);
  await settle();
  assert.deepEqual(host.writes, []);
});

test("a reason quoting a huge paste is cut: the message stays one line under 200 characters", async () => {
  const host = fakeHost('#demo/v1/x');
  const puzzle = fakePuzzle(() => new Error(`bad character in '${'x'.repeat(5000)}'`));
  await followLinks(host, puzzle);
  const [[text, kind]] = host.messages;
  assert.equal(kind, 'error');
  assert.ok(!text.includes('\n'));
  assert.ok(text.length < 200, `${text.length} characters`);
  assert.ok(text.startsWith("That link could not be opened: bad character in 'xxx"));
  assert.ok(text.endsWith('…. Here is a fresh board.'));
});

test('a cancelled opening says so, is no error, and shows no fresh board', async () => {
  const host = fakeHost('#demo/v1/big');
  const puzzle = fakePuzzle(() => new DOMException('cancelled', 'AbortError'));
  await followLinks(host, puzzle);
  assert.equal(puzzle.freshCount, 0);
  assert.deepEqual(host.messages, [['Opening the link was cancelled.', undefined]]);
});

test("a page opened without a link shows a fresh board and keeps that board's link; a pasted link opens too", async () => {
  const host = fakeHost('');
  const puzzle = fakePuzzle();
  await followLinks(host, puzzle);
  assert.equal(puzzle.freshCount, 1);
  await settle();
  assert.deepEqual(host.writes, ['demo/v1/fresh-1']);
  // The page counts a pasted link as opened when the promise resolves (view.js), so by then
  // its state is shown.
  await host.pasted?.('#demo/v1/pasted');
  assert.deepEqual(puzzle.opened, ['#demo/v1/pasted']);
  assert.equal(puzzle.state, 'pasted');
  // An empty fragment ('#') opens nothing.
  await host.pasted?.('#');
  assert.deepEqual(puzzle.opened, ['#demo/v1/pasted']);
});

/** A link place recording its writes, and an element recording its `data-link-pending` mark.
 * @param {boolean} unthrottled */
function markedPlace(unthrottled) {
  const marks = /** @type {boolean[]} */ ([]);
  const writes = /** @type {(string | null)[]} */ ([]);
  const element = { toggleAttribute: (/** @type {string} */ name, /** @type {boolean} */ on) => (assert.equal(name, 'data-link-pending'), marks.push(on), on) };
  const place = {
    read: () => writes.at(-1) ?? '',
    write: (/** @type {string | null} */ fragment) => void writes.push(fragment),
    keepsOpened: false,
    unthrottled,
    pendingOn: /** @type {HTMLElement} */ (/** @type {unknown} */ (element)),
  };
  return { place, writes, marks };
}

test("an embed's link (unthrottled) holds every state at once; the address bar's is throttled and marked pending meanwhile", async () => {
  for (const unthrottled of [true, false]) {
    const { place, writes, marks } = markedPlace(unthrottled);
    let state = 0;
    const keeper = linkKeeper(place, { current: () => ({ fragment: `demo/v1/${state}` }), onTooLarge: () => {} });
    for (const move of [1, 2, 3]) {
      state = move;
      keeper.changed();
    }
    if (unthrottled) {
      // A reader who follows the link right after the third move opens the third move's state.
      assert.deepEqual(writes, ['demo/v1/1', 'demo/v1/2', 'demo/v1/3']);
      assert.equal(marks.at(-1), false);
    } else {
      assert.deepEqual(writes, ['demo/v1/1'], 'the later changes wait for the interval');
      assert.equal(marks.at(-1), true, 'marked pending while they wait');
      await new Promise((resolve) => setTimeout(resolve, WRITE_INTERVAL + 50));
      assert.deepEqual(writes, ['demo/v1/1', 'demo/v1/3'], 'then the last state is written');
      assert.equal(marks.at(-1), false);
    }
  }
});

test('quoted keeps at most 80 characters (code points, not UTF-16 units), ending with …', () => {
  assert.equal(quoted('short'), 'short');
  assert.equal(quoted('a'.repeat(80)), 'a'.repeat(80));
  assert.equal(quoted('a'.repeat(81)), `${'a'.repeat(79)}…`);
  const emoji = '😀'.repeat(100); // two UTF-16 units each
  assert.equal(quoted(emoji), `${'😀'.repeat(79)}…`);
  assert.equal(quoted(12345), '12345');
});
