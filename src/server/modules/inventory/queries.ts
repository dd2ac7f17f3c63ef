import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { EXPIRY_SOON_DAYS, type ContainerDetailDto, type ContainerDto, type ContainerPageDto, type InventoryListInput, type LedgerPageDto, type LedgerRowDto } from '@/contracts/inventory';
import { shortAmount } from '@/lib/inventory-amount';
import type { Lang } from '@/lib/lang';
import { businessToday } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import type { ContainerSource, ContainerState, ContainerUnit, InventoryControlClass, InventoryLocationKind } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { documentUrl } from '@/server/modules/content/documents';
import { coaUrls } from '@/server/modules/orders/lots';
import { CODE_PATTERN } from './codes';
import { assertInventory } from './containers';
import { mayInventory, type InventoryUser } from './rules';

interface ContainerRow {
  id: number; code: string; name_zh: string; name_en: string; item_no: string; cas: string; product_id: number | null; control_class: InventoryControlClass | null;
  hazardous: boolean; lot_no: string; expires_on: string | null; retest_on: string | null; amount: string; remaining: string; unit: ContainerUnit;
  state: ContainerState; source: ContainerSource; location_id: number | null; owner_id: number | null; owner_name: string | null; department_id: number | null;
  department_name: string | null; received_on: string; note: string; company_id: number;
}

const COLUMNS = sql`c.id, c.code, c.name_zh, c.name_en, c.item_no, c.cas, c.product_id, c.control_class, c.hazardous, c.lot_no, c.expires_on::text as expires_on,
  c.retest_on::text as retest_on, c.amount::text as amount, c.remaining::text as remaining, c.unit, c.state, c.source, c.location_id, c.owner_id, u.name as owner_name,
  c.department_id, d.name as department_name, c.received_on::text as received_on, c.note, c.company_id`;
const FROM = sql`from inventory_containers c left join users u on u.id = c.owner_id left join departments d on d.id = c.department_id`;

type Paths = Map<number, { id: number; name: string; kind: InventoryLocationKind }[]>;

/** The path (building first) of each location of the company. */
async function locationPaths(db: Db, companyId: number): Promise<Paths> {
  const rows = rowsOf<{ id: number; parent_id: number | null; name: string; kind: InventoryLocationKind }>(await db.execute(sql`
    select id, parent_id, name, kind from inventory_locations where company_id = ${companyId}`));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const paths: Paths = new Map();
  for (const r of rows) {
    const path: { id: number; name: string; kind: InventoryLocationKind }[] = [];
    for (let at: typeof r | undefined = r; at && path.length < 5; at = at.parent_id === null ? undefined : byId.get(Number(at.parent_id))) {
      path.unshift({ id: Number(at.id), name: at.name, kind: at.kind });
    }
    paths.set(Number(r.id), path);
  }
  return paths;
}

function toDto(user: InventoryUser, r: ContainerRow, paths: Paths, lang: Lang): ContainerDto {
  const target = { companyId: Number(r.company_id), controlClass: r.control_class };
  return {
    id: Number(r.id), code: r.code, name: lang === 'en' ? r.name_en || r.name_zh : r.name_zh || r.name_en, itemNo: r.item_no, cas: r.cas,
    productId: r.product_id === null ? null : Number(r.product_id), controlClass: r.control_class, hazardous: r.hazardous, lotNo: r.lot_no,
    expiresOn: r.expires_on, retestOn: r.retest_on, amount: shortAmount(r.amount), remaining: shortAmount(r.remaining), unit: r.unit, state: r.state, source: r.source,
    location: r.location_id === null ? [] : (paths.get(Number(r.location_id)) ?? []),
    owner: r.owner_id === null ? null : { id: Number(r.owner_id), name: r.owner_name ?? '' },
    department: r.department_id === null ? null : { id: Number(r.department_id), name: r.department_name ?? '' },
    receivedOn: r.received_on, note: r.note,
    can: { edit: r.state !== 'disposed' && mayInventory(user, 'edit', target), use: r.state === 'in_use' && mayInventory(user, 'use', target) },
  };
}

const EXPIRY = sql`coalesce(c.expires_on, c.retest_on)`;

function conditions(user: InventoryUser, input: InventoryListInput, today: string): SQL[] {
  const where: SQL[] = [sql`c.company_id = ${user.companyId}`];
  if (input.state !== 'all') where.push(sql`c.state = ${input.state}`);
  if (input.ownerId) where.push(sql`c.owner_id = ${input.ownerId}`);
  if (input.departmentId) where.push(sql`c.department_id = ${input.departmentId}`);
  if (input.locationId) {
    where.push(sql`c.location_id in (with recursive sub(id) as (
      select id from inventory_locations where id = ${input.locationId} and company_id = ${user.companyId}
      union all select l.id from inventory_locations l join sub on l.parent_id = sub.id) select id from sub)`);
  }
  if (input.hazard === 'hazardous') where.push(sql`c.hazardous`);
  else if (input.hazard === 'controlled') where.push(sql`c.control_class is not null`);
  else if (input.hazard) where.push(sql`c.control_class = ${input.hazard}`);
  if (input.expiry === 'expired') where.push(sql`${EXPIRY} < ${today}::date`);
  else if (input.expiry === 'soon') where.push(sql`${EXPIRY} >= ${today}::date and ${EXPIRY} <= ${today}::date + ${EXPIRY_SOON_DAYS}::int`);
  const key = input.key?.trim();
  if (key) where.push(searchCondition(key));
  return where;
}

const CAS_SHAPE = /^\d{2,7}-\d{2}-\d$/;

/**
 * The search box: a CAS number or a label code is looked up alone (each has its index); anything else is
 * a name (both languages, any case, the trigram index for three characters or more), an item number or a
 * lot number, each an index the planner ORs together instead of reading the company's every container.
 */
function searchCondition(key: string): SQL {
  if (CAS_SHAPE.test(key)) return sql`c.cas = ${key}`;
  if (CODE_PATTERN.test(key.toUpperCase())) return sql`c.code = ${key.toUpperCase()}`;
  const like = `%${escapeLike(key.toLowerCase())}%`;
  return sql`(lower(c.name_zh || ' ' || c.name_en) like ${like} or c.item_no = ${key} or c.lot_no = ${key} or c.code = ${key.toUpperCase()})`;
}

function orderBy(input: InventoryListInput, lang: Lang): SQL {
  const dir = input.order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = input.order === 'asc' ? sql`nulls last` : sql`nulls first`;
  switch (input.sort) {
    case 'name': return sql`${lang === 'en' ? sql`c.name_en` : sql`c.name_zh`} ${dir}, c.id ${dir}`;
    case 'expiry': return sql`${EXPIRY} ${dir} ${nulls}, c.id ${dir}`;
    case 'remaining': return sql`c.remaining ${dir}, c.id ${dir}`;
    case 'received': return sql`c.received_on ${dir}, c.id ${dir}`;
  }
}

/** One page of the company's containers with the filters, search and sort (ADR 0089); the page number is `offset`. */
export async function listContainers(db: Db, user: InventoryUser, input: InventoryListInput, lang: Lang): Promise<ContainerPageDto> {
  assertInventory(user, 'view');
  const where = sql.join(conditions(user, input, businessToday()), sql` and `);
  const [rows, totals, paths] = await Promise.all([
    // The page's ids first (for the default sort an index-only scan, however deep the page), then their rows
    // with the owner and department: a deep page no longer reads and joins every row it skips.
    db.execute(sql`select ${COLUMNS} ${FROM} where c.company_id = ${user.companyId} and c.id in (
      select c.id from inventory_containers c where ${where} order by ${orderBy(input, lang)} limit ${input.limit} offset ${(input.offset - 1) * input.limit})
      order by ${orderBy(input, lang)}`),
    db.execute(sql`select count(*)::int as n from inventory_containers c where ${where}`),
    locationPaths(db, user.companyId),
  ]);
  return {
    list: rowsOf<ContainerRow>(rows).map((r) => toDto(user, r, paths, lang)),
    total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0), page: input.offset, pageSize: input.limit,
  };
}

/** One page of a container's ledger, newest first, with the locations' names. */
export async function ledgerPage(db: Db, user: InventoryUser, input: { id: number; offset: number; limit: number }): Promise<LedgerPageDto> {
  const [[c], paths] = await Promise.all([
    db.execute(sql`select id from inventory_containers where id = ${input.id} and company_id = ${user.companyId}`).then((r) => rowsOf<{ id: number }>(r)),
    locationPaths(db, user.companyId),
  ]);
  if (!c) throw new AppError(404, 'containerNotFound');
  assertInventory(user, 'view', { companyId: user.companyId, controlClass: null });
  return ledgerOf(db, user.companyId, input, paths);
}

/** The ledger page of a container already found in the company. */
async function ledgerOf(db: Db, companyId: number, input: { id: number; offset: number; limit: number }, paths: Paths): Promise<LedgerPageDto> {
  const [rows, totals] = await Promise.all([
    db.execute(sql`select r.id, r.kind, r.delta::text as delta, r.balance::text as balance, r.from_location_id, r.to_location_id, r.purpose,
      r.happened_on::text as happened_on, r.actor_name, r.corrects_id, k.happened_on::text as corrects_day, k.kind as corrects_kind, r.created_at
      from inventory_ledger r left join inventory_ledger k on k.id = r.corrects_id and k.container_id = r.container_id
      where r.container_id = ${input.id} and r.company_id = ${companyId}
      order by r.id desc limit ${input.limit} offset ${(input.offset - 1) * input.limit}`),
    db.execute(sql`select count(*)::int as n from inventory_ledger where container_id = ${input.id} and company_id = ${companyId}`),
  ]);
  const place = (id: number | null) => (id === null ? null : (paths.get(Number(id)) ?? []).map((p) => p.name).join(' / '));
  return {
    list: rowsOf<{ id: number; kind: LedgerPageDto['list'][number]['kind']; delta: string; balance: string; from_location_id: number | null; to_location_id: number | null;
      purpose: string; happened_on: string; actor_name: string; corrects_id: number | null; corrects_day: string | null; corrects_kind: LedgerRowDto['kind'] | null;
      created_at: Date | string }>(rows).map((r) => ({
      id: Number(r.id), kind: r.kind, delta: shortAmount(r.delta), balance: shortAmount(r.balance), from: place(r.from_location_id), to: place(r.to_location_id),
      purpose: r.purpose, happenedOn: r.happened_on, actorName: r.actor_name, correctsId: r.corrects_id === null ? null : Number(r.corrects_id),
      corrects: r.corrects_day === null || r.corrects_kind === null ? null : { happenedOn: r.corrects_day, kind: r.corrects_kind },
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0), page: input.offset, pageSize: input.limit,
  };
}

/** A container of the company with the first page of its ledger, its lot's COA and its order (404 for another company's). */
export async function readContainer(db: Db, user: InventoryUser, id: number, lang: Lang): Promise<ContainerDetailDto> {
  // The container and the company's locations together; then its ledger's first page and (without a stored COA) the lot's COA.
  const [found, paths] = await Promise.all([
    db.execute(sql`
      select ${COLUMNS}, c.order_id, o.order_no, l.coa_document_id, c.lot_id ${FROM}
      left join orders o on o.id = c.order_id and o.company_id = c.company_id
      left join product_lots l on l.id = c.lot_id
      where c.id = ${id} and c.company_id = ${user.companyId}`),
    locationPaths(db, user.companyId),
  ]);
  const [row] = rowsOf<ContainerRow & { order_id: number | null; order_no: string | null; coa_document_id: number | null; lot_id: number | null }>(found);
  if (!row) throw new AppError(404, 'containerNotFound');
  assertInventory(user, 'view', { companyId: Number(row.company_id), controlClass: row.control_class });
  const stored = row.coa_document_id === null ? null : documentUrl(Number(row.coa_document_id));
  const [ledger, coaUrl] = await Promise.all([
    ledgerOf(db, user.companyId, { id, offset: 1, limit: 20 }, paths),
    stored || row.product_id === null || !row.lot_no
      ? Promise.resolve(stored)
      : coaUrls(db, [{ productId: Number(row.product_id), lotNo: row.lot_no }]).then((urls) => urls.get(`${row.product_id}:${row.lot_no}`) ?? null),
  ]);
  return {
    container: toDto(user, row, paths, lang),
    ledger,
    coaUrl,
    order: row.order_id === null || row.order_no === null ? null : { id: Number(row.order_id), orderNo: row.order_no },
  };
}

/** The company's active users and departments, for the filters and the edit dialog. */
export async function inventoryChoices(db: Db, user: InventoryUser): Promise<{ users: { id: number; name: string }[]; departments: { id: number; name: string }[] }> {
  assertInventory(user, 'view');
  const [people, depts] = await Promise.all([
    db.execute(sql`select id, name from users where company_id = ${user.companyId} and active order by name, id`),
    db.execute(sql`select id, name from departments where company_id = ${user.companyId} order by sort, name, id`),
  ]);
  return {
    users: rowsOf<{ id: number; name: string }>(people).map((u) => ({ id: Number(u.id), name: u.name })),
    departments: rowsOf<{ id: number; name: string }>(depts).map((d) => ({ id: Number(d.id), name: d.name })),
  };
}
