// The Lights Out games view's solving: where a board is solved (the page's thread or a Worker)
// and what the page says of a solution and of the board. Pure: tested under Node.

/** Boards solved on the page's own thread (a few milliseconds at most, see solvesInPage):
 * lit-only play up to 2^16 states, the presets up to 64 lights. Others are solved in a Worker (a session
 * opened from the board's link, `solve` called on it) with progress and Cancel: lit-only 5×5
 * searches 2^25 states, and a custom grid's fewest presses may try 2^24 quiet patterns. */
export const LIT_ONLY_IN_PAGE = 16;
export const USUAL_IN_PAGE = 64;
/** Whether board `d` is solved on the page's own thread: only when that is proven fast (a
 * few milliseconds): lit-only play up to 2^16 states, and the presets up to 64 lights. A custom
 * grid always goes to the Worker: its fewest presses may try 2^24 quiet patterns, and with up
 * to 255 states and any stencil a 3×21 grid took 3.7–4.3 s, a 16-state one 1.95 s.
 * @param {{ lights: unknown[], lit_only: boolean, board: string }} d */
export function solvesInPage(d) {
  const n = d.lights.length;
  return d.lit_only ? n <= LIT_ONLY_IN_PAGE : d.board !== 'grid' && n <= USUAL_IN_PAGE;
}
/** Most lights lit-only play is searched for here: the Deluxe's 6×6; beyond, the deepening
 * search ran 3 to 17 s on 6×7 to 8×8 grids and may still give up. */
export const LIT_ONLY_MOST = 36;

/** Why lit-only play on `n` lights is not searched here. @param {number} n */
export const tooLargeText = (n) =>
  `Lit-only play on ${n} lights is too large for this page (it searches up to ${LIT_ONLY_MOST}, the Deluxe's 6×6; beyond, a search can take minutes and still give up): the command line tries it (lights-out solve --lit-only).`;

/** "1 press" or "n presses". @param {number} n */
const presses = (n) => `${n} press${n === 1 ? '' : 'es'}`;

/**
 * What the Presses panel says of a solution of `count` presses found in `ms` ms on board `d`.
 * The fewest is proven when the quiet patterns can all be tried (every preset).
 * @param {number} count
 * @param {{ lit_only: boolean, board: string }} d
 * @param {number} ms
 */
export function planText(count, d, ms) {
  if (!count) return 'Nothing to press.';
  const how = d.lit_only ? 'lit-only, in a legal order' : 'in any order';
  const fewest = d.board === 'grid' && !d.lit_only ? 'the fewest when the grid has at most 2^24 quiet patterns' : 'the fewest';
  return `${presses(count)}, ${fewest} (${how}; found in ${ms} ms). Tick each as you press it on your game, or press it here.`;
}

/**
 * The status line of board `d` after `moves` presses.
 * @param {{ lights: number[] }} d
 * @param {number} moves
 * @param {boolean} solved
 */
export function statusText(d, moves, solved) {
  if (solved) return `All lights are off${moves ? ` after ${presses(moves)}` : ''}.`;
  const lit = d.lights.filter((v) => v > 0).length;
  return `${lit} of ${d.lights.length} lights on; ${presses(moves)} made.`;
}
