// What a puzzle view gets from where it is drawn: a page (the document) or an embed (a shadow
// root). The view only talks to this context, so one view module serves both: element look-up
// inside its root, its own message line, share links, the ready mark and where its link is kept.
import { errorText, prefersReducedMotion } from './app.js';
import { addressBar } from './share-link.js';
import { puzzles } from '../pkg/modules.js';
import { showResult } from './components/result.js';

/** The site's root URL, wherever this module is served from (a sub-path, another origin). */
export const SITE = new URL('../', import.meta.url);

/** The views an embed can show: `board` (the board and its step bar), `compact` (the board, the
 * controls it needs, a status line), `full` (the page's embed view). */
export const EMBED_VIEWS = ['board', 'compact', 'full'];

/** How much wider than tall the board of a 460 px frame is drawn, px (its width). */
const FRAME_BOARD = 447;

/**
 * The height of a 460 px frame (`?embed=1&view=…`) of `view` of `puzzle` whose board is
 * `rows / cols` as tall as wide: a square board's from the registry (src/registry.rs, through the
 * manifest), as tests/browser/embed-post.test.mjs measures it. It is the iframe snippet's height
 * until the composer has measured the framed page at every width (../components/share-bar.js);
 * every view keeps its height as it is played (www/css/embed.css).
 * @param {string} puzzle a puzzle of the registry
 * @param {string} [view]
 * @param {number} [aspect] rows / cols of a Devil or Lights board
 */
export function frameHeight(puzzle, view = 'full', aspect = 1) {
  const heights = puzzles[puzzle].frameHeights;
  const extra = puzzle === 'devil' || puzzle === 'lights' ? Math.round(FRAME_BOARD * (Math.min(aspect, 2) - 1)) : 0;
  return heights[/** @type {'board' | 'compact' | 'full'} */ (EMBED_VIEWS.includes(view) ? view : 'full')] + extra;
}

/** The context of each embed's view, by its element (../embed.js drives the view through it). */
export const contexts = new WeakMap();

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
  const slot = viewSlot(root);
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
    /** @param {string} selector @returns {NodeListOf<HTMLElement>} */
    $$: (selector) => slot.querySelectorAll(selector),
    /** The fragment the view opens with. */
    link: isPage ? location.hash : link,
    /** Shows a one-line message in this view's message line (status, or alert for errors), with
     * the figures it states as `data-*` (../components/result.js).
     * @param {string} text
     * @param {import('./app.js').MessageKind} [kind]
     * @param {Record<string, string | number | boolean | null | undefined>} [facts] */
    showMessage(text, kind = 'info', facts = {}) {
      const el = $('message');
      if (!el) return;
      showResult(el, text, facts);
      el.dataset.kind = kind;
      el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
      el.hidden = !text;
    },
    /** @param {unknown} err */
    showError(err) {
      ctx.showMessage(errorText(err), 'error');
    },
    clearMessage() {
      ctx.showMessage('');
    },
    /** The playground URL of this view's page at `fragment`. @param {string} fragment */
    shareUrl(fragment) {
      return new URL(`${page}#${fragment}`, SITE).toString();
    },
    /** The page's own embed view (for the iframe snippet): `view` is an embed view
     * (board, compact, full: the default). @param {string} fragment */
    frameUrl(fragment, view = 'full') {
      const query = view === 'full' || !EMBED_VIEWS.includes(view) ? 'embed=1' : `embed=1&view=${view}`;
      return new URL(`${page}?${query}#${fragment}`, SITE).toString();
    },
    /** Where the state's link is kept: the page's address bar, or the embed's playground link. */
    place: isPage ? addressBar() : playgroundLink(),
    /** The link keeper (../share-link.js), once the view follows links. */
    keeper: /** @type {ReturnType<typeof import('./share-link.js').linkKeeper> | null} */ (null),
    /** Call after every change of what the view shows: its link is kept (throttled). */
    stateChanged() {
      ctx.keeper?.changed();
    },
    /** Calls `open(fragment)` when the page's fragment changes (a link pasted in the bar), and
     * counts on the body's `data-links-opened` the pasted links it has opened (shown, or refused
     * with the message): the one fact that says a pasted link is done with.
     * @param {(fragment: string) => Promise<void>} open */
    onLinkChange(open) {
      if (!isPage) return;
      let opened = 0;
      window.addEventListener('hashchange', async () => {
        await open(location.hash);
        document.body.dataset.linksOpened = String(++opened);
      });
    },
    /** Marks the view drawn and interactive (tests wait for this). */
    ready() {
      if (isPage) {
        if (embed) applyFrameOptions(ctx);
        document.body.dataset.ready = 'true';
        performance.mark('interactive');
      }
      // An embed's element marks itself ready once its methods can reach this context
      // (../embed.js), not here: a post that acts on the mark must find them working.
    },
    /** The view's main step bar (./components/step-bar.js `mountStepBar`), if it has one: an
     * embed's `step(n)`, `play()` and `pause()` drive it. */
    steps: /** @type {ReturnType<typeof import('./components/step-bar.js').mountStepBar> | null} */ (null),
    /** Sleeps, for animations; resolves at once when motion is reduced. @param {number} ms */
    pause(ms) {
      return new Promise((resolve) => setTimeout(resolve, prefersReducedMotion() ? 0 : ms));
    },
  };
  if (host) contexts.set(host, ctx);
  if (isPage && embed) postHeight();
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
      unthrottled: true,
      pendingOn: host ?? undefined,
    };
  }
}

/** The slot `drawTemplate` made in `root`: a view's context needs its template drawn first.
 * @param {Document | ShadowRoot} root */
function viewSlot(root) {
  const slot = /** @type {HTMLElement | null} */ (root.querySelector('[data-view]'));
  if (!slot) throw new Error('no [data-view] slot to mount the view in: draw its template first');
  return slot;
}

/**
 * A framed page's options beyond the view (`?embed=1&mode=play-a&step=3&theme=dark`), as the
 * element's attributes of the same names: the mode's button is pressed, the main step bar
 * moved to the step, the colours set. Unknown values are ignored, as the element ignores them.
 * @param {{ $$: (selector: string) => NodeListOf<any>, steps: any }} ctx
 */
function applyFrameOptions(ctx) {
  const query = new URLSearchParams(location.search);
  const theme = query.get('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.style.colorScheme = theme;
  const mode = query.get('mode')?.replace(/-/g, '_');
  const choice = mode ? [...ctx.$$('[data-mode]')].find((b) => b.dataset.mode === mode) : undefined;
  if (choice && choice.getAttribute('aria-pressed') !== 'true') choice.click();
  const step = Number(query.get('step') ?? NaN);
  const stepper = ctx.steps?.stepper;
  if (stepper && Number.isInteger(step) && step >= 0) void stepper.seek(step);
}

/** Draws `template` into the root's view slot (made when the root has none) and marks embeds
 * with the view they show: an element's `view` and `controls` attributes (../embed.js sets them
 * on the slot it makes), or a frame's `?view=` and `?controls=` (default: the full view).
 * @param {Document | ShadowRoot} root
 * @param {string} template
 * @param {{ embed?: boolean, name?: string }} [options] */
export function drawTemplate(root, template, { embed = false, name = '' } = {}) {
  let slot = /** @type {HTMLElement | null} */ (root.querySelector('[data-view]'));
  if (!slot) {
    slot = document.createElement('div');
    slot.dataset.view = name;
    root.append(slot);
  }
  slot.innerHTML = template;
  slot.classList.toggle('embed', embed);
  if (embed && root.nodeType === Node.DOCUMENT_NODE) {
    const query = new URLSearchParams(location.search);
    const view = query.get('view') ?? 'full';
    slot.dataset.embedView = EMBED_VIEWS.includes(view) ? view : 'full';
    if (query.get('controls') === 'none') slot.dataset.controls = 'none';
    const sheet = new URL('css/embed.css', SITE).toString();
    if (![...document.querySelectorAll('link[rel=stylesheet]')].some((l) => /** @type {HTMLLinkElement} */ (l).href === sheet)) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = sheet;
      document.head.append(link);
    }
  }
  return slot;
}

/** A page framed as an embed (`?embed=1`) tells the page around it its content height, so a
 * frame (resized by ../embed.js) never scrolls inside. */
function postHeight() {
  if (window.parent === window) return;
  let last = 0;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    // To any origin, and only the height: the frame cannot know which page embeds it (an iframe
    // snippet on a host without scripts never greets it), and a height tells nothing of the
    // reader's moves, which the address (the link) would.
    window.parent.postMessage({ type: 'chessboard-puzzle:height', height }, '*');
  };
  new ResizeObserver(send).observe(document.documentElement);
  // Chromium pauses a cross-origin frame's rendering, and so its ResizeObserver, while the frame
  // is off screen: a frame below the fold would keep its first height until scrolled to. Changes
  // to the page's markup are still observed there, and measuring forces the layout.
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let queued;
  new MutationObserver(() => {
    clearTimeout(queued);
    queued = setTimeout(send, 100);
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  window.addEventListener('load', send);
  // A page that loads embed.js after this frame has drawn asks for the height again.
  window.addEventListener('message', (e) => {
    if (e.source === window.parent && e.data?.type === 'chessboard-puzzle:measure') {
      last = 0;
      send();
    }
  });
  send();
}

/** Scrolls a list (a step log) to its last item without scrolling the page around it.
 * @param {Element} list */
export function scrollToEnd(list) {
  list.scrollTop = list.scrollHeight;
}
