import { runMigrations } from '@/server/db/migrate';
import { DEMO_ACCOUNTS, isSeeded, seedDatabase } from '@/server/db/seed';
import { INVITED_EMPLOYEE } from '@/server/db/seed/accounts';
import type { DbHandle } from '@/server/db/client';

/** Migrates, and seeds when empty; prints the demo accounts after a first seed. */
export async function prepareDatabase(handle: DbHandle, options: { quiet?: boolean } = {}): Promise<void> {
  const say = (line: string) => options.quiet || process.stdout.write(`${line}\n`);
  await runMigrations(handle);
  if (await isSeeded(handle.db)) return;
  say(`Seeding demo data into ${handle.where} …`);
  const summary = await seedDatabase(handle.db);
  say(`Seeded: ${Object.entries(summary).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  say('Demo accounts (password after the slash):');
  for (const a of DEMO_ACCOUNTS.customers) say(`  customer  ${a.loginName} / ${a.password}  (${a.role ?? '—'}, ${a.companyName})`);
  say(`  invited   ${INVITED_EMPLOYEE}  (employee added by the administrator: activate with 注册账号 → 员工注册; the code is in the outbox)`);
  for (const a of DEMO_ACCOUNTS.staff) say(`  staff     ${a.loginName} / ${a.password}  (${a.role}) → /admin`);
}
