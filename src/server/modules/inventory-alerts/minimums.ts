import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { MinimumCandidateDto, MinimumDto, MinimumSetInput, MinimumsPageDto } from '@/contracts/inventory-alerts';
import type { Lang } from '@/lib/lang';
import { stockAgainst, type StockUnit } from '@/lib/inventory-stock';
import { rowsOf, type Db } from '@/server/db/client';
import { inventoryMinimums, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { mayEditMinimums, mayViewMinimums, type ShelfUser } from './rules';

/** A decimal as the database returns it (`12.5000`) in its short form (`12.5`). */
const trim = (amount: string) => (amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount);

/** A company keeps at most this many minimums: the page computes every one's stock at once. */
export const MINIMUMS_PER_COMPANY_MAX = 1000;


interface MinimumRow {
  id: number; substance_id: number | null; product_id: number | null; amount: string; unit: StockUnit; alerted_at: string | Date | null;
  updated_at: string | Date; name_zh: string | null; name_en: string | null; cas: string | null;
}

/**
 * The company's minimums with their names (the substance's through a container or a product of it) and CAS;
 * one statement, scoped by the company.
 */
async function minimumRows(db: Db, companyId: number): Promise<MinimumRow[]> {
  return rowsOf<MinimumRow>(await db.execute(sql`
    select m.id, m.substance_id, m.product_id, m.amount::text as amount, m.unit, m.alerted_at, m.updated_at,
      coalesce(p.name_zh, c.name_zh) as name_zh, coalesce(p.name_en, c.name_en) as name_en, coalesce(p.cas, c.cas) as cas
    from inventory_minimums m
    left join lateral (
      select x.name_zh, x.name_en, x.cas from products x
      where (m.product_id is not null and x.id = m.product_id) or (m.substance_id is not null and x.substance_id = m.substance_id)
      order by x.active desc, x.id limit 1) p on true
    left join lateral (
      select x.name_zh, x.name_en, x.cas from inventory_containers x
      where x.company_id = m.company_id and ((m.substance_id is not null and x.substance_id = m.substance_id)
        or (m.product_id is not null and x.substance_id is null and x.product_id = m.product_id))
      order by x.id desc limit 1) c on true
    where m.company_id = ${companyId}
    order by coalesce(p.name_zh, c.name_zh), m.id`));
}

export interface StockRow { substance_id: number | null; product_id: number | null; remaining: string; unit: StockUnit; density: string | null }

/** The company's in-use containers counted against minimums: by substance, or by product when they have none. */
export async function stockRows(db: Db, companyId: number): Promise<StockRow[]> {
  return rowsOf<StockRow>(await db.execute(sql`
    select c.substance_id, c.product_id, c.remaining::text as remaining, c.unit, p.density::text as density
    from inventory_containers c left join products p on p.id = c.product_id
    where c.company_id = ${companyId} and c.state = 'in_use'
      and exists (select 1 from inventory_minimums m where m.company_id = c.company_id
        and (m.substance_id = c.substance_id or (c.substance_id is null and m.product_id = c.product_id)))`));
}

export type MinimumFigure = Omit<MinimumDto, 'name'> & { nameZh: string; nameEn: string; alertedAt: Date | null };

/** Each minimum of the company with its stock figure and both names, in the company's order (by name). */
export async function minimumFigures(db: Db, companyId: number): Promise<MinimumFigure[]> {
  const [rows, stock] = await Promise.all([minimumRows(db, companyId), stockRows(db, companyId)]);
  return rows.map((r) => {
    const mine = stock.filter((s) => (r.substance_id !== null ? s.substance_id === r.substance_id : s.substance_id === null && s.product_id === r.product_id));
    const figure = stockAgainst(Number(r.amount), r.unit, mine.map((s) => ({ remaining: Number(s.remaining), unit: s.unit, density: s.density === null ? null : Number(s.density) })));
    return {
      id: Number(r.id), substanceId: r.substance_id === null ? null : Number(r.substance_id), productId: r.product_id === null ? null : Number(r.product_id),
      nameZh: r.name_zh ?? '', nameEn: r.name_en ?? '', cas: r.cas ?? '', amount: trim(r.amount), unit: r.unit,
      current: figure.current === null ? null : String(figure.current), comparable: figure.comparable, below: figure.below,
      containers: mine.length, updatedAt: new Date(r.updated_at).toISOString(), alertedAt: r.alerted_at === null ? null : new Date(r.alerted_at),
    };
  });
}

/** One page of the company's minimums, optionally only those the stock is below. */
export async function listMinimums(db: Db, user: ShelfUser, params: { page: number; pageSize: number; below: boolean }, lang: Lang): Promise<MinimumsPageDto> {
  if (!mayViewMinimums(user)) throw new AppError(403);
  const all = (await minimumFigures(db, user.companyId)).filter((m) => !params.below || m.below);
  const start = (params.page - 1) * params.pageSize;
  return {
    items: all.slice(start, start + params.pageSize).map(({ alertedAt: _alertedAt, nameZh, nameEn, ...m }) => ({ ...m, name: lang === 'en' ? nameEn : nameZh })),
    total: all.length, page: params.page, pageSize: params.pageSize, canEdit: mayEditMinimums(user),
  };
}

/**
 * What a minimum can be set for: the substances of the company's containers, and the products of its
 * containers without a substance. Names in the reader's language.
 */
export async function minimumCandidates(db: Db, companyId: number, lang: Lang): Promise<MinimumCandidateDto[]> {
  const rows = rowsOf<{ substance_id: number | null; product_id: number | null; name_zh: string; name_en: string; cas: string }>(await db.execute(sql`
    select distinct on (coalesce(c.substance_id, 0), case when c.substance_id is null then c.product_id end)
      c.substance_id, case when c.substance_id is null then c.product_id end as product_id, c.name_zh, c.name_en, c.cas
    from inventory_containers c
    where c.company_id = ${companyId} and (c.substance_id is not null or c.product_id is not null)
    order by coalesce(c.substance_id, 0), case when c.substance_id is null then c.product_id end, c.id desc`));
  return rows
    .map((r) => ({ substanceId: r.substance_id === null ? null : Number(r.substance_id), productId: r.product_id === null ? null : Number(r.product_id), name: lang === 'en' ? r.name_en : r.name_zh, cas: r.cas }))
    .sort((a, b) => a.name.localeCompare(b.name, lang === 'en' ? 'en' : 'zh'));
}

/** Whether the company may key a minimum on it: a substance or product it has containers of, or that the catalogue sells. */
async function keyExists(db: Db, input: MinimumSetInput): Promise<boolean> {
  if (input.productId !== undefined) return (await db.select({ id: products.id }).from(products).where(eq(products.id, input.productId)).limit(1)).length === 1;
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from substances where id = ${input.substanceId!} limit 1`));
  return rows.length === 1;
}

/** Sets (creates or replaces) a minimum, audited; the alert state starts afresh. */
export async function setMinimum(db: Db, user: ShelfUser, actor: AuditActor, input: MinimumSetInput): Promise<number> {
  if (!mayEditMinimums(user)) throw new AppError(403);
  if (!(await keyExists(db, input))) throw new AppError(404, 'inventoryMinimumKeyNotFound');
  return db.transaction(async (tx) => {
    const key = input.substanceId !== undefined ? eq(inventoryMinimums.substanceId, input.substanceId) : eq(inventoryMinimums.productId, input.productId!);
    const [before] = await tx.select().from(inventoryMinimums).where(and(eq(inventoryMinimums.companyId, user.companyId), key)).for('update');
    if (!before) {
      const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from inventory_minimums where company_id = ${user.companyId}`));
      if (n >= MINIMUMS_PER_COMPANY_MAX) throw new AppError(409, 'inventoryMinimumsTooMany');
    }
    const values = { amount: input.amount, unit: input.unit, updatedBy: user.userId, updatedAt: new Date(), alertedAt: null };
    const [row] = before
      ? await tx.update(inventoryMinimums).set(values).where(eq(inventoryMinimums.id, before.id)).returning({ id: inventoryMinimums.id })
      : await tx.insert(inventoryMinimums).values({ ...values, companyId: user.companyId, substanceId: input.substanceId ?? null, productId: input.productId ?? null })
        .returning({ id: inventoryMinimums.id });
    await recordAudit(tx, actor, {
      action: before ? 'update' : 'create', entity: 'inventory_minimum', entityId: row!.id, companyId: user.companyId,
      before: before ? { amount: trim(before.amount), unit: before.unit } : null, after: { amount: trim(input.amount), unit: input.unit },
    });
    return row!.id;
  });
}

/** Removes a minimum of the company, audited; another company's answers 404. */
export async function removeMinimum(db: Db, user: ShelfUser, actor: AuditActor, id: number): Promise<void> {
  if (!mayEditMinimums(user)) throw new AppError(403);
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(inventoryMinimums).where(and(eq(inventoryMinimums.id, id), eq(inventoryMinimums.companyId, user.companyId))).returning();
    if (!gone) throw new AppError(404, 'inventoryMinimumNotFound');
    await recordAudit(tx, actor, { action: 'delete', entity: 'inventory_minimum', entityId: id, companyId: user.companyId, before: { amount: trim(gone.amount), unit: gone.unit } });
  });
}
