// How long a newcomer waits: a fresh clone of this repository's HEAD (crates and npm packages
// already in their caches, nothing built), `cargo xtask serve`, then the time to the server's
// first answer and to the Devil's chessboard drawn in Chromium.
//
//   node tests/bench/first-page.mjs            (PORT=8151 and CHROMIUM=/usr/bin/chromium by default)
import { chromium } from 'playwright-core';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.PORT ?? 8151);
const dir = mkdtempSync(join(tmpdir(), 'first-page-'));
execFileSync('git', ['clone', '--quiet', REPO, dir]);

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const server = spawn('cargo', ['xtask', 'serve', '--port', String(PORT)], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
const answers = () =>
  new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1', () => resolve(socket.end() && true));
    socket.on('error', () => resolve(false));
  });
while (!(await answers())) await new Promise((resolve) => setTimeout(resolve, 200));
const firstAnswer = seconds();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${PORT}/devil.html`, { timeout: 900_000 });
await page.waitForSelector('body[data-ready=true]', { timeout: 900_000 });
console.log(`first answer after ${firstAnswer} s; the Devil's chessboard drawn after ${seconds()} s`);
await browser.close();
process.kill(-server.pid);
rmSync(dir, { recursive: true, force: true });
