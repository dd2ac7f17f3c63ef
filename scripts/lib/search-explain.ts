/**
 * The EXPLAIN plans of the search engine's queries for bench:search: each query shape of a key run with the planner
 * settings the engine itself uses, and a scan of many keys' plans for sequential scans of products.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbHandle } from '../../src/server/db/client';
import { buildFacetQuery } from '../../src/server/modules/catalog/search/facets';
import { COUNT_CAP } from '../../src/server/modules/catalog/search/capped';
import { buildListQuery, type ProductQuery } from '../../src/server/modules/catalog/search/products';
import { applySettings, SEARCH_SETTINGS, WALK_SETTINGS } from '../../src/server/modules/catalog/search/settings';
import type { Kind } from './search-keys';

/** EXPLAIN with the planner settings the engine itself uses for that query. */
export async function explain(handle: DbHandle, query: SQL, settings: readonly string[], analyze = true): Promise<string> {
  const statement = analyze ? sql`explain (analyze, buffers, costs off, timing off) ${query}` : sql`explain ${query}`;
  const rows = await handle.db.transaction(async (tx) => {
    await applySettings(tx, settings);
    return rowsOf<Record<string, string>>(await tx.execute(statement));
  });
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

function settingsOf(part: 'ranked' | 'count' | 'walk' | 'collect'): readonly string[] {
  return part === 'walk' ? [...SEARCH_SETTINGS, ...WALK_SETTINGS] : SEARCH_SETTINGS;
}

export async function explainParts(handle: DbHandle, q: ProductQuery, analyze: boolean): Promise<string[]> {
  const built = await buildListQuery(handle.db, q);
  const out: string[] = [];
  if (built.ranked) {
    out.push('-- ranked page (first 10,001 matches, bucket by bucket, + head, counted in the same pass)', await explain(handle, built.ranked, settingsOf('ranked'), analyze));
  }
  if (built.count && !built.ranked) out.push('-- capped count', await explain(handle, built.count, settingsOf('count'), analyze));
  // The engine walks the sort's index only past COUNT_CAP matches and collects below it (listProducts):
  // the branch this key takes is run, the other only planned (a walk for a rare key would read the
  // whole index, minutes at 13M products).
  let matches: number | null = null;
  if (analyze && built.count && built.walk && built.collect) {
    const counted = await handle.db.transaction(async (tx) => {
      await applySettings(tx, settingsOf('count'));
      return rowsOf<{ n: number | string }>(await tx.execute(built.count as SQL));
    });
    matches = Number(counted[0]?.n ?? 0);
  }
  const runs = (walk: boolean) => analyze && (matches === null || (matches > COUNT_CAP) === walk);
  const taken = (walk: boolean) => (runs(walk) || !analyze ? '' : ` — not taken for this key (${matches} matches): planned only`);
  if (built.walk) out.push(`-- page past 10,000 matches (index walk)${taken(true)}`, await explain(handle, built.walk, settingsOf('walk'), runs(true)));
  if (built.collect) out.push(`-- page up to 10,000 matches (collect and sort)${taken(false)}`, await explain(handle, built.collect, settingsOf('collect'), runs(false)));
  return out;
}

/** The plans of each query shape for one key of each kind: page, capped count, and (names) facets. */
export async function explainAll(handle: DbHandle, kinds: readonly { kind: Kind }[], keys: Record<Kind, ProductQuery[]>): Promise<Map<Kind, string>> {
  const plans = new Map<Kind, string>();
  for (const { kind } of kinds) {
    const q = keys[kind][1];
    if (!q) continue;
    const parts: string[] = [`-- ${kind}: ${JSON.stringify({ key: q.key, type: q.type, categoryId: q.categoryId })}`];
    parts.push(...await explainParts(handle, q, true));
    if (kind === 'nameZh') {
      const facets = await buildFacetQuery(handle.db, q);
      if (facets) parts.push('-- brand facets', await explain(handle, facets, SEARCH_SETTINGS));
    }
    plans.set(kind, parts.join('\n'));
  }
  return plans;
}

/** EXPLAIN (without running) every drawn key's queries, and name the kinds whose plans scan products sequentially. */
export async function scanPlans(handle: DbHandle, kinds: readonly { kind: Kind }[], keys: Record<Kind, ProductQuery[]>, perKind: number): Promise<string[]> {
  const found: string[] = [];
  for (const { kind } of kinds) {
    let seq = 0;
    let checked = 0;
    for (const q of keys[kind].slice(0, perKind)) {
      const texts = await explainParts(handle, q, false);
      checked += 1;
      if (texts.some((t) => /Seq Scan on products/.test(t))) seq += 1;
    }
    if (seq > 0) found.push(`${kind} (${seq} of ${checked} keys)`);
  }
  return found;
}
