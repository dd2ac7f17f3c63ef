import 'server-only';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminPartnerDto, AdminPartnerInput, AdminPartnerListInput, PartnerStatus } from '@/contracts/partners';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { brands, partners } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { toPlainText } from '@/server/modules/content/sanitize';
import { acceptContentImage } from '@/server/modules/content/images';
import { renumberInOrder } from '@/server/modules/content/ordering';
import { partnerLogoUrl } from './storefront';
import { lockPartner, transitionPartner, type PartnerRow } from './transition';

/*
 * Partners in the back-office (ADR 0042): listed in the page's order, created (always a draft),
 * changed, ordered, published and unpublished (transition.ts), deleted; a logo each, checked and
 * re-encoded like every content image and kept by the files module.
 */

type Row = PartnerRow & { brandZh: string | null; brandEn: string | null };

function toDto(r: Row, lang: Lang): AdminPartnerDto {
  return {
    id: r.id, nameZh: r.nameZh, nameEn: r.nameEn, descriptionZh: r.descriptionZh, descriptionEn: r.descriptionEn, country: r.country,
    brandId: r.brandId, brandName: r.brandId === null ? null : (lang === 'en' ? r.brandEn : r.brandZh) ?? null, link: r.link,
    logoUrl: partnerLogoUrl(r.id, r.logoPath), sort: r.sort, status: r.status,
    publishedAt: r.publishedAt?.toISOString() ?? null, updatedAt: r.updatedAt.toISOString(),
  };
}

const selection = { partner: partners, brandZh: brands.nameZh, brandEn: brands.nameEn };

function rowOf(r: { partner: PartnerRow; brandZh: string | null; brandEn: string | null }): Row {
  return { ...r.partner, brandZh: r.brandZh, brandEn: r.brandEn };
}

function stored(input: AdminPartnerInput) {
  return {
    nameZh: toPlainText(input.nameZh), nameEn: toPlainText(input.nameEn),
    descriptionZh: toPlainText(input.descriptionZh), descriptionEn: toPlainText(input.descriptionEn),
    country: input.country, brandId: input.brandId, link: input.link,
  };
}

async function checkBrand(tx: Db, brandId: number | null): Promise<void> {
  if (brandId === null) return;
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  if (!brand) throw new AppError(400, 'validation', [{ field: 'brandId', message: 'contentBrandUnknown' }]);
}

export async function listAdminPartners(db: Db, params: Partial<AdminPartnerListInput> & { lang: Lang }): Promise<{ total: number; items: AdminPartnerDto[] }> {
  const pattern = params.key ? `%${params.key.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db.select(selection).from(partners).leftJoin(brands, eq(brands.id, partners.brandId))
    .where(and(
      params.status ? eq(partners.status, params.status) : undefined,
      pattern ? or(ilike(partners.nameZh, pattern), ilike(partners.nameEn, pattern)) : undefined,
    ))
    .orderBy(asc(partners.sort), asc(partners.id)).limit(500);
  return { total: rows.length, items: rows.map((r) => toDto(rowOf(r), params.lang)) };
}

export async function getAdminPartner(db: Db, params: { id: number; lang: Lang }): Promise<AdminPartnerDto> {
  const [row] = await db.select(selection).from(partners).leftJoin(brands, eq(brands.id, partners.brandId)).where(eq(partners.id, params.id));
  if (!row) throw new AppError(404, 'contentPartnerNotFound');
  return toDto(rowOf(row), params.lang);
}

/** Adds a draft partner at the end of the page's order. */
export async function createPartner(db: Db, params: { actor: AuditActor; lang: Lang; partner: AdminPartnerInput }): Promise<AdminPartnerDto> {
  const values = stored(params.partner);
  const id = await db.transaction(async (tx) => {
    await checkBrand(tx, values.brandId);
    const [last] = await tx.select({ sort: sql<number>`coalesce(max(${partners.sort}), 0)` }).from(partners);
    const [row] = await tx.insert(partners).values({ ...values, sort: Number(last?.sort ?? 0) + 10 }).returning({ id: partners.id });
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'create', entity: 'partner', entityId: row.id, after: values });
    return row.id;
  });
  return getAdminPartner(db, { id, lang: params.lang });
}

export async function updatePartner(db: Db, params: { actor: AuditActor; lang: Lang; id: number; partner: AdminPartnerInput }): Promise<AdminPartnerDto> {
  const values = stored(params.partner);
  await db.transaction(async (tx) => {
    const before = await lockPartner(tx, params.id);
    await checkBrand(tx, values.brandId);
    await tx.update(partners).set({ ...values, updatedAt: sql`now()` }).where(eq(partners.id, params.id));
    const { nameZh, nameEn, descriptionZh, descriptionEn, country, brandId, link } = before;
    await recordAudit(tx, params.actor, { action: 'update', entity: 'partner', entityId: params.id, before: { nameZh, nameEn, descriptionZh, descriptionEn, country, brandId, link }, after: values });
  });
  return getAdminPartner(db, { id: params.id, lang: params.lang });
}

export async function setPartnerStatus(db: Db, params: { actor: AuditActor; lang: Lang; id: number; status: PartnerStatus }): Promise<AdminPartnerDto> {
  await db.transaction(async (tx) => transitionPartner(tx, params.actor, await lockPartner(tx, params.id), params.status));
  return getAdminPartner(db, { id: params.id, lang: params.lang });
}

export async function deletePartner(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockPartner(tx, params.id);
    await tx.delete(partners).where(eq(partners.id, params.id));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'partner', entityId: params.id, before: { nameZh: before.nameZh, nameEn: before.nameEn, status: before.status } });
  });
}

/** Numbers every partner 10, 20, … in the order given (which must name each of them once). */
export async function orderPartners(db: Db, params: { actor: AuditActor; lang: Lang; ids: number[] }): Promise<{ total: number; items: AdminPartnerDto[] }> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: partners.id, sort: partners.sort }).from(partners).orderBy(asc(partners.id)).for('update');
    await renumberInOrder(tx, params.actor, 'partner', rows, params.ids, (id, sort) => tx.update(partners).set({ sort }).where(eq(partners.id, id)));
  });
  return listAdminPartners(db, { lang: params.lang });
}

/** Sets a partner's logo (checked and re-encoded; the file is written before the row points at it). */
export async function storePartnerLogo(db: Db, params: { actor: AuditActor; lang: Lang; id: number; bytes: Uint8Array }): Promise<AdminPartnerDto> {
  const { key, size } = await acceptContentImage(params.bytes, async (name) => {
    await getAdminPartner(db, { id: params.id, lang: params.lang });
    return `partner/${params.id}/${name}`;
  });
  await db.transaction(async (tx) => {
    const before = await lockPartner(tx, params.id);
    await tx.update(partners).set({ logoPath: key, updatedAt: sql`now()` }).where(eq(partners.id, params.id));
    await recordAudit(tx, params.actor, { action: 'setLogo', entity: 'partner', entityId: params.id, before: { logoPath: before.logoPath }, after: { logoPath: key }, note: { size } });
  });
  return getAdminPartner(db, { id: params.id, lang: params.lang });
}

export async function removePartnerLogo(db: Db, params: { actor: AuditActor; lang: Lang; id: number }): Promise<AdminPartnerDto> {
  await db.transaction(async (tx) => {
    const before = await lockPartner(tx, params.id);
    if (before.logoPath === '') return;
    await tx.update(partners).set({ logoPath: '', updatedAt: sql`now()` }).where(eq(partners.id, params.id));
    await recordAudit(tx, params.actor, { action: 'removeLogo', entity: 'partner', entityId: params.id, before: { logoPath: before.logoPath }, after: { logoPath: '' } });
  });
  return getAdminPartner(db, { id: params.id, lang: params.lang });
}
