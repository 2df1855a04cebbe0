// A word of bits drawn like the chessboard: bit i on square i of the Devil's board of the same
// size (rows and columns as the core lays a board out: see devil::rules::board::Layout).
import { GridBoard } from '../../board.js';

/**
 * The rectangle of a board of `squares` (a power of two): 2^⌊k/2⌋ rows of 2^⌈k/2⌉ squares;
 * any other number is one row.
 * @param {number} squares
 */
export function boardShape(squares) {
  if (squares < 1 || (squares & (squares - 1)) !== 0) return { rows: 1, cols: Math.max(squares, 1) };
  const k = Math.round(Math.log2(squares));
  return { rows: 2 ** Math.floor(k / 2), cols: 2 ** Math.ceil(k / 2) };
}

/**
 * Whether square `i` of a board `cols` wide is a dark square of the chessboard pattern.
 * @param {number} i
 * @param {number} cols
 */
export const isDark = (i, cols) => (Math.floor(i / cols) + (i % cols)) % 2 === 1;

/**
 * A board of coins showing a word: `draw(bits, marks)` lays out `bits.length` squares, square i
 * heads when `bits[i]` is '1', with `marks(i)` adding classes and words to a square's label.
 * Every square carries `data-bit` (0 or 1) for tests and tools.
 * @param {HTMLElement} host
 * @param {string} label  the board's accessible name
 * @param {((index: number) => void) | undefined} onFlip  a square was clicked (or Space/Enter)
 */
export function bitsBoard(host, label, onFlip) {
  const grid = new GridBoard(host, { label, onActivate: onFlip });
  host.classList.add('checkered', 'bits-board');
  return {
    grid,
    /**
     * @param {string} bits  '0'/'1' per square, square 0 first
     * @param {(index: number) => { classes?: string[], label?: string[], text?: string } | undefined} [marks]
     */
    draw(bits, marks) {
      const { rows, cols } = boardShape(bits.length);
      grid.resize(rows, cols);
      grid.update((i) => {
        const heads = bits[i] === '1';
        const extra = marks?.(i) ?? {};
        const classes = ['coin', heads ? 'heads' : 'tails', isDark(i, cols) ? 'dark' : 'light', ...(extra.classes ?? [])];
        const words = [`square ${i}`, heads ? 'heads (1)' : 'tails (0)', ...(extra.label ?? [])];
        return { classes: classes.join(' '), label: words.join(', '), text: extra.text ?? (bits.length <= 256 ? String(i) : ''), data: { bit: heads ? '1' : '0' } };
      });
    },
  };
}
