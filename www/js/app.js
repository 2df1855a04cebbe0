// What every page shares: loading the wasm core, the message line where errors show,
// embed mode and motion preferences. Views import from here; no rules live here.
import { drawSiteHeader } from './components/site-header.js';

let wasmPromise = null;

/** Loads and initialises the wasm core once; resolves to its exports. */
export function loadCore() {
  if (!wasmPromise) {
    wasmPromise = import('../pkg/chessboard_puzzles.js').then(async (mod) => {
      await mod.default();
      return mod;
    });
  }
  return wasmPromise;
}

/** The message of anything thrown by the core (a JsError) or the page. */
export function errorText(err) {
  if (err && typeof err === 'object' && 'message' in err) return String(err.message);
  return String(err);
}

/** Shows a message in the page's message line (role=status / alert). */
export function showMessage(text, kind = 'info') {
  const el = document.getElementById('message');
  if (!el) return;
  el.textContent = text;
  el.dataset.kind = kind;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.hidden = !text;
}

export function showError(err) {
  showMessage(errorText(err), 'error');
}

export function clearMessage() {
  showMessage('');
}

/** Whether the page runs embedded (`?embed=1`): only the board and its controls. */
export function isEmbedded() {
  return new URLSearchParams(location.search).get('embed') === '1';
}

export function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Copies text to the clipboard, falling back to a selected text box the user can copy. */
export async function copyText(text, output) {
  if (output) {
    output.value = text;
    output.hidden = false;
  }
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (output) output.select();
    return false;
  }
}

/** Fills the site header, marks the body for embed mode and routes uncaught errors to the
 * message line. Call once per page. */
export function initPage() {
  if (isEmbedded()) document.body.classList.add('embed');
  const header = document.querySelector('header.site-header');
  if (header) drawSiteHeader(header, location.pathname.split('/').pop() || 'index.html');
  window.addEventListener('error', (e) => showError(e.message));
  window.addEventListener('unhandledrejection', (e) => showError(e.reason));
}
