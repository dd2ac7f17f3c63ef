import 'server-only';
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CATEGORY_MAX_LEVEL, type AdminCategoryDto } from '@/contracts/catalog-editing';
import type { Db } from '@/server/db/client';
import { categories, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { forgetCategoryTree } from '@/server/modules/catalog/categories';

type CategoryRow = Omit<AdminCategoryDto, 'children'>;

/** Whether products are filed under the category itself: one probe of `products_category_idx` per row. */
const hasProducts = sql<boolean>`exists (select 1 from products p where p.category_id = "categories"."id")`;

async function readRows(db: Db): Promise<CategoryRow[]> {
  const rows = await db
    .select({
      id: categories.id, parentId: categories.parentId, level: categories.level, nameZh: categories.nameZh, nameEn: categories.nameEn,
      leaf: categories.leaf, sort: categories.sort, hasProducts,
    })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  return rows.map((r) => ({ ...r, level: Number(r.level), hasProducts: Boolean(r.hasProducts) }));
}

function toTree(rows: readonly CategoryRow[]): AdminCategoryDto[] {
  const byId = new Map<number, AdminCategoryDto>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: AdminCategoryDto[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === null) roots.push(node);
  }
  return roots;
}

/** The whole tree with both names, in the shop's order. */
export async function listAdminCategoryTree(db: Db): Promise<AdminCategoryDto[]> {
  return toTree(await readRows(db));
}

function findNode(tree: readonly AdminCategoryDto[], id: number): AdminCategoryDto | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

export async function getAdminCategory(db: Db, params: { id: number }): Promise<AdminCategoryDto> {
  const node = findNode(await listAdminCategoryTree(db), params.id);
  if (!node) throw new AppError(404, 'catalogCategoryNotFound');
  return node;
}

const parentError = (message: string) => new AppError(400, 'validation', [{ field: 'parentId', message }]);

/**
 * The parent a category may go under: it exists, is not deeper than the tree allows for a subtree of
 * `height` levels, and holds no products of its own (products stay on leaves, where the storefront
 * lists them).
 */
async function checkParent(tx: Db, parentId: number | null, height: number, current = false): Promise<{ level: number; leaf: boolean } | null> {
  if (parentId === null) return null;
  const [parent] = await tx.select({ level: categories.level, leaf: categories.leaf }).from(categories).where(eq(categories.id, parentId)).for('update');
  if (!parent) throw parentError('catalogCategoryParentInvalid');
  if (Number(parent.level) + height > CATEGORY_MAX_LEVEL) throw parentError('catalogCategoryTooDeep');
  // A reorder under the current parent adds no child to it.
  const [product] = current ? [] : await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, parentId)).limit(1);
  if (product) throw parentError('catalogCategoryParentHasProducts');
  return { level: Number(parent.level), leaf: parent.leaf };
}

/** Children of a parent (or the top level) in their order. */
async function childrenOf(tx: Db, parentId: number | null) {
  return tx.select({ id: categories.id, sort: categories.sort }).from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** Sets a category's `leaf` to whether it has children now, with an audit row when it changes. */
async function settleLeaf(tx: Db, actor: AuditActor, id: number | null): Promise<void> {
  if (id === null) return;
  const [row] = await tx.select({ leaf: categories.leaf }).from(categories).where(eq(categories.id, id));
  if (!row) return;
  const leaf = (await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1)).length === 0;
  if (row.leaf === leaf) return;
  await tx.update(categories).set({ leaf }).where(eq(categories.id, id));
  await recordAudit(tx, actor, { action: 'update', entity: 'category', entityId: id, before: { leaf: row.leaf }, after: { leaf } });
}

function done(db: Db): void {
  // The storefront's per-process copy of the tree (catalog/categories.ts) must not outlive the change.
  forgetCategoryTree(db);
}

export async function createCategory(
  db: Db,
  params: { actor: AuditActor; parentId: number | null; nameZh: string; nameEn: string },
): Promise<AdminCategoryDto> {
  const id = await db.transaction(async (tx) => {
    const parent = await checkParent(tx, params.parentId, 1);
    const siblings = await childrenOf(tx, params.parentId);
    const sort = ((siblings.at(-1)?.sort ?? 0) + 10);
    const level = (parent?.level ?? 0) + 1;
    const [row] = await tx.insert(categories)
      .values({ parentId: params.parentId, level, nameZh: params.nameZh, nameEn: params.nameEn, leaf: true, sort })
      .returning({ id: categories.id });
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, {
      action: 'create', entity: 'category', entityId: row.id,
      after: { parentId: params.parentId, level, nameZh: params.nameZh, nameEn: params.nameEn, sort },
    });
    await settleLeaf(tx, params.actor, params.parentId);
    return row.id;
  });
  done(db);
  return getAdminCategory(db, { id });
}

export async function renameCategory(
  db: Db,
  params: { actor: AuditActor; id: number; nameZh: string; nameEn: string },
): Promise<AdminCategoryDto> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'catalogCategoryNotFound');
    await tx.update(categories).set({ nameZh: params.nameZh, nameEn: params.nameEn }).where(eq(categories.id, params.id));
    await recordAudit(tx, params.actor, {
      action: 'update', entity: 'category', entityId: params.id,
      before: { nameZh: before.nameZh, nameEn: before.nameEn }, after: { nameZh: params.nameZh, nameEn: params.nameEn },
    });
  });
  done(db);
  return getAdminCategory(db, { id: params.id });
}

/** The ids of a category's descendants by generation (children, grandchildren). */
async function descendantLevels(tx: Db, id: number): Promise<number[][]> {
  const out: number[][] = [];
  let frontier = [id];
  while (frontier.length > 0 && out.length < CATEGORY_MAX_LEVEL) {
    const next = (await tx.select({ id: categories.id }).from(categories).where(inArray(categories.parentId, frontier))).map((r) => r.id);
    if (next.length === 0) break;
    out.push(next);
    frontier = next;
  }
  return out;
}

/**
 * Moves a category (with its subtree) under another parent, or to the top level, at a place among
 * the new siblings, which are numbered again. The tree stays at most three levels deep; descendants'
 * levels follow; the old parent becomes a leaf when it loses its last child, the new one stops being
 * one. One transaction, an audit row per changed category.
 */
export async function moveCategory(
  db: Db,
  params: { actor: AuditActor; id: number; parentId: number | null; position: number },
): Promise<AdminCategoryDto[]> {
  await db.transaction(async (tx) => {
    const [moved] = await tx.select().from(categories).where(eq(categories.id, params.id)).for('update');
    if (!moved) throw new AppError(404, 'catalogCategoryNotFound');
    const generations = await descendantLevels(tx, params.id);
    if (params.parentId === params.id || generations.some((g) => params.parentId !== null && g.includes(params.parentId))) {
      throw parentError('catalogCategoryParentInvalid');
    }
    const parent = await checkParent(tx, params.parentId, 1 + generations.length, params.parentId === moved.parentId);
    const level = (parent?.level ?? 0) + 1;
    const siblings = (await childrenOf(tx, params.parentId)).filter((s) => s.id !== params.id);
    const at = Math.min(params.position, siblings.length);
    const order = [...siblings.slice(0, at), { id: params.id, sort: moved.sort }, ...siblings.slice(at)];
    for (const [index, sibling] of order.entries()) {
      const sort = (index + 1) * 10;
      if (sibling.id === params.id) {
        if (moved.parentId === params.parentId && moved.sort === sort && Number(moved.level) === level) continue;
        await tx.update(categories).set({ parentId: params.parentId, level, sort }).where(eq(categories.id, params.id));
        await recordAudit(tx, params.actor, {
          action: 'move', entity: 'category', entityId: params.id,
          before: { parentId: moved.parentId, level: Number(moved.level), sort: moved.sort }, after: { parentId: params.parentId, level, sort },
          note: { descendantsMoved: generations.flat().length },
        });
      } else if (sibling.sort !== sort) {
        await tx.update(categories).set({ sort }).where(eq(categories.id, sibling.id));
        await recordAudit(tx, params.actor, { action: 'update', entity: 'category', entityId: sibling.id, before: { sort: sibling.sort }, after: { sort } });
      }
    }
    // Descendants keep their places; only their depth follows the moved category's.
    for (const [depth, ids] of generations.entries()) {
      await tx.update(categories).set({ level: level + depth + 1 }).where(inArray(categories.id, ids));
    }
    if (moved.parentId !== params.parentId) {
      await settleLeaf(tx, params.actor, moved.parentId);
      await settleLeaf(tx, params.actor, params.parentId);
    }
  });
  done(db);
  return listAdminCategoryTree(db);
}

/**
 * Deletes a category without subcategories or products (its own or, should the tree hold any, its
 * descendants'): both are refused with 409 and nothing changes. Its parent becomes a leaf when it
 * was the last child.
 */
export async function deleteCategory(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'catalogCategoryNotFound');
    const ids = [params.id, ...(await descendantLevels(tx, params.id)).flat()];
    const [product] = await tx.select({ id: products.id }).from(products).where(inArray(products.categoryId, ids)).limit(1);
    if (product) throw new AppError(409, 'catalogCategoryHasProducts');
    if (ids.length > 1) throw new AppError(409, 'catalogCategoryHasChildren');
    await tx.delete(categories).where(eq(categories.id, params.id));
    await recordAudit(tx, params.actor, {
      action: 'delete', entity: 'category', entityId: params.id,
      before: { parentId: before.parentId, level: Number(before.level), nameZh: before.nameZh, nameEn: before.nameEn, sort: before.sort },
    });
    await settleLeaf(tx, params.actor, before.parentId);
  });
  done(db);
}
