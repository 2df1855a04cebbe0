// Offline use: a page of a `cargo xtask dist` build (which writes `sw.js` and marks its pages
// with <meta name="service-worker" content="sw.js">) registers that worker, which keeps the
// whole build for use without a network; when a newer build's worker is waiting, a small bar
// says "A new version is ready" with a Reload button. `cargo xtask serve` has no worker (no
// mark), so a stale one can never hide a rebuild: a page without the mark removes a worker an
// earlier dist left on the same origin. Frames (an embed on another site) never register.
// Registration failing (service workers or storage refused, a private window) is not an error:
// the page works online as before.

/** The site's folder: this file is js/offline.js in it. */
const SITE = new URL('../', import.meta.url);

/** Registers the build's worker, or removes a stale one. Never throws. */
export function registerOffline() {
  try {
    if (!('serviceWorker' in navigator) || window.top !== window || SITE.origin !== location.origin) return;
    const mark = document.querySelector('meta[name="service-worker"]');
    if (mark) {
      // After the page has loaded: the worker's precache never competes with the page's own
      // first downloads (its wasm module above all).
      const go = () => register(new URL(mark.getAttribute('content') ?? 'sw.js', SITE)).catch(() => {});
      if (document.readyState === 'complete') go();
      else window.addEventListener('load', go, { once: true });
    } else unregisterStale().catch(() => {});
  } catch {
    // A frame whose parent is on another origin, or no service workers: nothing to do.
  }
}

async function register(/** @type {URL} */ script) {
  const registration = await navigator.serviceWorker.register(script, { scope: SITE.href, updateViaCache: 'none' });
  const offer = (/** @type {ServiceWorker | null} */ worker) => {
    if (worker && navigator.serviceWorker.controller) showUpdate(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
}

/** A development page: a worker of this site's folder (from an earlier dist) would answer
 * with that build's files, so it goes. */
async function unregisterStale() {
  for (const registration of await navigator.serviceWorker.getRegistrations()) {
    if (registration.scope === SITE.href) await registration.unregister();
  }
}

/** The bar that says a new version is ready; Reload lets the waiting worker take over, then
 * reloads the page with the new build. */
function showUpdate(/** @type {ServiceWorker} */ worker) {
  if (document.getElementById('update-ready')) return;
  const bar = document.createElement('div');
  bar.id = 'update-ready';
  bar.setAttribute('role', 'status');
  bar.style.cssText =
    'position:fixed;inset:auto 0.75rem 0.75rem auto;z-index:20;display:flex;gap:0.6rem;align-items:center;' +
    'padding:0.5rem 0.8rem;border-radius:8px;background:var(--header, #24292f);color:#fff;box-shadow:0 4px 16px rgba(0,0,0,0.3)';
  const text = document.createElement('span');
  text.textContent = 'A new version is ready.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'primary';
  reload.textContent = 'Reload';
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = '×';
  dismiss.setAttribute('aria-label', 'Dismiss: keep this version until the next visit');
  reload.addEventListener('click', () => {
    reload.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    worker.postMessage({ type: 'SKIP_WAITING' });
  });
  dismiss.addEventListener('click', () => bar.remove());
  bar.append(text, reload, dismiss);
  document.body.append(bar);
}
