import { defaultDataDir } from '@/server/db/client';
import { prepareDatabase } from './lib/prepare-database';
import { acquireDataLock, exitWithError, openConfiguredDatabase } from './lib/startup';

/** `npm run db:migrate`: applies migrations and seeds an empty database, without serving. */
async function main() {
  const release = process.env.DATABASE_URL ? () => {} : acquireDataLock(defaultDataDir());
  const handle = await openConfiguredDatabase();
  try {
    await prepareDatabase(handle);
    process.stdout.write(`Database ready: ${handle.where}\n`);
  } finally {
    await handle.close();
    release();
  }
}

main().catch(exitWithError);
