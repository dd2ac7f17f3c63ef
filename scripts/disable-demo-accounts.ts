import { defaultDataDir } from '@/server/db/client';
import { runMigrations, withMigrationLock } from '@/server/db/migrate';
import { disableDemoAccounts } from '@/server/setup/prepare';
import { acquireDataLock, exitWithError, openConfiguredDatabase } from './lib/startup';

/**
 * `npm run db:disable-demo-accounts`: switches off the demo accounts that still sign in with the passwords the
 * README prints (in the configured database), so that a database that began as the demo can serve a real shop.
 */
async function main() {
  const release = process.env.DATABASE_URL ? () => {} : acquireDataLock(defaultDataDir());
  const handle = await openConfiguredDatabase();
  try {
    const disabled = await withMigrationLock(handle, async () => {
      await runMigrations(handle);
      return disableDemoAccounts(handle.db);
    });
    process.stdout.write(disabled.length > 0
      ? `Disabled ${disabled.length} demo accounts in ${handle.where}: ${disabled.join(', ')}\n`
      : `No demo account with a printed password is active in ${handle.where}.\n`);
  } finally {
    await handle.close();
    release();
  }
}

main().catch(exitWithError);
