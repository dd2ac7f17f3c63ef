import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sha256Hex } from '@/lib/sha256';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import type { Db, DbHandle } from '@/server/db/client';
import { runMigrations, withMigrationLock } from '@/server/db/migrate';
import { ensureCartridge } from '@/server/modules/structure-search/cartridge';
import { sessions, staff, users } from '@/server/db/schema';
import { recordAudit, SYSTEM_ACTOR } from '@/server/modules/audit/record';
import { StartupError } from '@/server/db/startup-error';
import { ensureReferenceData, type ReferenceCounts } from './reference-data';
import { DEMO_ACCOUNTS, hasShopData, isDemoDatabase, seedDatabase, type SeedSummary } from '@/server/seed/seed-database';

/**
 * Whether a start may write the demo shop: always on the embedded database (the quickstart's trial), and on
 * PostgreSQL only when DEMO_DATA=1. A database marked as a demo database serves as if it were set.
 */
export function demoDataRequested(env: Readonly<Record<string, string | undefined>>): boolean {
  return !env.DATABASE_URL || env.DEMO_DATA === '1';
}

export interface PreparedShop {
  reference: ReferenceCounts;
  /** What the demo seed wrote, when it ran on this start. */
  seeded: SeedSummary | null;
  /** The database is the demo shop's (marked by its seed, or asked for with DEMO_DATA=1). */
  demo: boolean;
}

/**
 * A start's preparation of the database: migrations, the reference rows every shop needs, and the demo shop
 * only when `demo` asks for it and the shop holds nothing of its own. On a database not used as a demo, the
 * demo accounts whose passwords the README prints must not be able to sign in: the start refuses to go on.
 * Several instances starting at once: one prepares, the others wait and find it done.
 */
export async function prepareShop(handle: DbHandle, options: { demo: boolean; products?: number }): Promise<PreparedShop> {
  return withMigrationLock(handle, async () => {
    await runMigrations(handle);
    // The RDKit cartridge's columns when the server has the extension (ADR 0075); else the embedded path, logged.
    await ensureCartridge(handle);
    const reference = await ensureReferenceData(handle.db);
    const seeded = options.demo && !(await hasShopData(handle.db)) ? await seedDatabase(handle.db, { products: options.products }) : null;
    const demo = options.demo || (await isDemoDatabase(handle.db));
    if (!demo) {
      const exposed = await demoAccountsWithPrintedPasswords(handle.db);
      if (exposed.length > 0) throw new StartupError(demoAccountsMessage(exposed));
    }
    return { reference, seeded, demo };
  });
}

/** The refusal of a real shop's start that finds the demo accounts, with what to do next. */
export function demoAccountsMessage(logins: readonly string[]): string {
  return `this database holds demo accounts whose passwords are printed in the README (${logins.join(', ')}), and it is not marked as a demo database. `
    + 'Disable them with `npm run db:disable-demo-accounts`, or set DEMO_DATA=1 to serve it as a demo.';
}

/**
 * The active demo accounts (staff and customers) that still sign in with the password the README prints,
 * by login name: each stored hash is checked against that password.
 */
export async function demoAccountsWithPrintedPasswords(db: Db): Promise<string[]> {
  const printed = new Map<string, string>([...DEMO_ACCOUNTS.staff, ...DEMO_ACCOUNTS.customers].map((a) => [a.loginName, a.password]));
  const logins = [...printed.keys()];
  const found = [
    ...(await db.select({ loginName: staff.loginName, hash: staff.passwordHash }).from(staff).where(and(inArray(staff.loginName, logins), eq(staff.active, true)))),
    ...(await db.select({ loginName: users.loginName, hash: users.passwordHash }).from(users).where(and(inArray(users.loginName, logins), eq(users.active, true)))),
  ];
  const exposed: string[] = [];
  for (const account of found) {
    const password = printed.get(account.loginName);
    if (password !== undefined && (await verifyPassword(account.hash, await sha256Hex(password)))) exposed.push(account.loginName);
  }
  return exposed.sort();
}

/**
 * `npm run db:disable-demo-accounts`: each demo account that still has its printed password is switched off,
 * given a random password nobody knows, and signed out everywhere, with an audit row; the rest of the demo's
 * rows stay. Answers the login names it disabled.
 */
export async function disableDemoAccounts(db: Db): Promise<string[]> {
  const exposed = await demoAccountsWithPrintedPasswords(db);
  if (exposed.length === 0) return [];
  const unknown = await hashPassword(await sha256Hex(randomBytes(32).toString('hex')));
  await db.transaction(async (tx) => {
    const disabledStaff = await tx.update(staff).set({ active: false, passwordHash: unknown })
      .where(and(inArray(staff.loginName, exposed), eq(staff.active, true))).returning({ id: staff.id, loginName: staff.loginName });
    const disabledUsers = await tx.update(users).set({ active: false, passwordHash: unknown })
      .where(and(inArray(users.loginName, exposed), eq(users.active, true))).returning({ id: users.id, loginName: users.loginName, companyId: users.companyId });
    const disabled = [
      ...disabledStaff.map((row) => ({ ...row, kind: 'staff' as const, companyId: null })),
      ...disabledUsers.map((row) => ({ ...row, kind: 'user' as const })),
    ];
    for (const row of disabled) {
      await tx.update(sessions).set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.subjectType, row.kind), eq(sessions.subjectId, row.id), isNull(sessions.revokedAt)));
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'disable', entity: row.kind, entityId: row.id, companyId: row.companyId,
        before: { active: true }, after: { active: false }, note: { demoAccount: row.loginName },
      });
    }
  });
  return exposed;
}
