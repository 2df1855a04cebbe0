// www/js/worker.js (the Worker host) under Node, with a stand-in `self` and a stand-in wasm
// glue module: `init` hands the page's compiled module to the glue; a job posts its progress and
// result; an unknown function, a core's error and a job sent before `init` each post one error
// message; a job's `call` runs a method of the session it made and frees it. worker.js is a plain script (no imports or exports: Node loads it once), so the
// tests share one copy and run in order: before init, a glue that fails, then a good one.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// What wasm-bindgen's glue looks like to the worker: a default `init` and exported functions.
const GLUE = `
export let initArg = null;
export default async function init(arg) { initArg = arg; }
export function add(a, b, progress) { progress(1, 2); progress(2, 2); return a + b; }
export function fail(text) { throw new Error(text); }
export function failWithString() { throw 'a plain string'; }
export const notAFunction = 42;
// A stand-in GameSession: a board of lights whose solve loads the presses of the lit ones.
export const freed = [];
export class GameSession {
  constructor(link) { this.opened = link; this.lights = link.split('').map(Number); this.steps = null; this.played = []; }
  static open(link) { return new GameSession(link); }
  view() { return { state: this.lights, steps: this.steps && { at: this.played.length, count: this.steps.length } }; }
  solve(options, progress) {
    if (options.fail) throw new Error('too large for lit-only search (26 lights, the limit is 25)');
    this.steps = this.lights.flatMap((v, i) => (v ? [i] : []));
    progress(1, 1);
    return this.steps.length;
  }
  // A long jump: clears the first \`to\` lights as one move.
  jump(to) { this.lights = this.lights.map((v, i) => (i < Number(to) ? 0 : v)); return { cleared: Number(to) }; }
  step_to(n) { this.played = this.steps.slice(0, n); }
  link() { return this.lights.join(''); }
  moves() { return this.played; }
  free() { freed.push(this.opened); }
}
`;
const dir = mkdtempSync(join(tmpdir(), 'worker-test-'));
writeFileSync(join(dir, 'glue.mjs'), GLUE);
const GLUE_URL = pathToFileURL(join(dir, 'glue.mjs')).href;
after(() => rmSync(dir, { recursive: true }));

/** What the worker posted since the test began. @type {any[]} */
const posted = [];
/** The worker's global: what it posts, and the handler it sets.
 * @type {{ postMessage: (m: any) => void, onmessage: ((e: { data: unknown }) => Promise<void>) | null }} */
const workerSelf = { postMessage: (m) => posted.push(m), onmessage: null };
globalThis.self = /** @type {any} */ (workerSelf);
await import(new URL('../../www/js/worker.js', import.meta.url).href);
/** Sends `data` to the worker and waits for its handler to finish. */
const send = (/** @type {any} */ data) => workerSelf.onmessage?.({ data });
/** Forgets what was posted before this test. */
const beginTest = () => {
  posted.length = 0;
  return { posted, send };
};

test('a job sent before init posts an error, and a glue that cannot load fails the jobs after it', async () => {
  const { posted, send } = beginTest();
  await send({ fn: 'add', args: [1, 1] });
  assert.deepEqual(posted, [{ type: 'error', message: 'the worker got a job before its module' }]);
  await send({ type: 'init', module: {}, glueUrl: pathToFileURL(join(dir, 'missing.mjs')).href });
  await send({ fn: 'add', args: [1, 1] });
  assert.equal(posted.length, 2);
  assert.equal(posted[1].type, 'error');
  assert.match(posted[1].message, /missing\.mjs/);
});

test('init hands the compiled module to the glue; a job posts its progress, then its result', async () => {
  const { posted, send } = beginTest();
  const module = { compiled: 'stand-in for a WebAssembly.Module' };
  await send({ type: 'init', module, glueUrl: GLUE_URL });
  assert.deepEqual(posted, [], 'init posts nothing');
  await send({ fn: 'add', args: [2, 3] });
  assert.deepEqual(posted, [
    { type: 'progress', done: 1, total: 2 },
    { type: 'progress', done: 2, total: 2 },
    { type: 'done', result: 5 },
  ]);
  const glue = await import(GLUE_URL);
  assert.equal(glue.initArg.module_or_path, module);
});

test("a core's error posts its message; a thrown string posts the string", async () => {
  const { posted, send } = beginTest();
  await send({ type: 'init', module: {}, glueUrl: GLUE_URL });
  await send({ fn: 'fail', args: ['coins must be 1 to 64, not 99'] });
  await send({ fn: 'failWithString', args: [] });
  assert.deepEqual(posted, [
    { type: 'error', message: 'coins must be 1 to 64, not 99' },
    { type: 'error', message: 'a plain string' },
  ]);
});

test('only functions the glue exports run: not a constant, not an inherited name, not an unknown one', async () => {
  const { posted, send } = beginTest();
  await send({ type: 'init', module: {}, glueUrl: GLUE_URL });
  for (const fn of ['notAFunction', 'toString', 'constructor', 'nope']) await send({ fn, args: [] });
  assert.deepEqual(
    posted,
    ['notAFunction', 'toString', 'constructor', 'nope'].map((fn) => ({ type: 'error', message: `no such core function: ${fn}` })),
  );
});

test('a call on a session runs the method with progress, posts its value, the solution it loaded and its link, and frees the session', async () => {
  const { posted, send } = beginTest();
  await send({ type: 'init', module: {}, glueUrl: GLUE_URL });
  const glue = await import(GLUE_URL);
  glue.freed.length = 0;
  await send({ fn: 'GameSession.open', args: ['0110'], call: ['solve', {}] });
  assert.deepEqual(posted, [
    { type: 'progress', done: 1, total: 1 },
    { type: 'done', result: { value: 2, steps: [1, 2], link: '0110' } },
  ]);
  // A dark board: an empty solution. A method that loads none posts null steps.
  posted.length = 0;
  await send({ fn: 'GameSession.open', args: ['000'], call: ['solve', {}] });
  await send({ fn: 'GameSession.open', args: ['01'], call: ['moves'] });
  // A jump changes what the session shows: its link is the link after it.
  await send({ fn: 'GameSession.open', args: ['0111'], call: ['jump', '3'] });
  assert.deepEqual(posted.filter((m) => m.type === 'done'), [
    { type: 'done', result: { value: 0, steps: [], link: '000' } },
    { type: 'done', result: { value: [], steps: null, link: '01' } },
    { type: 'done', result: { value: { cleared: 3 }, steps: null, link: '0001' } },
  ]);
  assert.deepEqual(glue.freed, ['0110', '000', '01', '0111']);
});

test("a call's error posts its message and still frees the session; only the session's own methods run", async () => {
  const { posted, send } = beginTest();
  await send({ type: 'init', module: {}, glueUrl: GLUE_URL });
  const glue = await import(GLUE_URL);
  glue.freed.length = 0;
  await send({ fn: 'GameSession.open', args: ['1'], call: ['solve', { fail: true }] });
  for (const method of ['free', 'constructor', 'toString', 'nope']) await send({ fn: 'GameSession.open', args: ['1'], call: [method] });
  await send({ fn: 'add', args: [1, 2], call: ['solve', {}] });
  assert.deepEqual(
    posted.filter((m) => m.type !== 'progress'),
    [
      { type: 'error', message: 'too large for lit-only search (26 lights, the limit is 25)' },
      ...['free', 'constructor', 'toString', 'nope'].map((m) => ({ type: 'error', message: `no such session method: ${m}` })),
      { type: 'error', message: 'a call needs a game session (GameSession.create or GameSession.open)' },
    ],
  );
  assert.deepEqual(glue.freed, ['1', '1', '1', '1', '1']);
});
