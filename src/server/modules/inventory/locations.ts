import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { childKindOf, type LocationDto } from '@/contracts/inventory';
import { rowsOf, type Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/errors';
import { inventoryLocations, type InventoryLocation } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { inventoryDecision, type InventoryUser } from './rules';

/** A location of the user's company (404 `locationNotFound` otherwise). */
export async function loadLocation(tx: Db, user: InventoryUser, id: number): Promise<InventoryLocation> {
  const [row] = await tx.select().from(inventoryLocations).where(and(eq(inventoryLocations.id, id), eq(inventoryLocations.companyId, user.companyId)));
  if (!row) throw new AppError(404, 'locationNotFound');
  return row;
}

function assertMay(user: InventoryUser, action: 'view' | 'edit'): void {
  if (inventoryDecision(user, action) !== 'allowed') throw new AppError(403, 'inventoryForbidden');
}

/** The company's locations, flat in tree order (parents before children, by sort then name), with the containers placed directly in each. */
export async function listLocations(db: Db, user: InventoryUser): Promise<LocationDto[]> {
  assertMay(user, 'view');
  const rows = rowsOf<{ id: number; parent_id: number | null; kind: LocationDto['kind']; name: string; sort: number; containers: number }>(await db.execute(sql`
    select l.id, l.parent_id, l.kind, l.name, l.sort,
      (select count(*)::int from inventory_containers c where c.location_id = l.id and c.state <> 'disposed') as containers
    from inventory_locations l where l.company_id = ${user.companyId} order by l.sort, l.name, l.id`));
  const byParent = new Map<number | null, typeof rows>();
  for (const r of rows) {
    const key = r.parent_id === null ? null : Number(r.parent_id);
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const out: LocationDto[] = [];
  const walk = (parent: number | null) => {
    for (const r of byParent.get(parent) ?? []) {
      out.push({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), kind: r.kind, name: r.name, sort: Number(r.sort), containers: Number(r.containers) });
      walk(Number(r.id));
    }
  };
  walk(null);
  return out;
}

const nameTaken = () => new AppError(409, 'locationNameTaken', [{ field: 'name', message: 'locationNameTaken' }]);

/** A new location under `parentId` (a building at the top, a room in a building, a cabinet in a room). */
export async function addLocation(db: Db, user: InventoryUser, audit: AuditActor, input: { parentId: number | null; name: string }): Promise<number> {
  assertMay(user, 'edit');
  try {
    return await db.transaction(async (tx) => {
      const parent = input.parentId === null ? null : await loadLocation(tx, user, input.parentId);
      const kind = childKindOf(parent?.kind ?? null);
      if (!kind) throw new AppError(400, 'locationNoChildren', [{ field: 'parentId', message: 'locationNoChildren' }]);
      const siblings = parent ? eq(inventoryLocations.parentId, parent.id) : isNull(inventoryLocations.parentId);
      const [last] = rowsOf<{ sort: number | null }>(await tx.execute(sql`select max(sort) as sort from inventory_locations where company_id = ${user.companyId} and ${siblings}`));
      const [made] = await tx.insert(inventoryLocations)
        .values({ companyId: user.companyId, parentId: parent?.id ?? null, kind, name: input.name, sort: Number(last?.sort ?? 0) + 10 }).returning();
      if (!made) throw new AppError(500);
      await recordAudit(tx, audit, { action: 'create', entity: 'inventory_location', entityId: made.id, companyId: user.companyId, after: { name: made.name, kind, parentId: made.parentId } });
      return made.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function renameLocation(db: Db, user: InventoryUser, audit: AuditActor, input: { id: number; name: string }): Promise<void> {
  assertMay(user, 'edit');
  try {
    await db.transaction(async (tx) => {
      const loc = await loadLocation(tx, user, input.id);
      await tx.update(inventoryLocations).set({ name: input.name, updatedAt: sql`now()` }).where(and(eq(inventoryLocations.id, loc.id), eq(inventoryLocations.companyId, user.companyId)));
      await recordAudit(tx, audit, { action: 'update', entity: 'inventory_location', entityId: loc.id, companyId: user.companyId, before: { name: loc.name }, after: { name: input.name } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Moves a location one place up or down among its siblings (renumbering them by tens). */
export async function reorderLocation(db: Db, user: InventoryUser, audit: AuditActor, input: { id: number; direction: 'up' | 'down' }): Promise<void> {
  assertMay(user, 'edit');
  await db.transaction(async (tx) => {
    const loc = await loadLocation(tx, user, input.id);
    const siblings = await tx.select({ id: inventoryLocations.id }).from(inventoryLocations)
      .where(and(eq(inventoryLocations.companyId, user.companyId), loc.parentId === null ? isNull(inventoryLocations.parentId) : eq(inventoryLocations.parentId, loc.parentId)))
      .orderBy(asc(inventoryLocations.sort), asc(inventoryLocations.name), asc(inventoryLocations.id));
    const ids = siblings.map((s) => s.id);
    const at = ids.indexOf(loc.id);
    const to = input.direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    for (const [i, id] of ids.entries()) await tx.update(inventoryLocations).set({ sort: (i + 1) * 10 }).where(eq(inventoryLocations.id, id));
    await recordAudit(tx, audit, { action: 'order', entity: 'inventory_location', entityId: loc.id, companyId: user.companyId, note: { direction: input.direction } });
  });
}

/** Deletes a location that holds no container (even disposed ones, whose ledger names it) and no other location. */
export async function deleteLocation(db: Db, user: InventoryUser, audit: AuditActor, id: number): Promise<void> {
  assertMay(user, 'edit');
  await db.transaction(async (tx) => {
    const loc = await loadLocation(tx, user, id);
    const [use] = rowsOf<{ children: number; containers: number; ledger: number }>(await tx.execute(sql`
      select (select count(*)::int from inventory_locations where parent_id = ${loc.id}) as children,
        (select count(*)::int from inventory_containers where location_id = ${loc.id}) as containers,
        (select count(*)::int from inventory_ledger where company_id = ${user.companyId} and (from_location_id = ${loc.id} or to_location_id = ${loc.id})) as ledger`));
    if (Number(use?.children ?? 0) > 0) throw new AppError(409, 'locationHasChildren');
    if (Number(use?.containers ?? 0) > 0) throw new AppError(409, 'locationHasContainers');
    if (Number(use?.ledger ?? 0) > 0) throw new AppError(409, 'locationInLedger');
    await tx.delete(inventoryLocations).where(and(eq(inventoryLocations.id, loc.id), eq(inventoryLocations.companyId, user.companyId)));
    await recordAudit(tx, audit, { action: 'delete', entity: 'inventory_location', entityId: loc.id, companyId: user.companyId, before: { name: loc.name, kind: loc.kind } });
  });
}
