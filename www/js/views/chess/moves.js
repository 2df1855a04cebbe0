// Chess codes: the small sums of the game viewer's move list, kept free of the DOM so they are
// tested under Node (tests/node/chess-moves.test.mjs).

/**
 * The move number of ply `ply` (1 = the first move played) of a game starting at `startFen`,
 * from the FEN's side to move and move number.
 * @param {string} startFen
 * @param {number} ply
 */
export function moveNumber(startFen, ply) {
  const fields = startFen.trim().split(/\s+/);
  const first = Number.parseInt(fields[5] ?? '1', 10) || 1;
  const blackFirst = fields[1] === 'b' ? 1 : 0;
  return first + Math.floor((ply - 1 + blackFirst) / 2);
}

/**
 * The scroll position that shows an item `[top, bottom)` in a list viewport `[viewTop, viewBottom)`
 * (page coordinates, as getBoundingClientRect gives them), moving as little as it can, with
 * `margin` pixels of the neighbours in view.
 * @param {number} scrollTop @param {number} viewTop @param {number} viewBottom @param {number} top @param {number} bottom
 */
export function scrollToShow(scrollTop, viewTop, viewBottom, top, bottom, margin = 0) {
  if (top - margin < viewTop) return Math.max(0, scrollTop - (viewTop - top + margin));
  if (bottom + margin > viewBottom) return scrollTop + Math.min(bottom + margin - viewBottom, top - margin - viewTop);
  return scrollTop;
}

/**
 * Scrolls `list` (and only `list`, never the page) so that `item` is in view.
 * @param {HTMLElement} list
 * @param {Element} item
 */
export function scrollIntoList(list, item) {
  const l = list.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  list.scrollTop = scrollToShow(list.scrollTop, l.top, l.bottom, r.top, r.bottom, r.height);
}

/**
 * A game scheme's bits in parts: the header (start position, and the ply count for the codes that
 * write one), the moves, "the game ends here", and what is left — the arithmetic coder's last
 * bits (0 for the other schemes).
 * @param {{bits: number, header_bits: number, move_bits: number[], end_bits: number}} scheme
 */
export function codeParts(scheme) {
  const moves = scheme.move_bits.reduce((a, b) => a + b, 0);
  const end = scheme.end_bits ?? 0;
  const rest = scheme.bits - scheme.header_bits - moves - end;
  return { header: scheme.header_bits, moves, end, flush: Math.abs(rest) < 1e-6 ? 0 : rest };
}
