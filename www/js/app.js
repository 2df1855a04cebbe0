// What every page shares: loading the page's wasm module, the message line where errors show,
// embed mode and motion preferences. Views import from here; no rules live here.
// The manifest is imported statically (a few hundred bytes, no wasm) so that it downloads with
// this file rather than one round trip later.
import modules from '../pkg/modules.js';
import { policyBlock, policyError } from './policy.js';

/**
 * An element a page or view looks up by id in its own template. Those ids name form controls
 * (inputs, selects, buttons, links) and plain boxes alike, and a look-up by id cannot tell
 * which, so this type has the properties of each: a misspelt property is still an error.
 * @typedef {HTMLInputElement & HTMLSelectElement & HTMLAnchorElement} PageElement
 */

/**
 * Each wasm module's exports, as wasm-bindgen declares them (committed in
 * tests/types/www/pkg/<module>.d.ts, refreshed by `cargo xtask types`).
 * @typedef {{
 *   devil: typeof import('../pkg/devil.js'),
 *   lab: typeof import('../pkg/lab.js'),
 *   lights: typeof import('../pkg/lights.js'),
 *   'lights-full': typeof import('../pkg/lights-full.js'),
 *   table: typeof import('../pkg/table.js'),
 *   chess: typeof import('../pkg/chess.js'),
 * }} Cores
 */

/** The name of a wasm module (see www/pkg/modules.js). @typedef {keyof Cores} ModuleName */

/** A compiled module and the URL of its glue, what a Worker needs to run it.
 * @typedef {{ module: WebAssembly.Module, glueUrl: string }} CompiledModule */

/** Per module name, the promise of its compiled module: each is fetched and compiled once.
 * @type {Map<ModuleName, Promise<CompiledModule>>} */
const compiledModules = new Map();
/** Per module name, the promise of its initialised exports on this page.
 * @type {Map<ModuleName, Promise<Cores[ModuleName]>>} */
const cores = new Map();

/** The URLs of module `name`'s glue and wasm, relative to this file, not the page, so a page on
 * another origin that imports app.js gets the modules from app.js's own site.
 * @param {ModuleName} name */
function urls(name) {
  const files = modules[name];
  if (!files) throw new Error(`no wasm module named ${name}`);
  const pkg = new URL('../pkg/', import.meta.url);
  return { glueUrl: new URL(files.js, pkg).href, wasmUrl: new URL(files.wasm, pkg) };
}

/**
 * Loads, compiles and initialises the wasm module `name` (see www/pkg/modules.js) once per
 * page; resolves to its exports.
 * @template {ModuleName} N
 * @param {N} name
 * @returns {Promise<Cores[N]>}
 */
export function loadCore(name) {
  let core = cores.get(name);
  if (!core) cores.set(name, (core = instantiate(name)));
  return /** @type {Promise<Cores[N]>} */ (core);
}

/** @param {ModuleName} name @returns {Promise<Cores[ModuleName]>} */
async function instantiate(name) {
  const { glueUrl } = urls(name);
  const [glue, { module }] = await Promise.all([
    import(glueUrl).catch(async (err) => {
      throw (await policyBlock(glueUrl)) ?? err;
    }),
    compiled(name),
  ]);
  await glue.default({ module_or_path: module });
  return glue;
}

/** The compiled `WebAssembly.Module` of `name` and the URL of its glue, for a Worker: compiled
 * once, and not instantiated on the page unless the page asks for it with `loadCore`.
 * @param {ModuleName} name
 * @returns {Promise<CompiledModule>} */
export function compiled(name) {
  let module = compiledModules.get(name);
  if (!module) {
    module = (async () => {
      const { glueUrl, wasmUrl } = urls(name);
      return { module: await compile(wasmUrl), glueUrl };
    })();
    compiledModules.set(name, module);
  }
  return module;
}

/** Compiles while downloading; a host that sends wasm with another type gets compiled from bytes.
 * @param {URL} url */
async function compile(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw (await policyBlock(url.href)) ?? err;
  }
  if (!response.ok) throw new Error(`cannot load ${url.pathname}: HTTP ${response.status}`);
  try {
    if (response.headers.get('content-type')?.startsWith('application/wasm')) {
      return await WebAssembly.compileStreaming(response);
    }
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (err) {
    throw (await policyBlock('wasm-eval')) ?? wasmRefusal(err) ?? err;
  }
}

/** A browser's CompileError for WebAssembly refused by the page's policy (when no violation
 * event came), as the one line; null for any other error.
 * @param {unknown} err */
function wasmRefusal(err) {
  const text = errorText(err);
  if (!/Content.Security.Policy|unsafe-eval|\bCSP\b/i.test(text)) return null;
  const directive = /directive:? "([a-z-]+)/i.exec(text)?.[1] ?? 'script-src';
  return policyError(directive, directive, 'wasm-eval');
}

/**
 * `value`, or a clear error naming what is missing: for a look-up of what the page's own markup
 * always has (an element, a canvas's context), where a miss is a bug to report rather than a
 * state to handle.
 * @template T
 * @param {T | null | undefined} value
 * @param {string} what  what was looked up (a selector, an id)
 * @returns {T}
 */
export function found(value, what) {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

/**
 * The element `#id` in `root`, of the DOM type its markup gives it (`HTMLCanvasElement`);
 * a clear error when it is missing or of another type.
 * @template {Element} E
 * @param {ParentNode} root
 * @param {string} id
 * @param {{ new (): E, prototype: E }} type
 * @returns {E}
 */
export function byId(root, id, type) {
  const element = root.querySelector(`#${CSS.escape(id)}`);
  if (!(element instanceof type)) throw new Error(`missing: the ${type.name} #${id}`);
  return element;
}

/** The message of anything thrown by the core (a JsError) or the page.
 * @param {unknown} err */
export function errorText(err) {
  if (err && typeof err === 'object' && 'message' in err) return String(err.message);
  return String(err);
}

/**
 * Whether `err` is a cancellation rather than a failure (then there is nothing to report): a
 * Worker job cancelled with its Cancel button (./worker-client.js) rejects with a `DOMException`
 * named 'AbortError', the kind `fetch` and `AbortController` use; a failure of the core is an
 * `Error` with its one-line message.
 * @param {unknown} err
 */
export function isCancelled(err) {
  return typeof err === 'object' && err !== null && /** @type {{ name?: unknown }} */ (err).name === 'AbortError';
}

/** How a message reads (its colour; an error is an alert): @typedef {'info' | 'error' | 'win' | 'lose'} MessageKind */

/** Shows a message in the page's message line (role=status / alert).
 * @param {string} text
 * @param {MessageKind} [kind] */
export function showMessage(text, kind = 'info') {
  const el = document.getElementById('message');
  if (!el) return;
  el.textContent = text;
  el.dataset.kind = kind;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.hidden = !text;
}

/** @param {unknown} err */
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

/**
 * Reads a stored string, or null. Storage may be refused anywhere (a frame on another site, a
 * private window, a strict browser), and then even naming `localStorage` throws: nothing a
 * reader needs to play may depend on it.
 * @param {'local' | 'session'} area
 * @param {string} name
 * @returns {string | null}
 */
export function readStored(area, name) {
  try {
    return (area === 'local' ? window.localStorage : window.sessionStorage).getItem(name);
  } catch {
    return null;
  }
}

/**
 * Stores a string; returns false when the browser refuses storage.
 * @param {'local' | 'session'} area
 * @param {string} name
 * @param {string} value
 */
export function writeStored(area, name, value) {
  try {
    (area === 'local' ? window.localStorage : window.sessionStorage).setItem(name, value);
    return true;
  } catch {
    return false;
  }
}

/** Copies text to the clipboard, falling back to a selected text box the user can copy.
 * @param {string} text
 * @param {HTMLInputElement | HTMLTextAreaElement | null} [output] */
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

/** Marks the body for embed mode, routes uncaught errors to the message line and makes the
 * page's skip link work. Call once per page. */
export function initPage() {
  if (isEmbedded()) document.body.classList.add('embed');
  window.addEventListener('error', (e) => showError(e.message));
  window.addEventListener('unhandledrejection', (e) => showError(e.reason));
  for (const link of document.querySelectorAll('a.skip-link')) link.addEventListener('click', skipToBoard);
  // A dist build's service worker (offline use); loaded after the page, never by an embed.
  import('./offline.js').then((m) => m.registerOffline(), () => {});
}

/**
 * "Skip to the board": focuses the first shown element of the link's `data-focus` selector
 * list. The link is not followed, because a page's fragment is its share link.
 * @param {Event} e
 */
function skipToBoard(e) {
  e.preventDefault();
  const link = /** @type {HTMLAnchorElement} */ (e.currentTarget);
  const shown = [...document.querySelectorAll(link.dataset.focus ?? '')].find((el) => el.getClientRects().length > 0);
  const target = /** @type {HTMLElement | undefined} */ (shown);
  if (!target) return;
  // A section (the labs) is not focusable by itself.
  if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.tabIndex = -1;
  target.focus();
}
