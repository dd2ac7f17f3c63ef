import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { AdminBannerDto, AdminBannerInput, BannerPosition } from '@/contracts/content-editing';
import type { Db } from '@/server/db/client';
import { banners } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { bannerImageUrl } from '@/server/modules/content/banners';
import { toPlainText } from '@/server/modules/content/sanitize';
import { acceptContentImage } from './images';
import { renumberInOrder } from './ordering';

/*
 * Banners in the back-office (ADR 0033): listed by position, created, changed, ordered, deleted; an
 * image each (the same checks as body images). `active` false is a draft the storefront does not show.
 */

type BannerRow = typeof banners.$inferSelect;

function toDto(r: BannerRow): AdminBannerDto {
  return {
    id: r.id, position: r.position, titleZh: r.titleZh, titleEn: r.titleEn, subtitleZh: r.subtitleZh, subtitleEn: r.subtitleEn,
    imageUrl: bannerImageUrl(r.id, r.imagePath), link: r.link, sort: r.sort, active: r.active,
  };
}

function stored(input: AdminBannerInput) {
  return {
    position: input.position,
    titleZh: toPlainText(input.titleZh),
    titleEn: toPlainText(input.titleEn),
    subtitleZh: toPlainText(input.subtitleZh),
    subtitleEn: toPlainText(input.subtitleEn),
    link: input.link,
    sort: input.sort,
    active: input.active,
  };
}

export async function listAdminBanners(db: Db, params: { position?: BannerPosition }): Promise<{ total: number; items: AdminBannerDto[] }> {
  const rows = await db.select().from(banners).where(params.position ? eq(banners.position, params.position) : undefined)
    .orderBy(asc(banners.position), asc(banners.sort), asc(banners.id)).limit(1000);
  return { total: rows.length, items: rows.map(toDto) };
}

export async function getAdminBanner(db: Db, params: { id: number }): Promise<AdminBannerDto> {
  const [row] = await db.select().from(banners).where(eq(banners.id, params.id));
  if (!row) throw new AppError(404, 'contentBannerNotFound');
  return toDto(row);
}

export async function createBanner(db: Db, params: { actor: AuditActor; banner: AdminBannerInput }): Promise<AdminBannerDto> {
  const values = stored(params.banner);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(banners).values(values).returning({ id: banners.id });
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'create', entity: 'banner', entityId: row.id, after: values });
    return row.id;
  });
  return getAdminBanner(db, { id });
}

async function lockBanner(tx: Db, id: number): Promise<BannerRow> {
  const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!before) throw new AppError(404, 'contentBannerNotFound');
  return before;
}

export async function updateBanner(db: Db, params: { actor: AuditActor; id: number; banner: AdminBannerInput }): Promise<AdminBannerDto> {
  const values = stored(params.banner);
  await db.transaction(async (tx) => {
    const before = await lockBanner(tx, params.id);
    await tx.update(banners).set(values).where(eq(banners.id, params.id));
    const { id: _id, imagePath: _path, ...kept } = before;
    await recordAudit(tx, params.actor, { action: 'update', entity: 'banner', entityId: params.id, before: kept, after: values });
  });
  return getAdminBanner(db, { id: params.id });
}

export async function deleteBanner(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockBanner(tx, params.id);
    await tx.delete(banners).where(eq(banners.id, params.id));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'banner', entityId: params.id, before: { position: before.position, titleZh: before.titleZh, titleEn: before.titleEn } });
  });
}

/** Numbers a position's banners 10, 20, … in the order given (which must name each of them once). */
export async function orderBanners(db: Db, params: { actor: AuditActor; position: BannerPosition; ids: number[] }): Promise<{ total: number; items: AdminBannerDto[] }> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: banners.id, sort: banners.sort }).from(banners).where(eq(banners.position, params.position)).orderBy(asc(banners.id)).for('update');
    await renumberInOrder(tx, params.actor, 'banner', rows, params.ids, (id, sort) => tx.update(banners).set({ sort }).where(eq(banners.id, id)));
  });
  return listAdminBanners(db, { position: params.position });
}

/** Sets a banner's image (checked and re-encoded; the file is written before the row points at it). */
export async function storeBannerImage(db: Db, params: { actor: AuditActor; id: number; bytes: Uint8Array }): Promise<AdminBannerDto> {
  const { key, size } = await acceptContentImage(params.bytes, async (name) => {
    await getAdminBanner(db, { id: params.id });
    return `banner/${params.id}/${name}`;
  });
  await db.transaction(async (tx) => {
    const before = await lockBanner(tx, params.id);
    await tx.update(banners).set({ imagePath: key }).where(eq(banners.id, params.id));
    await recordAudit(tx, params.actor, { action: 'setImage', entity: 'banner', entityId: params.id, before: { imagePath: before.imagePath }, after: { imagePath: key }, note: { size } });
  });
  return getAdminBanner(db, { id: params.id });
}

export async function removeBannerImage(db: Db, params: { actor: AuditActor; id: number }): Promise<AdminBannerDto> {
  await db.transaction(async (tx) => {
    const before = await lockBanner(tx, params.id);
    if (before.imagePath === '') return;
    await tx.update(banners).set({ imagePath: '' }).where(eq(banners.id, params.id));
    await recordAudit(tx, params.actor, { action: 'removeImage', entity: 'banner', entityId: params.id, before: { imagePath: before.imagePath }, after: { imagePath: '' } });
  });
  return getAdminBanner(db, { id: params.id });
}
