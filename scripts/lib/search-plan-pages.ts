import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbHandle } from '../../src/server/db/client';
import { buildListQuery, listProducts, type ProductQuery } from '../../src/server/modules/catalog/search/products';
import { applySettings, SEARCH_SETTINGS } from '../../src/server/modules/catalog/search/settings';
import { setNamePlanning } from '../../src/server/modules/catalog/search/statistics';

/**
 * ADR 0077: the ranked query of each name key run twice in turn, without its statistics (the plan of
 * ADR 0014 §12, with the search settings of then) and with them, under EXPLAIN (ANALYZE, BUFFERS): the
 * pages each reads (shared hits and reads, which the machine's load does not change) and its execution
 * time, grouped by name type and by how many products the key matches.
 */
export interface PlanPages { pages: number[]; ms: number[] }

const BEFORE_SETTINGS = SEARCH_SETTINGS.filter((s) => !s.includes('max_parallel_workers_per_gather'));

async function explainRanked(handle: DbHandle, q: ProductQuery, planned: boolean): Promise<{ pages: number; ms: number }> {
  setNamePlanning(handle.db, planned);
  const built = await buildListQuery(handle.db, q);
  if (!built.ranked) return { pages: 0, ms: 0 };
  const rows = await handle.db.transaction(async (tx) => {
    await applySettings(tx, planned ? SEARCH_SETTINGS : BEFORE_SETTINGS);
    return rowsOf<Record<string, string>>(await tx.execute(sql`explain (analyze, buffers, costs off, timing off) ${built.ranked as SQL}`));
  });
  const text = rows.map((r) => Object.values(r)[0]).join('\n');
  const m = /Buffers: shared hit=(\d+)(?: read=(\d+))?/.exec(text);
  return { pages: Number(m?.[1] ?? 0) + Number(m?.[2] ?? 0), ms: Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0) };
}

/** Groups (`Chinese, before`…) of the keys' pages and times. */
export async function comparePlans(handle: DbHandle, keys: { label: string; queries: ProductQuery[] }[]): Promise<Map<string, PlanPages>> {
  const out = new Map<string, PlanPages>();
  const add = (group: string, r: { pages: number; ms: number }) => {
    const g = out.get(group) ?? { pages: [], ms: [] };
    g.pages.push(r.pages);
    g.ms.push(r.ms);
    out.set(group, g);
  };
  for (const { label, queries } of keys) {
    for (const q of queries) {
      setNamePlanning(handle.db, true);
      const page = await listProducts(handle.db, q);
      const band = page.totalCapped ? 'more than 10,000 matches' : page.total === 0 ? 'no match' : page.total <= 1000 ? '1–1,000 matches' : '1,001–10,000 matches';
      for (const planned of [false, true]) {
        const r = await explainRanked(handle, q, planned);
        const when = planned ? 'planned' : 'before';
        add(`${label}, ${when}`, r);
        add(`${band}, ${when}`, r);
      }
    }
  }
  setNamePlanning(handle.db, true);
  return out;
}
