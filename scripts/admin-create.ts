import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '@/server/db/client';
import { runMigrations, withMigrationLock } from '@/server/db/migrate';
import { StartupError } from '@/server/db/startup-error';
import { AdministratorRefused, createAdministrator } from '@/server/setup/first-admin';
import { ensureReferenceData } from '@/server/setup/reference-data';
import { acquireDataLock, exitWithError, openConfiguredDatabase } from './lib/startup';

/**
 * `npm run admin:create -- --login <name> [--name <display name>]`: a super administrator for the configured
 * database (DATABASE_URL, or the embedded one). The password comes from ADMIN_PASSWORD, or is asked for twice
 * on a terminal without being shown. The database is migrated and given its reference rows first; no demo.
 */
async function main() {
  const { values } = parseArgs({ options: { login: { type: 'string' }, name: { type: 'string' } } });
  if (!values.login) throw new StartupError('give the login of the new administrator: npm run admin:create -- --login <name>');
  // An empty ADMIN_PASSWORD counts as unset.
  const password = process.env.ADMIN_PASSWORD || (await askPassword());
  const release = process.env.DATABASE_URL ? () => {} : acquireDataLock(defaultDataDir());
  const handle = await openConfiguredDatabase();
  try {
    await withMigrationLock(handle, async () => {
      await runMigrations(handle);
      await ensureReferenceData(handle.db);
    });
    const created = await createAdministrator(handle.db, { loginName: values.login, password, name: values.name });
    process.stdout.write(`Created the super administrator "${created.loginName}" in ${handle.where}: sign in at /admin/login.\n`);
  } catch (error) {
    if (error instanceof AdministratorRefused) throw new StartupError(error.message);
    throw error;
  } finally {
    await handle.close();
    release();
  }
}

/** The password, typed twice on a terminal and not echoed. */
async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new StartupError('set ADMIN_PASSWORD, or run the command on a terminal to type the password.');
  const first = await readHidden('Password: ');
  const second = await readHidden('Password again: ');
  if (first !== second) throw new StartupError('the two passwords differ.');
  return first;
}

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    process.stdout.write(prompt);
    // Nothing of what is typed is shown.
    output._writeToOutput = () => {};
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

main().catch(exitWithError);
