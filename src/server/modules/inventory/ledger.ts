import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { fromUnits, toUnits } from '@/lib/inventory-amount';
import type { Db } from '@/server/db/client';
import { inventoryContainers, inventoryLedger, type InventoryContainer, type LedgerKind } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { applyMovement } from './movement';

export interface Movement {
  kind: LedgerKind;
  /** The change of the amount in ten-thousandths of the container's unit (see `applyMovement`). */
  delta: number;
  /** Where it goes (moved; received: where it is put, if anywhere). Undefined: it stays. */
  toLocationId?: number | null;
  purpose?: string;
  /** The day it happened, `YYYY-MM-DD`. */
  day: string;
  userId: number | null;
  actorName: string;
  /** The ledger row a correction corrects. */
  correctsId?: number | null;
  audit: AuditActor;
}

const AUDIT_ACTION = { received: 'receive', used: 'use', moved: 'move', disposed: 'dispose', correction: 'correct' } as const;

/** The container's amount as ten-thousandths. */
export function unitsOf(value: string): number {
  const units = toUnits(value);
  if (units === null) throw new AppError(500);
  return units;
}

/**
 * The one audited transition of a container (ADR 0089), in the caller's transaction with the container's
 * row locked by the caller: the ledger row (kind, delta, balance after, from and to location, purpose, day,
 * who), the container's `remaining`, `state`, `location_id` and `updated_at`, and the audit row. The
 * balance and state follow `applyMovement`; a received row is the container's first. Answers the ledger
 * row's id.
 */
export async function recordMovement(tx: Db, container: InventoryContainer, m: Movement): Promise<number> {
  const before = { remaining: unitsOf(container.remaining), state: container.state };
  const after = m.kind === 'received' ? applyMovement({ remaining: 0, state: 'in_use' }, 'received', m.delta) : applyMovement(before, m.kind, m.delta);
  const toLocationId = m.toLocationId === undefined ? container.locationId : m.toLocationId;
  if (m.kind === 'moved' && toLocationId === container.locationId) throw new AppError(400, 'inventorySameLocation', [{ field: 'locationId', message: 'inventorySameLocation' }]);
  const [row] = await tx.insert(inventoryLedger).values({
    companyId: container.companyId, containerId: container.id, kind: m.kind, delta: fromUnits(m.delta), balance: fromUnits(after.remaining),
    fromLocationId: m.kind === 'received' ? null : container.locationId, toLocationId, purpose: m.purpose ?? '', happenedOn: m.day,
    userId: m.userId, actorName: m.actorName.slice(0, 100), correctsId: m.correctsId ?? null,
  }).returning({ id: inventoryLedger.id });
  if (!row) throw new AppError(500);
  await tx.update(inventoryContainers).set({
    remaining: fromUnits(after.remaining), state: after.state, locationId: toLocationId, updatedAt: sql`now()`,
  }).where(and(eq(inventoryContainers.id, container.id), eq(inventoryContainers.companyId, container.companyId)));
  await recordAudit(tx, m.audit, {
    action: AUDIT_ACTION[m.kind], entity: 'inventory_container', entityId: container.id, companyId: container.companyId,
    before: m.kind === 'received' ? null : { remaining: fromUnits(before.remaining), state: before.state, locationId: container.locationId },
    after: { code: container.code, remaining: fromUnits(after.remaining), state: after.state, locationId: toLocationId },
    note: { ledgerId: row.id, delta: fromUnits(m.delta), ...(m.purpose ? { purpose: m.purpose } : {}), ...(m.correctsId ? { correctsId: m.correctsId } : {}) },
  });
  return row.id;
}
