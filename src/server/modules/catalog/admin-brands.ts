import 'server-only';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminBrandDto, AdminBrandInput, BrandSort } from '@/contracts/catalog-editing';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { brands, contentItems, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { brandLogoUrl } from '@/server/modules/catalog/brands';

/** Product counts are exact up to this many; one more means "more". */
const COUNT_CAP = 10_000;

type BrandRow = typeof brands.$inferSelect;

/** The brand's products, read through `products_brand_idx` and stopped after the cap. */
const productCount = sql<number>`(select count(*)::int from (select 1 from products p where p.brand_id = "brands"."id" limit ${COUNT_CAP + 1}) as capped)`;

function toDto(r: BrandRow & { productCount: number }): AdminBrandDto {
  return {
    id: r.id, code: r.code, nameZh: r.nameZh, nameEn: r.nameEn, country: r.country, logoText: r.logoText, logoUrl: brandLogoUrl(r.id, r.logoPath),
    descriptionZh: r.descriptionZh, descriptionEn: r.descriptionEn, authorised: r.authorised, recommended: r.recommended,
    sort: r.sort, productCount: Number(r.productCount),
  };
}

/** The fields an audit row keeps of a brand (all but the id). */
function audited(r: AdminBrandInput | BrandRow) {
  return {
    code: r.code, nameZh: r.nameZh, nameEn: r.nameEn, country: r.country, logoText: r.logoText,
    descriptionZh: r.descriptionZh, descriptionEn: r.descriptionEn, authorised: r.authorised, recommended: r.recommended, sort: r.sort,
  };
}

export async function listAdminBrands(
  db: Db,
  params: { key?: string; authorised?: boolean; recommended?: boolean; sort: BrandSort; limit: number; offset: number },
): Promise<{ total: number; items: AdminBrandDto[] }> {
  const conditions: (SQL | undefined)[] = [];
  if (params.key) {
    const like = `%${escapeLike(params.key)}%`;
    conditions.push(or(ilike(brands.nameZh, like), ilike(brands.nameEn, like), ilike(brands.code, like)));
  }
  if (params.authorised !== undefined) conditions.push(eq(brands.authorised, params.authorised));
  if (params.recommended !== undefined) conditions.push(eq(brands.recommended, params.recommended));
  const where = and(...conditions);
  const field = params.sort.replace('-', '') as 'sort' | 'nameZh' | 'nameEn' | 'code';
  const column = { sort: brands.sort, nameZh: brands.nameZh, nameEn: brands.nameEn, code: brands.code }[field];
  const order = params.sort.startsWith('-') ? desc(column) : asc(column);
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(brands).where(where),
    db.select({ brand: brands, productCount }).from(brands).where(where).orderBy(order, asc(brands.id))
      .limit(params.limit).offset((params.offset - 1) * params.limit),
  ]);
  return { total: totalRow?.n ?? 0, items: rows.map((r) => toDto({ ...r.brand, productCount: r.productCount })) };
}

export async function getAdminBrand(db: Db, params: { id: number }): Promise<AdminBrandDto> {
  const [row] = await db.select({ brand: brands, productCount }).from(brands).where(eq(brands.id, params.id));
  if (!row) throw new AppError(404, 'catalogBrandNotFound');
  return toDto({ ...row.brand, productCount: row.productCount });
}

async function assertCodeFree(db: Db, code: string, exceptId?: number): Promise<void> {
  const [taken] = await db.select({ id: brands.id }).from(brands).where(and(eq(brands.code, code), exceptId ? ne(brands.id, exceptId) : undefined));
  if (taken) throw new AppError(409, 'catalogBrandCodeTaken', [{ field: 'code', message: 'catalogBrandCodeTaken' }]);
}

export async function createBrand(db: Db, params: { actor: AuditActor; brand: AdminBrandInput }): Promise<AdminBrandDto> {
  const id = await db.transaction(async (tx) => {
    await assertCodeFree(tx, params.brand.code);
    const [row] = await tx.insert(brands).values(audited(params.brand)).returning({ id: brands.id });
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'create', entity: 'brand', entityId: row.id, after: audited(params.brand) });
    return row.id;
  });
  return getAdminBrand(db, { id });
}

export async function updateBrand(db: Db, params: { actor: AuditActor; id: number; brand: AdminBrandInput }): Promise<AdminBrandDto> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'catalogBrandNotFound');
    await assertCodeFree(tx, params.brand.code, params.id);
    await tx.update(brands).set(audited(params.brand)).where(eq(brands.id, params.id));
    await recordAudit(tx, params.actor, { action: 'update', entity: 'brand', entityId: params.id, before: audited(before), after: audited(params.brand) });
  });
  return getAdminBrand(db, { id: params.id });
}

/**
 * Deletes a brand nothing refers to. Products keep a brand (the column is required), and articles
 * linked to it would point nowhere, so a brand with either is refused (409) and stays as it was.
 */
export async function deleteBrand(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'catalogBrandNotFound');
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.brandId, params.id)).limit(1);
    if (product) throw new AppError(409, 'catalogBrandHasProducts');
    const [article] = await tx.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.brandId, params.id)).limit(1);
    if (article) throw new AppError(409, 'catalogBrandHasArticles');
    await tx.delete(brands).where(eq(brands.id, params.id));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'brand', entityId: params.id, before: audited(before) });
  });
}
