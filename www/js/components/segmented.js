// The segmented button group used for modes and choices (Watch / Play as A / …): markup from
// a list of choices, one click handler, and the pressed state kept in step with the view.

/**
 * The group's markup.
 * @param {string} label  accessible name of the group ("Mode")
 * @param {string} attr  the data attribute naming each choice ('mode' → data-mode)
 * @param {Array<[string, string]>} choices  [value, text] pairs
 */
export function segmented(label, attr, choices) {
  const buttons = choices.map(([value, text]) => `<button type="button" data-${attr}="${value}">${text}</button>`).join('');
  return `<div class="segmented" role="group" aria-label="${label}">${buttons}</div>`;
}

/** What the group needs of a view's context: its elements.
 * @typedef {{ $$: (selector: string) => Iterable<HTMLElement> }} SegmentedContext */

/** Calls `pick(value)` when a choice of the group is clicked.
 * @param {SegmentedContext} ctx
 * @param {string} attr
 * @param {(value: string) => void} pick */
export function onSegmented(ctx, attr, pick) {
  for (const b of ctx.$$(`[data-${attr}]`)) b.addEventListener('click', () => pick(b.dataset[attr] ?? ''));
}

/** Marks `value` as the pressed choice.
 * @param {SegmentedContext} ctx
 * @param {string} attr
 * @param {string} value */
export function markSegmented(ctx, attr, value) {
  for (const b of ctx.$$(`[data-${attr}]`)) b.setAttribute('aria-pressed', String(b.dataset[attr] === value));
}
