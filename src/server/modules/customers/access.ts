import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { companies, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { ownedRecordVisibleTo, type ScopedStaff } from '@/server/auth/staff-scope';
import type { AuditActor } from '@/server/modules/audit/record';

/** A staff member acting on customers: who they are for the scope, and for the audit log. */
export interface CrmActor extends ScopedStaff {
  name: string;
  audit: AuditActor;
}

/**
 * Which customers a member sees (ADR 0038), inside the query: the owner, the owner's teammates, the
 * manager of the owner's team, every one for `CRM.VIEW_ALL`; and the pool of customers nobody owns
 * yet (new registrations), which every member with the customer permission sees so that one can claim
 * them.
 */
export function customerVisibleTo(actor: ScopedStaff): SQL {
  return ownedRecordVisibleTo(actor, companies.ownerStaffId, { unowned: true });
}

export const customerNotFound = () => new AppError(404, 'crmCustomerNotFound');

/** The customer if the member sees it (404 otherwise, as for one that does not exist); locked for update in a transaction when asked. */
export async function visibleCustomer(db: Db, actor: ScopedStaff, id: number, lock = false) {
  const q = db.select().from(companies).where(and(eq(companies.id, id), customerVisibleTo(actor)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw customerNotFound();
  return row;
}

/**
 * The one rule for writing anything for a customer (a quotation, a contract, a testing case, a quote
 * request taken from the shared queue): the customer is one the member sees (`customerVisibleTo`, the
 * rule of the reads), and an account named is one of that customer's. Otherwise the answer is the 404 of
 * a customer read, the same whichever id was foreign or unknown, so that neither customers nor their
 * accounts can be told apart by probing.
 */
export async function assertCustomerVisible(db: Db, actor: ScopedStaff, companyId: number, userId?: number | null): Promise<void> {
  const account = userId === undefined || userId === null ? sql`true`
    : sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.companyId} = ${companies.id})`;
  const [row] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), customerVisibleTo(actor), account));
  if (!row) throw customerNotFound();
}

/** The teams a member manages. */
async function managedTeams(db: Db, staffId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(sql`select id from staff_teams where manager_id = ${staffId}`)).map((r) => Number(r.id));
}

/**
 * The staff a member may make a customer's owner: anybody active for `CRM.VIEW_ALL`; a team manager,
 * the members of the teams they manage (and themselves); a member, themselves — only to claim a
 * customer of the pool.
 */
export async function assignableOwners(db: Db, actor: ScopedStaff, currentOwner: number | null): Promise<{ id: number; name: string; teamZh: string | null; teamEn: string | null }[]> {
  const all = actor.permissions.includes('CRM.VIEW_ALL');
  const teams = all ? [] : await managedTeams(db, actor.staffId);
  if (!all && teams.length === 0 && currentOwner !== null) return [];
  const scope = all ? sql`true`
    : teams.length ? sql`(s.id = ${actor.staffId} or s.team_id in (select id from staff_teams where manager_id = ${actor.staffId}))`
      : sql`s.id = ${actor.staffId}`;
  const rows = rowsOf<{ id: number; name: string; team_zh: string | null; team_en: string | null }>(await db.execute(sql`
    select s.id, s.name, t.name_zh as team_zh, t.name_en as team_en
    from staff s left join staff_teams t on t.id = s.team_id
    where s.active and ${scope}
    order by t.sort nulls first, s.id`));
  return rows.map((r) => ({ id: Number(r.id), name: r.name, teamZh: r.team_zh, teamEn: r.team_en }));
}

/**
 * Whether a member may move a customer from one owner to another (or to the pool, `null`):
 * `CRM.VIEW_ALL` anywhere; a team manager between the members of the teams they manage and the pool;
 * any member from the pool to themselves (claiming).
 */
export async function mayReassign(db: Db, actor: ScopedStaff, from: number | null, to: number | null): Promise<boolean> {
  if (actor.permissions.includes('CRM.VIEW_ALL')) return true;
  if (from === null && to === actor.staffId) return true;
  const teams = await managedTeams(db, actor.staffId);
  if (teams.length === 0) return false;
  const inMyTeams = async (id: number | null): Promise<boolean> => {
    if (id === null || id === actor.staffId) return true;
    const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from staff where id = ${id} and team_id in (select id from staff_teams where manager_id = ${actor.staffId})`));
    return Number(rows[0]?.n ?? 0) > 0;
  };
  return (await inMyTeams(from)) && (await inMyTeams(to));
}
