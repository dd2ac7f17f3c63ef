import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseTrustProxy } from '@/server/auth/client-address';
import { businessTimeZone } from '@/server/business-time';
import { sessionMaxAgeMs } from '@/server/auth/sessions';
import { defaultDataDir } from '@/server/db/client';
import { parseStructureWorkers } from '@/server/modules/chemistry/structures';
import { StartupError } from '@/server/db/startup-error';
import { pageCacheSettings } from '@/server/cache/page-cache-request';
import { readSmsConfig } from '@/server/modules/mail/sms-config';
import { buildIsStale, sourceDigest, STAMP_FILE } from './lib/build-stamp';
import { prepareDatabase } from './lib/prepare-database';
import { acquireDataLock, exitWithError, openConfiguredDatabase, siteUrlProblem } from './lib/startup';

/**
 * `npm start`: migrate the database and write its reference rows (and the demo shop into an empty one,
 * on the embedded database or with DEMO_DATA=1), build when the build is missing or stale, then serve on
 * PORT (3000). On PostgreSQL (a production start) SITE_URL is required. `--dev` serves with the development
 * server instead; `--prepare-only` prepares the database and builds, then exits (a deployment's release step).
 */
async function main() {
  const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false }, 'prepare-only': { type: 'boolean', default: false } } });
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  const port = process.env.PORT ?? '3000';
  try {
    parseTrustProxy(process.env.TRUST_PROXY);
    businessTimeZone();
    parseStructureWorkers(process.env.STRUCTURE_WORKERS);
    sessionMaxAgeMs('user');
    sessionMaxAgeMs('staff');
    pageCacheSettings();
    readSmsConfig(process.env);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  const siteUrl = siteUrlProblem(process.env, values.dev);
  if (siteUrl) throw new StartupError(siteUrl);
  const release = process.env.DATABASE_URL ? () => {} : acquireDataLock(defaultDataDir());
  process.on('exit', release);

  const handle = await openConfiguredDatabase();
  let demo: boolean;
  try {
    ({ demo } = await prepareDatabase(handle));
  } finally {
    await handle.close();
  }

  const next = require.resolve('next/dist/bin/next');
  if (!values.dev && buildIsStale()) {
    process.stdout.write('Building the site (first start, or sources changed) …\n');
    // The browser's API types follow the routers (src/lib/api/schema.d.ts, `npm run gen:api`).
    const types = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/gen-api-types.ts'], { stdio: 'inherit', env: process.env });
    if (types.status !== 0) throw new Error('generating the API types failed (see the output above)');
    // The digest of the sources as they are when the build starts: a file changed during the build makes the next start build again.
    const digest = sourceDigest();
    const build = spawnSync(process.execPath, [next, 'build'], { stdio: 'inherit', env: process.env });
    if (build.status !== 0) throw new Error('next build failed (see the output above)');
    mkdirSync('.next', { recursive: true });
    writeFileSync(STAMP_FILE, digest);
  }
  if (values['prepare-only']) {
    release();
    return;
  }

  process.stdout.write(`Serving on http://localhost:${port}\n`);
  // scripts/serve.mjs appends the TCP peer to X-Forwarded-For (client addresses, TRUST_PROXY). It loads
  // the page cache and the metrics from src/server through tsx, without the react-server condition.
  const serve = ['--import', 'tsx', 'scripts/serve.mjs', ...(values.dev ? ['--dev'] : [])];
  // A database marked as a demo serves as if DEMO_DATA=1 were set: the server learns it so (text messages, ADR 0062).
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: values.dev ? 'development' : 'production', ...(demo ? { DEMO_DATA: '1' } : {}) };
  const child = spawn(process.execPath, serve, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => {
    release();
    process.exit(code ?? 0);
  });
}

main().catch(exitWithError);
