/**
 * The substance pages of `npm run bench:pages` (ADR 0086): InChIKeys drawn across the substances' ids through
 * the primary key (each with an active product), as many as the product keys, and the page rows to time; and the
 * structure search keys that `bench:structure` and `bench:pages -- --structures` share.
 */
import postgres from 'postgres';

/** Fragments most of a catalogue's structures contain: benzene, pyridine, thiophene, indole, piperidine, morpholine. */
export const COMMON_FRAGMENTS = ['c1ccccc1', 'c1ccncc1', 'c1ccsc1', 'c1ccc2[nH]ccc2c1', 'C1CCNCC1', 'C1COCCN1'];

/** InChIKeys spread over the substances' ids, each the first with an active product at or after an evenly spaced quantile of the ids. */
export async function drawSubstanceKeys(url: string, count: number): Promise<string[]> {
  return (await drawSubstances(url, count)).map((s) => s.inchikey);
}

/**
 * Substances spread over their ids as above: InChIKey and canonical SMILES. The quantiles are of the ids there are (the demo's substances and the generated ones lie far apart: evenly spaced numbers between the
 * least and the greatest would land in the gap and all find the first generated one).
 */
export async function drawSubstances(url: string, count: number): Promise<{ inchikey: string; smiles: string }[]> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const fractions = Array.from({ length: count }, (_, i) => (i + 0.5) / count);
    const rows = await client<{ inchikey: string; smiles: string }[]>`
      with picks as (select unnest(percentile_disc(${fractions}::float8[]) within group (order by id)) as id from substances)
      select distinct s.inchikey, s.smiles
      from picks r
      cross join lateral (
        select x.inchikey, x.smiles from substances x
        where x.id >= r.id and exists (select 1 from products p where p.substance_id = x.id and p.active)
        order by x.id limit 1
      ) s`;
    return [...rows];
  } finally {
    await client.end();
  }
}

/** The bench's rows for substance pages: both languages, one path per key. */
export function substancePageRows(keys: readonly string[]): [string, string[]][] {
  return keys.length === 0 ? [] : [['Substance page', keys.flatMap((k, i) => [i % 2 === 0 ? `/substance/${k}` : `/en/substance/${k}`])]];
}
