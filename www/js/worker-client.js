// Runs long core functions in a Web Worker so the page never freezes, with a progress bar
// and a cancel button. Use: `const job = runJob('lights_solve', [args], panel, 'lights')`.
import { compiled, found, isCancelled } from './app.js';
import { policyBlock, policyError } from './policy.js';

// How a page tells a cancelled job from a failure (defined in app.js, which pages without a
// Worker load too).
export { isCancelled };

/** Per module name, workers that finished a job and wait for the next one.
 * @type {Map<string, Worker[]>} */
const idle = new Map();
/** Idle workers kept per module: one starts the next job at once; more would only hold memory
 * (each holds its own instance of the module). A worker finishing past this is ended. */
export const MAX_IDLE = 1;
/** The job each panel shows: a new job in the same panel (the same kind of work, asked again)
 * replaces it, so clicking Verify twenty times runs one job, not twenty.
 * @type {WeakMap<HTMLElement, { cancel: () => void }>} */
const inPanel = new WeakMap();

/**
 * A worker for module `name`: an idle one, or a new one (started only when a job comes) that
 * gets the page's compiled `WebAssembly.Module`, so the wasm is never downloaded twice.
 * @param {import('./app.js').ModuleName} name
 * @returns {Promise<Worker>}
 */
async function takeWorker(name) {
  const waiting = idle.get(name)?.pop();
  if (waiting) return waiting;
  const { module, glueUrl } = await compiled(name);
  const worker = startWorker();
  worker.postMessage({ type: 'init', module, glueUrl });
  return worker;
}

/**
 * How a page of origin `page` starts a Worker whose script is of origin `script`. A page may not
 * start a Worker from another origin's URL, so a page that embeds a board from this site (a blog
 * post) starts one from a blob of its own (SHIM) that imports worker.js from here (the site sends
 * scripts with CORS): a module Worker, except on an opaque origin ('null': a page framed with
 * `sandbox="allow-scripts"`, at the site's URL but of no origin), which may not start a module
 * Worker from its own blob but may start a classic one, whose `import()` loads worker.js alike.
 * Origins are `self.origin`'s, not `location.origin`'s, which is the site's in that frame.
 * @param {string} script @param {string} page
 * @returns {'direct' | 'module blob' | 'classic blob'}
 */
export function workerStart(script, page) {
  if (script === page) return 'direct';
  return page === 'null' ? 'classic blob' : 'module blob';
}

/** A Worker running worker.js, started as `workerStart` says. */
function startWorker() {
  const url = new URL('./worker.js', import.meta.url);
  const how = workerStart(url.origin, self.origin);
  if (how === 'direct') return new Worker(url, { type: 'module' });
  const shim = new Blob([`const WORKER = ${JSON.stringify(url.href)};\n${SHIM}`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(shim), how === 'module blob' ? { type: 'module' } : {});
}

/**
 * The blob Worker's script. It imports worker.js dynamically, not statically: a dynamic import
 * is a script fetch, so the host's script-src (which already names this site for embed.js)
 * decides it rather than worker-src, and when the host's policy refuses it the shim still runs
 * and tells the page which directive did (`blocked`, then `failed`), where a static import
 * would only give the page a Worker error event without a message. Messages that come before
 * worker.js has loaded are held and then handed to it in order.
 */
const SHIM = `
const held = [];
const hold = (e) => held.push(e.data);
self.addEventListener('message', hold);
self.addEventListener('securitypolicyviolation', (e) =>
  self.postMessage({ type: 'blocked', directive: e.effectiveDirective, blocked: e.blockedURI, policy: e.originalPolicy }));
import(WORKER).then(
  () => {
    self.removeEventListener('message', hold);
    for (const data of held) self.dispatchEvent(new MessageEvent('message', { data }));
  },
  (err) => setTimeout(() => self.postMessage({ type: 'failed', message: String(err && err.message ? err.message : err) }), 0),
);`;

/**
 * The error of a Worker that failed: a policy's refusal (the host's Content-Security-Policy,
 * reported by the page's violation events or by the shim) as one line naming the directive;
 * otherwise `message`, or "the worker failed" when the browser gave none.
 * @param {{ directive: string, blocked: string, policy: string } | null} blocked  what the shim reported
 * @param {string} [message]
 */
async function workerError(blocked, message) {
  if (blocked) return policyError(blocked.directive, blocked.policy, blocked.blocked || 'blob');
  return (await policyBlock('blob')) ?? new Error(message || 'the worker failed');
}

/** Keeps a worker that finished its job for the next one, or ends it (see MAX_IDLE).
 * @param {string} name
 * @param {Worker} worker */
function release(name, worker) {
  let waiting = idle.get(name);
  if (!waiting) idle.set(name, (waiting = []));
  if (waiting.length >= MAX_IDLE) worker.terminate();
  else waiting.push(worker);
}

/**
 * Starts `fn(...args, progress)` of wasm module `module` in a worker. `panel` (optional) is an
 * element made by `jobPanel()`: it shows progress and a cancel button while the job runs, and a
 * job still running in it is cancelled first (the newer one replaces it).
 * Returns `{ promise, cancel }`; the promise rejects on cancel with an error that `isCancelled`
 * recognises, and cancelling terminates the worker (the next job starts a fresh one from the
 * same compiled module).
 * @param {string} fn  the core function's name
 * @param {unknown[]} args
 * @param {HTMLElement | null | undefined} panel
 * @param {import('./app.js').ModuleName} module  the wasm module's name (www/pkg/modules.js)
 * @param {[string, ...unknown[]]} [call]  a method to call, with progress, on the session `fn`
 *   makes (worker.js): the promise then gives `{value, steps}`
 * @returns {{ promise: Promise<any>, cancel: () => void }}
 */
export function runJob(fn, args, panel, module, call) {
  /** @type {{ resolve: (value: any) => void, reject: (reason: unknown) => void }} */
  let settle = { resolve: () => {}, reject: () => {} };
  /** @type {Worker | null} */
  let worker = null;
  let cancelled = false;
  /** Settled (done, failed or cancelled): a late cancel must not end a worker now idle. */
  let over = false;
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  promise.then(
    () => (over = true),
    () => (over = true),
  );
  const hidePanel = () => {
    if (panel) panel.hidden = true;
  };
  const cancel = () => {
    if (cancelled || over) return;
    cancelled = true;
    if (worker) worker.terminate();
    hidePanel();
    settle.reject(new DOMException('cancelled', 'AbortError'));
  };
  if (panel) {
    inPanel.get(panel)?.cancel();
    inPanel.set(panel, { cancel });
    const forget = () => {
      if (inPanel.get(panel)?.cancel === cancel) inPanel.delete(panel);
    };
    promise.then(forget, forget);
    panel.hidden = false;
    found(panel.querySelector('progress'), 'progress bar').removeAttribute('value');
    found(panel.querySelector('.job-text'), 'job text').textContent = 'Working…';
    found(panel.querySelector('button'), 'cancel button').onclick = cancel;
  }
  takeWorker(module).then(
    (w) => {
      if (cancelled) {
        release(module, w);
        return;
      }
      worker = w;
      /** @type {{ directive: string, blocked: string, policy: string } | null} */
      let blocked = null;
      w.onmessage = async ({ data }) => {
        if (data.type === 'blocked') {
          blocked = data;
          return;
        }
        if (data.type === 'progress') {
          if (panel && data.total > 0) {
            const bar = found(panel.querySelector('progress'), 'progress bar');
            bar.max = data.total;
            bar.value = data.done;
            found(panel.querySelector('.job-text'), 'job text').textContent = `${Math.floor((100 * data.done) / data.total)}%`;
          }
          return;
        }
        hidePanel();
        if (data.type === 'done') {
          release(module, w);
          settle.resolve(data.result);
        } else if (data.type === 'failed') {
          w.terminate();
          settle.reject(await workerError(blocked, data.message));
        } else {
          w.terminate(); // an instance that failed is not trusted with the next job
          settle.reject(blocked ? await workerError(blocked) : new Error(data.message));
        }
      };
      w.onerror = async (e) => {
        w.terminate();
        hidePanel();
        settle.reject(await workerError(blocked, e.message));
      };
      w.postMessage(call ? { fn, args, call } : { fn, args });
    },
    (err) => {
      hidePanel();
      settle.reject(err);
    },
  );
  return { promise, cancel };
}

/** A hidden progress panel (progress bar, percentage, cancel button) to pass to runJob.
 * @param {string} label  the progress bar's accessible name */
export function jobPanel(label) {
  const panel = document.createElement('div');
  panel.className = 'job';
  panel.hidden = true;
  panel.innerHTML = `<progress aria-label="${label}"></progress> <span class="job-text" aria-live="polite"></span> <button type="button">Cancel</button>`;
  return panel;
}
