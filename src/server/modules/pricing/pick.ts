import 'server-only';
import { netCentsOf } from '@/contracts/quotations';
import type { PriceRuleKind, PriceRuleScope } from '@/server/db/schema';

/** One rule of an agreement that prices today, as the price function reads it. */
export interface ActiveRule {
  id: number;
  agreementId: number;
  kind: PriceRuleKind;
  scope: PriceRuleScope;
  brandId: number | null;
  categoryId: number | null;
  packId: number | null;
  discountBp: number | null;
  netCents: number | null;
  minQty: number;
}

/** What the rules know of one pack: its catalogue price, its product's brand and category with its ancestors. */
export interface PackFacts {
  packId: number;
  listCents: number;
  brandId: number;
  /** The product's category first, then its parent, up to the root. */
  categoryPath: readonly number[];
}

export interface PickedPrice {
  cents: number;
  ruleId: number | null;
  agreementId: number | null;
  kind: PriceRuleKind | 'list';
}

/** The lower price wins a tie between two rules of the same kind, then the older rule (a stable answer). */
const cheaper = (a: ActiveRule, b: ActiveRule) => (a.netCents ?? 0) - (b.netCents ?? 0) || a.id - b.id;

function discountApplies(rule: ActiveRule, pack: PackFacts): boolean {
  if (rule.kind !== 'discount') return false;
  if (rule.scope === 'all') return true;
  if (rule.scope === 'brand') return rule.brandId === pack.brandId;
  if (rule.scope === 'category') return rule.categoryId !== null && pack.categoryPath.includes(rule.categoryId);
  return false;
}

/**
 * The price of one pack at `num` units under a company's rules that price today, most specific first:
 * the pack's quantity break with the highest threshold reached, else the pack's net price, else the
 * largest discount that covers it (everything, its brand, its category or an ancestor; half-up to the
 * cent as a quotation's net price), else the catalogue price. Pure: the rules are already the company's.
 */
export function pickPrice(pack: PackFacts, num: number, rules: readonly ActiveRule[]): PickedPrice {
  const own = rules.filter((r) => r.scope === 'pack' && r.packId === pack.packId && r.netCents !== null);
  const breaks = own.filter((r) => r.kind === 'break' && r.minQty <= num);
  if (breaks.length > 0) {
    const top = Math.max(...breaks.map((r) => r.minQty));
    const rule = breaks.filter((r) => r.minQty === top).sort(cheaper)[0]!;
    return { cents: rule.netCents!, ruleId: rule.id, agreementId: rule.agreementId, kind: 'break' };
  }
  const net = own.filter((r) => r.kind === 'net').sort(cheaper)[0];
  if (net) return { cents: net.netCents!, ruleId: net.id, agreementId: net.agreementId, kind: 'net' };
  const discount = rules
    .filter((r) => discountApplies(r, pack) && (r.discountBp ?? 0) > 0)
    .sort((a, b) => (b.discountBp ?? 0) - (a.discountBp ?? 0) || a.id - b.id)[0];
  if (discount) return { cents: netCentsOf(pack.listCents, discount.discountBp!), ruleId: discount.id, agreementId: discount.agreementId, kind: 'discount' };
  return { cents: pack.listCents, ruleId: null, agreementId: null, kind: 'list' };
}

/** One step of a pack's quantity breaks: from `minQty` units on, each costs `cents` (until the next step). */
export interface BreakStep {
  minQty: number;
  cents: number;
}

/**
 * A pack's quantity breaks under a company's rules that price today, lowest threshold first, each at the unit
 * price `pickPrice` gives from that threshold on (a break always wins once reached: the highest threshold reached,
 * the lower price on a tie). Empty when the pack has none.
 */
export function breakLadder(packId: number, rules: readonly ActiveRule[]): BreakStep[] {
  const own = rules.filter((r) => r.scope === 'pack' && r.packId === packId && r.kind === 'break' && r.netCents !== null);
  const thresholds = [...new Set(own.map((r) => r.minQty))].sort((a, b) => a - b);
  return thresholds.map((minQty) => ({ minQty, cents: own.filter((r) => r.minQty === minQty).sort(cheaper)[0]!.netCents! }));
}

/** Whether an agreement prices on a business day (`YYYY-MM-DD`, both ends included). */
export function pricesOn(agreement: { state: string; validFrom: string; validTo: string }, day: string): boolean {
  return agreement.state === 'active' && agreement.validFrom <= day && day <= agreement.validTo;
}
