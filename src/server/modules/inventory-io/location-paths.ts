import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { inventoryLocations } from '@/server/db/schema';
import type { InventoryLocationKind } from '@/server/db/schema/inventory';

/** The separator of a location path as labels, exports and import files write it. */
export const PATH_SEPARATOR = ' / ';

export interface LocationNode {
  id: number;
  parentId: number | null;
  kind: InventoryLocationKind;
  name: string;
}

/** A company's location tree (buildings, rooms, cabinets: a few hundred at most), read once. */
export async function companyLocations(db: Db, companyId: number): Promise<LocationNode[]> {
  return db.select({ id: inventoryLocations.id, parentId: inventoryLocations.parentId, kind: inventoryLocations.kind, name: inventoryLocations.name })
    .from(inventoryLocations).where(eq(inventoryLocations.companyId, companyId)).orderBy(asc(inventoryLocations.id));
}

/** Each location's path, `Building / Room / Cabinet`, by id. */
export function locationPaths(nodes: readonly LocationNode[]): Map<number, string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const paths = new Map<number, string>();
  for (const node of nodes) {
    const names: string[] = [];
    let at: LocationNode | undefined = node;
    // The tree is three deep; the bound guards against a cycle a bad row could make.
    for (let depth = 0; at && depth < 8; depth += 1) {
      names.unshift(at.name);
      at = at.parentId === null ? undefined : byId.get(at.parentId);
    }
    paths.set(node.id, names.join(PATH_SEPARATOR));
  }
  return paths;
}
