import 'server-only';
import { asc } from 'drizzle-orm';
import type { CategoryNode } from '@/contracts/catalog-browse';
import type { Db } from '@/server/db/client';
import { categories } from '@/server/db/schema';
import { localised, type Lang } from '@/lib/lang';

interface CategoryRow {
  id: number;
  parentId: number | null;
  level: number;
  nameZh: string;
  nameEn: string;
  leaf: boolean;
}

export interface CategoryTree {
  roots: CategoryNode[];
  byId: Map<number, CategoryNode>;
}

/** How long one process reuses the tree it read (categories change rarely, through the back-office). */
const TREE_TTL_MS = 60_000;
/**
 * One cache per process, kept on `globalThis`: Next.js bundles the API's route handler and the pages
 * apart, each with its own copy of this module, and a back-office save (through the API) must drop the
 * copy the pages read (`forgetCategoryTree`).
 */
const globalForTree = globalThis as unknown as { __categoryTreeCache?: WeakMap<Db, { at: number; rows: Promise<CategoryRow[]> }> };
const treeCache = (globalForTree.__categoryTreeCache ??= new WeakMap());

/** All categories in one query, reused for a minute per database handle. */
function loadRows(db: Db): Promise<CategoryRow[]> {
  const hit = treeCache.get(db);
  if (hit && Date.now() - hit.at < TREE_TTL_MS) return hit.rows;
  const rows = db
    .select({ id: categories.id, parentId: categories.parentId, level: categories.level, nameZh: categories.nameZh, nameEn: categories.nameEn, leaf: categories.leaf })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  const entry = { at: Date.now(), rows: Promise.resolve(rows) };
  entry.rows.catch(() => treeCache.delete(db));
  treeCache.set(db, entry);
  return entry.rows;
}

/** Forgets the cached tree (after a category is edited, and in tests). */
export function forgetCategoryTree(db: Db): void {
  treeCache.delete(db);
}

/** The three-level tree in the caller's language, with an index by id. */
export async function getCategoryTree(db: Db, params: { lang: Lang }): Promise<CategoryTree> {
  const rows = await loadRows(db);
  const byId = new Map<number, CategoryNode>();
  for (const r of rows) {
    byId.set(r.id, { id: r.id, classify: localised(r, 'name', params.lang), superiorId: r.parentId, level: r.level, leaf: r.leaf, secondJson: [] });
  }
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = byId.get(r.id) as CategoryNode;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    if (parent) parent.secondJson.push(node);
    else if (r.parentId === null) roots.push(node);
  }
  return { roots, byId };
}

/** First-level categories with their children (docs/requirements/storefront.md#catalogue-data, with `secondJson`). */
export async function listCategoryTree(db: Db, params: { lang: Lang }): Promise<CategoryNode[]> {
  return (await getCategoryTree(db, params)).roots;
}

/** One category with its descendants and its ancestors (for breadcrumbs); null when unknown. */
export async function getCategory(db: Db, params: { id: number; lang: Lang }): Promise<{ node: CategoryNode; ancestors: CategoryNode[] } | null> {
  const tree = await getCategoryTree(db, { lang: params.lang });
  const node = tree.byId.get(params.id);
  if (!node) return null;
  const ancestors: CategoryNode[] = [];
  let up = node.superiorId === null ? undefined : tree.byId.get(node.superiorId);
  while (up) {
    ancestors.unshift(up);
    up = up.superiorId === null ? undefined : tree.byId.get(up.superiorId);
  }
  return { node, ancestors };
}
