import 'server-only';
import { sql } from 'drizzle-orm';
import { INVENTORY_CONTROL_CLASSES } from '@/contracts/inventory';
import { rowsOf, type Db } from '@/server/db/client';
import type { GhsBlock, InventoryControlClass } from '@/server/db/schema';
import { isHazardous } from '@/server/modules/catalog/hazards';

/** A catalogue or order line's control class as the shelf keeps it (null for none or an unknown value). */
export function inventoryControlClassOf(value: string | null | undefined): InventoryControlClass | null {
  return value && (INVENTORY_CONTROL_CLASSES as readonly string[]).includes(value) ? (value as InventoryControlClass) : null;
}

/**
 * What a container takes from the catalogue product it is of, or that shares its CAS number: the
 * substance (for reorder and minimums), the control class (which makes its every movement need
 * INVENTORY.CONTROLLED) and the hazard mark. One reading for a hand-added container, an import and a delivery (ADR 0093).
 */
export function catalogueTraits(product: { substanceId: number | null; controlClass: string | null; ghs: GhsBlock | null }): {
  substanceId: number | null; controlClass: InventoryControlClass | null; hazardous: boolean;
} {
  return { substanceId: product.substanceId, controlClass: inventoryControlClassOf(product.controlClass), hazardous: isHazardous(product.ghs) };
}

/**
 * Containers without a substance take their product's, else that of the first product of their CAS
 * number: for containers put on the shelf before the catalogue's structures were read (the demo seed
 * links substances after its transaction). Answers how many changed.
 */
export async function linkContainerSubstances(db: Db): Promise<number> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`
    update inventory_containers c set substance_id = found.substance_id
    from (
      select c2.id, coalesce(
        (select p.substance_id from products p where p.id = c2.product_id),
        (select p.substance_id from products p where c2.cas <> '' and p.cas = c2.cas order by p.id limit 1)) as substance_id
      from inventory_containers c2 where c2.substance_id is null and (c2.product_id is not null or c2.cas <> '')
    ) found
    where c.id = found.id and found.substance_id is not null
    returning c.id`));
  return rows.length;
}
