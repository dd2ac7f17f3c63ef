import { INVITED_EMPLOYEE } from '@/server/seed/accounts';
import type { DbHandle } from '@/server/db/client';
import { ensureSeedFiles } from '@/server/seed/files';
import { checkDocumentFiles } from '@/server/modules/catalog/admin-documents';
import { getFileStore } from '@/server/modules/files/store';
import { demoDataRequested, prepareShop } from '@/server/setup/prepare';
import { DEMO_ACCOUNTS } from '@/server/seed/seed-database';

/**
 * Migrates and writes the reference rows; writes the demo shop into an empty database when a demo is asked
 * for (the embedded database, or DEMO_DATA=1), and prints the demo accounts after it. A real shop's start
 * (PostgreSQL without DEMO_DATA=1) writes no demo row, and refuses a database with the printed demo accounts.
 * Answers whether the database serves as a demo (asked for, or marked as one).
 */
export async function prepareDatabase(handle: DbHandle, options: { quiet?: boolean } = {}): Promise<{ demo: boolean }> {
  const say = (line: string) => options.quiet || process.stdout.write(`${line}\n`);
  const demo = demoDataRequested(process.env);
  say(`Preparing ${handle.where} …`);
  const prepared = await prepareShop(handle, { demo });
  const store = getFileStore();
  if (prepared.demo) {
    // The PDFs of the demo's documents (COA, SDS, protocols, handbooks) that are missing from the file store.
    const { written } = await ensureSeedFiles(handle.db, store);
    if (written > 0) say(`Wrote ${written} document files into ${store.root}`);
  }
  // Uploaded documents are never written by the product: the ones gone from the store are marked for staff.
  const files = await checkDocumentFiles(handle.db, store);
  if (files.missing > 0) {
    process.stderr.write(`${files.missing} of ${files.checked} uploaded document files are missing from ${store.root}: the back-office's product list names them, and the storefront shows them as unavailable. npm run doctor names them.\n`);
  }
  if (!prepared.demo) {
    const { menus, staffRoles } = prepared.reference;
    if (menus > 0 || staffRoles > 0) say(`Wrote the reference data into ${handle.where}: ${menus} menu rows, ${staffRoles} staff roles. No demo data (set DEMO_DATA=1 for the demo shop).`);
    return { demo: false };
  }
  if (!prepared.seeded) return { demo: true };
  say(`Seeded: ${Object.entries(prepared.seeded).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  say('Demo accounts (password after the slash):');
  for (const a of DEMO_ACCOUNTS.customers) say(`  customer  ${a.loginName} / ${a.password}  (${a.role ?? '—'}, ${a.companyName})`);
  say(`  invited   ${INVITED_EMPLOYEE}  (employee added by the administrator: activate with 注册账号 → 员工注册; the code is in the outbox)`);
  for (const a of DEMO_ACCOUNTS.staff) say(`  staff     ${a.loginName} / ${a.password}  (${a.role}) → /admin`);
  return { demo: true };
}
