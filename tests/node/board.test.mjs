// www/js/board.js under Node: the keyboard moves of the roving focus (movedFocus, checked
// against index arithmetic written here), and GridBoard's roving tabindex, clicks and keys on
// a minimal stand-in for the DOM.
import test from 'node:test';
import assert from 'node:assert/strict';
import { movedFocus, GridBoard } from '../../www/js/board.js';

const KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'];

/** Where `key` takes the focus from `i`, by index arithmetic (no rows and columns).
 * @param {string} key @param {number} i @param {number} rows @param {number} cols */
function expectedMove(key, i, rows, cols) {
  const n = rows * cols;
  const rowStart = i - (i % cols);
  switch (key) {
    case 'ArrowUp':
      return i - cols >= 0 ? i - cols : i;
    case 'ArrowDown':
      return i + cols < n ? i + cols : i;
    case 'ArrowLeft':
      return i % cols !== 0 ? i - 1 : i;
    case 'ArrowRight':
      return (i + 1) % cols !== 0 ? i + 1 : i;
    case 'Home':
      return rowStart;
    case 'End':
      return rowStart + cols - 1;
    case 'PageUp':
      return i % cols;
    case 'PageDown':
      return n - cols + (i % cols);
  }
  throw new Error(key);
}

test('every navigation key from every cell of boards 1×1 to 5×6 goes where index arithmetic says', () => {
  let checked = 0;
  for (let rows = 1; rows <= 5; rows++) {
    for (let cols = 1; cols <= 6; cols++) {
      for (let i = 0; i < rows * cols; i++) {
        for (const key of KEYS) {
          assert.equal(movedFocus(key, i, rows, cols), expectedMove(key, i, rows, cols), `${key} from ${i} on ${rows}×${cols}`);
          checked++;
        }
      }
    }
  }
  assert.equal(checked, 8 * (1 + 2 + 3 + 4 + 5) * (1 + 2 + 3 + 4 + 5 + 6)); // keys × cells of all the sizes
});

test('a few moves on a 3×4 board, by hand', () => {
  // 0  1  2  3
  // 4  5  6  7
  // 8  9 10 11
  assert.equal(movedFocus('ArrowRight', 5, 3, 4), 6);
  assert.equal(movedFocus('ArrowDown', 5, 3, 4), 9);
  assert.equal(movedFocus('End', 5, 3, 4), 7);
  assert.equal(movedFocus('PageDown', 1, 3, 4), 9);
  assert.equal(movedFocus('ArrowRight', 7, 3, 4), 7, 'the right edge does not wrap to the next row');
  assert.equal(movedFocus('ArrowLeft', 4, 3, 4), 4, 'nor the left edge to the row above');
});

test('keys that are not navigation give null (Space, Enter, letters, names of Object properties)', () => {
  for (const key of [' ', 'Enter', 'z', 'Tab', 'Escape', 'toString', 'constructor', '__proto__']) {
    assert.equal(movedFocus(key, 0, 3, 3), null, key);
  }
});

/** A minimal stand-in for the DOM elements GridBoard touches. */
class FakeElement {
  /** @param {string} tag */
  constructor(tag) {
    this.tag = tag;
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    /** @type {FakeElement[]} */
    this.children = [];
    /** @type {FakeElement | null} */
    this.parent = null;
    /** @type {Record<string, string>} */
    this.dataset = {};
    this.className = '';
    this.textContent = '';
    this.tabIndex = -1;
    /** @type {Map<string, (event: any) => void>} */
    this.listeners = new Map();
    /** @type {{ props: Map<string, string>, setProperty: (name: string, value: string) => void }} */
    this.style = { props: new Map(), setProperty: (name, value) => this.style.props.set(name, value) };
    /** @type {Set<string>} */
    const classes = new Set();
    this.classList = {
      add: (/** @type {string} */ c) => classes.add(c),
      toggle: (/** @type {string} */ c, /** @type {boolean} */ on) => (on ? classes.add(c) : classes.delete(c)),
      contains: (/** @type {string} */ c) => classes.has(c),
    };
  }
  /** @param {string} name @param {unknown} value */
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  /** @param {string} name */
  getAttribute(name) {
    return this.attributes.get(name) ?? null;
  }
  /** @param {FakeElement[]} nodes */
  append(...nodes) {
    for (const n of nodes) {
      n.parent = this;
      this.children.push(n);
    }
  }
  replaceChildren() {
    this.children = [];
  }
  /** @param {FakeElement | null} node */
  contains(node) {
    for (let n = node; n; n = n.parent) if (n === this) return true;
    return false;
  }
  /** @param {string} selector */
  closest(selector) {
    assert.equal(selector, '[data-index]');
    for (let n = /** @type {FakeElement | null} */ (this); n; n = n.parent) if ('index' in n.dataset) return n;
    return null;
  }
  /** @param {string} type @param {(event: any) => void} listener */
  addEventListener(type, listener) {
    this.listeners.set(type, listener);
  }
  focus() {
    focused = this;
  }
}
/** @type {FakeElement | null} */
let focused = null;
globalThis.document = /** @type {any} */ ({ createElement: (/** @type {string} */ tag) => new FakeElement(tag) });

/** A key pressed on the board: the handler's view of it, and whether it was prevented.
 * @param {FakeElement} host @param {string} key */
function press(host, key) {
  const event = { key, prevented: false, preventDefault() { this.prevented = true; } };
  listener(host, 'keydown')(event);
  return event;
}

/** The listener `host` has for `type` (the board adds each it needs).
 * @param {FakeElement} host @param {string} type */
function listener(host, type) {
  const fn = host.listeners.get(type);
  assert.ok(fn, `a ${type} listener`);
  return fn;
}

/** The indices of the cells that are in the tab order (the roving focus: exactly one).
 * @param {GridBoard} board */
const tabbable = (board) => board.cells.flatMap((cell, i) => (cell.tabIndex === 0 ? [i] : []));

test('GridBoard: one cell in the tab order; arrows move it and the keyboard focus; other keys go to onKey', () => {
  const host = new FakeElement('div');
  /** @type {number[]} */
  const activated = [];
  /** @type {[number, string][]} */
  const keyed = [];
  const board = new GridBoard(/** @type {any} */ (host), {
    label: 'Test board',
    onActivate: (index) => activated.push(index),
    onKey: (index, e) => {
      keyed.push([index, e.key]);
      return e.key === ' ';
    },
  });
  assert.equal(host.getAttribute('role'), 'grid');
  assert.equal(host.getAttribute('aria-label'), 'Test board');
  board.resize(3, 4);
  assert.equal(board.cells.length, 12);
  assert.equal(host.children.length, 3, 'one row element per row');
  assert.deepEqual(board.cells.map((c) => c.dataset.index), [...Array(12).keys()].map(String));
  assert.deepEqual(tabbable(board), [0]);

  assert.equal(press(host, 'ArrowRight').prevented, true);
  assert.deepEqual(tabbable(board), [1]);
  assert.equal(focused, board.cells[1]);
  press(host, 'PageDown');
  assert.deepEqual(tabbable(board), [9]);
  press(host, 'End');
  assert.deepEqual(tabbable(board), [11]);
  focused = null;
  assert.equal(press(host, 'ArrowRight').prevented, true, 'a navigation key at the edge is still taken');
  assert.deepEqual(tabbable(board), [11]);
  assert.equal(focused, null, 'and the focus stays');

  assert.equal(press(host, ' ').prevented, true, 'onKey handled Space');
  assert.equal(press(host, 'x').prevented, false, 'onKey declined x');
  assert.deepEqual(keyed, [[11, ' '], [11, 'x']]);

  // A click on a cell (or inside one) activates it and moves the roving focus there.
  const inner = new FakeElement('span');
  /** @type {FakeElement} */ (/** @type {unknown} */ (board.cells[6])).append(inner);
  listener(host, 'click')({ target: inner });
  assert.deepEqual(activated, [6]);
  assert.deepEqual(tabbable(board), [6]);
  listener(host, 'click')({ target: host });
  assert.deepEqual(activated, [6], 'a click between cells activates nothing');

  // A smaller board keeps the focus index inside it.
  board.resize(2, 2);
  assert.deepEqual(tabbable(board), [3]);
  assert.equal(host.classList.contains('large'), false);
  board.resize(17, 16);
  assert.equal(host.classList.contains('large'), true, 'more than 256 cells');
});

test('GridBoard.update writes each cell from describe(i): class, label, text and data-* attributes', () => {
  const host = new FakeElement('div');
  const board = new GridBoard(/** @type {any} */ (host), { label: 'b' });
  board.resize(1, 3);
  board.update((i) => ({ classes: i === 1 ? 'on' : '', label: `cell ${i}`, text: String(i * 2), data: { state: String(i % 2) } }));
  assert.deepEqual(
    board.cells.map((c) => [c.className, c.getAttribute('aria-label'), c.textContent, c.dataset.state]),
    [['cell ', 'cell 0', '0', '0'], ['cell on', 'cell 1', '2', '1'], ['cell ', 'cell 2', '4', '0']],
  );
  board.update((i) => ({ data: { state: String(i + 5) } }));
  assert.deepEqual(board.cells.map((c) => [c.className, c.dataset.state, c.dataset.index]), [['cell ', '5', '0'], ['cell ', '6', '1'], ['cell ', '7', '2']]);
});
