// Where the Lights Out games page solves a board, and what it says (www/js/views/lights-games/
// solving.js), without a page: against the limits docs/lights-games.md gives (lit-only play on
// the page's thread up to 2^16 states, presets up to 64 lights, a custom grid always in a Worker)
// and counts of lights worked out here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { solvesInPage, LIT_ONLY_MOST, planText, statusText, tooLargeText } from '../../www/js/views/lights-games/solving.js';

/** A board of `n` lights, all off. @param {number} n @param {object} [more] */
const board = (n, more = {}) => ({ lights: new Array(n).fill(0), lit_only: false, board: 'classic', ...more });

test('lit-only play up to 2^16 states and presets up to 64 lights are solved on the page; a custom grid never', () => {
  assert.equal(solvesInPage(board(16, { lit_only: true })), true);
  assert.equal(solvesInPage(board(17, { lit_only: true })), false);
  assert.equal(solvesInPage(board(25)), true, 'the classic 5×5');
  assert.equal(solvesInPage(board(64, { board: 'deluxe' })), true);
  assert.equal(solvesInPage(board(65, { board: 'deluxe' })), false);
  assert.equal(solvesInPage(board(1, { board: 'grid' })), false);
  assert.equal(LIT_ONLY_MOST, 6 * 6, "the Deluxe's 6×6");
  assert.match(tooLargeText(37), /37 lights.*up to 36/);
});

test('a solution is said with its count, its proof and its order', () => {
  assert.equal(planText(0, board(25), 3), 'Nothing to press.');
  assert.match(planText(1, board(25), 3), /^1 press, the fewest \(in any order; found in 3 ms\)/);
  assert.match(planText(15, board(25, { lit_only: true }), 9), /^15 presses, the fewest \(lit-only, in a legal order/);
  assert.match(planText(7, board(9, { board: 'grid' }), 1), /^7 presses, the fewest when the grid has at most 2\^24 quiet patterns/);
});

test('the status counts the lights on and the presses made', () => {
  const lights = [1, 0, 2, 0, 1];
  assert.equal(statusText({ lights }, 1, false), '3 of 5 lights on; 1 press made.');
  assert.equal(statusText({ lights }, 0, false), '3 of 5 lights on; 0 presses made.');
  assert.equal(statusText({ lights: [0, 0] }, 4, true), 'All lights are off after 4 presses.');
  assert.equal(statusText({ lights: [0, 0] }, 0, true), 'All lights are off.');
});
