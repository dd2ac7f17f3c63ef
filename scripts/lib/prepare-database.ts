import { runMigrations, withMigrationLock } from '@/server/db/migrate';
import { DEMO_ACCOUNTS, isSeeded, seedDatabase, upsertPermissions } from '@/server/seed/seed-database';
import { INVITED_EMPLOYEE } from '@/server/seed/accounts';
import type { DbHandle } from '@/server/db/client';
import { ensureSeedFiles } from '@/server/seed/files';
import { getFileStore } from '@/server/modules/files/store';

/** Migrates, and seeds when empty; prints the demo accounts after a first seed. */
export async function prepareDatabase(handle: DbHandle, options: { quiet?: boolean } = {}): Promise<void> {
  // Several instances starting at once: one migrates and seeds, the others wait and then find it done.
  await withMigrationLock(handle, () => prepareLocked(handle, options));
}

async function prepareLocked(handle: DbHandle, options: { quiet?: boolean }): Promise<void> {
  const say = (line: string) => options.quiet || process.stdout.write(`${line}\n`);
  await runMigrations(handle);
  if (await isSeeded(handle.db)) {
    // The permission registry lives in code; keep its table in step on every start.
    await upsertPermissions(handle.db);
    await writeDocumentFiles(handle, say);
    return;
  }
  say(`Seeding demo data into ${handle.where} …`);
  const summary = await seedDatabase(handle.db);
  say(`Seeded: ${Object.entries(summary).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  await writeDocumentFiles(handle, say);
  say('Demo accounts (password after the slash):');
  for (const a of DEMO_ACCOUNTS.customers) say(`  customer  ${a.loginName} / ${a.password}  (${a.role ?? '—'}, ${a.companyName})`);
  say(`  invited   ${INVITED_EMPLOYEE}  (employee added by the administrator: activate with 注册账号 → 员工注册; the code is in the outbox)`);
  for (const a of DEMO_ACCOUNTS.staff) say(`  staff     ${a.loginName} / ${a.password}  (${a.role}) → /admin`);
}

/** The PDFs of seeded documents (COA, SDS, protocols, handbooks) that are missing from the file store. */
async function writeDocumentFiles(handle: DbHandle, say: (line: string) => void): Promise<void> {
  const store = getFileStore();
  const { written } = await ensureSeedFiles(handle.db, store);
  if (written > 0) say(`Wrote ${written} document files into ${store.root}`);
}
