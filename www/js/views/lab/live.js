// What makes both labs live: results recompute as their input changes, typing debounced, and a
// section's Worker job cancelled when a newer input makes it stale.
import { runJob, jobPanel, isCancelled } from '../../worker-client.js';

/**
 * `fn` called once its calls stop for `ms` milliseconds (typing a word calls it per key);
 * `.cancel()` drops a call still waiting (an input that another one has just overruled);
 * `.now()` calls `fn` at once and drops the waiting call — a button pressed after typing
 * must not be followed by the typing's own rerun, which would wipe what the button showed.
 * @template {unknown[]} A
 * @param {(...args: A) => unknown} fn
 * @param {number} ms
 * @returns {((...args: A) => void) & { cancel: () => void, now: (...args: A) => unknown }}
 */
export function debounce(fn, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const call = (/** @type {A} */ ...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  const cancel = () => clearTimeout(timer);
  const now = (/** @type {A} */ ...args) => {
    cancel();
    return fn(...args);
  };
  return Object.assign(call, { cancel, now });
}

/**
 * Worker jobs by section: a section's new job cancels its running one (its input changed, so
 * its answer would be stale), and each section shows its own progress panel with Cancel.
 * @param {import('../../app.js').ModuleName} module  the wasm module's name
 * @param {(section: string) => HTMLElement} where  the element the section's panel goes into
 */
export function sectionJobs(module, where) {
  /** @type {Map<string, HTMLElement>} */
  const panels = new Map();
  /** @type {Map<string, { cancel: () => void }>} */
  const running = new Map();
  /**
   * Runs core export `fn(...args, progress)` for `section`; rejects with a cancelled error
   * (see `isCancelled`) when a newer job of the section replaced it.
   * @param {string} section
   * @param {string} fn
   * @param {unknown[]} args
   * @returns {Promise<any>}
   */
  return function job(section, fn, args) {
    let panel = panels.get(section);
    if (!panel) {
      panels.set(section, (panel = jobPanel(`${section} progress`)));
      where(section).append(panel);
    }
    running.get(section)?.cancel();
    const started = runJob(fn, args, panel, module);
    running.set(section, started);
    const forget = () => {
      if (running.get(section) === started) running.delete(section);
    };
    started.promise.then(forget, forget);
    return started.promise;
  };
}

/** Per view context, the section whose failure the message line shows. @type {WeakMap<object, string>} */
const failed = new WeakMap();

/**
 * Runs `work` for `section`: its failure is shown as one line, a cancelled job (a stale input)
 * says nothing, and its success clears the message line only when that line is this section's
 * own failure — a live rerun elsewhere never wipes a message the user has not read.
 * @param {{ clearMessage: () => void, showError: (err: unknown) => void }} ctx
 * @param {string} section
 * @param {() => unknown} work
 */
export async function shown(ctx, section, work) {
  try {
    await work();
    if (failed.get(ctx) === section) {
      failed.delete(ctx);
      ctx.clearMessage();
    }
  } catch (err) {
    if (isCancelled(err)) return;
    failed.set(ctx, section);
    ctx.showError(err);
  }
}
