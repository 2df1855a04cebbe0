// The link of a lab's state as the address bar keeps it: the core's link while the state fits
// one; else the link of the state without its large part (a pasted table, the checker's
// words), with what the page says about it and the file it offers instead.

/**
 * The file of a state too large for a link.
 * @typedef {{ name: string, text: string }} StateFile
 */

/**
 * What the core's `lab_link` returns.
 * @typedef {{ fragment: string | null, too_large?: string | null, file?: StateFile | null }} CoreLink
 */

/**
 * A lab state's link for ../../share-link.js (`fragment`, `tooLarge`), with the core's reason
 * and the state's file when it does not fit.
 * @typedef {{ fragment: string | null, tooLarge?: string, reason?: string, file?: StateFile | null }} LabLink
 */

/**
 * @template S
 * @param {S} state  the lab's state
 * @param {(state: S) => CoreLink} link  the core's link of a state
 * @param {(state: S) => S | null} withoutLarge  the state without the part that may not fit
 * @returns {LabLink}
 */
export function labLink(state, link, withoutLarge) {
  const made = link(state);
  if (made.fragment !== null) return { fragment: made.fragment };
  const small = withoutLarge(state);
  return {
    fragment: small ? link(small).fragment : null,
    tooLarge: `${made.too_large} The link in the address bar leaves it out: save it with “Save as file” and open the file here again.`,
    reason: made.too_large ?? undefined,
    file: made.file ?? null,
  };
}

/**
 * The state a lab link opened, checked to be lab `kind`'s: either lab's link opens in the core
 * (`lab_open`), and the other lab's is refused like any other puzzle's.
 * @template {{ kind: string }} S
 * @param {S} state
 * @param {string} kind
 * @returns {S}
 */
export function ofKind(state, kind) {
  if (state.kind !== kind) throw new Error(`this link is for '${state.kind}', not for '${kind}'`);
  return state;
}
