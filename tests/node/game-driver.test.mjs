// www/js/game-driver.js under Node, with a stand-in view context and a stand-in session (a
// counter with a history, written here independently of the core): the driver opens a link or
// a fresh game, keeps the link, runs Undo and Redo (and a view's own), shows a refused call's
// message, and reads the history keys as a person presses them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { driveGame, undoKey } from '../../www/js/game-driver.js';

/** A session of a counter: `play(n)` adds n (negative moves are refused), links are `count/N`. */
class FakeSession {
  constructor(start = 0) {
    this.history = [start];
    this.at = 0;
    this.freed = false;
  }
  get value() {
    return this.history[this.at];
  }
  /** @param {number} n */
  play(n) {
    if (n < 0) throw new Error('a move adds, never takes away');
    this.history = [...this.history.slice(0, this.at + 1), this.value + n];
    this.at++;
    return null;
  }
  undo() {
    if (this.at === 0) return false;
    this.at--;
    return true;
  }
  redo() {
    if (this.at + 1 >= this.history.length) return false;
    this.at++;
    return true;
  }
  link() {
    return `count/v1/${this.value}`;
  }
  view() {
    return { puzzle: 'count', state: this.value, extras: null, link: this.link(), moves: this.at, solved: this.value >= 10, status: this.value >= 10 ? 'won' : 'playing', can_undo: this.at > 0, can_redo: this.at + 1 < this.history.length, steps: null };
  }
  free() {
    this.freed = true;
  }
  /** @param {string} fragment */
  static open(fragment) {
    const m = /^#count\/v1\/(\d+)$/.exec(fragment);
    if (!m) throw new Error('this is not a counter link');
    return new FakeSession(Number(m[1]));
  }
}

/** A view context as www/js/view.js makes it, recording what the driver tells it. */
function fakeContext(link = '') {
  /** @typedef {{ disabled: boolean | null, listeners: (() => void)[] }} FakeButton */
  /** @type {Record<string, FakeButton>} */
  const buttons = { undo: { disabled: null, listeners: [] }, redo: { disabled: null, listeners: [] } };
  const button = (/** @type {string} */ name) => ({
    get disabled() {
      return buttons[name].disabled;
    },
    set disabled(/** @type {boolean | null} */ v) {
      buttons[name].disabled = v;
    },
    addEventListener: (/** @type {string} */ _type, /** @type {() => void} */ fn) => buttons[name].listeners.push(fn),
  });
  const ctx = {
    link,
    kept: link.slice(1),
    /** @type {[string, string | undefined][]} */
    messages: [],
    changes: 0,
    buttons,
    slot: Object.assign(new EventTarget(), { dataset: /** @type {DOMStringMap} */ ({}) }),
    /** Set by the driver (../../www/js/share-link.js, `followLinks`).
     * @type {import('../../www/js/share-link.js').LinkHost['keeper']} */
    keeper: null,
    $$: (/** @type {string} */ selector) => {
      const name = /data-game="(\w+)"/.exec(selector)?.[1];
      return name ? [button(name)] : [];
    },
    place: { read: () => ctx.kept, write: (/** @type {string | null} */ f) => (ctx.kept = f ?? ''), keepsOpened: true },
    showMessage: (/** @type {string} */ text, /** @type {string | undefined} */ kind) => ctx.messages.push([text, kind]),
    showError: (/** @type {unknown} */ err) => ctx.messages.push([err instanceof Error ? err.message : String(err), 'error']),
    clearMessage: () => {},
    onLinkChange: () => {},
    stateChanged: () => {
      ctx.changes++;
      ctx.keeper?.changed();
    },
  };
  return ctx;
}

// The stand-in has only what the driver calls, so the type checker is told to trust it.
const core = /** @type {any} */ ({ GameSession: FakeSession });
const make = (/** @type {number} */ start) => /** @type {any} */ (new FakeSession(start));

test('a fresh game, moves, undo and redo, with the buttons kept in step', async () => {
  const ctx = fakeContext();
  /** @type {[unknown, boolean][]} */
  const drawn = [];
  const driver = await driveGame(ctx, { core, fresh: () => make(5), draw: (v, { fresh }) => drawn.push([v.state, fresh]), what: 'a fresh counter' });
  assert.deepEqual(drawn, [[5, true]]);
  assert.equal(ctx.buttons.undo.disabled, true);
  driver.act((s) => s.play(2));
  driver.act((s) => s.play(3));
  assert.equal(driver.view?.state, 10);
  assert.equal(ctx.buttons.undo.disabled, false);
  assert.equal(ctx.buttons.redo.disabled, true);
  ctx.buttons.undo.listeners[0]();
  assert.equal(driver.view?.state, 7);
  assert.equal(ctx.buttons.redo.disabled, false);
  driver.redo();
  assert.equal(driver.view?.state, 10);
  assert.deepEqual(drawn.at(-1), [10, false]);
  assert.ok(ctx.changes >= 5, 'every change is reported for the link');
  // The slot carries where the session stands (the counter is won at 10, by the rule above).
  assert.deepEqual({ ...ctx.slot.dataset }, { puzzle: 'count', moves: '2', status: 'won' });
  driver.undo();
  assert.deepEqual({ ...ctx.slot.dataset }, { puzzle: 'count', moves: '1', status: 'playing' });
});

test('a refused move shows its message and changes nothing', async () => {
  const ctx = fakeContext();
  const driver = await driveGame(ctx, { core, fresh: () => make(1), draw: () => {}, what: 'a fresh counter' });
  assert.equal(driver.act((s) => s.play(-4)), undefined);
  assert.deepEqual(ctx.messages.at(-1), ['a move adds, never takes away', 'error']);
  assert.equal(driver.view?.state, 1);
});

test('a link opens its game; a bad one gets a fresh game and one message', async () => {
  const good = fakeContext('#count/v1/42');
  const driver = await driveGame(good, { core, fresh: () => make(0), draw: () => {}, what: 'a fresh counter' });
  assert.equal(driver.view?.state, 42);
  const bad = fakeContext('#count/v1/x');
  const other = await driveGame(bad, { core, fresh: () => make(0), draw: () => {}, what: 'a fresh counter' });
  assert.equal(other.view?.state, 0);
  assert.match(bad.messages[bad.messages.length - 1][0], /^That link could not be opened: this is not a counter link\. Here is a fresh counter\.$/);
});

test('a new game frees the session it replaces; a view can make Undo take several moves', async () => {
  const ctx = fakeContext();
  const driver = await driveGame(ctx, {
    core,
    fresh: () => make(0),
    draw: () => {},
    what: 'a fresh counter',
    undo: (s) => s.undo() && s.undo(),
  });
  const first = /** @type {any} */ (driver.session);
  driver.act((s) => s.play(1));
  driver.act((s) => s.play(1));
  driver.undo();
  assert.equal(driver.view?.state, 0, 'two moves taken back');
  driver.restart();
  assert.equal(first.freed, true);
  assert.notEqual(driver.session, first);
});

test('history keys: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, not in text boxes', () => {
  const key = (/** @type {string} */ k, o = {}) => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...o });
  assert.equal(undoKey(key('z', { ctrlKey: true })), 'undo');
  assert.equal(undoKey(key('z', { metaKey: true })), 'undo');
  assert.equal(undoKey(key('Z', { ctrlKey: true, shiftKey: true })), 'redo');
  assert.equal(undoKey(key('y', { ctrlKey: true })), 'redo');
  assert.equal(undoKey(key('z')), null);
  assert.equal(undoKey(key('z', { ctrlKey: true, altKey: true })), null);
  assert.equal(undoKey(key('x', { ctrlKey: true })), null);
  assert.equal(undoKey(key('z', { ctrlKey: true, target: { tagName: 'INPUT' } })), null);
  assert.equal(undoKey(key('z', { ctrlKey: true, target: { tagName: 'DIV' } })), 'undo');
});

test('Ctrl+Z on the view undoes', async () => {
  const ctx = fakeContext();
  const driver = await driveGame(ctx, { core, fresh: () => make(3), draw: () => {}, what: 'a fresh counter' });
  driver.act((s) => s.play(4));
  const e = new Event('keydown', { cancelable: true });
  Object.assign(e, { key: 'z', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false });
  ctx.slot.dispatchEvent(e);
  assert.equal(driver.view?.state, 3);
  assert.equal(e.defaultPrevented, true);
});
