import 'server-only';
import { and, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { isAnyOf, preparedPerHandle } from '@/server/db/prepared';
import { priceAgreementRules, priceAgreements, productPacks, products } from '@/server/db/schema';
import type { PriceRuleKind } from '@/server/db/schema';
import { businessDayOf } from '@/lib/business-day';
import { businessTimeZone } from '@/server/business-time';
import { breakLadder, pickPrice, type ActiveRule, type BreakStep } from './pick';

/** A catalogue price (`12.50`, numeric(12,2) text) in integer cents. */
const centsOf = (price: string) => {
  const [whole = '0', frac = ''] = price.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
};

/** What one pack costs one buyer at one quantity: the catalogue price and the price they pay. */
export interface BuyerPrice {
  packId: number;
  num: number;
  /** The catalogue price in cents (what a guest sees). */
  listCents: number;
  /** The unit price this buyer pays in cents (the list price when no agreement rule applies). */
  cents: number;
  /** The agreement rule that priced it, or null for the catalogue price. */
  ruleId: number | null;
  agreementId: number | null;
  kind: PriceRuleKind | 'list';
  /** The threshold of the quantity break that priced it (`kind` 'break'), else null. */
  breakQty: number | null;
}

// Prepared, one text for any number of packs (an array parameter, ADR 0098): every priced request runs it.
const rulesOfCompany = preparedPerHandle((db: Db) => {
  const r = priceAgreementRules;
  return db
    .select({
      id: r.id, agreementId: r.agreementId, kind: r.kind, scope: r.scope, brandId: r.brandId, categoryId: r.categoryId,
      packId: r.packId, discountBp: r.discountBp, netCents: r.netCents, minQty: r.minQty,
    })
    .from(r)
    .innerJoin(priceAgreements, eq(priceAgreements.id, r.agreementId))
    .where(and(
      eq(priceAgreements.companyId, sql.placeholder('companyId')), eq(priceAgreements.state, 'active'),
      lte(priceAgreements.validFrom, sql.placeholder('day')), gte(priceAgreements.validTo, sql.placeholder('day')),
      or(ne(r.scope, 'pack'), isAnyOf(r.packId, 'packIds')),
    ))
    .prepare('price_rules_of_company');
});

/**
 * The rules of a company's agreements that price on `day` (active, `valid_from <= day <= valid_to`) and
 * can touch `packIds`: every discount, and the net prices and breaks of those packs. One statement on the
 * company's agreements index; a company has few agreements.
 */
export async function activeRules(db: Db, companyId: number, packIds: readonly number[], day: string): Promise<ActiveRule[]> {
  return rulesOfCompany(db).execute({ companyId, day, packIds: [...packIds] });
}

/** The packs' catalogue prices and brands; with `path`, their categories' ancestors (a company's category discounts). */
function packFacts(db: Db, withPath: boolean) {
  const pathSql = withPath
    ? sql<number[]>`(with recursive up(id, parent_id, depth) as (
        select c.id, c.parent_id, 0 from categories c where c.id = ${products.categoryId}
        union all select c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 16
      ) select coalesce(array_agg(id order by depth), array[]::int[]) from up)`
    // A guest pays the catalogue price: the ancestors are not read.
    : sql<number[]>`array[]::int[]`;
  return db.select({ id: productPacks.id, price: productPacks.price, brandId: products.brandId, path: pathSql })
    .from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
    .where(isAnyOf(productPacks.id, 'ids'))
    .prepare(withPath ? 'pack_facts_company' : 'pack_facts_guest');
}
const guestPackFacts = preparedPerHandle((db: Db) => packFacts(db, false));
const companyPackFacts = preparedPerHandle((db: Db) => packFacts(db, true));

/**
 * The one price function (issue "Each company's own prices", ADR 0083): every place that prices a pack
 * for a buyer (lists, product pages, cart, quick order, checkout, orders, quotations, requisition lists,
 * substance pages) calls it. `companyId` null is a guest, who pays the catalogue price; a company's
 * agreements that price on the business day of `at` (Asia/Shanghai) price its buyers' packs through
 * `pickPrice`. Two statements for any number of lines. The answer is in the order of `lines`; a pack
 * that does not exist is left out.
 */
export async function buyerPrices(
  db: Db,
  companyId: number | null,
  lines: readonly { packId: number; num: number }[],
  at: Date = new Date(),
): Promise<BuyerPrice[]> {
  const ids = [...new Set(lines.map((l) => l.packId))];
  if (ids.length === 0) return [];
  const rulesP = companyId === null ? Promise.resolve([]) : activeRules(db, companyId, ids, businessDayOf(at, businessTimeZone()));
  const [rows, rules] = await Promise.all([(companyId === null ? guestPackFacts : companyPackFacts)(db).execute({ ids }), rulesP]);
  const factsOf = new Map(rows.map((r) => [r.id, { packId: r.id, listCents: centsOf(r.price), brandId: r.brandId, categoryPath: (r.path ?? []).map(Number) }]));
  return lines.flatMap((l) => {
    const facts = factsOf.get(l.packId);
    if (!facts) return [];
    const picked = pickPrice(facts, l.num, rules);
    const breakQty = picked.kind === 'break' ? rules.find((r) => r.id === picked.ruleId)?.minQty ?? null : null;
    return [{ packId: l.packId, num: l.num, listCents: facts.listCents, ...picked, breakQty }];
  });
}

/**
 * The quantity breaks a company's agreements give `packIds` on the business day of `at` (`breakLadder`, the
 * prices `buyerPrices` charges from each threshold on), for the product page's own prices; packs without
 * breaks are left out, and a guest (`null`) has none without a read. One statement (the company's rules).
 */
export async function buyerBreaks(db: Db, companyId: number | null, packIds: readonly number[], at: Date = new Date()): Promise<Map<number, BreakStep[]>> {
  const answer = new Map<number, BreakStep[]>();
  if (companyId === null || packIds.length === 0) return answer;
  const rules = await activeRules(db, companyId, packIds, businessDayOf(at, businessTimeZone()));
  for (const packId of new Set(packIds)) {
    const ladder = breakLadder(packId, rules);
    if (ladder.length > 0) answer.set(packId, ladder);
  }
  return answer;
}
