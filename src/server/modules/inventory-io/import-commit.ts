import 'server-only';
import type { ImportCommitDto } from '@/contracts/inventory-io';
import { toUnits } from '@/lib/inventory-amount';
import type { Db } from '@/server/db/client';
import { inventoryContainers, inventoryLocations, type InventoryLocationKind } from '@/server/db/schema/inventory';
import { AppError } from '@/server/errors';
import type { AuditActor } from '@/server/modules/audit/record';
import { nextCodes } from '@/server/modules/inventory/codes';
import { recordMovement } from '@/server/modules/inventory/ledger';
import { locationText } from './import-parse';
import type { PreparedImport } from './import-resolve';
import { companyLocations, locationPaths } from './location-paths';

const KINDS: readonly InventoryLocationKind[] = ['building', 'room', 'cabinet'];

/**
 * An import without issues, in one transaction: the missing locations (building, room, cabinet by depth),
 * a container per row (`source = 'import'`, the next label codes) and its `received` ledger row through the
 * shelf's one transition, which audits it. Any issue: 400 `inventoryImportHasIssues`, nothing written.
 */
export async function commitStockImport(db: Db, params: { companyId: number; prepared: PreparedImport; userId: number; actorName: string; audit: AuditActor }): Promise<ImportCommitDto> {
  const { prepared, companyId } = params;
  if (prepared.issues.length > 0 || prepared.rows.length === 0) {
    throw new AppError(400, 'inventoryImportHasIssues', [{ field: 'file', message: 'inventoryImportHasIssues' }]);
  }
  return db.transaction(async (tx) => {
    // The paths again inside the transaction: another import may have created some meanwhile.
    const idByPath = new Map([...locationPaths(await companyLocations(tx, companyId))].map(([id, path]) => [path.toLowerCase(), id]));
    let locationsCreated = 0;
    async function locationOf(names: readonly string[]): Promise<number | null> {
      let parentId: number | null = null;
      for (let depth = 1; depth <= names.length; depth += 1) {
        const key = locationText(names.slice(0, depth)).toLowerCase();
        let id: number | undefined = idByPath.get(key);
        if (id === undefined) {
          const [created]: { id: number }[] = await tx.insert(inventoryLocations).values({ companyId, parentId, kind: KINDS[depth - 1] ?? 'cabinet', name: names[depth - 1] ?? '' })
            .returning({ id: inventoryLocations.id });
          if (!created) throw new AppError(500);
          id = created.id;
          idByPath.set(key, id);
          locationsCreated += 1;
        }
        parentId = id;
      }
      return parentId;
    }
    const codes = await nextCodes(tx, companyId, prepared.rows.length);
    const ids: number[] = [];
    for (const [i, r] of prepared.rows.entries()) {
      const locationId = r.location.length === 0 ? null : await locationOf(r.location);
      const units = toUnits(r.amount);
      if (units === null) throw new AppError(500);
      const [container] = await tx.insert(inventoryContainers).values({
        companyId, code: codes[i] ?? '', productId: r.productId, substanceId: r.substanceId, itemNo: r.itemNo,
        nameZh: r.nameZh, nameEn: r.nameEn, cas: r.cas, controlClass: r.controlClass, hazardous: r.hazardous ?? false,
        lotNo: r.lotNo, expiresOn: r.expiresOn, amount: r.amount, remaining: '0', unit: r.unit, locationId,
        ownerId: r.ownerId, departmentId: r.departmentId, state: 'in_use', source: 'import', receivedOn: r.receivedOn, note: r.note,
      }).returning();
      if (!container) throw new AppError(500);
      await recordMovement(tx, container, {
        kind: 'received', delta: units, toLocationId: locationId, day: r.receivedOn, userId: params.userId, actorName: params.actorName,
        purpose: '', audit: params.audit,
      });
      ids.push(container.id);
    }
    return { created: ids.length, locationsCreated, ids };
  });
}
