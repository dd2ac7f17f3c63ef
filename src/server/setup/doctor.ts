import 'server-only';
import { asc, gt, isNotNull, sql } from 'drizzle-orm';
import { permissionsOfScope } from '@/server/auth/permissions';
import { rowsOf, type Db } from '@/server/db/client';
import { contentItems, productDocuments, staff, staffRoleAssignments, staffRolePermissions } from '@/server/db/schema';
import type { FileStore } from '@/server/modules/files/store';
import { demoAccountsWithPrintedPasswords } from './prepare';
import { isDemoDatabase } from '@/server/seed/seed-database';
import { shopFindings, type ShopFinding } from './shop-findings';

/** One finding of `npm run doctor`: what was checked, whether it is ready, and what to do when it is not. */
export interface DoctorFinding {
  check: 'database' | 'siteUrl' | 'mail' | 'sms' | 'administrator' | 'demoAccounts' | 'files' | ShopFinding['check'];
  ok: boolean;
  detail: string;
}

/** How many missing files a finding names (the count covers them all). */
const NAMED_MISSING = 10;
const BATCH = 1000;

/**
 * What a shop still lacks before it can serve real customers: the configuration (`env`, with `siteUrlProblem`
 * from the start-up rules), an administrator, the demo accounts with their printed passwords, the files of
 * documents that are gone from the store, and what a Chinese shop must show (`shopFindings`). Reads only; a demo database is reported as such, not as a fault.
 */
export async function runDoctor(db: Db, store: FileStore, env: Readonly<Record<string, string | undefined>>, siteUrlProblem: string | null): Promise<DoctorFinding[]> {
  const [schema] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('public.staff') is not null as present`));
  if (!schema?.present) return [{ check: 'database', ok: false, detail: 'the database is empty (not migrated): npm run db:migrate, or npm start' }];
  const demo = await isDemoDatabase(db);
  const findings: DoctorFinding[] = [];
  findings.push(env.DATABASE_URL
    ? { check: 'database', ok: true, detail: demo ? 'PostgreSQL (DATABASE_URL), marked as a demo database' : 'PostgreSQL (DATABASE_URL)' }
    : { check: 'database', ok: false, detail: 'the embedded database (a trial on one machine): set DATABASE_URL to a PostgreSQL database for a real shop' });
  findings.push(siteUrlProblem
    ? { check: 'siteUrl', ok: false, detail: siteUrlProblem }
    : { check: 'siteUrl', ok: Boolean(env.SITE_URL?.trim()), detail: env.SITE_URL?.trim() ? `SITE_URL ${env.SITE_URL.trim()}` : 'SITE_URL is not set: links in mail point to localhost' });
  findings.push(env.SMTP_URL?.trim()
    ? { check: 'mail', ok: true, detail: `mail is sent through ${smtpHost(env.SMTP_URL)}` }
    : { check: 'mail', ok: false, detail: 'SMTP_URL is not set: mail (codes, order and quotation mail) is written to the outbox folder, not sent' });
  findings.push({ check: 'sms', ok: false, detail: 'no SMS provider: text messages (sign-in codes to mobile numbers) are written to the outbox folder, not sent' });
  const administrators = await activeSuperAdministrators(db);
  findings.push(administrators.length > 0
    ? { check: 'administrator', ok: true, detail: `super administrators: ${administrators.join(', ')}` }
    : { check: 'administrator', ok: false, detail: 'no active staff member holds every back-office permission: npm run admin:create -- --login <name>' });
  const exposed = await demoAccountsWithPrintedPasswords(db);
  findings.push(exposed.length === 0
    ? { check: 'demoAccounts', ok: true, detail: 'no demo account signs in with its printed password' }
    : { check: 'demoAccounts', ok: demo, detail: demo
      ? `a demo database: its demo accounts sign in with the printed passwords (${exposed.length})`
      : `demo accounts sign in with the passwords printed in the README: ${exposed.join(', ')} (npm run db:disable-demo-accounts)` });
  const files = await missingFiles(db, store);
  findings.push(files.missing.length === 0
    ? { check: 'files', ok: true, detail: `all ${files.checked} document files are in ${store.root}` }
    : { check: 'files', ok: false, detail: `${files.missing.length} of ${files.checked} document files are missing from ${store.root}: ${files.missing.slice(0, NAMED_MISSING).join(', ')}${files.missing.length > NAMED_MISSING ? ', …' : ''}` });
  findings.push(...await shopFindings(db, store));
  return findings;
}

/** The SMTP server's host, without the user and password the URL may carry. */
function smtpHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the SMTP_URL server';
  }
}

/** Login names of the active staff members whose roles hold every back-office permission. */
async function activeSuperAdministrators(db: Db): Promise<string[]> {
  const all = permissionsOfScope('staff');
  const rows = rowsOf<{ login_name: string }>(await db.execute(sql`
    select s.login_name from ${staff} s
    where s.active and (
      select count(distinct p.permission) from ${staffRoleAssignments} a join ${staffRolePermissions} p on p.role_id = a.role_id
      where a.staff_id = s.id and p.permission in ${all}
    ) = ${all.length}
    order by s.login_name`));
  return rows.map((r) => r.login_name);
}

/** The documents (product documents and lot COAs, downloadable resources) whose file is not in the store. */
async function missingFiles(db: Db, store: FileStore): Promise<{ checked: number; missing: string[] }> {
  const missing: string[] = [];
  let checked = 0;
  let after = 0;
  for (;;) {
    const rows = await db.select({ id: productDocuments.id, filePath: productDocuments.filePath }).from(productDocuments)
      .where(gt(productDocuments.id, after)).orderBy(asc(productDocuments.id)).limit(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      checked += 1;
      if (!(await store.exists(row.filePath))) missing.push(row.filePath);
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
  const resources = await db.select({ filePath: contentItems.filePath }).from(contentItems)
    .where(isNotNull(contentItems.filePath)).orderBy(asc(contentItems.id));
  for (const r of resources) {
    if (!r.filePath) continue;
    checked += 1;
    if (!(await store.exists(r.filePath))) missing.push(r.filePath);
  }
  return { checked, missing };
}
