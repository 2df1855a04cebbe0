// A result as two faces of one answer: the sentence a reader sees, and its facts as
// `data-*` attributes on the same element, which scripts and the tests read — the page's
// structure, not its wording, so rephrasing a sentence breaks nothing that reads the answer.

/** The data keys each element's last result set, so the next one removes them first. @type {WeakMap<HTMLElement, string[]>} */
const keys = new WeakMap();

/**
 * Shows a result in `el`: its text, and `facts` as `data-<key>` attributes (a fact that is
 * `null` or `undefined` is left out). The facts of the result shown before go.
 * @param {HTMLElement} el
 * @param {string} text
 * @param {Record<string, string | number | boolean | null | undefined>} facts
 */
export function showResult(el, text, facts) {
  el.textContent = text;
  setFacts(el, facts);
}

/**
 * Sets `facts` as `data-<key>` attributes of `el` (for a result whose face is not one sentence:
 * a list of facts), removing those of the result shown before.
 * @param {HTMLElement} el
 * @param {Record<string, string | number | boolean | null | undefined>} facts
 */
export function setFacts(el, facts) {
  const set = [];
  for (const [key, value] of Object.entries(facts)) {
    if (value === null || value === undefined) continue;
    // Written only when it changed: a status line is redrawn on every press and cursor move.
    if (el.dataset[key] !== String(value)) el.dataset[key] = String(value);
    set.push(key);
  }
  for (const key of keys.get(el) ?? []) if (!set.includes(key)) delete el.dataset[key];
  keys.set(el, set);
}

/** Removes the facts of the result `el` shows (its text stays). @param {HTMLElement} el */
export function clearFacts(el) {
  for (const key of keys.get(el) ?? []) delete el.dataset[key];
  keys.delete(el);
}
