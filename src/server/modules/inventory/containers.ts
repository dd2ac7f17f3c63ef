import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ContainerAddInput, ContainerEditInput } from '@/contracts/inventory';
import { containerAmountOf, toUnits } from '@/lib/inventory-amount';
import { businessToday } from '@/server/business-time';
import type { Db } from '@/server/db/client';
import { departments, inventoryContainers, inventoryLedger, productLots, productPacks, products, users, type InventoryContainer, type InventoryControlClass } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { AuditActor } from '@/server/modules/audit/record';
import { recordAudit } from '@/server/modules/audit/record';
import { nextCodes } from './codes';
import { recordMovement, unitsOf } from './ledger';
import { loadLocation } from './locations';
import { catalogueTraits } from './traits';
import { inventoryDecision, type InventoryAction, type InventoryUser } from './rules';

/** A signed-in company user acting on the shelf: who they are for the ledger and the audit log. */
export interface InventoryActor extends InventoryUser {
  name: string;
  audit: AuditActor;
}

/** Refuses what the rule refuses: 404 for another company's record, 403 for a missing permission. */
export function assertInventory(user: InventoryUser, action: InventoryAction, target?: { companyId: number; controlClass: InventoryControlClass | null }): void {
  const decision = inventoryDecision(user, action, target);
  if (decision === 'notFound') throw new AppError(404, 'containerNotFound');
  if (decision === 'forbidden') throw new AppError(403, action === 'view' || action === 'add' || action === 'edit' ? 'inventoryForbidden' : 'inventoryControlledForbidden');
}

/** A container of the user's company for `action`, locked for the transaction (404 when it is not the company's). */
export async function loadContainer(tx: Db, user: InventoryUser, id: number, action: InventoryAction): Promise<InventoryContainer> {
  const [row] = await tx.select().from(inventoryContainers)
    .where(and(eq(inventoryContainers.id, id), eq(inventoryContainers.companyId, user.companyId))).for('update');
  if (!row) throw new AppError(404, 'containerNotFound');
  assertInventory(user, action, row);
  return row;
}

const who = (actor: InventoryActor, day?: string) => ({ day: day ?? businessToday(), userId: actor.userId, actorName: actor.name, audit: actor.audit });

/** A container added by hand (a pack of the catalogue, or free text), with its `received` ledger row; answers its id. */
export async function addContainer(db: Db, actor: InventoryActor, input: ContainerAddInput): Promise<number> {
  assertInventory(actor, 'add');
  return db.transaction(async (tx) => {
    if (input.locationId) await loadLocation(tx, actor, input.locationId);
    let values: Omit<typeof inventoryContainers.$inferInsert, 'code'>;
    const base = {
      companyId: actor.companyId, remaining: '0', locationId: input.locationId ?? null, ownerId: actor.userId, state: 'in_use' as const, source: 'manual' as const,
      receivedOn: input.receivedOn ?? businessToday(), note: input.note ?? '', lotNo: input.lotNo ?? '', expiresOn: input.expiresOn ?? null,
    };
    const [me] = await tx.select({ departmentId: users.departmentId }).from(users).where(and(eq(users.id, actor.userId), eq(users.companyId, actor.companyId)));
    if (input.packId !== undefined) {
      const [pack] = await tx.select({ pack: productPacks, product: products }).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
        .where(eq(productPacks.id, input.packId));
      if (!pack) throw new AppError(400, 'inventoryPackUnknown', [{ field: 'packId', message: 'inventoryPackUnknown' }]);
      const [lot] = input.lotNo ? await tx.select().from(productLots).where(and(eq(productLots.packId, input.packId), eq(productLots.lotNo, input.lotNo))) : [];
      const own = containerAmountOf(pack.pack.size);
      values = {
        ...base, ...catalogueTraits(pack.product), productId: pack.product.id, packId: pack.pack.id, itemNo: pack.product.itemNo,
        nameZh: pack.product.nameZh, nameEn: pack.product.nameEn, cas: pack.product.cas ?? '',
        lotId: lot?.id ?? null, expiresOn: input.expiresOn ?? lot?.expiresOn ?? null, retestOn: lot?.retestOn ?? null,
        amount: input.amount ?? own.amount, unit: input.amount && input.unit ? input.unit : own.unit, departmentId: me?.departmentId ?? null,
      };
    } else {
      // A name and a CAS number: the catalogue's product of that CAS (the first added) gives the container its
      // substance, control class and hazard mark, as an import does, so that ether added by hand is controlled.
      const [match] = input.cas
        ? await tx.select({ substanceId: products.substanceId, controlClass: products.controlClass, ghs: products.ghs }).from(products)
          .where(eq(products.cas, input.cas)).orderBy(asc(products.id)).limit(1)
        : [];
      values = {
        ...base, ...(match ? catalogueTraits(match) : {}), nameZh: input.name ?? '', nameEn: input.name ?? '', cas: input.cas ?? '',
        amount: input.amount ?? '1', unit: input.unit ?? 'ea', departmentId: me?.departmentId ?? null,
      };
    }
    const [code] = await nextCodes(tx, actor.companyId, 1);
    const [made] = await tx.insert(inventoryContainers).values({ ...values, code: code! }).returning();
    if (!made) throw new AppError(500);
    await recordMovement(tx, made, { kind: 'received', delta: unitsOf(made.amount), toLocationId: made.locationId, ...who(actor, made.receivedOn) });
    return made.id;
  });
}

/** Changes a container's owner, department, expiry or retest day, or note (audited; the ledger is about amounts and places). */
export async function editContainer(db: Db, actor: InventoryActor, input: ContainerEditInput): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await loadContainer(tx, actor, input.id, 'edit');
    if (input.ownerId) {
      const [owner] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, input.ownerId), eq(users.companyId, actor.companyId)));
      if (!owner) throw new AppError(400, 'inventoryOwnerUnknown', [{ field: 'ownerId', message: 'inventoryOwnerUnknown' }]);
    }
    if (input.departmentId) {
      const [dept] = await tx.select({ id: departments.id }).from(departments).where(and(eq(departments.id, input.departmentId), eq(departments.companyId, actor.companyId)));
      if (!dept) throw new AppError(400, 'inventoryDepartmentUnknown', [{ field: 'departmentId', message: 'inventoryDepartmentUnknown' }]);
    }
    const next = {
      ...(input.ownerId !== undefined ? { ownerId: input.ownerId } : {}), ...(input.departmentId !== undefined ? { departmentId: input.departmentId } : {}),
      ...(input.expiresOn !== undefined ? { expiresOn: input.expiresOn } : {}), ...(input.retestOn !== undefined ? { retestOn: input.retestOn } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
    };
    if (Object.keys(next).length === 0) return;
    await tx.update(inventoryContainers).set({ ...next, updatedAt: sql`now()` })
      .where(and(eq(inventoryContainers.id, c.id), eq(inventoryContainers.companyId, actor.companyId)));
    await recordAudit(tx, actor.audit, {
      action: 'update', entity: 'inventory_container', entityId: c.id, companyId: c.companyId,
      before: { ownerId: c.ownerId, departmentId: c.departmentId, expiresOn: c.expiresOn, retestOn: c.retestOn, note: c.note },
      after: { ownerId: next.ownerId, departmentId: next.departmentId, expiresOn: next.expiresOn, retestOn: next.retestOn, note: next.note },
    });
  });
}

/** Takes an amount (in the container's unit) out of a container: a `used` ledger row; at 0 it is empty. */
export async function takeFromContainer(db: Db, actor: InventoryActor, input: { id: number; amount: string; purpose: string; day?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await loadContainer(tx, actor, input.id, 'use');
    await recordMovement(tx, c, { kind: 'used', delta: -(toUnits(input.amount) ?? 0), purpose: input.purpose, ...who(actor, input.day) });
  });
}

/** Puts a container in another place of the company (or takes it off the shelf's places: null). */
export async function moveContainer(db: Db, actor: InventoryActor, input: { id: number; locationId: number | null; day?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await loadContainer(tx, actor, input.id, 'move');
    if (input.locationId !== null) await loadLocation(tx, actor, input.locationId);
    await recordMovement(tx, c, { kind: 'moved', delta: 0, toLocationId: input.locationId, ...who(actor, input.day) });
  });
}

/** Disposes of a container with whatever is left in it. */
export async function disposeContainer(db: Db, actor: InventoryActor, input: { id: number; purpose: string; day?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await loadContainer(tx, actor, input.id, 'dispose');
    await recordMovement(tx, c, { kind: 'disposed', delta: -unitsOf(c.remaining), purpose: input.purpose, ...who(actor, input.day) });
  });
}

/** A correction of one ledger row of the container: a new row pointing at it, changing the balance by `delta`. */
export async function correctContainer(db: Db, actor: InventoryActor, input: { id: number; entryId: number; delta: string; purpose: string; day?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await loadContainer(tx, actor, input.id, 'correct');
    const [entry] = await tx.select({ id: inventoryLedger.id }).from(inventoryLedger)
      .where(and(eq(inventoryLedger.id, input.entryId), eq(inventoryLedger.containerId, c.id), eq(inventoryLedger.companyId, actor.companyId)));
    if (!entry) throw new AppError(400, 'inventoryEntryUnknown', [{ field: 'entryId', message: 'inventoryEntryUnknown' }]);
    await recordMovement(tx, c, { kind: 'correction', delta: toUnits(input.delta) ?? 0, purpose: input.purpose, correctsId: entry.id, ...who(actor, input.day) });
  });
}
