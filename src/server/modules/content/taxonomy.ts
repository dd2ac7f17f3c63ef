import 'server-only';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminContentCategoryDto, AdminTagDto, Channel } from '@/contracts/content-taxonomy';
import { CHANNELS } from '@/contracts/content-taxonomy';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { contentCategories, contentItems, contentItemTags, contentTags } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/**
 * The content channels' categories and the tags (ADR 0036): listed with the number of items using
 * each, created, renamed, reordered, and deleted only while no item uses them (409). Audited.
 */

const channelOf = (kind: string): Channel => ((CHANNELS as readonly string[]).includes(kind) ? (kind as Channel) : 'news');
// Qualified by hand: a single-table select renders its columns without the table's name.
const categoryUse = sql<number>`(select count(*)::int from content_items ci where ci.category_id = "content_categories"."id")`;
const tagUse = sql<number>`(select count(*)::int from content_item_tags cit where cit.tag_id = "content_tags"."id")`;

export async function listContentCategories(db: Db, params: { channel?: Channel; key?: string }): Promise<AdminContentCategoryDto[]> {
  const like = params.key ? `%${escapeLike(params.key)}%` : null;
  const rows = await db.select({ id: contentCategories.id, kind: contentCategories.kind, nameZh: contentCategories.nameZh, nameEn: contentCategories.nameEn, sort: contentCategories.sort, items: categoryUse })
    .from(contentCategories)
    .where(and(params.channel ? eq(contentCategories.kind, params.channel) : undefined, like ? or(ilike(contentCategories.nameZh, like), ilike(contentCategories.nameEn, like)) : undefined))
    .orderBy(asc(contentCategories.kind), asc(contentCategories.sort), asc(contentCategories.id))
    .limit(500);
  return rows.map((r) => ({ id: r.id, channel: channelOf(r.kind), nameZh: r.nameZh, nameEn: r.nameEn, sort: r.sort, items: Number(r.items) }));
}

async function getCategory(db: Db, id: number): Promise<AdminContentCategoryDto> {
  const [r] = await db.select({ id: contentCategories.id, kind: contentCategories.kind, nameZh: contentCategories.nameZh, nameEn: contentCategories.nameEn, sort: contentCategories.sort, items: categoryUse })
    .from(contentCategories).where(eq(contentCategories.id, id));
  if (!r) throw new AppError(404, 'categoryNotFound');
  return { id: r.id, channel: channelOf(r.kind), nameZh: r.nameZh, nameEn: r.nameEn, sort: r.sort, items: Number(r.items) };
}

type CategoryInput = { channel: Channel; nameZh: string; nameEn: string; sort: number };

export async function saveContentCategory(db: Db, params: { actor: AuditActor; id?: number; category: CategoryInput }): Promise<AdminContentCategoryDto> {
  const values = { kind: params.category.channel, nameZh: params.category.nameZh, nameEn: params.category.nameEn, sort: params.category.sort };
  const id = await db.transaction(async (tx) => {
    if (params.id === undefined) {
      const [row] = await tx.insert(contentCategories).values(values).returning({ id: contentCategories.id });
      if (!row) throw new AppError(500);
      await recordAudit(tx, params.actor, { action: 'create', entity: 'contentCategory', entityId: row.id, after: values });
      return row.id;
    }
    const [before] = await tx.select().from(contentCategories).where(eq(contentCategories.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'categoryNotFound');
    if (before.kind !== values.kind) {
      const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(contentItems).where(eq(contentItems.categoryId, params.id));
      if (Number(used?.n ?? 0) > 0) throw new AppError(409, 'categoryChannelInUse');
    }
    await tx.update(contentCategories).set(values).where(eq(contentCategories.id, params.id));
    await recordAudit(tx, params.actor, { action: 'update', entity: 'contentCategory', entityId: params.id, before: { kind: before.kind, nameZh: before.nameZh, nameEn: before.nameEn, sort: before.sort }, after: values });
    return params.id;
  });
  return getCategory(db, id);
}

export async function deleteContentCategory(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(contentCategories).where(eq(contentCategories.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'categoryNotFound');
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(contentItems).where(eq(contentItems.categoryId, params.id));
    if (Number(used?.n ?? 0) > 0) throw new AppError(409, 'categoryInUse', { items: Number(used?.n) });
    await tx.delete(contentCategories).where(eq(contentCategories.id, params.id));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'contentCategory', entityId: params.id, before: { kind: before.kind, nameZh: before.nameZh, nameEn: before.nameEn } });
  });
}

export async function listTagsForAdmin(db: Db, params: { key?: string }): Promise<AdminTagDto[]> {
  const like = params.key ? `%${escapeLike(params.key)}%` : null;
  const rows = await db.select({ id: contentTags.id, slug: contentTags.slug, nameZh: contentTags.nameZh, nameEn: contentTags.nameEn, sort: contentTags.sort, items: tagUse })
    .from(contentTags)
    .where(like ? or(ilike(contentTags.slug, like), ilike(contentTags.nameZh, like), ilike(contentTags.nameEn, like)) : undefined)
    .orderBy(asc(contentTags.sort), asc(contentTags.id)).limit(500);
  return rows.map((r) => ({ ...r, items: Number(r.items) }));
}

type TagInput = { slug: string; nameZh: string; nameEn: string; sort: number };

export async function saveTag(db: Db, params: { actor: AuditActor; id?: number; tag: TagInput }): Promise<AdminTagDto> {
  const values = params.tag;
  const id = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: contentTags.id }).from(contentTags).where(eq(contentTags.slug, values.slug));
    if (taken && taken.id !== params.id) throw new AppError(409, 'tagSlugTaken', [{ field: 'slug', message: 'tagSlugTaken' }]);
    if (params.id === undefined) {
      const [row] = await tx.insert(contentTags).values(values).returning({ id: contentTags.id });
      if (!row) throw new AppError(500);
      await recordAudit(tx, params.actor, { action: 'create', entity: 'contentTag', entityId: row.id, after: values });
      return row.id;
    }
    const [before] = await tx.select().from(contentTags).where(eq(contentTags.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'tagNotFound');
    await tx.update(contentTags).set(values).where(eq(contentTags.id, params.id));
    await recordAudit(tx, params.actor, { action: 'update', entity: 'contentTag', entityId: params.id, before: { slug: before.slug, nameZh: before.nameZh, nameEn: before.nameEn, sort: before.sort }, after: values });
    return params.id;
  });
  const [row] = (await listTagsForAdmin(db, {})).filter((t) => t.id === id);
  if (!row) throw new AppError(500);
  return row;
}

export async function deleteTag(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(contentTags).where(eq(contentTags.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'tagNotFound');
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(contentItemTags).where(eq(contentItemTags.tagId, params.id));
    if (Number(used?.n ?? 0) > 0) throw new AppError(409, 'tagInUse', { items: Number(used?.n) });
    await tx.delete(contentTags).where(eq(contentTags.id, params.id));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'contentTag', entityId: params.id, before: { slug: before.slug, nameZh: before.nameZh, nameEn: before.nameEn } });
  });
}
