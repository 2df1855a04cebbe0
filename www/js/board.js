// The shared board renderer: a board drawn as an ARIA grid of cells. Clicks and keys are
// forwarded to the view; arrow keys move a roving focus. Views describe each cell (classes,
// label, text) and never touch the DOM of the board themselves.

/**
 * Where a navigation key moves the roving focus on a `rows` × `cols` grid from cell `index`
 * (row-major): arrows one step, Home/End to the row's ends, PageUp/PageDown to the column's
 * ends. A move that would leave the grid keeps the focus where it is; a key that is not a
 * navigation key gives null.
 * @param {string} key  a `KeyboardEvent.key`
 * @param {number} index
 * @param {number} rows
 * @param {number} cols
 * @returns {number | null}
 */
export function movedFocus(key, index, rows, cols) {
  const r = Math.floor(index / cols);
  const c = index % cols;
  const moves = {
    ArrowUp: [r - 1, c],
    ArrowDown: [r + 1, c],
    ArrowLeft: [r, c - 1],
    ArrowRight: [r, c + 1],
    Home: [r, 0],
    End: [r, cols - 1],
    PageUp: [0, c],
    PageDown: [rows - 1, c],
  };
  if (!Object.hasOwn(moves, key)) return null;
  const [nr, nc] = moves[/** @type {keyof typeof moves} */ (key)];
  return nr >= 0 && nr < rows && nc >= 0 && nc < cols ? nr * cols + nc : index;
}

/** The performance mark of the first board a document draws (tests/browser/chess-load.test.mjs
 * compares pages by it). */
export const FIRST_BOARD = 'first-board';

export class GridBoard {
  /**
   * @param {HTMLElement} host  element that becomes the grid
   * @param {{ label: string, onActivate?: (index: number, event: Event) => void,
   *   onKey?: (index: number, event: KeyboardEvent) => boolean | void }} options
   *   label: accessible name of the grid
   *   onActivate(index, event): a cell was clicked (or Space/Enter when onKey declines)
   *   onKey(index, event): a key other than navigation; return true when handled
   */
  constructor(host, { label, onActivate, onKey }) {
    this.host = host;
    this.onActivate = onActivate;
    this.onKey = onKey;
    this.rows = 0;
    this.cols = 0;
    /** @type {HTMLElement[]} */
    this.cells = [];
    this.focusIndex = 0;
    host.classList.add('board');
    host.setAttribute('role', 'grid');
    host.setAttribute('aria-label', label);
    host.addEventListener('click', (e) => {
      const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-index]'));
      if (!cell || !host.contains(cell)) return;
      const index = Number(cell.dataset.index);
      this.focusCell(index, false);
      this.onActivate?.(index, e);
    });
    // A cell focused otherwise than by the arrows (a screen reader's cursor, a script) becomes
    // the one the keys act on, so a key always acts on the cell that has the focus.
    host.addEventListener('focusin', (e) => {
      const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-index]'));
      if (cell && host.contains(cell) && Number(cell.dataset.index) !== this.focusIndex) this.focusCell(Number(cell.dataset.index), false);
    });
    host.addEventListener('keydown', (e) => this.#keydown(e));
  }

  /** Rebuilds the cells for a rows × cols board (no-op when the size is unchanged).
   * @param {number} rows
   * @param {number} cols */
  resize(rows, cols) {
    if (rows === this.rows && cols === this.cols) return;
    this.rows = rows;
    this.cols = cols;
    this.host.style.setProperty('--cols', String(cols));
    this.host.style.setProperty('--rows', String(rows));
    this.host.classList.toggle('large', rows * cols > 256);
    this.host.replaceChildren();
    this.cells = [];
    for (let r = 0; r < rows; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let c = 0; c < cols; c++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.index = String(r * cols + c);
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.host.append(row);
    }
    this.focusIndex = Math.min(this.focusIndex, this.cells.length - 1);
    this.cells[this.focusIndex].tabIndex = 0;
  }

  /**
   * Redraws every cell from `describe(index) → {classes, label, text, data}`. `data` holds the
   * cell's state as data-* attributes (`{ face: 'heads' }` → data-face="heads"), for tests and
   * tools to read instead of the label's wording; give the same keys on every update.
   * @param {(index: number) => { classes?: string, label?: string, text?: string, data?: Record<string, string> }} describe
   */
  update(describe) {
    for (let i = 0; i < this.cells.length; i++) {
      const { classes = '', label = '', text = '', data = null } = describe(i);
      const cell = this.cells[i];
      const className = `cell ${classes}`;
      if (cell.className !== className) cell.className = className;
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
      if (cell.textContent !== text) cell.textContent = text;
      if (data) {
        for (const [key, value] of Object.entries(data)) if (cell.dataset[key] !== value) cell.dataset[key] = value;
      }
    }
    if (this.cells.length > 0 && performance.getEntriesByName(FIRST_BOARD).length === 0) performance.mark(FIRST_BOARD);
  }

  /** Moves the roving focus to a cell (and the keyboard focus too when `takeFocus`).
   * @param {number} index */
  focusCell(index, takeFocus = true) {
    if (index < 0 || index >= this.cells.length) return;
    this.cells[this.focusIndex].tabIndex = -1;
    this.focusIndex = index;
    const cell = this.cells[index];
    cell.tabIndex = 0;
    if (takeFocus) cell.focus();
  }

  /** @param {KeyboardEvent} e */
  #keydown(e) {
    const target = movedFocus(e.key, this.focusIndex, this.rows, this.cols);
    if (target !== null) {
      if (target !== this.focusIndex) this.focusCell(target);
      e.preventDefault();
      return;
    }
    if (this.onKey?.(this.focusIndex, e)) e.preventDefault();
  }
}
