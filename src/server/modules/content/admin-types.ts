import 'server-only';
import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import {
  CONTENT_SECTION_SPECS, type AdminContentKind, type AdminContentTypeDto, type AdminContentTypeInput, type ContentSectionName,
} from '@/contracts/content-editing';
import type { Db } from '@/server/db/client';
import { contentCategories, contentItems } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { toPlainText } from '@/server/modules/content/sanitize';

/*
 * The categories (types) of a kind (ADR 0035): news types, application categories, citation fields,
 * support types, resource types. Listed in the storefront's order with how many items use each; added
 * at the end, renamed in both languages, ordered by a list of ids; a category in use is never deleted
 * (409), so no item loses it unseen. Audited as entity `contentCategory`.
 */

function kindsOf(section: ContentSectionName): AdminContentKind[] {
  return [...CONTENT_SECTION_SPECS[section].kinds];
}

/** The kind whose categories a section keeps (brand articles keep none of their own: 404). */
function ownKind(section: ContentSectionName): AdminContentKind {
  const s = CONTENT_SECTION_SPECS[section];
  if (!s.categories) throw new AppError(404, 'routeNotFound');
  return s.kinds[0]!;
}

/** The categories of a section's kinds, in their storefront order, with how many items (drafts too) use each. */
export async function listContentTypes(db: Db, section: ContentSectionName): Promise<AdminContentTypeDto[]> {
  const used = db.select({ categoryId: contentItems.categoryId, n: count().as('n') }).from(contentItems).groupBy(contentItems.categoryId).as('used');
  const rows = await db
    .select({ id: contentCategories.id, kind: contentCategories.kind, nameZh: contentCategories.nameZh, nameEn: contentCategories.nameEn, sort: contentCategories.sort, items: used.n })
    .from(contentCategories)
    .leftJoin(used, eq(used.categoryId, contentCategories.id))
    .where(inArray(contentCategories.kind, kindsOf(section)))
    .orderBy(asc(contentCategories.kind), asc(contentCategories.sort), asc(contentCategories.id));
  return rows.map((r) => ({ ...r, items: Number(r.items ?? 0) }));
}

async function lockType(tx: Db, kind: AdminContentKind, id: number) {
  const [row] = await tx.select().from(contentCategories).where(and(eq(contentCategories.id, id), eq(contentCategories.kind, kind))).for('update');
  if (!row) throw new AppError(404, 'contentTypeNotFound');
  return row;
}

/** Adds a category at the end of its kind's order. */
export async function createContentType(db: Db, section: ContentSectionName, params: { actor: AuditActor; type: AdminContentTypeInput }): Promise<AdminContentTypeDto[]> {
  const kind = ownKind(section);
  const names = { nameZh: toPlainText(params.type.nameZh), nameEn: toPlainText(params.type.nameEn) };
  await db.transaction(async (tx) => {
    const [last] = await tx.select({ max: max(contentCategories.sort) }).from(contentCategories).where(eq(contentCategories.kind, kind));
    const sort = (last?.max ?? 0) + 10;
    const [row] = await tx.insert(contentCategories).values({ kind, ...names, sort }).returning({ id: contentCategories.id });
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'create', entity: 'contentCategory', entityId: row.id, after: { kind, ...names, sort } });
  });
  return listContentTypes(db, section);
}

/** Renames a category in both languages. */
export async function renameContentType(db: Db, section: ContentSectionName, params: { actor: AuditActor; id: number; type: AdminContentTypeInput }): Promise<AdminContentTypeDto[]> {
  const kind = ownKind(section);
  const names = { nameZh: toPlainText(params.type.nameZh), nameEn: toPlainText(params.type.nameEn) };
  await db.transaction(async (tx) => {
    const before = await lockType(tx, kind, params.id);
    await tx.update(contentCategories).set(names).where(eq(contentCategories.id, params.id));
    await recordAudit(tx, params.actor, { action: 'update', entity: 'contentCategory', entityId: params.id, before: { nameZh: before.nameZh, nameEn: before.nameEn }, after: names });
  });
  return listContentTypes(db, section);
}

/** Puts a kind's categories in a new order: every category of the kind, once (numbered 10, 20, …). */
export async function orderContentTypes(db: Db, section: ContentSectionName, params: { actor: AuditActor; ids: number[] }): Promise<AdminContentTypeDto[]> {
  const kind = ownKind(section);
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: contentCategories.id, sort: contentCategories.sort }).from(contentCategories).where(eq(contentCategories.kind, kind)).for('update');
    const known = new Set(rows.map((r) => r.id));
    if (new Set(params.ids).size !== params.ids.length || params.ids.length !== rows.length || params.ids.some((id) => !known.has(id))) {
      throw new AppError(400, 'validation', [{ field: 'ids', message: 'contentTypeOrderInvalid' }]);
    }
    const sortOf = new Map(rows.map((r) => [r.id, r.sort]));
    for (const [i, id] of params.ids.entries()) {
      const sort = (i + 1) * 10;
      if (sortOf.get(id) === sort) continue;
      await tx.update(contentCategories).set({ sort }).where(eq(contentCategories.id, id));
      await recordAudit(tx, params.actor, { action: 'order', entity: 'contentCategory', entityId: id, before: { sort: sortOf.get(id) }, after: { sort } });
    }
  });
  return listContentTypes(db, section);
}

/** Deletes a category no item uses; while items use it, 409 `contentTypeInUse` (nothing changes). */
export async function deleteContentType(db: Db, section: ContentSectionName, params: { actor: AuditActor; id: number }): Promise<AdminContentTypeDto[]> {
  const kind = ownKind(section);
  await db.transaction(async (tx) => {
    const before = await lockType(tx, kind, params.id);
    const [used] = await tx.select({ n: count() }).from(contentItems).where(eq(contentItems.categoryId, params.id));
    if ((used?.n ?? 0) > 0) throw new AppError(409, 'contentTypeInUse', [{ field: 'id', message: 'contentTypeInUse' }]);
    await tx.delete(contentCategories).where(eq(contentCategories.id, params.id));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'contentCategory', entityId: params.id, before: { kind, nameZh: before.nameZh, nameEn: before.nameEn, sort: before.sort } });
  });
  return listContentTypes(db, section);
}
