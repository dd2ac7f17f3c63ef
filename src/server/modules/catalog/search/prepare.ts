import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { filterConditions, keyConditions, nameSearchFacts, textArray, type FilterInput, type FilterScope, type KeyConditions } from './conditions';
import type { ListScope } from './summary';
import { recogniseStructureKey } from '@/lib/structure-key';
import { substancesNamedBy } from '@/server/modules/structure-search/identify';
import {
  formulaPlan, keyCandidates, planIsEmpty, planKey, searchedByType, type KeyPlan, type SearchedBy, type SearchTypeCode,
} from './key';

/** The WHERE clause of a query and, with a key, its relevance expressions. */
export interface PreparedQuery {
  /** Filters and key match together: what the count and the ranked pass read. */
  where: SQL;
  /** The filters alone (always `p.active`), for the index walks. */
  filters: SQL;
  /** `where` with the key as `scanMatch`: for a walk of a sort's index, which tests every row it reads. */
  scanWhere: SQL;
  key: KeyConditions | null;
  notice: 'casCheckDigit' | null;
  /** Nothing can match: answer empty without a query. */
  empty: boolean;
  /** With a key: what it was searched as, and the key as searched (a CAS number hyphenated, a formula as typed). */
  searched: { by: SearchedBy; key: string } | null;
  /**
   * A list without a key whose totals and facets the kept counts answer (ADR 0078): its filters as read.
   * Null with a key, or for flags read without their promotion window (the back-office).
   */
  scope: ListScope | null;
}

/**
 * The plan of a key. A key that is unmistakably a CAS number (hyphenated, check digit right), an
 * item number or a formula that an active product carries is searched as such whatever the type
 * says (the home page's default type is the item number, and a buyer pastes a CAS number into it);
 * any other key as its type asks. One round trip, through the item-number and formula indexes,
 * and only for a key that may be one of them.
 */
export async function resolvePlan(db: Db, raw: string, type: SearchTypeCode | undefined, structureKey?: string): Promise<{ plan: KeyPlan; by: SearchedBy; key?: string }> {
  const found = keyCandidates(raw);
  if (found.cas) return { plan: planKey(found.cas, 2), by: 'cas' };
  if (found.itemNo || found.formulas) {
    const rows = rowsOf<{ item: boolean; formula: boolean }>(await db.execute(sql`
      select ${found.itemNo ? sql`exists (select 1 from products p where p.item_no = ${found.itemNo} and p.active)` : sql`false`} as item,
        ${found.formulas ? sql`exists (select 1 from products p where p.formula = any(${textArray(found.formulas)}) and p.active)` : sql`false`} as formula`));
    const row = rows[0];
    if (row?.item && found.itemNo) return { plan: planKey(found.itemNo, 1), by: 'itemNo' };
    // A name search (type 3) lists the formula's products first (tier 1), then the key's name matches (ADR 0075).
    if (row?.formula && found.formulas) return { plan: type === 3 ? { ...planKey(raw, 3), formulas: found.formulas } : formulaPlan(raw, found.formulas), by: 'formula' };
  }
  // A structure identifier (ADR 0075): the products of the structure it names first, then what the type finds.
  const structure = recogniseStructureKey(structureKey ?? raw);
  if (structure) {
    const plan = planKey(raw, type);
    if (structure.kind === 'mdl') {
      const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (select 1 from products p where p.mdl = ${structure.key} and p.active) as found`));
      if (row?.found) return { plan: { ...plan, mdl: structure.key }, by: 'mdl', key: structure.key };
    } else {
      const ids = await substancesNamedBy(db, structure.kind, structure.key);
      if (ids.length > 0) return { plan: { ...plan, substanceIds: ids }, by: structure.kind === 'inchikey' ? 'inchikey' : 'structure', key: structure.key };
    }
  }
  return { plan: planKey(raw, type), by: searchedByType(type) };
}

/** Key plan + filters → SQL, shared by the list, the facets and the suggestions. */
export async function prepareQuery(db: Db, q: { key?: string; type?: SearchTypeCode; structureKey?: string } & FilterInput): Promise<PreparedQuery> {
  let plan: KeyPlan | null = null;
  let searched: PreparedQuery['searched'] = null;
  if (q.key !== undefined && planKey(q.key, q.type).key) {
    const resolved = await resolvePlan(db, q.key, q.type, q.structureKey);
    plan = resolved.plan;
    searched = { by: resolved.by, key: resolved.key !== undefined ? resolved.key : resolved.by === 'formula' ? (resolved.plan.formulas?.[0] ?? plan.key) : resolved.by === 'cas' && plan.casExact ? plan.casExact : plan.key };
  }
  const none = (notice: PreparedQuery['notice'] = null): PreparedQuery => ({
    where: sql`false`, filters: sql`false`, scanWhere: sql`false`, key: null, notice, empty: true, searched, scope: null,
  });
  if (plan?.casCheckDigit) return none('casCheckDigit');
  if (plan && planIsEmpty(plan)) return none();
  const read: FilterScope = { categoryIds: null, brandIds: null };
  const filters = await filterConditions(db, q, read);
  if (!filters) return none();
  let key: KeyConditions | null = null;
  if (plan) {
    const facts = plan.brands ? await nameSearchFacts(db, plan.key) : { brandIds: [], last: 0, stats: null };
    key = keyConditions(plan, facts.brandIds, facts.last, facts.stats);
    if (!key) return none();
  }
  const filterSql = sql.join(filters, sql` and `);
  return {
    where: key ? sql`${filterSql} and ${key.match}` : filterSql,
    filters: filterSql,
    scanWhere: key ? sql`${filterSql} and ${key.scanMatch}` : filterSql,
    key,
    notice: null,
    empty: false,
    searched,
    scope: plan || (q.flag && q.flagWindow === false) ? null : { flag: q.flag, ...read, inStock: Boolean(q.inStock) },
  };
}
