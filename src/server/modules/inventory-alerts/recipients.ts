import 'server-only';
import { sql } from 'drizzle-orm';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';

/** Someone the daily pass may mail: an active account of the company with a mailbox. */
export interface Person {
  id: number;
  companyId: number;
  departmentId: number | null;
  name: string;
  email: string;
}

/** A user's mailbox: their e-mail, else a login name that is one. */
const MAILBOX = sql`coalesce(nullif(u.email, ''), case when u.login_name like '%@%' then u.login_name end)`;

/**
 * Who keeps the shelves of the given companies (ADR 0091). Departments name no manager, so a department's
 * "manager" is whoever holds INVENTORY.EDIT in it; the company administrator stands in where nobody does.
 */
export async function shelfKeepers(db: Db, companyIds: readonly number[]): Promise<{ keepers: Person[]; admins: Map<number, Person> }> {
  if (companyIds.length === 0) return { keepers: [], admins: new Map() };
  const ids = sql.join(companyIds.map((id) => sql`${id}`), sql`, `);
  const [keepers, admins] = await Promise.all([
    db.execute(sql`
      select distinct u.id, u.company_id, u.department_id, u.name, ${MAILBOX} as email from users u
      join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id and r.company_id = u.company_id
      join role_permissions rp on rp.role_id = r.id and rp.permission = 'INVENTORY.EDIT'
      where u.company_id in (${ids}) and u.active and u.password_hash <> '' and ${MAILBOX} is not null`),
    // The company administrator, or for older data its first user account (as the order mails choose).
    db.execute(sql`
      select distinct on (u.company_id) u.id, u.company_id, u.department_id, u.name, ${MAILBOX} as email
      from users u join companies c on c.id = u.company_id
      where u.company_id in (${ids}) and u.active and ${MAILBOX} is not null
      order by u.company_id, (u.id = c.admin_user_id) desc, (u.account_type = 'user') desc, u.id`),
  ]);
  const person = (r: PersonRow): Person => ({ id: Number(r.id), companyId: Number(r.company_id), departmentId: r.department_id === null ? null : Number(r.department_id), name: r.name, email: r.email });
  return {
    keepers: rowsOf<PersonRow>(keepers).map(person),
    admins: new Map(rowsOf<PersonRow>(admins).map((r) => [Number(r.company_id), person(r)])),
  };
}

interface PersonRow { id: number; company_id: number; department_id: number | null; name: string; email: string }

/** People by id (the containers' owners), active and with a mailbox. */
export async function peopleByIds(db: Db, ids: readonly number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<PersonRow>(await db.execute(sql`
    select u.id, u.company_id, u.department_id, u.name, ${MAILBOX} as email from users u
    where u.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and u.active and ${MAILBOX} is not null`));
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), companyId: Number(r.company_id), departmentId: r.department_id === null ? null : Number(r.department_id), name: r.name, email: r.email }]));
}

/**
 * The language each person reads: users keep no language of their own, so the language of their latest
 * order is taken (the shop's language when they last bought); Chinese for those who never ordered.
 */
export async function languagesOf(db: Db, ids: readonly number[]): Promise<Map<number, Lang>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ user_id: number; lang: string }>(await db.execute(sql`
    select distinct on (user_id) user_id, lang from orders
    where user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by user_id, id desc`));
  return new Map(rows.map((r) => [Number(r.user_id), r.lang === 'en' ? 'en' : 'zh']));
}

/** Who hears of a container: its owner, and its department's keepers, else the company administrator. */
export function containerRecipients(
  container: { companyId: number; ownerId: number | null; departmentId: number | null },
  owners: Map<number, Person>, keepers: readonly Person[], admins: Map<number, Person>,
): Person[] {
  const out: Person[] = [];
  const owner = container.ownerId === null ? undefined : owners.get(container.ownerId);
  if (owner && owner.companyId === container.companyId) out.push(owner);
  const managers = container.departmentId === null ? [] : keepers.filter((k) => k.companyId === container.companyId && k.departmentId === container.departmentId);
  const admin = admins.get(container.companyId);
  for (const p of managers.length > 0 ? managers : admin ? [admin] : []) if (!out.some((o) => o.id === p.id)) out.push(p);
  return out;
}

/** Who hears of a substance below its minimum: the company's keepers, else its administrator. */
export function minimumRecipients(companyId: number, keepers: readonly Person[], admins: Map<number, Person>): Person[] {
  const mine = keepers.filter((k) => k.companyId === companyId);
  if (mine.length > 0) return mine;
  const admin = admins.get(companyId);
  return admin ? [admin] : [];
}
