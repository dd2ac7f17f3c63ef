import { defaultDataDir } from '@/server/db/client';
import { getFileStore } from '@/server/modules/files/store';
import { runDoctor } from '@/server/setup/doctor';
import { acquireDataLock, exitWithError, openConfiguredDatabase, siteUrlProblem } from './lib/startup';

/**
 * `npm run doctor`: what the configured shop still lacks before it serves real customers — the database, the
 * site's address, mail and text messages, an administrator, the demo accounts, missing document files. One
 * line per check; exits 1 while anything is left to do. Reads only.
 */
async function main() {
  const release = process.env.DATABASE_URL ? () => {} : acquireDataLock(defaultDataDir());
  const handle = await openConfiguredDatabase();
  try {
    const findings = await runDoctor(handle.db, getFileStore(), process.env, siteUrlProblem(process.env, false));
    for (const f of findings) process.stdout.write(`${f.ok ? 'ok  ' : 'todo'}  ${f.check.padEnd(16)} ${f.detail}\n`);
    const left = findings.filter((f) => !f.ok).length;
    process.stdout.write(left === 0 ? 'Ready to go live.\n' : `${left} thing${left === 1 ? '' : 's'} left to do (docs/deployment.md, "Going live").\n`);
    process.exitCode = left === 0 ? 0 : 1;
  } finally {
    await handle.close();
    release();
  }
}

main().catch(exitWithError);
