// What a puzzle view gets from where it is drawn: a page (the document) or an embed (a shadow
// root). The view only talks to this context, so one view module serves both: element look-up
// inside its root, its own message line, share links, the ready mark and where its link is kept.
import { errorText, prefersReducedMotion } from './app.js';
import { addressBar } from './share-link.js';

/** The site's root URL, wherever this module is served from (a sub-path, another origin). */
export const SITE = new URL('../', import.meta.url);

/**
 * The context of one mounted view.
 * @param {Document|ShadowRoot} root  where the view's template is drawn
 * @param {{ page: string, embed?: boolean, link?: string, host?: HTMLElement | null }} options
 *   page: the view's page file ('devil.html'), for share links and the playground link
 *   embed: draw only the board and its controls
 *   link: the share fragment to open ('#devil/v1/…'; '' for a fresh puzzle)
 *   host: the custom element (embeds), which carries the ready mark
 */
export function viewContext(root, { page, embed = false, link = '', host = null }) {
  const isPage = root.nodeType === Node.DOCUMENT_NODE;
  const slot = root.querySelector('[data-view]');
  // Look-ups stay inside this view's slot, so a view an embed has replaced (its link changed)
  // only ever touches its own detached elements; a page's introduction is outside the slot.
  /** @param {string} id */
  const $ = (id) =>
    /** @type {import('./app.js').PageElement} */ (
      slot.querySelector(`#${CSS.escape(id)}`) ?? (isPage ? document.getElementById(id) : null)
    );
  const ctx = {
    root,
    slot,
    isPage,
    embed,
    $,
    $$: (selector) => slot.querySelectorAll(selector),
    /** The fragment the view opens with. */
    link: isPage ? location.hash : link,
    /** Shows a one-line message in this view's message line (status, or alert for errors). */
    showMessage(text, kind = 'info') {
      const el = $('message');
      if (!el) return;
      el.textContent = text;
      el.dataset.kind = kind;
      el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
      el.hidden = !text;
    },
    showError(err) {
      ctx.showMessage(errorText(err), 'error');
    },
    clearMessage() {
      ctx.showMessage('');
    },
    /** The playground URL of this view's page at `fragment`. */
    shareUrl(fragment) {
      return new URL(`${page}#${fragment}`, SITE).toString();
    },
    /** The page's own embed view (for the iframe snippet). */
    frameUrl(fragment) {
      return new URL(`${page}?embed=1#${fragment}`, SITE).toString();
    },
    /** Where the state's link is kept: the page's address bar, or the embed's playground link. */
    place: isPage ? addressBar() : playgroundLink(),
    /** The link keeper (../share-link.js), once the view follows links. */
    keeper: /** @type {ReturnType<typeof import('./share-link.js').linkKeeper> | null} */ (null),
    /** Call after every change of what the view shows: its link is kept (throttled). */
    stateChanged() {
      ctx.keeper?.changed();
    },
    /** Calls `open(fragment)` when the page's fragment changes (a link pasted in the bar). */
    onLinkChange(open) {
      if (isPage) window.addEventListener('hashchange', () => open(location.hash));
    },
    /** Marks the view drawn and interactive (tests wait for this). */
    ready() {
      if (isPage) {
        document.body.dataset.ready = 'true';
        performance.mark('interactive');
      } else if (host) {
        host.dataset.ready = 'true';
      }
    },
    /** Sleeps, for animations; resolves at once when motion is reduced. */
    pause(ms) {
      return new Promise((resolve) => setTimeout(resolve, prefersReducedMotion() ? 0 : ms));
    },
  };
  return ctx;

  /** An embed keeps its link in its "Open in the playground" link; the host page's address bar
   * is never touched. @returns {import('./share-link.js').LinkPlace} */
  function playgroundLink() {
    const anchor = () => (slot.isConnected ? /** @type {HTMLAnchorElement | null} */ (root.getElementById('playground-link')) : null);
    return {
      read: () => new URL(anchor()?.href || page, SITE).hash.slice(1),
      write(fragment) {
        const a = anchor();
        if (a) a.href = fragment === null ? new URL(page, SITE).toString() : ctx.shareUrl(fragment);
      },
      keepsOpened: false,
    };
  }
}

/** Draws `template` into the root's view slot (made when the root has none) and marks embeds. */
export function drawTemplate(root, template, { embed = false, name = '' } = {}) {
  let slot = root.querySelector('[data-view]');
  if (!slot) {
    slot = document.createElement('div');
    slot.dataset.view = name;
    root.append(slot);
  }
  slot.innerHTML = template;
  slot.classList.toggle('embed', embed);
  return slot;
}

/** Scrolls a list (a step log) to its last item without scrolling the page around it. */
export function scrollToEnd(list) {
  list.scrollTop = list.scrollHeight;
}
