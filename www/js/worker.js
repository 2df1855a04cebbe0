// A generic Web Worker host: runs one exported wasm function by name with the given arguments
// and a progress callback, then posts the result. A name `Class.method` calls a static
// method; a game session it makes (`GameSession.create`, `GameSession.open`: a large board
// made or opened off the page's thread) is posted as its view and freed. The page sends the module it compiled
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
  const { fn, args } = data;
  try {
    const core = await ready;
    const [owner, name] = fn.includes('.') ? [core[fn.split('.')[0]], fn.split('.')[1]] : [core, fn];
    if (!owner || !Object.hasOwn(owner, name) || typeof owner[name] !== 'function') throw new Error(`no such core function: ${fn}`);
    const progress = (done, total) => self.postMessage({ type: 'progress', done, total });
    let result = owner[name](...args, progress);
    if (result && typeof result.view === 'function' && typeof result.free === 'function') {
      const made = result;
      result = made.view();
      made.free();
    }
    self.postMessage({ type: 'done', result });
  } catch (err) {
    self.postMessage({ type: 'error', message: err && err.message ? err.message : String(err) });
  }
};
