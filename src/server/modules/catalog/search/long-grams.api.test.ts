import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LONG_GRAM_KEY_MIN, longGramGroups, longGramsQuery, searchLongGramsSql } from '@/server/db/schema/search-sql';
import { fileTestDatabase } from '../../../../../test/test-db';

/**
 * The index's own expression finds every text that holds a long key (ADR 0104): for texts and keys drawn at random,
 * the long grams `searchLongGramsSql` makes of a text answer a query of one gram of each of the key's groups. Runs the
 * SQL itself, on PGlite and PostgreSQL.
 */

const t = fileTestDatabase();

const letters = fc.constantFrom(...'abǀǁ甲基苯𠀀\'\\'.split(/(?:)/u));
const run = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((a) => a.join(''));
/** A key of LONG_GRAM_KEY_MIN or more characters, and the text around it. */
const placed = fc.tuple(run(0, 40), run(LONG_GRAM_KEY_MIN, 40), run(0, 20));

async function found(text: string, query: string): Promise<boolean> {
  const [row] = await t.query<{ hit: boolean }>(sql`
    select ${sql.raw(searchLongGramsSql('p.'))} @@ ${query}::tsquery as hit from (select ${text}::text as search_text) p`);
  return row?.hit === true;
}

describe('long grams in the database (ADR 0104)', () => {
  it('cuts the text into twelve characters at every sixth, the ends included', async () => {
    const [row] = await t.query<{ v: string }>(sql`
      select ${sql.raw(searchLongGramsSql('p.'))}::text as v from (select 'abcdefghijklmnopqrstuvwxyz'::text as search_text) p`);
    expect(row?.v).toBe("'abcdefghijkl' 'ghijklmnopqr' 'mnopqrstuvwx' 'stuvwxyz' 'yz'");
  });

  it('finds a key wherever it stands, by any gram of each group', async () => {
    await fc.assert(fc.asyncProperty(placed, fc.array(fc.nat()), async ([before, key, after], picks) => {
      // Some of each group's grams, at least one, as many as `picks` says.
      const probe = longGramGroups(key).map((group, i) => {
        const pick = picks[i] ?? 0;
        return Array.from({ length: 1 + (pick % group.length) }, (_, k) => group[(pick + k) % group.length] as string);
      });
      expect(await found(`${before}${key}${after}`, longGramsQuery(probe)), `${before}|${key}|${after}`).toBe(true);
    }), { numRuns: 150 });
  });

  it('does not find a gram the text does not hold', async () => {
    const text = 'abcdefghijklmnopqrstuvwxyz';
    expect(await found(text, longGramsQuery([['bcdefghijklm']]))).toBe(false);
    expect(await found(text, longGramsQuery([['ghijklmnopqr']]))).toBe(true);
    expect(await found(text, longGramsQuery([['ghijklmnopqr', 'bcdefghijklm']]))).toBe(false);
    expect(await found(text, longGramsQuery([['ghijklmnopqr', 'bcdefghijklm'], ['abcdefghijkl', 'mnopqrstuvwx']]))).toBe(true);
  });

  it('finds the start of a gram as a prefix, the shorter piece ending the text too (ADR 0108)', async () => {
    const text = 'abcdefghijklmnopqrstuvwxyz';
    // `mnopqrstuvw` begins the gram at character 12; `stuvwxyz` is the piece ending the text.
    expect(await found(text, longGramsQuery([['mnopqrstuvw']]))).toBe(true);
    expect(await found(text, longGramsQuery([['stuvwxyz']]))).toBe(true);
    expect(await found(text, longGramsQuery([['nopqrstuvwx']]))).toBe(false);
    expect(await found(text, longGramsQuery([['stuvwxyza']]))).toBe(false);
  });
});
