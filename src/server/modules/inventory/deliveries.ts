import 'server-only';
import { sql } from 'drizzle-orm';
import { containerAmountOf } from '@/lib/inventory-amount';
import { rowsOf, type Db } from '@/server/db/client';
import { inventoryContainers, type GhsBlock } from '@/server/db/schema';
import type { AuditActor } from '@/server/modules/audit/record';
import { isHazardous } from '@/server/modules/catalog/hazards';
import { nextCodes } from './codes';
import { recordMovement, unitsOf } from './ledger';
import { inventoryControlClassOf } from './traits';

interface LineRow {
  line_id: number; quantity: number; lot_no: string; lot_id: number | null; pack_id: number; product_id: number | null; item_no: string; name_zh: string; name_en: string;
  size: string; item_hazardous: boolean; control_class: string | null; cas: string | null; substance_id: number | null; ghs: GhsBlock | string | null;
  expires_on: string | null; retest_on: string | null;
}


export interface Receipt {
  shipmentId: number;
  order: { id: number; companyId: number; userId: number };
  /** The delivery's day, `YYYY-MM-DD`. */
  day: string;
  who: { userId: number | null; name: string; audit: AuditActor };
}

/**
 * The containers of a delivered shipment (ADR 0089), in the delivery's transaction: each unit of each line
 * becomes a container of the buyer's company (`shipment_line_id` + `unit_index`, unique, so a second call
 * adds nothing), with the product's names, CAS, substance, control class and hazard, the lot with its
 * expiry and retest days, the pack's size as its amount, the order's buyer and their department as owner,
 * not yet placed, and a `received` ledger row. Answers how many containers were made.
 */
export async function containersFromShipment(tx: Db, receipt: Receipt): Promise<number> {
  const lines = rowsOf<LineRow>(await tx.execute(sql`
    select sl.id as line_id, sl.quantity, sl.lot_no, l.id as lot_id, a.pack_id, oi.product_id, oi.item_no, oi.name_zh, oi.name_en, oi.size,
      oi.hazardous as item_hazardous, coalesce(p.control_class, oi.control_class) as control_class, p.cas, p.substance_id, p.ghs, l.expires_on, l.retest_on
    from shipment_lines sl
    join order_allocations a on a.id = sl.allocation_id
    join order_items oi on oi.id = sl.order_item_id
    left join products p on p.id = oi.product_id
    left join product_lots l on l.pack_id = a.pack_id and l.lot_no = sl.lot_no
    where sl.shipment_id = ${receipt.shipmentId}
    order by sl.id`));
  const units = lines.reduce((n, l) => n + Number(l.quantity), 0);
  if (units === 0) return 0;
  const [buyer] = rowsOf<{ department_id: number | null }>(await tx.execute(sql`select department_id from users where id = ${receipt.order.userId}`));
  const codes = await nextCodes(tx, receipt.order.companyId, units);
  const values: (typeof inventoryContainers.$inferInsert)[] = [];
  for (const line of lines) {
    const { amount, unit } = containerAmountOf(line.size);
    const ghs = typeof line.ghs === 'string' ? (JSON.parse(line.ghs) as GhsBlock) : line.ghs;
    const controlClass = inventoryControlClassOf(line.control_class);
    for (let unitIndex = 0; unitIndex < Number(line.quantity); unitIndex += 1) {
      values.push({
        companyId: receipt.order.companyId, code: codes[values.length]!, productId: line.product_id, packId: line.pack_id, substanceId: line.substance_id,
        itemNo: line.item_no, nameZh: line.name_zh, nameEn: line.name_en, cas: line.cas ?? '', controlClass,
        hazardous: ghs ? isHazardous(ghs) : Boolean(line.item_hazardous), lotId: line.lot_id, lotNo: line.lot_no,
        expiresOn: line.expires_on, retestOn: line.retest_on, amount, remaining: '0', unit, locationId: null,
        ownerId: receipt.order.userId, departmentId: buyer?.department_id ?? null, state: 'in_use', source: 'order',
        orderId: receipt.order.id, shipmentLineId: Number(line.line_id), unitIndex, receivedOn: receipt.day,
      });
    }
  }
  const made = await tx.insert(inventoryContainers).values(values)
    .onConflictDoNothing({ target: [inventoryContainers.shipmentLineId, inventoryContainers.unitIndex] }).returning();
  for (const container of made) {
    await recordMovement(tx, container, {
      kind: 'received', delta: unitsOf(container.amount), day: receipt.day, userId: receipt.who.userId, actorName: receipt.who.name, audit: receipt.who.audit,
    });
  }
  return made.length;
}
