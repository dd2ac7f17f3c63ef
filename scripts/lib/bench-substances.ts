/**
 * The substance pages of `npm run bench:pages` (ADR 0086): InChIKeys drawn across the substances' ids through
 * the primary key (each with an active product), as many as the product keys, and the page rows to time.
 */
import postgres from 'postgres';

/** InChIKeys spread over the substances' ids, each the first at or after an evenly spaced id that has an active product. */
export async function drawSubstanceKeys(url: string, count: number): Promise<string[]> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const max = (await client<{ max: number | null }[]>`select max(id)::int as max from substances`)[0]?.max ?? 0;
    if (max === 0) return [];
    const picks = Array.from({ length: count }, (_, i) => 1 + Math.floor(((i + 0.5) / count) * (max - 1)));
    const rows = await client<{ inchikey: string }[]>`
      select distinct s.inchikey
      from unnest(${picks}::int[]) r(id)
      cross join lateral (
        select x.inchikey from substances x
        where x.id >= r.id and exists (select 1 from products p where p.substance_id = x.id and p.active)
        order by x.id limit 1
      ) s`;
    return rows.map((r) => r.inchikey);
  } finally {
    await client.end();
  }
}

/** The bench's rows for substance pages: both languages, one path per key. */
export function substancePageRows(keys: readonly string[]): [string, string[]][] {
  return keys.length === 0 ? [] : [['Substance page', keys.flatMap((k, i) => [i % 2 === 0 ? `/substance/${k}` : `/en/substance/${k}`])]];
}
