import 'server-only';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  nameMatchesLicence, type CustomerCreateInput, type CustomerDetailDto, type CustomerListDto, type CustomerListInput, type CustomerRowDto,
  type CustomerUpdateInput, type CustomerSort,
} from '@/contracts/customers';
import { rowsOf, type Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { companies, orderItems, orders, staff, staffTeams, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit } from '@/server/modules/audit/record';
import { assignableOwners, customerVisibleTo, mayReassign, visibleCustomer, type CrmActor } from './access';
import type { ScopedStaff } from '@/server/auth/staff-scope';

/** The list's conditions (filters and the member's scope), shared by the list and the export. */
export function customerListCondition(actor: ScopedStaff, input: Omit<CustomerListInput, 'cursor' | 'limit' | 'sort'>): SQL {
  const parts: SQL[] = [customerVisibleTo(actor)];
  if (input.kind) parts.push(sql`${companies.crmKind} = ${input.kind}`);
  if (input.level) parts.push(sql`${companies.level} = ${input.level}`);
  if (input.ownerId) parts.push(sql`${companies.ownerStaffId} = ${input.ownerId}`);
  if (input.teamId) parts.push(sql`${companies.ownerStaffId} in (select id from staff where team_id = ${input.teamId})`);
  if (input.tag) parts.push(sql`${input.tag} = any(${companies.tags})`);
  if (input.scope === 'mine') parts.push(sql`${companies.ownerStaffId} = ${actor.staffId}`);
  if (input.scope === 'unowned') parts.push(sql`${companies.ownerStaffId} is null`);
  if (input.key) {
    const like = `%${escapeLike(input.key)}%`;
    parts.push(sql`(${companies.name} ilike ${like} or ${companies.taxNo} ilike ${like} or array_to_string(${companies.tags}, ' ') ilike ${like}
      or exists (select 1 from crm_contacts k where k.company_id = "companies"."id" and (k.name ilike ${like} or k.phone ilike ${like} or k.email ilike ${like})))`);
  }
  return sql.join(parts, sql` and `);
}

interface Cursor { value: string; id: number }

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.value, c.id])).toString('base64url');
}

function decodeCursor(cursor: string, sort: CustomerSort): Cursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && v[0].length <= 200 && Number.isInteger(v[1]) && (v[1] as number) > 0 && (v[1] as number) <= 2_147_483_647) {
      if (sort.endsWith('createdAt') && Number.isNaN(Date.parse(v[0]))) throw new Error('bad stamp');
      return { value: v[0], id: v[1] as number };
    }
  } catch { /* refused below */ }
  throw new AppError(400, 'badRequest', [{ field: 'cursor', message: 'requestCursorInvalid' }]);
}

const STAMP = sql<string>`to_char(${companies.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const rowColumns = {
  id: companies.id, name: companies.name, kind: companies.crmKind, level: companies.level, ownerId: companies.ownerStaffId,
  ownerName: sql<string | null>`(select s.name from staff s where s.id = "companies"."owner_staff_id")`,
  teamId: sql<number | null>`(select s.team_id from staff s where s.id = "companies"."owner_staff_id")`,
  teamZh: sql<string | null>`(select t.name_zh from staff s join staff_teams t on t.id = s.team_id where s.id = "companies"."owner_staff_id")`,
  teamEn: sql<string | null>`(select t.name_en from staff s join staff_teams t on t.id = s.team_id where s.id = "companies"."owner_staff_id")`,
  tags: companies.tags, creditDays: companies.creditDays, creditLimit: companies.creditLimit,
  users: sql<number>`(select count(*)::int from users u where u.company_id = "companies"."id")`,
  stamp: STAMP,
};

type RawRow = { [K in keyof typeof rowColumns]: unknown };

function toRow(r: RawRow): CustomerRowDto {
  return {
    id: Number(r.id), name: String(r.name), kind: r.kind as CustomerRowDto['kind'], level: r.level as CustomerRowDto['level'],
    ownerId: r.ownerId === null ? null : Number(r.ownerId), ownerName: (r.ownerName as string | null) ?? null,
    teamId: r.teamId === null ? null : Number(r.teamId), teamZh: (r.teamZh as string | null) ?? null, teamEn: (r.teamEn as string | null) ?? null,
    tags: (r.tags as string[]) ?? [], creditDays: Number(r.creditDays), creditLimit: String(r.creditLimit), users: Number(r.users),
    createdAt: String(r.stamp),
  };
}

/** The customers the member sees, filtered, sorted by name or creation, one keyset page, with the (capped) total. */
export async function listCustomers(db: Db, actor: ScopedStaff, input: CustomerListInput): Promise<CustomerListDto> {
  const where = customerListCondition(actor, input);
  const descending = input.sort.startsWith('-');
  const byName = input.sort.endsWith('name');
  const column = byName ? sql`${companies.name}` : sql`${companies.createdAt}`;
  const page: SQL[] = [where];
  if (input.cursor) {
    const c = decodeCursor(input.cursor, input.sort);
    const value = byName ? sql`${c.value}::text` : sql`${c.value}::timestamptz`;
    page.push(descending ? sql`(${column}, ${companies.id}) < (${value}, ${c.id})` : sql`(${column}, ${companies.id}) > (${value}, ${c.id})`);
  }
  const order = descending ? [desc(byName ? companies.name : companies.createdAt), desc(companies.id)] : [asc(byName ? companies.name : companies.createdAt), asc(companies.id)];
  const [rows, [count]] = await Promise.all([
    db.select(rowColumns).from(companies).where(and(...page)).orderBy(...order).limit(input.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  const more = rows.length > input.limit;
  const items = rows.slice(0, input.limit).map((r) => toRow(r as RawRow));
  const last = items[items.length - 1];
  return {
    total: Number(count?.n ?? 0),
    items,
    nextCursor: more && last ? encodeCursor({ value: byName ? last.name : last.createdAt, id: last.id }) : null,
  };
}

/** One customer the member sees, with its contacts (linked to the company's accounts by phone or e-mail) and whom it may be given to. */
export async function getCustomer(db: Db, actor: ScopedStaff, id: number): Promise<CustomerDetailDto> {
  const [row] = await db.select({ ...rowColumns, taxNo: companies.taxNo, address: companies.address, phone: companies.phone, licenceName: companies.licenceName,
    licenceFileName: companies.licenceFileName, updatedAt: companies.updatedAt })
    .from(companies).where(and(eq(companies.id, id), customerVisibleTo(actor)));
  if (!row) throw new AppError(404, 'crmCustomerNotFound');
  const contacts = rowsOf<{ id: number; name: string; phone: string; email: string; position: string; user_id: number | null; login_name: string | null }>(await db.execute(sql`
    select k.id, k.name, k.phone, k.email, k.position, u.id as user_id, u.login_name
    from crm_contacts k
    left join lateral (
      select u.id, u.login_name from users u
      where u.company_id = k.company_id and ((k.email <> '' and lower(u.email) = lower(k.email)) or (k.phone <> '' and u.phone = k.phone))
      order by u.id limit 1
    ) u on true
    where k.company_id = ${id}
    order by k.id`));
  return {
    ...toRow(row as RawRow),
    taxNo: row.taxNo, address: row.address, phone: row.phone, licenceName: row.licenceName, licenceFileName: row.licenceFileName,
    updatedAt: row.updatedAt.toISOString(),
    contacts: contacts.map((c) => ({
      id: Number(c.id), name: c.name, phone: c.phone, email: c.email, position: c.position,
      accountUserId: c.user_id === null ? null : Number(c.user_id), accountLoginName: c.login_name,
    })),
    owners: await assignableOwners(db, actor, row.ownerId === null ? null : Number(row.ownerId)),
  };
}

/** Enters a prospect (a company not registered yet), owned by the member who enters it. */
export async function createProspect(db: Db, actor: CrmActor, input: CustomerCreateInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(companies).values({
      name: input.name, crmKind: 'prospect', ownerStaffId: actor.staffId, level: input.level, creditDays: input.creditDays,
      creditLimit: input.creditLimit, tags: input.tags, phone: input.phone, address: input.address,
    }).returning({ id: companies.id });
    if (!row) throw new Error('Customer was not inserted');
    await recordAudit(tx, actor.audit, {
      action: 'create', entity: 'customer', entityId: row.id, companyId: row.id,
      after: { name: input.name, kind: 'prospect', ownerId: actor.staffId, level: input.level, creditDays: input.creditDays, creditLimit: input.creditLimit, tags: input.tags },
    });
    return { id: row.id };
  });
}

/**
 * Changes a customer the member sees, in one transaction with its audit row: the fields given, the
 * owner when the member may reassign it (`mayReassign`, 403 otherwise), and the licence rule — when a
 * licence name is on record the customer name must equal it once normalised (`nameMatchesLicence`),
 * and a licence name needs a licence file.
 */
export async function updateCustomer(db: Db, actor: CrmActor, input: CustomerUpdateInput): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await visibleCustomer(tx, actor, input.id, true);
    const next = {
      name: input.name ?? before.name,
      level: input.level ?? before.level,
      creditDays: input.creditDays ?? before.creditDays,
      creditLimit: input.creditLimit === undefined ? before.creditLimit : Number(input.creditLimit).toFixed(2),
      tags: input.tags ?? before.tags,
      phone: input.phone ?? before.phone,
      address: input.address ?? before.address,
      licenceName: input.licenceName === undefined ? before.licenceName : input.licenceName === '' ? null : input.licenceName,
      ownerStaffId: input.ownerId === undefined ? before.ownerStaffId : input.ownerId,
    };
    if (next.licenceName !== null && input.licenceName !== undefined && !before.licenceKey) {
      throw new AppError(400, 'validation', [{ field: 'licenceName', message: 'crmLicenceFileMissing' }]);
    }
    if (next.licenceName !== null && !nameMatchesLicence(next.name, next.licenceName)) {
      throw new AppError(400, 'validation', [{ field: input.name !== undefined ? 'name' : 'licenceName', message: 'crmLicenceNameMismatch' }]);
    }
    if (next.ownerStaffId !== before.ownerStaffId) {
      if (next.ownerStaffId !== null) {
        const [owner] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.id, next.ownerStaffId), eq(staff.active, true)));
        if (!owner) throw new AppError(400, 'validation', [{ field: 'ownerId', message: 'crmOwnerUnknown' }]);
      }
      if (!(await mayReassign(tx, actor, before.ownerStaffId, next.ownerStaffId))) throw new AppError(403, 'crmOwnerChangeRefused');
    }
    await tx.update(companies).set({ ...next, updatedAt: new Date() }).where(eq(companies.id, before.id));
    const fields = (c: typeof next) => ({
      name: c.name, level: c.level, creditDays: c.creditDays, creditLimit: Number(c.creditLimit).toFixed(2), tags: c.tags, phone: c.phone,
      address: c.address, licenceName: c.licenceName, ownerId: c.ownerStaffId,
    });
    await recordAudit(tx, actor.audit, {
      action: next.ownerStaffId !== before.ownerStaffId ? 'owner' : 'update', entity: 'customer', entityId: before.id, companyId: before.id,
      before: fields(before), after: fields(next),
    });
  });
}

/** The company's storefront users. */
export async function customerUsers(db: Db, actor: ScopedStaff, id: number) {
  await visibleCustomer(db, actor, id);
  const rows = await db.select({ id: users.id, name: users.name, loginName: users.loginName, email: users.email, phone: users.phone, accountType: users.accountType, active: users.active, createdAt: users.createdAt })
    .from(users).where(eq(users.companyId, id)).orderBy(asc(users.id)).limit(200);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The company's latest orders (at most 50) with their lines and backorders, read only. */
export async function customerOrders(db: Db, actor: ScopedStaff, id: number) {
  await visibleCustomer(db, actor, id);
  const rows = await db.select({ id: orders.id, orderNo: orders.orderNo, status: orders.status, total: orders.total, buyer: users.name, createdAt: orders.createdAt })
    .from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.companyId, id)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(50);
  const lines = rows.length === 0 ? [] : await db
    .select({
      id: orderItems.id, orderId: orderItems.orderId, itemNo: orderItems.itemNo, nameZh: orderItems.nameZh, nameEn: orderItems.nameEn, size: orderItems.size,
      num: orderItems.num, backorderQty: orderItems.backorderQty, leadTimeDays: orderItems.leadTimeDays,
    })
    .from(orderItems).where(and(eq(orderItems.companyId, id), inArray(orderItems.orderId, rows.map((r) => r.id)))).orderBy(asc(orderItems.id));
  return rows.map((r) => ({
    ...r, total: String(r.total), createdAt: r.createdAt.toISOString(),
    lines: lines.filter((l) => l.orderId === r.id).map(({ orderId: _order, ...l }) => l),
  }));
}

/** The teams and the active staff, for the list's filters. */
export async function customerFilters(db: Db) {
  const [teams, members] = await Promise.all([
    db.select({ id: staffTeams.id, nameZh: staffTeams.nameZh, nameEn: staffTeams.nameEn }).from(staffTeams).orderBy(asc(staffTeams.sort), asc(staffTeams.id)),
    db.select({ id: staff.id, name: staff.name, teamId: staff.teamId }).from(staff).where(eq(staff.active, true)).orderBy(asc(staff.id)),
  ]);
  return { teams, staff: members };
}
