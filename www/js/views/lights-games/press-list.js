// The press list beside the board: the solution in order, in the game's labels, each press a
// checkbox. While the presses are the session's loaded steps, the list shows where those stand:
// the first `at` presses ticked, whether stepped to with the step bar, Undo and Redo, pressed
// on the page, or ticked by hand while following on the physical game (a tick steps there). And the stencil editor of custom grids.

/** Rows a list draws at most: past them it draws LONG rows around the next press. */
export const LONG = 100;

export class PressList {
  /**
   * @param {HTMLElement} el  the <ol>
   * @param {{ onTick: (j: number, checked: boolean) => boolean }} options  a tick by hand of press
   *   `j`: true when the view took it as a step (the session's steps then tick the list: a
   *   tick steps to just after press j, an untick to just before it), false to tick it here
   *   (the list no longer being the session's steps)
   */
  constructor(el, { onTick }) {
    this.el = el;
    /** @type {number[]} the lights to press, in order */
    this.moves = [];
    /** @type {boolean[]} */
    this.ticked = [];
    /** @type {string[]} */
    this.labels = [];
    /** The first row drawn (a long list draws LONG rows), and the one drawn last time. */
    this.from = 0;
    this.shown = 0;
    el.addEventListener('change', (e) => {
      const box = /** @type {HTMLInputElement} */ (e.target);
      const j = Number(box.dataset.press);
      if (!Number.isInteger(j)) return;
      if (onTick(j, box.checked)) {
        this.mark();
        return;
      }
      this.ticked[j] = box.checked;
      this.mark();
    });
  }

  /** Shows `moves` (light indices) with their `labels`, none ticked. @param {number[]} moves @param {string[]} labels */
  load(moves, labels) {
    this.moves = moves.slice();
    this.labels = labels;
    this.ticked = moves.map(() => false);
    this.from = 0;
    this.el.classList.toggle('long', moves.length > LONG);
    this.render();
  }

  /** Draws the rows shown: all of a short list; of a long one, LONG rows from `from` (thousands
   * of rows of checkboxes took seconds of layout), with a line for the rest. */
  render() {
    const to = Math.min(this.moves.length, this.from + LONG);
    const rows = [];
    if (this.from > 0) rows.push(`<li class="more" value="1">${this.from} press${this.from === 1 ? '' : 'es'} before</li>`);
    for (let j = this.from; j < to; j++) {
      const i = this.moves[j];
      rows.push(`<li data-index="${i}" value="${j + 1}"><label><input type="checkbox" data-press="${j}"> <span class="press-label">${this.labels[i]}</span></label></li>`);
    }
    const rest = this.moves.length - to;
    if (rest > 0) rows.push(`<li class="more">and ${rest} more press${rest === 1 ? '' : 'es'}</li>`);
    this.el.innerHTML = rows.join('');
    this.shown = this.from;
    this.mark();
  }

  clear() {
    this.moves = [];
    this.ticked = [];
    this.el.replaceChildren();
  }

  /** Ticks the first unticked press of light `i`; false when there is none. @param {number} i */
  tickPress(i) {
    const j = this.moves.findIndex((m, at) => m === i && !this.ticked[at]);
    if (j < 0) return false;
    this.ticked[j] = true;
    this.mark();
    return true;
  }

  /** The first `n` presses ticked, the rest not (the step bar's position). @param {number} n */
  tickFirst(n) {
    this.ticked = this.moves.map((_, j) => j < n);
    this.mark();
  }

  /** The first press not ticked, or -1. */
  next() {
    const j = this.ticked.indexOf(false);
    return j < 0 ? -1 : this.moves[j];
  }

  /** How many presses of each light are not ticked yet. @param {number} n */
  remaining(n) {
    const left = new Array(n).fill(0);
    this.moves.forEach((i, j) => {
      if (!this.ticked[j]) left[i] += 1;
    });
    return left;
  }

  /** Checkboxes and the "next" mark as `ticked` says. */
  mark() {
    const next = this.ticked.indexOf(false);
    if (this.moves.length > LONG) {
      // A long list shows the rows around the next press.
      const at = next < 0 ? this.moves.length : next;
      if (at < this.from || at >= this.from + LONG - 10) this.from = Math.max(0, Math.min(at - 10, this.moves.length - LONG));
      if (this.from !== this.shown) return this.render();
    }
    for (const li of this.el.children) {
      const box = /** @type {HTMLInputElement | null} */ (li.querySelector('input'));
      if (!box) continue;
      const j = Number(box.dataset.press);
      box.checked = this.ticked[j];
      li.classList.toggle('done', this.ticked[j]);
      li.classList.toggle('next', j === next);
    }
  }
}

/**
 * A 5×5 press pattern drawn by clicking (the middle cell is the light pressed); `text()` gives
 * it as rows of '.' and '#' for the core, `set(text)` shows one the core gave (any odd size up
 * to 5×5, centred).
 * @param {HTMLElement} el
 * @param {string} initial
 */
export function stencilEditor(el, initial) {
  const SIDE = 5;
  el.innerHTML = Array.from({ length: SIDE * SIDE }, (_, i) => {
    const [r, c] = [Math.floor(i / SIDE) - 2, (i % SIDE) - 2];
    const name = r === 0 && c === 0 ? 'the light pressed' : `${Math.abs(r)} ${r < 0 ? 'up' : 'down'}, ${Math.abs(c)} ${c < 0 ? 'left' : 'right'}`;
    return `<button type="button" data-cell="${i}" aria-pressed="false" aria-label="${name}"></button>`;
  }).join('');
  const cells = () => /** @type {HTMLButtonElement[]} */ ([...el.querySelectorAll('button[data-cell]')]);
  el.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('button[data-cell]');
    if (b) b.setAttribute('aria-pressed', String(b.getAttribute('aria-pressed') !== 'true'));
  });
  const editor = {
    text() {
      const on = cells().map((b) => b.getAttribute('aria-pressed') === 'true');
      const rows = [];
      for (let r = 0; r < SIDE; r++) rows.push(on.slice(r * SIDE, (r + 1) * SIDE).map((v) => (v ? '#' : '.')).join(''));
      return rows.join('\n');
    },
    /** @param {string} text rows of '.' and '#' separated by '/' or line ends */
    set(text) {
      const rows = text.split(/[/\n]/).filter(Boolean);
      if (rows.length > SIDE || rows.some((row) => row.length > SIDE)) return;
      const top = (SIDE - rows.length) / 2;
      const left = (SIDE - (rows[0]?.length ?? 0)) / 2;
      cells().forEach((b, i) => {
        const [r, c] = [Math.floor(i / SIDE) - top, (i % SIDE) - left];
        b.setAttribute('aria-pressed', String(rows[r]?.[c] === '#'));
      });
    },
  };
  editor.set(initial);
  return editor;
}
