// `npm run stack:up` / `npm run stack:down` / `npm run stack:status` / `npm run stack:drill`: several production instances of
// the app on loopback behind nginx, on one machine, sharing one PostgreSQL database, Redis (throttling
// counters, storefront saves announced to every instance, ADR 0096) and the files (a shared folder, or an
// S3-compatible bucket when S3_BUCKET is set). nginx sends each shared storefront page to one instance.
// Nothing per user lives in one instance's memory: sessions, carts and orders are in PostgreSQL.
//
// Environment (defaults in brackets):
//   DATABASE_URL   [postgres://postgres@127.0.0.1:5432/reagent_stack]  created when missing
//   REDIS_URL      [redis://127.0.0.1:6379]
//   STACK_PORT     [8080]  nginx's port (127.0.0.1)
//   STACK_INSTANCES [2], STACK_FIRST_PORT [3201]  the instances listen on 127.0.0.1:3201, 3202, …
//   STACK_DIR      [.data/stack]  pids, the environment the instances were started with, logs, the nginx
//                  configuration, the shared files folder
// `stack:drill` kills one instance (SIGKILL) while clients browse and a signed-in buyer works with the
// cart, checks that the session and the cart survived, prints the answers per status, starts the
// instance again with the environment `up` gave it, and checks that a save on one instance drops the pages the others keep (ADR 0096).
// Plain JavaScript: it only starts processes (scripts/start.ts does the app's own preparation).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stackDir = path.resolve(root, process.env.STACK_DIR ?? '.data/stack');
const nginxDir = path.join(stackDir, 'nginx');
const pidsFile = path.join(stackDir, 'instances.json');
// The environment `up` started the instances with, so that the drill starts a killed one again as it was
// (its METRICS_TOKEN, secrets and settings), not with the drill's own environment. Owner-only: it holds secrets.
const envFile = path.join(stackDir, 'environment.json');
const nginxConf = path.join(nginxDir, 'nginx.conf');
const port = Number(process.env.STACK_PORT ?? 8080);
const count = Number(process.env.STACK_INSTANCES ?? 2);
const firstPort = Number(process.env.STACK_FIRST_PORT ?? 3201);
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/reagent_stack';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
const startTs = ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts/start.ts')];

function say(line) {
  process.stdout.write(`${line}\n`);
}

function fail(message) {
  process.stderr.write(`stack: ${message}\n`);
  process.exit(1);
}

function nginxBinary() {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', 'nginx']) {
    if (!candidate) continue;
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return fail('nginx is not installed (Debian: apt-get install -y nginx; or set NGINX_BIN)');
}

function reachable(host, tcpPort, ms = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: tcpPort });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`DATABASE_URL names an unusual database "${name}": create it yourself`);
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) {
      await admin.unsafe(`create database ${name}`);
      say(`Created the database ${name}`);
    }
  } catch (error) {
    fail(`PostgreSQL at ${url.host} cannot be reached or refused: ${error.message}`);
  } finally {
    await admin.end({ timeout: 2 });
  }
}

function readInstances() {
  if (!existsSync(pidsFile)) return [];
  return JSON.parse(readFileSync(pidsFile, 'utf8'));
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(url, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

function appEnv(instancePort, index, base = process.env) {
  const env = {
    ...base,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(instancePort),
    HOSTNAME: '127.0.0.1',
    DATABASE_URL: base.DATABASE_URL || DEFAULT_DATABASE_URL,
    REDIS_URL: base.REDIS_URL || DEFAULT_REDIS_URL,
    // nginx on loopback is the one proxy in front: its X-Forwarded-For entry is believed.
    TRUST_PROXY: base.TRUST_PROXY ?? '127.0.0.1,::1',
    INSTANCE_ID: `app-${index + 1}`,
    // Canonical links, the sitemap and mails name the address visitors use: nginx's.
    SITE_URL: base.SITE_URL ?? `http://127.0.0.1:${port}`,
    // The stack serves the demo shop (its load tests sign in with the demo accounts), unless told otherwise.
    DEMO_DATA: base.DEMO_DATA ?? '1',
    LOG_LEVEL: base.LOG_LEVEL ?? 'warn',
  };
  if (!base.S3_BUCKET) env.FILES_DIR = base.FILES_DIR ?? path.join(stackDir, 'files');
  return env;
}

/** One instance in its own process group (scripts/start.ts and the server it starts), logging to a file. */
function startInstance(index, instancePort, base = process.env) {
  const log = path.join(stackDir, `app-${index + 1}.log`);
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, startTs, { cwd: root, env: appEnv(instancePort, index, base), detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  child.unref();
  return { name: `app-${index + 1}`, pid: child.pid, port: instancePort, log };
}

/** Signals an instance's whole process group (the starter and its server). */
function signal(instance, name) {
  try {
    process.kill(-instance.pid, name);
  } catch {
    // already gone
  }
}

function writeNginxConfig(ports) {
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(nginxDir, dir), { recursive: true });
  const template = readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8');
  // As root, nginx's workers would otherwise run as nobody, who cannot write the temp folders here.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const conf = template
    .replaceAll('{{USER}}', user)
    .replaceAll('{{PREFIX}}', nginxDir)
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{UPSTREAMS}}', ports.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=5s;`).join('\n'));
  writeFileSync(nginxConf, conf);
}

async function up() {
  const nginx = nginxBinary();
  if (readInstances().some((i) => alive(i.pid))) fail('the stack is already up (npm run stack:down first)');
  if (await reachable('127.0.0.1', port, 500)) fail(`port ${port} is taken (STACK_PORT)`);
  const redis = new URL(redisUrl);
  if (!(await reachable(redis.hostname, Number(redis.port || 6379)))) fail(`Redis at ${redis.host} cannot be reached (REDIS_URL)`);
  await ensureDatabase();
  mkdirSync(stackDir, { recursive: true });

  say('Preparing: migrations, demo data when empty, the production build when stale …');
  const prepare = spawnSync(process.execPath, [...startTs, '--prepare-only'], { cwd: root, stdio: 'inherit', env: appEnv(firstPort, 0) });
  if (prepare.status !== 0) fail('preparation failed (see above)');

  const ports = Array.from({ length: count }, (_, i) => firstPort + i);
  const instances = [];
  for (const [index, instancePort] of ports.entries()) {
    if (await reachable('127.0.0.1', instancePort, 500)) fail(`port ${instancePort} is taken (STACK_FIRST_PORT)`);
    instances.push(startInstance(index, instancePort));
  }
  writeFileSync(pidsFile, JSON.stringify(instances, null, 2));
  writeFileSync(envFile, JSON.stringify(process.env), { mode: 0o600 });
  for (const instance of instances) {
    if (!(await waitFor(`http://127.0.0.1:${instance.port}/api/ready`, 120))) {
      await down();
      fail(`${instance.name} did not become ready (its log: ${instance.log})`);
    }
  }

  writeNginxConfig(ports);
  const test = spawnSync(nginx, ['-t', '-p', nginxDir, '-c', nginxConf], { encoding: 'utf8' });
  if (test.status !== 0) {
    await down();
    fail(`the nginx configuration is refused:\n${test.stderr}`);
  }
  const started = spawnSync(nginx, ['-p', nginxDir, '-c', nginxConf], { encoding: 'utf8' });
  if (started.status !== 0) {
    await down();
    fail(`nginx did not start:\n${started.stderr}`);
  }
  if (!(await waitFor(`http://127.0.0.1:${port}/api/ready`, 20))) {
    await down();
    fail(`nginx does not answer on ${port} (its log: ${path.join(nginxDir, 'error.log')})`);
  }
  say(`Up: http://127.0.0.1:${port} → ${instances.map((i) => `${i.name} :${i.port} (pid ${i.pid})`).join(', ')}`);
  say(`Database ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}, Redis ${redisUrl}, files ${process.env.S3_BUCKET ? `s3://${process.env.S3_BUCKET}` : appEnv(0, 0).FILES_DIR}`);
  say(`Logs: ${stackDir}/app-N.log, ${nginxDir}/error.log. Stop with npm run stack:down.`);
}

async function down() {
  const instances = readInstances();
  if (existsSync(path.join(nginxDir, 'nginx.pid'))) {
    spawnSync(nginxBinary(), ['-s', 'quit', '-p', nginxDir, '-c', nginxConf], { stdio: 'ignore' });
  }
  // SIGTERM: each instance stops accepting, finishes what it serves, then exits (graceful shutdown).
  for (const instance of instances) signal(instance, 'SIGTERM');
  const until = Date.now() + 40_000;
  const running = (i) => alive(-i.pid);
  while (instances.some(running) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
  for (const instance of instances) {
    if (running(instance)) {
      signal(instance, 'SIGKILL');
      say(`${instance.name} did not stop in 40 s and was killed`);
    }
  }
  rmSync(pidsFile, { force: true });
  rmSync(envFile, { force: true });
  say(instances.length > 0 ? `Down: ${instances.map((i) => i.name).join(', ')} and nginx stopped` : 'Down (nothing was running)');
}

async function status() {
  const instances = readInstances();
  if (instances.length === 0) return say('The stack is down.');
  for (const instance of instances) {
    const ready = alive(instance.pid) && (await waitFor(`http://127.0.0.1:${instance.port}/api/ready`, 2));
    say(`${instance.name}  pid ${instance.pid}  :${instance.port}  ${ready ? 'ready' : alive(instance.pid) ? 'not ready' : 'stopped'}`);
  }
  say(`nginx :${port}  ${(await waitFor(`http://127.0.0.1:${port}/api/health`, 2)) ? 'answers' : 'does not answer'}`);
}

async function drill() {
  const instances = readInstances();
  if (instances.length < 2 || !instances.every((i) => alive(i.pid))) fail('the drill needs the stack up with two instances or more (npm run stack:up)');
  const base = `http://127.0.0.1:${port}`;
  const origin = { origin: base, 'content-type': 'application/json' };
  const password = createHash('sha256').update('Reagent#2026').digest('hex');
  const login = await fetch(`${base}/api/web/auth/login`, { method: 'POST', headers: origin, body: JSON.stringify({ loginName: 'buyer@demo.example.com', password }) });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  if (login.status !== 200 || !cookie) fail(`the demo buyer could not sign in (${login.status})`);
  const call = (pathName, body = {}) => fetch(`${base}${pathName}`, { method: 'POST', headers: { ...origin, cookie }, body: JSON.stringify(body) });
  const cartOf = async () => (await (await call('/api/app/api/order/shopcart/items')).json()).data;
  const before = await cartOf();
  const added = await call('/api/app/api/order/shopcart/item/add', { packId: 1, num: 2 });
  if (added.status !== 200) fail(`adding to the cart failed (${added.status})`);
  const withLine = await cartOf();

  const statuses = {};
  let requests = 0;
  const started = Date.now();
  const count = (key) => {
    statuses[key] = (statuses[key] ?? 0) + 1;
    requests += 1;
  };
  const pages = ['/zh', '/zh/product/list?type=3&sk=%E4%B9%99%E9%86%87', '/en/product/detail?id=1', '/zh/brand?type=1'];
  const browse = async (k) => {
    for (let i = k; Date.now() - started < 10_000; i++) {
      try {
        const res = await fetch(`${base}${pages[i % pages.length]}`);
        await res.arrayBuffer();
        count(res.status);
      } catch {
        count('connection cut');
      }
    }
  };
  const buyer = async () => {
    while (Date.now() - started < 10_000) {
      try {
        const res = await call('/api/web/cart/summary');
        await res.arrayBuffer();
        count(`cart ${res.status}`);
      } catch {
        count('cart connection cut');
      }
    }
  };
  const victim = instances[0];
  const kill = new Promise((resolve) => setTimeout(() => {
    signal(victim, 'SIGKILL');
    resolve(Date.now() - started);
  }, 3000));
  const [killedAt] = await Promise.all([kill, browse(0), browse(1), browse(2), buyer()]);
  const after = await cartOf();
  const line = (cart) => cart?.list?.find((l) => l.packId === 1)?.num ?? 0;
  say(`Killed ${victim.name} (SIGKILL) ${killedAt} ms into 10 s of 3 browsing clients and 1 signed-in buyer.`);
  say(`Answers: ${requests} — ${Object.entries(statuses).map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  say(`Session after the kill: ${after ? 'valid' : 'LOST'}; cart line of pack 1: ${line(before)} before, ${line(withLine)} after adding 2, ${line(after)} after the kill`);
  const restarted = startInstance(0, victim.port, existsSync(envFile) ? JSON.parse(readFileSync(envFile, 'utf8')) : process.env);
  writeFileSync(pidsFile, JSON.stringify([restarted, ...instances.slice(1)], null, 2));
  const back = await waitFor(`http://127.0.0.1:${victim.port}/api/ready`, 120);
  say(`${victim.name} started again: ${back ? 'ready' : 'NOT ready (see its log)'}`);
  const announced = back ? await savesReachEveryInstance([restarted, ...instances.slice(1)]) : false;
  if (!after || line(after) !== line(withLine) || !back || !announced) process.exit(1);
}

/**
 * A save on one instance drops the pages the others keep (ADR 0096): each other instance keeps a product
 * page (asked for twice, directly), the demo admin saves the visitor-count setting on the first instance
 * with the value it has (a save that changes nothing shown, but revalidates), and each other instance's
 * next answer of that page must be rendered again, not its kept copy.
 */
async function savesReachEveryInstance(instances) {
  const [first, ...others] = instances;
  const at = (instance) => `http://127.0.0.1:${instance.port}`;
  const page = `/zh/product/detail?id=1&drill=${Date.now()}`;
  const answer = async (instance) => {
    const res = await fetch(`${at(instance)}${page}`);
    await res.arrayBuffer();
    return res.headers.get('x-page-cache') === 'hit' ? 'kept' : 'rendered';
  };
  // The first answer is kept once it has been written, and an announcement takes a moment to travel: each
  // instance is asked again until it answers as expected, for 5 s at most (a page stays kept for 60 s, so
  // without the announcement every answer after the save would still be the kept copy).
  const until = async (instance, wanted) => {
    const deadline = Date.now() + 5_000;
    let got = await answer(instance);
    while (got !== wanted && Date.now() < deadline) got = await answer(instance);
    return got;
  };
  for (const other of others) await answer(other);
  const keptBefore = await Promise.all(others.map((other) => until(other, 'kept')));
  const headers = { origin: at(first), 'content-type': 'application/json' };
  const password = createHash('sha256').update('Admin#2026').digest('hex');
  const login = await fetch(`${at(first)}/api/admin/auth/login`, { method: 'POST', headers, body: JSON.stringify({ loginName: 'admin', password }) });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  if (login.status !== 200 || !cookie) {
    say(`Saves announced: the demo admin could not sign in on ${first.name} (${login.status})`);
    return false;
  }
  const settings = await (await fetch(`${at(first)}/api/admin/web-settings`, { headers: { ...headers, cookie } })).json();
  const saved = await fetch(`${at(first)}/api/admin/web-settings/visitor-count`, {
    method: 'PUT', headers: { ...headers, cookie }, body: JSON.stringify({ show: Boolean(settings.data?.showVisitorCount) }),
  });
  const after = await Promise.all(others.map((other) => until(other, 'rendered')));
  const ok = saved.status === 200 && keptBefore.every((a) => a === 'kept') && after.every((a) => a === 'rendered');
  say(`Saves announced: a kept page on ${others.map((o) => o.name).join(', ')} (${keptBefore.join(', ')}); after a save on ${first.name}: ${after.join(', ')}${ok ? '' : ' — NOT dropped'}`);
  return ok;
}

const command = process.argv[2];
if (command === 'up') await up();
else if (command === 'down') await down();
else if (command === 'status') await status();
else if (command === 'drill') await drill();
else fail('usage: node scripts/stack.mjs up|down|status|drill');
process.exit(0);
