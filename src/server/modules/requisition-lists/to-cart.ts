import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ListToCartResultDto } from '@/contracts/requisition-lists';
import type { Db } from '@/server/db/client';
import { requisitionListLines } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { addCartItem, countCartItems } from '@/server/modules/cart/service';
import { flagsOf, lineQuery } from './lines';
import { loadList } from './lists';
import type { ListUser } from './rules';

/**
 * "Add all to cart": the chosen lines of a list the user sees, at the chosen quantities, through the cart's
 * own addition (the same pack again raises its quantity), in one transaction; with `all`, every line. Lines whose product is
 * withdrawn or whose pack is removed are left out and named; a line id of another list is not found (400).
 */
export async function addListToCart(db: Db, user: ListUser, params: { id: number; lines: { lineId: number; num: number }[]; all: boolean }): Promise<ListToCartResultDto> {
  await loadList(db, user, params.id, 'view');
  const ids = [...new Set(params.lines.map((l) => l.lineId))];
  const rows = params.all
    ? await lineQuery(db).where(eq(requisitionListLines.listId, params.id)).orderBy(asc(requisitionListLines.sort), asc(requisitionListLines.id))
    : await lineQuery(db).where(and(eq(requisitionListLines.listId, params.id), inArray(requisitionListLines.id, ids)));
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const unknown = params.lines.findIndex((l) => !rowOf.has(l.lineId));
  if (unknown >= 0) throw new AppError(400, 'listLineNotFound', [{ field: `lines.${unknown}.lineId`, message: 'listLineNotFound' }]);
  const numOf = new Map(params.lines.map((l) => [l.lineId, l.num]));
  const chosenLines = params.all ? rows.map((r) => ({ lineId: r.id, num: numOf.get(r.id) ?? r.num })) : params.lines;
  const skipped: ListToCartResultDto['skipped'] = [];
  const owner = { companyId: user.companyId, userId: user.userId };
  const added = await db.transaction(async (tx) => {
    let n = 0;
    for (const chosen of chosenLines) {
      const r = rowOf.get(chosen.lineId)!;
      const flags = flagsOf(r);
      const reason = flags.includes('packRemoved') ? 'packRemoved' : flags.includes('withdrawn') ? 'withdrawn' : null;
      if (reason || r.packId === null) {
        if (!skipped.some((s) => s.lineId === r.id)) skipped.push({ lineId: r.id, itemNo: r.itemNo, size: r.size ?? r.sizeAdded, reason: reason ?? 'packRemoved' });
        continue;
      }
      await addCartItem(tx, owner, { packId: r.packId, num: chosen.num });
      n += 1;
    }
    return n;
  });
  return { added, skipped, count: await countCartItems(db, owner) };
}
