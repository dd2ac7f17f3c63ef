import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { filterConditions, keyConditions, nameSearchFacts, type FilterInput, type KeyConditions } from './conditions';
import { planIsEmpty, planKey, type KeyPlan, type SearchTypeCode } from './key';

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
}

/** Key plan + filters → SQL, shared by the list, the facets and the suggestions. */
export async function prepareQuery(db: Db, q: { key?: string; type?: SearchTypeCode } & FilterInput): Promise<PreparedQuery> {
  const none = (notice: PreparedQuery['notice'] = null): PreparedQuery => ({
    where: sql`false`, filters: sql`false`, scanWhere: sql`false`, key: null, notice, empty: true,
  });
  let plan: KeyPlan | null = null;
  if (q.key !== undefined) {
    plan = planKey(q.key, q.type);
    if (!plan.key) plan = null;
  }
  if (plan?.casCheckDigit) return none('casCheckDigit');
  if (plan && planIsEmpty(plan)) return none();
  const filters = await filterConditions(db, q);
  if (!filters) return none();
  let key: KeyConditions | null = null;
  if (plan) {
    const facts = plan.brands ? await nameSearchFacts(db, plan.key) : { brandIds: [], last: 0 };
    key = keyConditions(plan, facts.brandIds, facts.last);
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
  };
}
