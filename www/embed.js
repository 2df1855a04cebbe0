// <chessboard-puzzle link="…">: one script tag, then any puzzle's share link drawn inline.
//
//   <script type="module" src="https://SITE/embed.js"></script>
//   <chessboard-puzzle link="https://SITE/devil.html#devil/v1/RAAAE2t4"></chessboard-puzzle>
//
// The element draws the puzzle's view (the same module the playground page mounts) into its
// own shadow root, so the post's CSS cannot reach it and its CSS stays inside. It loads only
// the view and wasm module of its puzzle; elements of one puzzle share them. Every URL is
// resolved against this file's own URL, so a post on another origin works. The element never
// touches the post's address bar: its "Open in the playground" link follows the board instead.
import { quoted } from './js/share-link.js';

/** The view module of each puzzle, loaded on first use. */
const VIEWS = {
  devil: () => import('./js/views/devil.js'),
  lights: () => import('./js/views/lights.js'),
  table: () => import('./js/views/table.js'),
  chess: () => import('./js/views/chess.js'),
};
/** A page link without a fragment opens that page's fresh puzzle. */
const PAGES = { 'devil.html': 'devil', 'lights.html': 'lights', 'table.html': 'table', 'chess.html': 'chess' };
const BASE_STYLES = ['css/site.css', 'css/embed.css'];

/**
 * The puzzle and share fragment of `link`: a full share URL, or a fragment (`#lights/v1/…`)
 * resolved against this file's URL. Throws an Error with a one-line reason.
 */
export function parseLink(link) {
  const text = (link ?? '').trim();
  if (!text) throw new Error('no link: set link="…" to a share link of the playground');
  let url;
  try {
    url = new URL(text, import.meta.url);
  } catch {
    throw new Error(`'${quoted(text)}' is not a link`);
  }
  const puzzle = url.hash.slice(1).split('/')[0];
  if (Object.hasOwn(VIEWS, puzzle)) return { puzzle, fragment: url.hash };
  const file = url.pathname.split('/').pop();
  if (Object.hasOwn(PAGES, file) && url.hash.length <= 1) return { puzzle: PAGES[file], fragment: '' };
  throw new Error(`'${quoted(text)}' is not a share link of a puzzle (devil, lights, table or chess)`);
}

/** Adds style sheets (site-relative paths) to a shadow root; resolves once they have loaded. */
function addStyles(root, paths) {
  return Promise.all(
    paths.map((path) => {
      const href = new URL(path, import.meta.url).toString();
      const have = [...root.querySelectorAll('link[rel=stylesheet]')].some((l) => l.href === href);
      if (have) return null;
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      const loaded = new Promise((resolve) => {
        link.onload = resolve;
        link.onerror = resolve; // an unstyled board still works; the view reports real failures
      });
      root.append(link);
      return loaded;
    }),
  );
}

export class ChessboardPuzzle extends HTMLElement {
  static observedAttributes = ['link'];
  /** Bumped on every redraw, so a slow load for an old link does not draw over a new one. */
  #generation = 0;

  connectedCallback() {
    if (this.shadowRoot) return;
    this.attachShadow({ mode: 'open' });
    this.#draw();
  }

  attributeChangedCallback(name, before, after) {
    if (this.shadowRoot && before !== after) this.#draw();
  }

  async #draw() {
    const generation = ++this.#generation;
    const root = this.shadowRoot;
    delete this.dataset.ready;
    delete this.dataset.error;
    root.replaceChildren();
    await addStyles(root, BASE_STYLES);
    if (generation !== this.#generation) return;
    const note = document.createElement('p');
    note.className = 'embed-loading';
    note.textContent = 'Loading the puzzle…';
    root.append(note);
    try {
      const { puzzle, fragment } = parseLink(this.getAttribute('link'));
      const view = await VIEWS[puzzle]();
      await addStyles(root, view.STYLES);
      if (generation !== this.#generation) return;
      const slot = document.createElement('div');
      slot.dataset.view = puzzle;
      const footer = document.createElement('p');
      footer.className = 'embed-footer';
      footer.innerHTML = '<a id="playground-link" target="_blank" rel="noopener">Open in the playground ↗</a>';
      // The view keeps this link at its state as the reader plays (see ./js/share-link.js).
      /** @type {HTMLAnchorElement} */ (footer.firstChild).href = new URL(`${view.PAGE}${fragment}`, import.meta.url).toString();
      note.replaceWith(slot, footer);
      await view.mount(root, { embed: true, link: fragment, host: this });
    } catch (err) {
      if (generation !== this.#generation) return;
      this.#fail(err);
    }
  }

  /** Replaces the element's content with a one-line message. */
  #fail(err) {
    const root = this.shadowRoot;
    for (const child of [...root.children]) if (child.localName !== 'link') child.remove();
    const line = document.createElement('p');
    line.className = 'embed-error';
    line.setAttribute('role', 'alert');
    const reason = String(err && err.message ? err.message : err).split('\n')[0];
    line.textContent = `This puzzle cannot be shown: ${reason.replace(/\.$/, '')}.`;
    root.append(line);
    this.dataset.error = 'true';
  }
}

if (!customElements.get('chessboard-puzzle')) customElements.define('chessboard-puzzle', ChessboardPuzzle);
