import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { companies, roles, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { AuditActor } from '@/server/modules/audit/record';

/** Who acts in company administration: the signed-in user, their company, and the audit actor. */
export interface CompanyActor {
  companyId: number;
  userId: number;
  audit: AuditActor;
}

/** Missing rows of another company look exactly like missing rows: 404 either way. */
export function notFound(key: string): AppError {
  return new AppError(404, key);
}

/** The company administrator's user id (companies.admin_user_id), or null. */
export async function companyAdminId(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db.select({ adminUserId: companies.adminUserId }).from(companies).where(eq(companies.id, companyId));
  return row?.adminUserId ?? null;
}

/** The given ids that are users of the company (all of them, or 404). */
export async function requireCompanyUsers(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, unique)));
  if (rows.length !== unique.length) throw notFound('userNotFound');
}

/** The given ids that are roles of the company (all of them, or 404). */
export async function requireCompanyRoles(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, companyId), inArray(roles.id, unique)));
  if (rows.length !== unique.length) throw notFound('roleNotFound');
}

/** Names for messages that name records ("still has users: 李娜、张伟"). */
export function nameList(names: readonly string[], max = 10): string {
  const shown = names.slice(0, max).join('、');
  return names.length > max ? `${shown}…` : shown;
}
