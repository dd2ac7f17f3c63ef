import 'server-only';
import { asc, isNotNull, sql } from 'drizzle-orm';
import { permissionsOfScope } from '@/server/auth/permissions';
import { isPostgresPool, rowsOf, type Db } from '@/server/db/client';
import { hasCartridge } from '@/server/modules/structure-search/cartridge';
import { catchUpHolder, productsWaitingForSubstance } from '@/server/modules/structure-search/catch-up';
import { contentItems, productDocuments, staff, staffRoleAssignments, staffRolePermissions } from '@/server/db/schema';
import { checkDocumentFiles } from '@/server/modules/catalog/admin-documents';
import type { FileStore } from '@/server/modules/files/store';
import { readSmsConfig, type SmsConfig } from '@/server/modules/mail/sms-config';
import { demoAccountsWithPrintedPasswords } from './prepare';
import { isDemoDatabase } from '@/server/seed/seed-database';
import { shopFindings, type ShopFinding } from './shop-findings';

/** One finding of `npm run doctor`: what was checked, whether it is ready, and what to do when it is not. */
export interface DoctorFinding {
  check: 'database' | 'structures' | 'siteUrl' | 'mail' | 'sms' | 'administrator' | 'demoAccounts' | 'files' | ShopFinding['check'];
  ok: boolean;
  detail: string;
}

/** How many missing files a finding names (the count covers them all). */
const NAMED_MISSING = 10;

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
  findings.push(await structureFinding(db));
  findings.push(siteUrlProblem
    ? { check: 'siteUrl', ok: false, detail: siteUrlProblem }
    : { check: 'siteUrl', ok: Boolean(env.SITE_URL?.trim()), detail: env.SITE_URL?.trim() ? `SITE_URL ${env.SITE_URL.trim()}` : 'SITE_URL is not set: links in mail point to localhost' });
  findings.push(env.SMTP_URL?.trim()
    ? { check: 'mail', ok: true, detail: `mail is sent through ${smtpHost(env.SMTP_URL)}` }
    : { check: 'mail', ok: false, detail: 'SMTP_URL is not set: mail (codes, order and quotation mail) is written to the outbox folder, not sent' });
  findings.push(smsFinding(env));
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
  findings.push(files.count === 0
    ? { check: 'files', ok: true, detail: `all ${files.checked} uploaded document files are in ${store.root}` }
    : { check: 'files', ok: false, detail: `${files.count} of ${files.checked} uploaded document files are missing from ${store.root} (the back-office's product list names them): ${files.named.slice(0, NAMED_MISSING).join(', ')}${files.count > NAMED_MISSING ? ', …' : ''}` });
  findings.push(...await shopFindings(db, store));
  return findings;
}

/**
 * Which engine structure search runs on (ADR 0075), and whether every product's structure is searchable:
 * PostgreSQL without the RDKit cartridge falls back to screening in worker threads, slower at scale.
 */
async function structureFinding(db: Db): Promise<DoctorFinding> {
  const missing = await productsWaitingForSubstance(db);
  if (missing > 0) {
    // ADR 0087: the server links them itself after it starts, one instance under a lease.
    const holder = await catchUpHolder(db);
    const now = holder ? `an instance is linking them now (lease until ${holder.until.toISOString()})` : 'a server links them in the background when it starts';
    return { check: 'structures', ok: false, detail: `${missing} products have a SMILES but wait for their substance, so structure search does not find them yet: ${now}; npm run structures:rebuild does it at once and lists structures it cannot read` };
  }
  if (!isPostgresPool(db)) return { check: 'structures', ok: true, detail: 'structure search screens fingerprints in worker threads (embedded database)' };
  return await hasCartridge(db)
    ? { check: 'structures', ok: true, detail: 'structure search runs on the RDKit cartridge' }
    : { check: 'structures', ok: false, detail: 'the RDKit cartridge is not installed: structure search falls back to screening in worker threads, slow past 100,000 structures; install postgresql-15-rdkit on the database server and restart (docs/deployment.md, "Structure search")' };
}

/** Whether text messages reach phones: a provider whose whole configuration start-up accepts, or the outbox. */
function smsFinding(env: Readonly<Record<string, string | undefined>>): DoctorFinding {
  let config: SmsConfig | null;
  try {
    config = readSmsConfig(env);
  } catch (error) {
    return { check: 'sms', ok: false, detail: (error as Error).message };
  }
  return config
    ? { check: 'sms', ok: true, detail: `text messages are sent through ${config.provider} (sign name ${config.signName}); the demo's numbers still go to the outbox` }
    : { check: 'sms', ok: false, detail: 'no SMS provider (SMS_PROVIDER): text messages are written to the outbox folder, not sent; a production start refuses code sign-in and registration by mobile number' };
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

/**
 * The documents whose file is not in the store: the uploaded product documents and lot COAs (looked for
 * anew, which marks them for the back-office's "missing files" list), and the downloadable resources. The
 * demo's generated PDFs are not counted: every start of a demo writes the missing ones again.
 */
async function missingFiles(db: Db, store: FileStore): Promise<{ checked: number; count: number; named: string[] }> {
  const uploaded = await checkDocumentFiles(db, store);
  const named = (await db.select({ filePath: productDocuments.filePath }).from(productDocuments)
    .where(isNotNull(productDocuments.missingSince)).orderBy(asc(productDocuments.missingSince), asc(productDocuments.id)).limit(NAMED_MISSING))
    .map((r) => r.filePath);
  let checked = uploaded.checked;
  let count = uploaded.missing;
  const resources = await db.select({ filePath: contentItems.filePath }).from(contentItems)
    .where(isNotNull(contentItems.filePath)).orderBy(asc(contentItems.id));
  for (const r of resources) {
    if (!r.filePath) continue;
    checked += 1;
    if (await store.exists(r.filePath)) continue;
    count += 1;
    named.push(r.filePath);
  }
  return { checked, count, named };
}
