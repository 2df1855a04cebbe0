// What both lab views share: the pinned share bar, and their state kept in the address bar by
// the one mechanism of ../../share-link.js (written after every change and every scroll to
// another section, a bad link met with one line and a fresh lab). A state too large for a
// link keeps a link without its large part, says so, and offers the state as a file.
import { shareLink, shareFeedback, download, canShare } from '../../share.js';
import { followLinks, linkPending } from '../../share-link.js';
import { labLink, ofKind } from './state-link.js';

/** The share bar (ids are looked up in the view's slot): it stays in reach while reading any section. */
export const LAB_SHARE_BAR = `
  <div class="toolbar share-bar pinned">
    <button type="button" id="share-link">Copy link</button>
    <button type="button" id="save-state" hidden>Save as file</button>
  </div>
  <textarea class="share" id="share-output" rows="2" readonly hidden aria-label="Link"></textarea>`;

/**
 * Opens the view's link (or keeps the fresh lab's) and keeps the lab's link from then on; the
 * view calls `ctx.stateChanged()` after each change of its fields.
 * @template {object} S
 * @param {ReturnType<typeof import('../../view.js').viewContext>} ctx
 * @param {object} o
 * @param {{ lab_link: (state: any) => import('./state-link.js').CoreLink, lab_open: (fragment: string) => any }} o.core
 * @param {string} o.kind  the lab's link name ('lab', 'codes')
 * @param {string[]} o.sections  the ids of the sections' headings, without `h-`, in page order
 * @param {() => S} o.read  the fields the link holds (the core refuses them while one is half typed)
 * @param {(state: S) => void} o.show  shows the fields of a state
 * @param {() => void} o.fresh  shows the fresh lab a bad link falls back to
 * @param {string} o.freshName  what `fresh` shows, for the message ('a fresh lab')
 * @param {(state: S) => S} o.withoutLarge  the state without the part that may not fit a link
 * @param {string} o.what  what the link restores, for the feedback line
 */
export async function keepLabLink(ctx, o) {
  const { $ } = ctx;
  const state = () => ({ kind: o.kind, ...o.read(), view: sectionInView(ctx, o.sections) });

  /** The state's link (what fits, and the file of the rest); undefined while a field is not valid yet. */
  function current() {
    let link;
    try {
      link = labLink(state(), (s) => o.core.lab_link(s), o.withoutLarge);
    } catch {
      return undefined;
    }
    $('save-state').hidden = link.file == null;
    return link;
  }

  $('share-link').textContent = canShare() ? 'Share' : 'Copy link';
  $('share-link').addEventListener('click', async () => {
    const link = current();
    if (!link || link.fragment === null) return;
    await ctx.keeper?.flush({ release: true });
    const url = ctx.shareUrl(link.fragment);
    if (link.file) {
      ctx.showMessage(`${link.reason} The link below leaves it out; save it with “Save as file” and open the file here again.`, 'error', { link: 'too-large' });
      $('share-output').value = url;
      $('share-output').hidden = false;
      return;
    }
    const result = await shareLink(url, document.title, $('share-output'));
    ctx.showMessage(shareFeedback(result, o.what), 'info', { link: result });
  });
  $('save-state').addEventListener('click', () => {
    const file = current()?.file;
    if (file) download(file);
  });
  if (ctx.isPage) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let scrolled;
    const scrolling = {};
    window.addEventListener('scroll', () => {
      clearTimeout(scrolled);
      linkPending(scrolling, true);
      scrolled = setTimeout(() => {
        ctx.stateChanged();
        linkPending(scrolling, false);
      }, 200);
    });
  }
  await followLinks(ctx, {
    current,
    open: (hash) => {
      const opened = ofKind(o.core.lab_open(hash), o.kind);
      o.show(opened);
      showSection(ctx, opened.view);
    },
    fresh: () => {
      o.fresh();
      if (ctx.isPage) window.scrollTo(0, 0);
    },
    // A lab opened without a link shows its fields as drawn.
    start: () => {},
    what: o.freshName,
  });
}

/** What the section helpers need of a view's context: its element look-up.
 * @typedef {{ $: (id: string) => HTMLElement | null }} SectionContext */

/** The section whose heading is nearest the top of the window (its id without `h-`).
 * @param {SectionContext} ctx
 * @param {string[]} ids */
function sectionInView(ctx, ids) {
  let best = ids[0];
  for (const id of ids) {
    const heading = ctx.$(`h-${id}`);
    if (heading && heading.getBoundingClientRect().top <= 80) best = id;
  }
  return best;
}

/** Scrolls a section's heading into view. @param {SectionContext} ctx @param {string} id */
function showSection(ctx, id) {
  ctx.$(`h-${id}`)?.scrollIntoView({ block: 'start' });
}
