import 'server-only';
import type { AuditEntity } from '@/contracts/audit-vocabulary';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/**
 * Numbers rows 10, 20, … in the order given, inside the caller's transaction: `rows` are the locked rows
 * of the ordered set, `ids` must name each of them once (else 400 `contentOrderInvalid`, nothing written);
 * only the rows whose number changes are written, each with its audit row.
 */
export async function renumberInOrder(
  tx: Db,
  actor: AuditActor,
  entity: AuditEntity,
  rows: readonly { id: number; sort: number }[],
  ids: readonly number[],
  setSort: (id: number, sort: number) => Promise<unknown>,
): Promise<void> {
  const known = new Set(rows.map((r) => r.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw new AppError(400, 'validation', [{ field: 'ids', message: 'contentOrderInvalid' }]);
  }
  const sortOf = new Map(rows.map((r) => [r.id, r.sort]));
  for (const [i, id] of ids.entries()) {
    const sort = (i + 1) * 10;
    if (sortOf.get(id) === sort) continue;
    await setSort(id, sort);
    await recordAudit(tx, actor, { action: 'update', entity, entityId: id, before: { sort: sortOf.get(id) ?? null }, after: { sort } });
  }
}
