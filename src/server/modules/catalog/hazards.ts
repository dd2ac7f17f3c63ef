import 'server-only';
import { CONTROL_CLASSES, type HazardDto } from '@/contracts/hazards';
import type { GhsBlock, Product } from '@/server/db/schema';

/** A product is dangerous goods (危险品) when its GHS block has a signal word or a pictogram: the rule of the order's approval reasons too. */
export function isHazardous(ghs: GhsBlock | null): boolean {
  return ghs !== null && (ghs.signalWord !== null || ghs.pictograms.length > 0);
}

/**
 * A product's hazards as buyers see them on lists, the product page, quick order and the cart — the
 * same facts the approval rules read when the order is submitted. `ghs` may come as JSON text from a
 * raw query.
 */
export function hazardOf(row: { ghs: GhsBlock | string | null; controlClass: Product['controlClass'] | string | null }): HazardDto {
  const ghs = typeof row.ghs === 'string' ? (JSON.parse(row.ghs) as GhsBlock) : row.ghs;
  const controlClass = CONTROL_CLASSES.find((c) => c === row.controlClass) ?? null;
  return { hazardous: isHazardous(ghs), controlClass };
}
