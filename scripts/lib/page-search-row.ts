/**
 * One search row of `bench:pages`: what the search page adds to the engine, both on the same database state. Key by
 * key, the key's first search goes through the API (it reads the key's rows from disk: the engine's time, not the
 * page's; its p95 is printed beside), then its page is rendered and the API answers the same search again, `renders`
 * times over, then the page is asked again (kept). The API is asked twice after each render: for the list alone
 * (`getPage`) and for the list with its brand facets (`getPage` with `facets`), which is what the page asks the engine
 * (`findProductsAndFacets`); the page's own share is the page less the latter. Renders after the first add a parameter
 * the page ignores (`r`), so that the guest page cache (ADR 0039) cannot answer them. Measuring all the pages and then
 * all the searches would compare pages whose rows the other keys had pushed out of PostgreSQL's buffers with searches
 * that had just read theirs (15 ms apart at p50 for names). The figures are read over every render: with one render a
 * key, the p95 of 40 keys is the second-slowest render, and a single pause moves it.
 */
import { percentile } from './bench-timing';
import { timeToFirstByte, warmUpSearchRow } from './page-server';

export interface Timing { p50: number; p95: number; n: number; failed: number }

export function summary(times: number[], failed: number): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  // No samples: no figure (printed as a dash), not 0 ms.
  return sorted.length === 0 ? { p50: NaN, p95: NaN, n: 0, failed } : { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length, failed };
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
export const cell = (t: Timing) => `${ms(t.p50)} / ${ms(t.p95)} (${t.n}${t.failed ? `, ${t.failed} failed` : ''})`;

export interface SearchRow {
  rendered: Timing;
  kept: Timing;
  /** The API's list alone, after each render. */
  list: Timing;
  /** The API's list and brand facets (the page's question to the engine), after each render. */
  engine: Timing;
  /** The rendered page less the engine's whole answer at p95, over the first render of each key only. */
  firstOnly: number;
  /** The key's first search through the API (its rows read from disk). */
  cold: Timing;
}

const API = '/api/web/product/getPage';

async function askEngine(base: string, json: string): Promise<number> {
  const answer = await timeToFirstByte(base + API, json);
  if (answer.status !== 200) throw new Error(`${API} answered ${answer.status} for ${json}: the engine's figures would be an error's`);
  return answer.ms;
}

export async function timeSearchRow(base: string, paths: string[], bodies: Record<string, unknown>[], renders: number): Promise<SearchRow> {
  const firstSearch: number[] = [];
  const rendered: number[] = [];
  const renderedFirst: number[] = [];
  const kept: number[] = [];
  const list: number[] = [];
  const engine: number[] = [];
  const engineFirst: number[] = [];
  let failedPages = 0;
  let failedKept = 0;
  await warmUpSearchRow(base, paths[0] ?? '/', bodies[0] ?? {});
  for (const [i, body] of bodies.entries()) {
    const plain = JSON.stringify({ ...body, limit: 20 });
    const withFacets = JSON.stringify({ ...body, limit: 20, facets: true });
    const path = base + (paths[i] ?? '/');
    firstSearch.push(await askEngine(base, withFacets));
    for (let round = 0; round < renders; round += 1) {
      const page = await timeToFirstByte(round === 0 ? path : `${path}&r=${round}`);
      if (page.status !== 200) failedPages += 1;
      rendered.push(page.ms);
      list.push(await askEngine(base, plain));
      const whole = await askEngine(base, withFacets);
      engine.push(whole);
      if (round === 0) {
        renderedFirst.push(page.ms);
        engineFirst.push(whole);
      }
    }
    const again = await timeToFirstByte(path);
    if (again.status !== 200) failedKept += 1;
    kept.push(again.ms);
  }
  return {
    rendered: summary(rendered, failedPages),
    kept: summary(kept, failedKept),
    list: summary(list, 0),
    engine: summary(engine, 0),
    firstOnly: summary(renderedFirst, 0).p95 - summary(engineFirst, 0).p95,
    cold: summary(firstSearch, 0),
  };
}
