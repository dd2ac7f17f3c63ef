// `npm test` and `npm run verify`: the whole suite, with the browser tests' preparation (the production
// build and the seeded database of .data/e2e) run beside the checks and the vitest suite, which leave a
// core idle most of the time, instead of after them.
//   node scripts/test.mjs            vitest run, then the browser tests
//   node scripts/test.mjs --verify   typecheck, lint and message parity first (CI)
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromiumPath } from './lib/chromium.mjs';

const verify = process.argv.includes('--verify');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command with its output kept; resolves with its exit code and that output. */
function runKept(command, args) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output) }));
    child.on('error', (error) => resolve({ code: 1, output: Buffer.from(String(error)) }));
  });
}

/** Runs a command with the terminal's output; resolves with its exit code. */
function run(command, args, env = {}, stdio = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio, env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const started = Date.now();
const step = (name) => console.log(`\n--- ${name} (${Math.round((Date.now() - started) / 1000)}s)`);

// The browser tests' server: the same environment as playwright.config.ts's webServer.
const e2eEnv = { DATA_DIR: '.data/e2e', DATABASE_URL: '', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', ...(verify ? { NEXT_SKIP_TYPECHECK: '1' } : {}) };
let preparation = Promise.resolve(0);
let preparing = null;
function prepareBrowserTests() {
  if (!chromiumPath()) return;
  rmSync('.data/e2e', { recursive: true, force: true });
  console.log('Preparing the browser tests in the background (production build, seeded .data/e2e) …');
  // Its output is kept short: the build's own lines go to the terminal only when it fails.
  const output = [];
  preparation = new Promise((resolve) => {
    const child = preparing = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--prepare-only'], {
      env: { ...process.env, ...e2eEnv }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code) => {
      const status = code ?? 1;
      console.log(`\n--- browser tests prepared: exit ${status} (${Math.round((Date.now() - started) / 1000)}s)`);
      if (status !== 0) process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
  });
}

/** The preparation runs in its own process group (start.ts and the build it spawns): stopped as a whole. */
function stopPreparing() {
  if (preparing && preparing.exitCode === null) {
    try { process.kill(-preparing.pid, 'SIGTERM'); } catch { /* gone already */ }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { stopPreparing(); process.exit(130); });

let failed = false;
if (verify) {
  // The three checks side by side (each uses one core; none reads .next), each one's output printed when it
  // ends. The build waits for the typecheck: `next typegen` writes under .next, which the build replaces.
  step('typecheck, lint and message parity');
  const checks = [['typecheck', ['run', 'typecheck']], ['lint', ['run', 'lint']], ['messages', ['run', 'messages:check']]];
  const codes = await Promise.all(checks.map(async ([name, args]) => {
    const { code, output } = await runKept(npm, args);
    step(`${name}: exit ${code}`);
    process.stdout.write(output);
    if (name === 'typecheck' && code === 0) prepareBrowserTests();
    return code;
  }));
  failed = codes.some((code) => code !== 0);
} else {
  prepareBrowserTests();
}
if (!failed) {
  step('vitest');
  failed = (await run(npx, ['vitest', 'run'])) !== 0;
}
if (failed) {
  stopPreparing();
  process.exit(1);
}
const prepared = await preparation;
if (prepared !== 0) {
  console.error('The browser tests could not be prepared (see above).');
  process.exit(1);
}
step('browser tests');
const e2e = await run(process.execPath, ['scripts/run-e2e.mjs'], chromiumPath() ? { E2E_PREPARED: '1' } : {});
step('done');
process.exit(e2e);
