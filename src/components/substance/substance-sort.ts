import type { SubstancePackDto } from '@/contracts/substances';

export type SubstanceSortKey = 'perUnit' | 'price' | 'brand';

/** What the table sorts a pack by: its price (the visitor's own once known), price per gram or millilitre, and brand. */
export interface SortablePack {
  id: number;
  productId: number;
  price: string;
  perUnit: SubstancePackDto['perUnit'];
  brand: string;
}

/**
 * A pack at the price this visitor pays: the catalogue's in the page's HTML, the buyer's own (ADR 0083) once the
 * visitor's answer names one; the price per gram or millilitre follows it.
 */
export function pricedFor<P extends { price: string; perUnit: SubstancePackDto['perUnit'] }>(pack: P, own: string | undefined): P {
  if (own === undefined || own === pack.price) return pack;
  const ratio = Number(own) / Number(pack.price);
  return { ...pack, price: own, perUnit: pack.perUnit && Number.isFinite(ratio) ? { ...pack.perUnit, value: pack.perUnit.value * ratio } : pack.perUnit };
}

/** The packs in the order of `key`, stable (ties keep the server's order: products by id, packs in their order). */
export function sortPacks<P extends SortablePack>(packs: readonly P[], key: SubstanceSortKey, locale: string): P[] {
  const collator = new Intl.Collator(locale);
  const compare: Record<SubstanceSortKey, (a: P, b: P) => number> = {
    // Packs without a price per unit (sizes in pieces or units) last.
    perUnit: (a, b) => (a.perUnit?.value ?? Infinity) - (b.perUnit?.value ?? Infinity) || Number(a.price) - Number(b.price),
    price: (a, b) => Number(a.price) - Number(b.price),
    brand: (a, b) => collator.compare(a.brand, b.brand) || (a.perUnit?.value ?? Infinity) - (b.perUnit?.value ?? Infinity),
  };
  return packs.map((p, i) => ({ p, i })).sort((a, b) => compare[key](a.p, b.p) || a.i - b.i).map((x) => x.p);
}
