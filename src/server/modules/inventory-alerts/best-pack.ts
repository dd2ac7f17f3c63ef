import 'server-only';
import { densityMilli, parseAmount, volumeToMass } from '@/lib/pack-amount';

export interface PackOffer {
  packId: number;
  productId: number;
  itemNo: string;
  size: string;
  density: string | null;
  /** The buyer's unit price in cents. */
  cents: number;
}

/**
 * Cents per microgram of a pack (a volume through its product's density), or per microlitre when it is a
 * volume without a density; null when its size is not an amount.
 */
function unitCost(p: PackOffer): { kind: 'mass' | 'volume'; value: number } | null {
  const amount = parseAmount(p.size);
  if (!amount) return null;
  if (amount.kind === 'mass') return { kind: 'mass', value: p.cents / amount.micro };
  const density = densityMilli(p.density);
  return density === null ? { kind: 'volume', value: p.cents / amount.micro } : { kind: 'mass', value: p.cents / volumeToMass(amount.micro, density) };
}

/**
 * The best pack among offers of one substance (ADR 0091): the lowest price per unit amount at the buyer's
 * price, in mass where a density allows it. Packs whose amount cannot be set against the others (no amount,
 * or a volume without density among masses) only win when nothing comparable is left: then the cheapest pack.
 * Ties go to the lower pack id, so the answer is stable.
 */
export function bestOffer(offers: readonly PackOffer[]): PackOffer | null {
  if (offers.length === 0) return null;
  const costed = offers.map((o) => ({ o, cost: unitCost(o) })).filter((x): x is { o: PackOffer; cost: NonNullable<ReturnType<typeof unitCost>> } => x.cost !== null);
  const byKind = (kind: 'mass' | 'volume') => costed.filter((x) => x.cost.kind === kind);
  const pool = byKind('mass').length > 0 ? byKind('mass') : byKind('volume');
  const pick = (xs: { o: PackOffer; v: number }[]) => xs.sort((a, b) => a.v - b.v || a.o.packId - b.o.packId)[0]!.o;
  if (pool.length > 0) return pick(pool.map((x) => ({ o: x.o, v: x.cost.value })));
  return pick(offers.map((o) => ({ o, v: o.cents })));
}
