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
//
// Options are attributes (read at connect and on every change): `view` (board | compact | full),
// `mode`, `step`, `controls="none"`, `theme`, `label`. A post drives the element with `step(n)`,
// `play()` and `pause()`, and hears a `change` event ({link, step} in its detail) after every
// change of the board's link or step. A host whose Content-Security-Policy refuses WebAssembly
// gets a frame of the same view instead; this script also sizes such frames (and the iframe
// snippet's) to their content.
import { puzzles } from './pkg/modules.js';
import { parseLink, isCspRefusal } from './js/embed-link.js';

/** A puzzle's view module.
 * @typedef {{ PAGE: string, STYLES: string[], mount: (root: ShadowRoot, options: { embed: boolean, link: string, host: HTMLElement }) => Promise<void> }} ViewModule */

/** The view module of `puzzle` (a name of the registry, src/registry.rs), loaded on first use.
 * @param {string} puzzle @returns {Promise<ViewModule>} */
const loadView = (puzzle) => import(new URL(puzzles[puzzle].view, import.meta.url).href);
const BASE_STYLES = ['css/site.css', 'css/embed.css'];
const VIEW_NAMES = ['board', 'compact', 'full'];
const SITE_ORIGIN = new URL(import.meta.url).origin;

/** The stylesheets' unit (see site.css): a length, so that the element's `1em` becomes pixels
 * where it is set and every part inherits those pixels, as a rem would be. Registered once per
 * document; an older browser without `CSS.registerProperty` gets the em, near enough. */
try {
  CSS.registerProperty({ name: '--cbp-rem', syntax: '<length>', inherits: true, initialValue: '16px' });
} catch {
  // Registered already (a second copy of this script), or not supported.
}

/** Adds style sheets (site-relative paths) to a shadow root; resolves once they have loaded.
 * @param {ShadowRoot} root
 * @param {string[]} paths */
function addStyles(root, paths) {
  return Promise.all(
    paths.map((path) => {
      const href = new URL(path, import.meta.url).toString();
      const have = [...root.querySelectorAll('link[rel=stylesheet]')].some((l) => /** @type {HTMLLinkElement} */ (l).href === href);
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
  static observedAttributes = ['link', 'view', 'mode', 'step', 'controls', 'label'];
  /** Bumped on every redraw, so a slow load for an old link does not draw over a new one. */
  #generation = 0;
  /** The drawn view's context (./js/view.js), once it is ready. */
  #ctx = /** @type {any} */ (null);
  #internals = this.attachInternals();
  /** The last change event's detail, so each change is told once. */
  #told = '';
  #observer = new MutationObserver(() => this.#tell());

  connectedCallback() {
    if (this.shadowRoot) return;
    this.attachShadow({ mode: 'open' });
    this.#draw();
  }

  /** @param {string} name @param {string | null} before @param {string | null} after */
  attributeChangedCallback(name, before, after) {
    if (!this.shadowRoot || before === after) return;
    if (name === 'link') this.#draw();
    else this.#apply();
  }

  /** The view shown: `board`, `compact` (the default) or `full`. */
  get view() {
    const view = this.getAttribute('view') ?? 'compact';
    return VIEW_NAMES.includes(view) ? view : 'compact';
  }

  /** Shows position `n` of the puzzle's steps (Watch's frames, an animation's presses; 0 is the
   * start), pausing play. Resolves once it is shown. @param {number | string} n */
  async step(n) {
    const stepper = this.#ctx?.steps?.stepper;
    if (!stepper) return;
    stepper.pause();
    await stepper.seek(Number(n));
  }

  /** Plays the steps from the one shown (from the start when at the end). */
  play() {
    this.#ctx?.steps?.stepper?.play();
  }

  /** Stops playing at the step shown. */
  pause() {
    this.#ctx?.steps?.stepper?.pause();
  }

  /** The link of the board shown (what "Open in the playground" opens). */
  get link() {
    return this.shadowRoot?.getElementById('playground-link')?.getAttribute('href') ?? this.getAttribute('link') ?? '';
  }

  set link(value) {
    this.setAttribute('link', value);
  }

  /** The step shown, or null when the puzzle shows no steps. */
  get currentStep() {
    const stepper = this.#ctx?.steps?.stepper;
    return stepper ? stepper.at : null;
  }

  /** The shadow root, attached in connectedCallback before anything is drawn. */
  get #root() {
    if (!this.shadowRoot) throw new Error('the element has no shadow root yet');
    return this.shadowRoot;
  }

  async #draw() {
    const generation = ++this.#generation;
    const root = this.#root;
    this.#ctx = null;
    this.#observer.disconnect();
    delete this.dataset.ready;
    delete this.dataset.error;
    root.replaceChildren();
    await addStyles(root, BASE_STYLES);
    if (generation !== this.#generation) return;
    const note = document.createElement('p');
    note.className = 'embed-loading';
    note.lang = 'en';
    note.textContent = 'Loading the puzzle…';
    root.append(note);
    let parsed = null;
    let page = '';
    try {
      parsed = parseLink(this.getAttribute('link'));
      const { puzzle, fragment } = parsed;
      const view = await loadView(puzzle);
      page = view.PAGE;
      await addStyles(root, view.STYLES);
      if (generation !== this.#generation) return;
      const slot = document.createElement('div');
      slot.dataset.view = puzzle;
      // The element's words are English whatever the post's language (a screen reader reads
      // them so); its direction is fixed in embed.css.
      slot.lang = 'en';
      const footer = document.createElement('p');
      footer.className = 'embed-footer';
      footer.lang = 'en';
      footer.innerHTML = '<a id="playground-link" target="_blank" rel="noopener">Open in the playground ↗</a>';
      // The view keeps this link at its state as the reader plays (see ./js/share-link.js).
      /** @type {HTMLAnchorElement} */ (footer.firstChild).href = new URL(`${view.PAGE}${fragment}`, import.meta.url).toString();
      note.replaceWith(slot, footer);
      this.#marks(slot);
      await view.mount(root, { embed: true, link: fragment, host: this });
      if (generation !== this.#generation) return;
      const { contexts } = await import('./js/view.js');
      this.#ctx = contexts.get(this) ?? null;
      this.#apply();
      this.dataset.ready = 'true';
      this.#observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['data-at', 'href'] });
      this.#tell();
    } catch (err) {
      if (generation !== this.#generation) return;
      if (parsed && page && isCspRefusal(err)) this.#frame(page, parsed.fragment, err);
      else this.#fail(err);
    }
  }

  /** Marks the slot with the view and controls shown, and the element with its role and name.
   * @param {HTMLElement | null} slot */
  #marks(slot) {
    if (!slot) return;
    slot.dataset.embedView = this.view;
    const figure = this.getAttribute('controls') === 'none';
    if (figure) slot.dataset.controls = 'none';
    else delete slot.dataset.controls;
    slot.inert = figure;
    const label = this.getAttribute('label');
    this.#internals.role = label || figure ? 'figure' : null;
    this.#internals.ariaLabel = label || null;
  }

  /** Applies the options to the drawn view: its view, controls, mode and step. */
  #apply() {
    const root = this.#root;
    this.#marks(/** @type {HTMLElement | null} */ (root.querySelector('[data-view]')));
    if (!this.#ctx) return;
    const mode = this.getAttribute('mode');
    if (mode) {
      const value = mode.replace(/-/g, '_');
      const choice = [...this.#ctx.$$('[data-mode]')].find((b) => b.dataset.mode === value);
      if (choice && choice.getAttribute('aria-pressed') !== 'true') choice.click();
    }
    const step = this.getAttribute('step');
    if (step !== null && step.trim() !== '' && Number.isFinite(Number(step))) void this.step(Number(step));
  }

  /** Fires `change` when the board's link or step has changed since the last one. */
  #tell() {
    if (!this.#ctx) return;
    const detail = { link: this.link, step: this.currentStep };
    const key = JSON.stringify(detail);
    if (key === this.#told) return;
    this.#told = key;
    this.dispatchEvent(new CustomEvent('change', { detail, bubbles: true, composed: true }));
  }

  /** Shows the same view in a frame of the site (which sizes itself): for a host whose policy
   * refuses WebAssembly but allows the site's frames.
   * @param {string} page @param {string} fragment @param {unknown} cause */
  #frame(page, fragment, cause) {
    const root = this.#root;
    for (const child of [...root.children]) if (child.localName !== 'link') child.remove();
    const query = new URLSearchParams({ embed: '1', view: this.view });
    if (this.getAttribute('controls') === 'none') query.set('controls', 'none');
    const frame = document.createElement('iframe');
    frame.src = new URL(`${page}?${query}${fragment}`, import.meta.url).toString();
    frame.title = this.getAttribute('label') || 'A puzzle from the chessboard puzzles playground';
    frame.className = 'embed-frame';
    frame.loading = 'lazy';
    frame.addEventListener('load', () => (this.dataset.ready = 'true'), { once: true });
    // A frame the policy also refuses never loads: then say which directives to add.
    const refused = (/** @type {SecurityPolicyViolationEvent} */ e) => {
      if (/^(frame|child|default)-src/.test(e.effectiveDirective) && e.blockedURI.startsWith(SITE_ORIGIN)) {
        document.removeEventListener('securitypolicyviolation', refused);
        // The first refusal names its own directive (a missing connect-src is decided by
        // default-src, not by 'wasm-unsafe-eval', which such a policy may well have).
        const first = /^this page's Content-Security-Policy (blocks (?!WebAssembly).*)$/.exec(cause instanceof Error ? cause.message : '')?.[1];
        // A policy that also lacks 'wasm-unsafe-eval' needs both.
        const wasm = /'wasm-unsafe-eval'/.test(e.originalPolicy) ? '' : ` and 'wasm-unsafe-eval' to script-src`;
        this.#fail(
          new Error(
            first
              ? `this site's Content-Security-Policy ${first}${wasm}, or ${SITE_ORIGIN} to frame-src`
              : `this site's Content-Security-Policy refuses WebAssembly and frames from ${SITE_ORIGIN}: add 'wasm-unsafe-eval' to script-src, or ${SITE_ORIGIN} to frame-src`,
          ),
        );
      }
    };
    document.addEventListener('securitypolicyviolation', refused);
    root.append(frame);
    this.dataset.frame = 'true';
  }

  /** Replaces the element's content with a one-line message. @param {unknown} err */
  #fail(err) {
    const root = this.#root;
    for (const child of [...root.children]) if (child.localName !== 'link') child.remove();
    const line = document.createElement('p');
    line.className = 'embed-error';
    line.lang = 'en';
    line.setAttribute('role', 'alert');
    const reason = String(err instanceof Error && err.message ? err.message : err).split('\n')[0];
    line.textContent = `This puzzle cannot be shown: ${reason.replace(/\.$/, '')}.`;
    root.append(line);
    delete this.dataset.ready;
    this.dataset.error = 'true';
  }
}

/** Every frame of the site's pages on this page (the element's fallback frames and plain iframe
 * snippets), for the height messages they post. */
function framesOnPage() {
  const roots = [document, ...[...document.querySelectorAll('chessboard-puzzle')].flatMap((e) => (e.shadowRoot ? [e.shadowRoot] : []))];
  return roots.flatMap((r) => [...r.querySelectorAll('iframe')]);
}

/** A framed page (`?embed=1`) posts its content height; its frame takes that height. */
function sizeFrames(/** @type {MessageEvent} */ e) {
  if (e.origin !== SITE_ORIGIN || e.data?.type !== 'chessboard-puzzle:height') return;
  const height = Number(e.data.height);
  if (!Number.isFinite(height) || height <= 0 || height > 20000) return;
  const frame = framesOnPage().find((f) => f.contentWindow === e.source);
  if (frame) frame.style.height = `${Math.ceil(height)}px`;
}

if (!customElements.get('chessboard-puzzle')) {
  customElements.define('chessboard-puzzle', ChessboardPuzzle);
  window.addEventListener('message', sizeFrames);
  // Frames of the site that drew before this script ran are asked for their height again.
  for (const frame of framesOnPage()) {
    if (frame.src.startsWith(SITE_ORIGIN)) frame.contentWindow?.postMessage({ type: 'chessboard-puzzle:measure' }, SITE_ORIGIN);
  }
}
