import 'server-only';
import type { Db } from '@/server/db/client';
import { categories } from '@/server/db/schema';
import { CATEGORY_TREE, type CategoryNode } from './category-tree';

export interface SeededCategories {
  /** Leaf id by its English name. */
  leafId: (nameEn: string) => number;
  leafIds: number[];
  count: number;
}

interface PendingNode {
  node: CategoryNode;
  parentId: number | null;
  sort: number;
}

const keyOf = (parentId: number | null, sort: number): string => `${parentId ?? 0}:${sort}`;

/** Inserts level by level because each child needs its parent's id. */
export async function seedCategories(db: Db): Promise<SeededCategories> {
  const leafByName = new Map<string, number>();
  let level: PendingNode[] = CATEGORY_TREE.map((node, i) => ({ node, parentId: null, sort: (i + 1) * 10 }));
  let depth = 1;
  let count = 0;
  while (level.length > 0) {
    const inserted = await db
      .insert(categories)
      .values(
        level.map(({ node, parentId, sort }) => ({
          parentId,
          level: depth,
          nameZh: node[0],
          nameEn: node[1],
          leaf: !node[2] || node[2].length === 0,
          sort,
        })),
      )
      .returning({ id: categories.id, parentId: categories.parentId, sort: categories.sort });
    count += inserted.length;
    const next: PendingNode[] = [];
    const idByKey = new Map(inserted.map((r) => [keyOf(r.parentId, r.sort), r.id]));
    for (const { node, parentId, sort } of level) {
      const id = idByKey.get(keyOf(parentId, sort));
      if (id === undefined) throw new Error(`Category ${node[1]} was not inserted`);
      const children = node[2] ?? [];
      if (children.length === 0) {
        if (leafByName.has(node[1])) throw new Error(`Duplicate leaf category name: ${node[1]}`);
        leafByName.set(node[1], id);
      }
      children.forEach((child, i) => next.push({ node: child, parentId: id, sort: (i + 1) * 10 }));
    }
    level = next;
    depth += 1;
  }
  return {
    leafId: (nameEn) => {
      const id = leafByName.get(nameEn);
      if (id === undefined) throw new Error(`Unknown leaf category: ${nameEn}`);
      return id;
    },
    leafIds: [...leafByName.values()],
    count,
  };
}
