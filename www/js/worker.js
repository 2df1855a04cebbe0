// A generic Web Worker host: runs one exported wasm function by name with the given arguments
// and a progress callback, then posts the result. A name `Class.method` calls a static
// method; a game session it makes (`GameSession.create`, `GameSession.open`: a large board
// made or opened off the page's thread) is posted as its view and freed. A job with `call:
// [method, ...args]` calls that method of the session instead (`session.solve(options,
// progress)`: a solve with progress off the page's thread; `session.jump(to)`: a long jump)
// and posts `{value, steps, link}`: what the method returned, the solution it loaded (its
// moves, read by stepping to its end) or null, and the link of what the session then shows;
// the session is freed. The page sends the module it compiled
// first (`init`), so the worker never downloads the wasm; the page cancels by terminating the
// worker, so the core never has to poll for cancellation.

/** @type {Promise<any>} the module's exports, once `init` came */
let ready = Promise.reject(new Error('the worker got a job before its module'));
ready.catch(() => {});

self.onmessage = async ({ data }) => {
  if (data.type === 'init') {
    ready = import(data.glueUrl).then(async (glue) => {
      await glue.default({ module_or_path: data.module });
      return glue;
    });
    ready.catch(() => {});
    return;
  }
  const { fn, args, call } = data;
  try {
    const core = await ready;
    const [owner, name] = fn.includes('.') ? [core[fn.split('.')[0]], fn.split('.')[1]] : [core, fn];
    if (!owner || !Object.hasOwn(owner, name) || typeof owner[name] !== 'function') throw new Error(`no such core function: ${fn}`);
    /** @param {number} done @param {number} total */
    const progress = (done, total) => self.postMessage({ type: 'progress', done, total });
    let result = owner[name](...args, progress);
    if (call) {
      self.postMessage({ type: 'done', result: callOn(result, call, progress) });
      return;
    }
    if (result && typeof result.view === 'function' && typeof result.free === 'function') {
      const made = result;
      result = made.view();
      made.free();
    }
    self.postMessage({ type: 'done', result });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    self.postMessage({ type: 'error', message: message || String(err) });
  }
};

/**
 * Calls `method(...args, progress)` on `session` (a GameSession the job made), then frees it.
 * Only the session's own methods run (its class's, not `free` or inherited ones).
 * @param {any} session
 * @param {[string, ...unknown[]]} call
 * @param {(done: number, total: number) => void} progress
 * @returns {{ value: unknown, steps: unknown[] | null, link: string | null }}
 */
function callOn(session, [method, ...args], progress) {
  if (!session || typeof session.view !== 'function' || typeof session.free !== 'function') {
    throw new Error('a call needs a game session (GameSession.create or GameSession.open)');
  }
  try {
    const own = Object.getPrototypeOf(session);
    if (method === 'free' || method === 'constructor' || !Object.hasOwn(own, method) || typeof own[method] !== 'function') {
      throw new Error(`no such session method: ${method}`);
    }
    const value = session[method](...args, progress);
    const link = session.link() ?? null;
    // A session made for the job has no moves of its own: once stepped to the end of the
    // solution it loaded, its moves are that solution's.
    const loaded = session.view().steps;
    if (!loaded || loaded.count === 0) return { value, steps: loaded ? [] : null, link };
    session.step_to(loaded.count);
    return { value, steps: session.moves(), link };
  } finally {
    session.free();
  }
}
