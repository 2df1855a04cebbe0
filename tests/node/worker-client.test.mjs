// www/js/worker-client.js under Node with a fake Worker: the messages a job sends, its result,
// progress in the panel, cancellation (an AbortError, told apart by kind), a core's error, and
// which workers are reused. Needs www/pkg/modules.js (`cargo xtask build`) for the module names.
import test from 'node:test';
import assert from 'node:assert/strict';
import { resolveObjectURL } from 'node:buffer';
import modules from '../../www/pkg/modules.js';

/** A stand-in for the browser's Worker: records what it is sent; the test answers for it. */
class FakeWorker {
  /** @type {FakeWorker[]} every worker started, in order */
  static made = [];
  /** @param {URL | string} url @param {WorkerOptions} options */
  constructor(url, options) {
    this.url = String(url);
    this.options = options;
    /** @type {any[]} */
    this.posted = [];
    this.terminated = false;
    /** @type {((e: { data: any }) => void) | null} */
    this.onmessage = null;
    /** @type {((e: { message?: string }) => void) | null} */
    this.onerror = null;
    FakeWorker.made.push(this);
  }
  /** @param {any} message */
  postMessage(message) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** Answers as worker.js would. @param {any} data */
  reply(data) {
    this.onmessage?.({ data });
  }
}

// The smallest valid wasm module (magic number and version): what the page compiles and hands
// to a new worker. The fake fetch serves it for any module's wasm.
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
/** @type {string[]} */
const fetched = [];
globalThis.fetch = async (url) => {
  fetched.push(String(url));
  return new Response(EMPTY_WASM);
};
globalThis.Worker = /** @type {any} */ (FakeWorker);
const WORKER_JS = new URL('../../www/js/worker.js', import.meta.url).href;
const PKG = new URL('../../www/pkg/', import.meta.url);
/** The page's origin (`self.origin`): the worker script's own. */
globalThis.self = /** @type {any} */ ({ origin: new URL(WORKER_JS).origin });

const { runJob, isCancelled, workerStart } = await import('../../www/js/worker-client.js');

/** Waits (a few event-loop turns at most 2 s) until `ready()` holds. @param {() => boolean} ready */
async function until(ready) {
  const deadline = Date.now() + 2000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A job message a worker got: `{fn, args, call}` (see www/js/worker.js).
 * @typedef {{ type?: string, fn: string, args: unknown[] }} JobMessage */

/** The job messages (not `init`) a worker got. @param {FakeWorker} worker @returns {JobMessage[]} */
const calls = (worker) => worker.posted.filter((m) => m.type !== 'init');

/** A stand-in for jobPanel()'s element: a progress bar, a text and a Cancel button. */
function fakePanel() {
  const bar = { max: 1, value: 0, removed: /** @type {string[]} */ ([]), removeAttribute(/** @type {string} */ name) { this.removed.push(name); } };
  const text = { textContent: '' };
  const button = { onclick: /** @type {(() => void) | null} */ (null) };
  /** @type {Record<string, object>} */
  const parts = { progress: bar, '.job-text': text, button };
  return { hidden: true, bar, text, button, querySelector: (/** @type {string} */ selector) => parts[selector] };
}

test('a job compiles the module once, sends it to a new worker, then the call; the result resolves', async () => {
  const panel = fakePanel();
  const job = runJob('table_verify', [8, 2], /** @type {any} */ (panel), 'table');
  assert.equal(panel.hidden, false);
  assert.equal(panel.text.textContent, 'Working…');
  assert.deepEqual(panel.bar.removed, ['value'], 'the bar starts indeterminate');
  await until(() => FakeWorker.made.length === 1 && calls(FakeWorker.made[0]).length === 1);
  const worker = FakeWorker.made[0];
  assert.equal(worker.url, WORKER_JS);
  assert.deepEqual(worker.options, { type: 'module' });
  const [init, call] = worker.posted;
  assert.equal(init.type, 'init');
  assert.ok(init.module instanceof WebAssembly.Module);
  assert.equal(init.glueUrl, new URL(modules.table.js, PKG).href);
  assert.deepEqual(fetched, [new URL(modules.table.wasm, PKG).href]);
  assert.deepEqual(call, { fn: 'table_verify', args: [8, 2] });
  worker.reply({ type: 'done', result: { ok: 41 } });
  assert.deepEqual(await job.promise, { ok: 41 });
  assert.equal(panel.hidden, true);
  assert.equal(worker.terminated, false);
});

test('the next job of the module reuses the idle worker: no new worker, no second init, no fetch', async () => {
  const job = runJob('table_count', ['x'], null, 'table');
  const worker = FakeWorker.made[0];
  await until(() => calls(worker).length === 2);
  assert.equal(FakeWorker.made.length, 1);
  assert.equal(worker.posted.filter((m) => m.type === 'init').length, 1);
  assert.equal(fetched.length, 1);
  assert.deepEqual(calls(worker)[1], { fn: 'table_count', args: ['x'] });
  worker.reply({ type: 'done', result: 7 });
  assert.equal(await job.promise, 7);
});

test('progress sets the bar and the whole percentage; a total of 0 leaves the panel as it is', async () => {
  const panel = fakePanel();
  const job = runJob('table_search', [], /** @type {any} */ (panel), 'table');
  const worker = FakeWorker.made[0];
  await until(() => calls(worker).length === 3);
  worker.reply({ type: 'progress', done: 2, total: 3 });
  assert.equal(panel.bar.max, 3);
  assert.equal(panel.bar.value, 2);
  assert.equal(panel.text.textContent, '66%'); // 200 / 3 = 66.7, rounded down
  worker.reply({ type: 'progress', done: 5, total: 0 });
  assert.equal(panel.bar.value, 2);
  assert.equal(panel.text.textContent, '66%');
  assert.equal(panel.hidden, false, 'still running');
  worker.reply({ type: 'done', result: null });
  assert.equal(await job.promise, null);
});

test("the panel's Cancel rejects with an AbortError that isCancelled recognises and ends the worker", async () => {
  const panel = fakePanel();
  const job = runJob('table_search', [], /** @type {any} */ (panel), 'table');
  const worker = FakeWorker.made[0];
  await until(() => calls(worker).length === 4);
  panel.button.onclick?.();
  const err = await job.promise.then(
    () => assert.fail('a cancelled job resolved'),
    (e) => e,
  );
  assert.equal(err.name, 'AbortError');
  assert.ok(err instanceof DOMException);
  assert.equal(isCancelled(err), true);
  assert.equal(worker.terminated, true);
  assert.equal(panel.hidden, true);
  // The terminated worker is not reused: the next job starts a fresh one from the compiled module.
  const next = runJob('table_verify', [1, 1], null, 'table');
  await until(() => FakeWorker.made.length === 2 && calls(FakeWorker.made[1]).length === 1);
  assert.equal(FakeWorker.made[1].posted[0].type, 'init');
  assert.equal(fetched.length, 1, 'the module is compiled once per page');
  FakeWorker.made[1].reply({ type: 'done', result: 'fresh' });
  assert.equal(await next.promise, 'fresh');
});

test("a core error rejects with the core's message, is not a cancellation, and its worker is dropped", async () => {
  const job = runJob('table_verify', [99, 2], null, 'table');
  const worker = FakeWorker.made[1];
  await until(() => calls(worker).length === 2);
  worker.reply({ type: 'error', message: 'coins must be 1 to 64, not 99' });
  const err = await job.promise.then(
    () => assert.fail('a failed job resolved'),
    (e) => e,
  );
  assert.ok(err instanceof Error);
  assert.equal(err.message, 'coins must be 1 to 64, not 99');
  assert.equal(isCancelled(err), false);
  assert.equal(worker.terminated, true);
  const next = runJob('table_verify', [8, 2], null, 'table');
  await until(() => FakeWorker.made.length === 3 && calls(FakeWorker.made[2]).length === 1);
  FakeWorker.made[2].onerror?.({});
  const crash = await next.promise.then(
    () => assert.fail('a crashed job resolved'),
    (e) => e,
  );
  assert.equal(crash.message, 'the worker failed');
  assert.equal(isCancelled(crash), false);
  assert.equal(FakeWorker.made[2].terminated, true);
});

test('a job cancelled before its worker started rejects at once; the worker then waits, unused, for the next job', async () => {
  const before = FakeWorker.made.length;
  const job = runJob('devil_lab_count', [3], null, 'lab');
  job.cancel();
  assert.equal(isCancelled(await job.promise.catch((e) => e)), true);
  await until(() => FakeWorker.made.length === before + 1);
  const worker = FakeWorker.made[before];
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(calls(worker), [], 'the cancelled call was never sent');
  assert.equal(worker.terminated, false);
  const next = runJob('devil_lab_count', [4], null, 'lab');
  await until(() => calls(worker).length === 1);
  assert.equal(FakeWorker.made.length, before + 1, 'no second worker');
  assert.deepEqual(calls(worker), [{ fn: 'devil_lab_count', args: [4] }]);
  worker.reply({ type: 'done', result: 4 });
  assert.equal(await next.promise, 4);
});

test("a Worker starts from the site's URL on the site, else from a blob: a module one, a classic one on an opaque origin", () => {
  const site = 'https://puzzles.example.org';
  assert.equal(workerStart(site, site), 'direct');
  assert.equal(workerStart(site, 'https://blog.example.org'), 'module blob');
  // A frame sandboxed with scripts only: at the site's URL, of no origin.
  assert.equal(workerStart(site, 'null'), 'classic blob');
});

// The blob, on a page of another origin (a blog post). (The opaque origin's classic blob cannot
// be made here: under Node the scripts are file: URLs, whose origin is 'null' too.)
test('on a page of another origin the worker starts from a blob that imports worker.js', async () => {
  const own = globalThis.self;
  globalThis.self = /** @type {any} */ ({ origin: 'https://blog.example.org' });
  try {
    const before = FakeWorker.made.length;
    const job = runJob('chess_pgn_games', ['1. e4'], null, 'chess');
    await until(() => FakeWorker.made.length === before + 1 && calls(FakeWorker.made[before]).length === 1);
    const worker = FakeWorker.made[before];
    assert.match(worker.url, /^blob:/);
    assert.deepEqual(worker.options, { type: 'module' });
    // It imports worker.js by its site URL with a dynamic import (so the host's script-src
    // decides, and a refusal is reported back), holding the messages that arrive meanwhile.
    const blob = resolveObjectURL(worker.url);
    assert.ok(blob, 'the blob of its URL');
    const source = await blob.text();
    assert.ok(source.startsWith(`const WORKER = ${JSON.stringify(WORKER_JS)};`), source);
    assert.match(source, /\bimport\(WORKER\)/);
    assert.match(source, /addEventListener\('message', hold\)/);
    worker.reply({ type: 'done', result: [] });
    assert.deepEqual(await job.promise, []);
  } finally {
    globalThis.self = own;
  }
});

test('isCancelled goes by the kind of error, never by its text', () => {
  assert.equal(isCancelled(new DOMException('stopped', 'AbortError')), true);
  const named = new Error('anything');
  named.name = 'AbortError';
  assert.equal(isCancelled(named), true);
  assert.equal(isCancelled(new Error('cancelled')), false, 'a core message that reads "cancelled" is still a failure');
  assert.equal(isCancelled(new DOMException('cancelled', 'NotFoundError')), false);
  assert.equal(isCancelled('AbortError'), false);
  assert.equal(isCancelled(null), false);
  assert.equal(isCancelled(undefined), false);
});

test('a new job in the same panel cancels the one running there; idle workers are capped at MAX_IDLE', async () => {
  const { MAX_IDLE } = await import('../../www/js/worker-client.js');
  const panel = fakePanel();
  const before = FakeWorker.made.length;
  // Twenty clicks of Verify, each a job in the same panel.
  const jobs = Array.from({ length: 20 }, (_, i) => runJob('devil_verify', [i, 2], /** @type {any} */ (panel), 'devil'));
  const outcomes = await Promise.all(jobs.slice(0, -1).map((j) => j.promise.then(() => 'resolved', (e) => (isCancelled(e) ? 'cancelled' : 'failed'))));
  assert.deepEqual(new Set(outcomes), new Set(['cancelled']), 'every older job was cancelled');
  const last = jobs[jobs.length - 1];
  await until(() => FakeWorker.made.slice(before).some((w) => calls(w).some((c) => c.args[0] === 19)));
  const running = FakeWorker.made.slice(before).filter((w) => !w.terminated && calls(w).some((c) => c.args[0] === 19));
  assert.equal(running.length, 1, 'one job runs');
  assert.equal(panel.hidden, false, 'the last job shows its panel');
  running[0].reply({ type: 'done', result: 'last' });
  assert.equal(await last.promise, 'last');
  // A late cancel of a finished job changes nothing: no rejection, no worker ended. (Whether its
  // worker was kept depends on the idle ones already waiting: see MAX_IDLE below.)
  const alreadyEnded = running[0].terminated;
  last.cancel();
  assert.equal(running[0].terminated, alreadyEnded);
  assert.equal(await last.promise, 'last');
  // Three jobs at once without a panel finish: at most MAX_IDLE of their workers stay.
  const three = [0, 1, 2].map((i) => runJob('devil_count', [i], null, 'devil'));
  await until(() => FakeWorker.made.filter((w) => !w.terminated && calls(w).some((c) => c.fn === 'devil_count' && c.args.length === 1 && typeof c.args[0] === 'number')).length === 3);
  for (const w of FakeWorker.made.filter((w) => !w.terminated)) {
    const call = calls(w).at(-1);
    if (call?.fn === 'devil_count' && typeof call.args[0] === 'number') w.reply({ type: 'done', result: call.args[0] });
  }
  assert.deepEqual(await Promise.all(three.map((j) => j.promise)), [0, 1, 2]);
  // Every devil worker is idle now: at most MAX_IDLE of them are kept, the others were ended.
  const devil = new URL(modules.devil.js, PKG).href;
  const alive = FakeWorker.made.filter((w) => !w.terminated && w.posted[0]?.glueUrl === devil);
  assert.equal(alive.length, MAX_IDLE, `${alive.length} devil workers left alive`);
});
