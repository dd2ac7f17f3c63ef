/** An item of a product list as grouping needs it. */
interface Groupable {
  id: number;
  cas: string | null;
}

export interface SubstanceGroup<T extends Groupable, R> {
  /** The CAS number the group's items share; null for an item without one (a group of its own). */
  cas: string | null;
  /** The group's first (best-ranked) item, whose name and structure head the group. */
  lead: T;
  items: { card: T; row: R | undefined }[];
}

/**
 * A page's items grouped by substance: items sharing a CAS number form one group, placed where the
 * first of them was ranked, each item keeping its rank inside the group; an item without a CAS
 * number stands alone. `rows` (matched by `productId`) ride along with their items.
 */
export function groupBySubstance<T extends Groupable, R extends { productId: number }>(items: readonly T[], rows: readonly R[]): SubstanceGroup<T, R>[] {
  const rowOf = new Map(rows.map((r) => [r.productId, r]));
  const groups: SubstanceGroup<T, R>[] = [];
  const byCas = new Map<string, SubstanceGroup<T, R>>();
  for (const card of items) {
    const item = { card, row: rowOf.get(card.id) };
    const known = card.cas ? byCas.get(card.cas) : undefined;
    if (known) {
      known.items.push(item);
      continue;
    }
    const group: SubstanceGroup<T, R> = { cas: card.cas, lead: card, items: [item] };
    groups.push(group);
    if (card.cas) byCas.set(card.cas, group);
  }
  return groups;
}
