// The game viewer's sums (www/js/views/chess/moves.js) and its board's reading of a FEN: move numbers from a FEN, the list's
// scroll position, and a game code's bits in parts. Expected values are worked out by hand here.
import test from 'node:test';
import assert from 'node:assert/strict';
import { moveNumber, scrollToShow, codeParts } from '../../www/js/views/chess/moves.js';
import { fenSquares, drawArrows } from '../../www/js/views/chess/viewer-board.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('move numbers count full moves from the FEN, White or Black first', () => {
  assert.deepEqual([1, 2, 3, 4, 5].map((p) => moveNumber(START, p)), [1, 1, 2, 2, 3]);
  // Black to move at move 23: its first ply is 23..., then White's 24.
  const black = '4k3/8/8/8/8/8/8/4K3 b - - 0 23';
  assert.deepEqual([1, 2, 3].map((p) => moveNumber(black, p)), [23, 24, 24]);
  // A FEN without counters starts at move 1.
  assert.equal(moveNumber('4k3/8/8/8/8/8/8/4K3 w - -', 3), 2);
});

test('the list scrolls only as far as it must to show the current move', () => {
  // A view from 100 to 300 (page coordinates), scrolled 50 down.
  assert.equal(scrollToShow(50, 100, 300, 150, 170), 50, 'already in view');
  assert.equal(scrollToShow(50, 100, 300, 80, 100), 30, 'above: scrolls up by 20');
  assert.equal(scrollToShow(50, 100, 300, 310, 330), 80, 'below: scrolls down by 30');
  assert.equal(scrollToShow(50, 100, 300, 310, 330, 20), 100, 'with a margin of one item');
  assert.equal(scrollToShow(10, 100, 300, 60, 80, 20), 0, 'never above the top');
});

test('a game code in parts: header, moves, the end event and the coder’s last bits', () => {
  // move-index: 1 bit start + 7 bits Elias gamma of 9, then 8 moves: everything accounted for.
  assert.deepEqual(codeParts({ bits: 48, header_bits: 8, move_bits: [5, 5, 5, 5, 5, 5, 5, 5], end_bits: 0 }), { header: 8, moves: 40, end: 0, flush: 0 });
  const p = codeParts({ bits: 20, header_bits: 1, move_bits: [1.5, 2.25, 8.5], end_bits: 6 });
  assert.equal(p.moves, 12.25);
  assert.equal(p.flush, 0.75);
});

test('the viewer board reads a FEN row by row from rank 8', () => {
  const squares = fenSquares(START);
  assert.equal(squares.length, 64);
  assert.equal(squares.join(''), 'rnbqkbnrpppppppp' + 'PPPPPPPPRNBQKBNR');
  // e1 is row 7 (rank 1), column 4 (file e).
  assert.equal(squares[7 * 8 + 4], 'K');
  const ep = fenSquares('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
  assert.equal(ep[3 * 8 + 3], 'p'); // d5
  assert.equal(ep[3 * 8 + 4], 'P'); // e5
  assert.equal(ep.filter(Boolean).length, 4);
});

test('two arrows to one square keep their numbers apart', () => {
  const svg = /** @type {any} */ ({ innerHTML: '' });
  drawArrows(svg, [{ san: 'Nbd2', uci: 'b1d2', bits: 1 }, { san: 'Bd2', uci: 'c1d2', bits: 2 }, { san: 'Qd2', uci: 'd1d2', bits: 3 }], null);
  const rects = [...svg.innerHTML.matchAll(/<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)].map((m) => m.slice(1).map(Number));
  assert.equal(rects.length, 3);
  for (let i = 0; i < 3; i++) {
    for (let j = i + 1; j < 3; j++) {
      const [a, b] = [rects[i], rects[j]];
      const apart = a[0] + a[2] <= b[0] || b[0] + b[2] <= a[0] || a[1] + a[3] <= b[1] || b[1] + b[3] <= a[1];
      assert.ok(apart, `labels ${i} and ${j} overlap: ${a} / ${b}`);
    }
  }
});
