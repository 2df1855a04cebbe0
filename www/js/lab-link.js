// The lab pages' share links, kept by the one mechanism of ./share-link.js: the state lives in
// the page's fragment, written after every change, restored on load and on `hashchange`; a bad
// link gives a one-line message and a fresh state, and leaves the address bar as it was.
// A state too large for a link (a big pasted table) keeps a link without the large part, says
// so, and offers the state as a file the page opens again.
import { showMessage } from './app.js';
import { shareLink, shareFeedback, download, canShare } from './share.js';
import { followLinks, pageHost } from './share-link.js';

/**
 * @param {{ link: (state: any) => { fragment: string | null, too_large?: string, file?: { name: string, text: string } },
 *   fromLink: (fragment: string) => any, read: () => any, write: (state: any) => void, reset: () => void,
 *   fresh: string, withoutLarge?: (state: any) => any, what: string }} o
 *   link(state): the core's {fragment, too_large, file}
 *   fromLink(fragment): the core's state, or throws the link's error
 *   read(): the page's state; write(state): shows a state
 *   reset(): shows the fresh state a bad link falls back to; fresh: its name in the message
 *   withoutLarge(state): the state without the part that does not fit (or null)
 *   what: what the link restores, for the feedback line
 * Returns {start(), record()}: start() opens the page's link (once, when the page is set up);
 * record() after every change of the state.
 */
export function linkedState(o) {
  /** @param {string} id */
  const $ = (id) => /** @type {import('./app.js').PageElement} */ (document.getElementById(id));
  const host = pageHost();

  /** The state's link (what fits) and, for a state too large, why and its file; undefined while a field is not valid yet. */
  function current() {
    let state;
    let out;
    try {
      state = o.read();
      out = o.link(state);
    } catch {
      return undefined; // a field being typed is not valid yet: keep the last link
    }
    $('save-state').hidden = out.fragment !== null;
    if (out.fragment !== null) return { fragment: out.fragment };
    const small = o.withoutLarge?.(state);
    const fragment = small ? o.link(small).fragment : null;
    return {
      fragment,
      tooLarge: `${out.too_large} The link in the address bar leaves it out: save it with “Save as file” and open the file here again.`,
      reason: out.too_large,
      file: out.file,
    };
  }

  $('share-link').textContent = canShare() ? 'Share' : 'Copy link';
  $('share-link').addEventListener('click', async () => {
    const c = current();
    if (!c || c.fragment === null) return;
    await host.keeper?.flush({ release: true });
    const url = `${location.origin}${location.pathname}${location.search}#${c.fragment}`;
    if (c.file) {
      showMessage(`${c.reason} The link below leaves it out; save it with “Save as file” and open the file here again.`, 'error');
      $('share-output').value = url;
      $('share-output').hidden = false;
      return;
    }
    const result = await shareLink(url, document.title, $('share-output'));
    showMessage(shareFeedback(result, o.what));
  });
  $('save-state').addEventListener('click', () => {
    const c = current();
    if (c?.file) download(c.file);
  });
  return {
    start: () =>
      followLinks(host, {
        current,
        open: (hash) => o.write(o.fromLink(hash)),
        fresh: o.reset,
        start: () => {},
        what: o.fresh,
      }),
    record: () => host.keeper?.changed(),
  };
}

/** The section whose heading is nearest the top of the window (its id without `h-`). */
export function sectionInView(ids) {
  let best = ids[0];
  for (const id of ids) {
    const h = document.getElementById(`h-${id}`);
    if (h && h.getBoundingClientRect().top <= 80) best = id;
  }
  return best;
}

/** Scrolls a section's heading into view. */
export function showSection(id) {
  document.getElementById(`h-${id}`)?.scrollIntoView({ block: 'start' });
}
