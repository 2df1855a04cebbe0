// The lab pages' share links: the state lives in the page's fragment, restored on load and on
// `hashchange`; a bad link gives a one-line message, a fresh state and its own link in the bar.
// A state too large for a link (a big pasted table) keeps a link without the large part and
// offers the state as a file the page opens again.
import { showMessage, showError, errorText } from './app.js';
import { shareLink, shareFeedback, download, canShare } from './share.js';

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
 * Returns {record(), openHash(hash)}.
 */
export function linkedState(o) {
  /** @param {string} id */
  const $ = (id) => /** @type {import('./app.js').PageElement} */ (document.getElementById(id));
  let tooLarge = null;

  function current() {
    let state;
    let out;
    try {
      state = o.read();
      out = o.link(state);
    } catch {
      return null; // a field being typed is not valid yet: keep the last link
    }
    if (out.fragment !== null) return { fragment: out.fragment, file: null };
    const small = o.withoutLarge?.(state);
    const fallback = small ? o.link(small).fragment : null;
    return { fragment: fallback, file: out.file, reason: out.too_large };
  }

  function record() {
    const c = current();
    if (!c) return;
    tooLarge = c.file ? c : null;
    $('save-state').hidden = !c.file;
    if (c.fragment !== null && `#${c.fragment}` !== location.hash) history.replaceState(null, '', `#${c.fragment}`);
  }

  function openHash(hash) {
    if (!hash || hash === '#') return;
    try {
      o.write(o.fromLink(hash));
    } catch (err) {
      o.reset();
      history.replaceState(null, '', location.pathname + location.search);
      record();
      showError(`This link cannot be opened: ${errorText(err)}. Showing ${o.fresh}.`);
    }
  }

  $('share-link').textContent = canShare() ? 'Share' : 'Copy link';
  $('share-link').addEventListener('click', async () => {
    record();
    const url = location.href.split('#')[0] + location.hash;
    if (tooLarge) {
      showMessage(`${tooLarge.reason} The link below leaves it out; save it with “Save as file” and open the file here again.`, 'error');
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
  window.addEventListener('hashchange', () => openHash(location.hash));
  return { record, openHash };
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
