import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '@/server/db/client';
import { buildIsStale, sourceDigest, STAMP_FILE } from './lib/build-stamp';
import { prepareDatabase } from './lib/prepare-database';
import { acquireDataLock, exitWithError, openConfiguredDatabase } from './lib/startup';

/**
 * `npm start`: migrate (and seed when empty) the database, build when the build is missing or
 * stale, then serve on PORT (3000). `--dev` serves with the development server instead.
 */
async function main() {
  const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false } } });
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  const port = process.env.PORT ?? '3000';
  const release = process.env.DATABASE_URL ? () => {} : acquireDataLock(defaultDataDir());
  process.on('exit', release);

  const handle = await openConfiguredDatabase();
  try {
    await prepareDatabase(handle);
  } finally {
    await handle.close();
  }

  const next = require.resolve('next/dist/bin/next');
  if (!values.dev && buildIsStale()) {
    process.stdout.write('Building the site (first start, or sources changed) …\n');
    const build = spawnSync(process.execPath, [next, 'build'], { stdio: 'inherit', env: process.env });
    if (build.status !== 0) throw new Error('next build failed (see the output above)');
    mkdirSync('.next', { recursive: true });
    writeFileSync(STAMP_FILE, sourceDigest());
  }

  process.stdout.write(`Serving on http://localhost:${port}\n`);
  const child = spawn(process.execPath, [next, values.dev ? 'dev' : 'start', '-p', port], { stdio: 'inherit', env: process.env });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => {
    release();
    process.exit(code ?? 0);
  });
}

main().catch(exitWithError);
