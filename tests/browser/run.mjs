// Runs the browser tests: one Chromium shared by every test file (each test still gets its own
// context), and BROWSER_JOBS files at a time (2 by default: most tests wait on pages, timers and
// animations, so two at a time keep both cores busy). With --repeat N the whole set runs N times
// in a row; with --load, two processes busy on the CPU run beside it (stress-ng when installed,
// else two Node busy loops), as on a machine that is doing other work. Prints one line a run and
// a summary; exits non-zero when any run failed. The files that call the command-line tool
// (they import `cli` from harness.mjs) run last; with --cli none they are left out, with
// --cli only only they run.
//
//   node tests/browser/run.mjs [--repeat N] [--load] [--cli none|only] [FILE …]
//
// BASE_URL (the served www/), CHROMIUM and DIST_DIR are read as by harness.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ARGS, EXECUTABLE, warmUp } from './harness.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** @param {string[]} argv */
function parse(argv) {
  const options = { repeat: 1, load: false, cli: 'all', files: /** @type {string[]} */ ([]) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--repeat') {
      options.repeat = Number(argv[++i]);
      if (!Number.isInteger(options.repeat) || options.repeat < 1) throw new Error(`--repeat takes a whole number ≥ 1, not '${argv[i]}'`);
    } else if (arg === '--load') options.load = true;
    else if (arg === '--cli') {
      options.cli = argv[++i];
      if (options.cli !== 'none' && options.cli !== 'only') throw new Error(`--cli takes none or only, not '${options.cli}'`);
    }
    else if (arg.startsWith('--')) throw new Error(`unknown option '${arg}' (use --repeat N, --load, --cli none|only, and test files)`);
    else options.files.push(arg);
  }
  if (!options.files.length) {
    options.files = readdirSync(HERE)
      .filter((f) => f.endsWith('.test.mjs'))
      .sort((a, b) => longFirst(a) - longFirst(b) || a.localeCompare(b))
      .map((f) => HERE + f);
  }
  if (options.cli !== 'all') options.files = options.files.filter((f) => callsCli(f) === (options.cli === 'only'));
  // The files that call the command-line tool last: `cargo xtask test` may still be building it
  // when the run starts (they wait for it: harness.mjs's `cliBuilt`).
  else options.files = [...options.files.filter((f) => !callsCli(f)), ...options.files.filter(callsCli)];
  return options;
}

/** The files that take longest (2–5 minutes of test time each in a whole run), started first:
 * files run BROWSER_JOBS at a time in the order given, and a long file started last would leave
 * the other job idle at the end. */
const LONGEST = ['monkey', 'hardening', 'address-bar', 'devil-lab', 'table', 'lights-games', 'lights-large', 'delivery'];

/** A file's place: the longest in LONGEST's order, then the rest. @param {string} file */
function longFirst(file) {
  const at = LONGEST.indexOf(file.replace('.test.mjs', ''));
  return at < 0 ? LONGEST.length : at;
}

/** Whether a test file calls the command-line tool (imports `cli` from harness.mjs). @param {string} file */
function callsCli(file) {
  return /import \{[^}]*\bcli\b[^}]*\} from '\.\/harness\.mjs'/.test(readFileSync(file, 'utf8'));
}

/** Two processes that keep a core busy each, until stopped. */
function startLoad() {
  const hasStress = spawnSync('sh', ['-c', 'command -v stress-ng'], { stdio: 'ignore' }).status === 0;
  const children = hasStress
    ? [spawn('stress-ng', ['--cpu', '2', '--quiet'], { stdio: 'ignore' })]
    : [0, 1].map(() => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  console.log(`# load: ${hasStress ? 'stress-ng --cpu 2' : 'two Node busy loops'} beside the tests`);
  return () => children.forEach((c) => c.kill('SIGKILL'));
}

/**
 * Runs the files once under `node --test`; resolves with the counts its summary printed.
 * @param {string[]} files
 * @param {Record<string, string>} env
 */
function runOnce(files, env) {
  const jobs = process.env.BROWSER_JOBS ?? '2';
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', `--test-concurrency=${jobs}`, ...files], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    child.on('close', (code) => {
      const count = (name) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(tail)?.[1] ?? NaN);
      resolve({ code, tests: count('tests'), pass: count('pass'), fail: count('fail') });
    });
  });
}

const options = parse(process.argv.slice(2));
if (!options.files.length) {
  // `node --test` with no files would look for tests everywhere under the working folder.
  console.log('# no test files to run');
  process.exit(0);
}
const server = await chromium.launchServer({ executablePath: EXECUTABLE, args: ARGS, headless: true, timeout: 120_000 });
{
  const warming = await chromium.connect(server.wsEndpoint(), { timeout: 120_000 });
  await warmUp(warming);
  await warming.close();
}
const stopLoad = options.load ? startLoad() : () => {};
const env = { ...process.env, BROWSER_WS: server.wsEndpoint() };
const runs = [];
try {
  for (let n = 1; n <= options.repeat; n++) {
    const started = Date.now();
    const result = await runOnce(options.files, env);
    const minutes = (Date.now() - started) / 60_000;
    runs.push({ ...result, minutes });
    console.log(`# run ${n} of ${options.repeat}${options.load ? ' (under load)' : ''}: ${result.pass} of ${result.tests} passed, ${result.fail} failed, ${minutes.toFixed(1)} min`);
  }
} finally {
  stopLoad();
  await server.close();
}
const failed = runs.filter((r) => r.code !== 0).length;
if (options.repeat > 1) console.log(`# ${runs.length - failed} of ${runs.length} runs passed`);
process.exitCode = failed ? 1 : 0;
