import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LONG_GRAM_KEY_MIN, LONG_GRAM_LENGTH, SUBSTRING_LENGTH, longGramGroups, longGramsQuery,
} from '@/server/db/schema/search-sql';

/** The lexemes `searchLongGramsSql` gives a text, as its two passes cut it (long-grams.api.test.ts runs the SQL itself). */
function indexedLongGrams(text: string): Set<string> {
  const chars = [...text];
  const out = new Set<string>();
  for (const from of [0, SUBSTRING_LENGTH]) {
    for (let i = from; i < chars.length; i += LONG_GRAM_LENGTH) out.add(chars.slice(i, i + LONG_GRAM_LENGTH).join(''));
  }
  return out;
}

/** Whether the index answers a term: a whole gram is a lexeme, a shorter term the start of one (ADR 0108). */
function answers(indexed: Set<string>, term: string): boolean {
  return [...term].length < LONG_GRAM_LENGTH ? [...indexed].some((lexeme) => lexeme.startsWith(term)) : indexed.has(term);
}

const letters = fc.constantFrom(...'abcǀǁ甲基苯𠀀'.split(/(?:)/u));
const run = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((a) => a.join(''));
/** A key of LONG_GRAM_KEY_MIN or more characters, and the text around it. */
const placed = fc.tuple(run(0, 40), run(LONG_GRAM_KEY_MIN, 40), run(0, 20));

/** Some of each group's grams, at least one: as many as `picks` says, from where it says. */
function chosen(groups: string[][], picks: number[]): string[][] {
  return groups.map((group, i) => {
    const pick = picks[i] ?? 0;
    return Array.from({ length: 1 + (pick % group.length) }, (_, k) => group[(pick + k) % group.length] as string);
  });
}

describe('long grams (ADR 0104)', () => {
  it('asks for grams of twelve characters, grouped by where the key may stand, only for keys of twelve or more', () => {
    expect(LONG_GRAM_KEY_MIN).toBe(12);
    expect(longGramGroups('abcdefghijk')).toEqual([]);
    expect(longGramGroups('abcdefghijklmnopq')).toEqual([
      ['abcdefghijkl'], ['bcdefghijklm'], ['cdefghijklmn'], ['defghijklmno'], ['efghijklmnop'], ['fghijklmnopq'],
    ]);
    const groups = longGramGroups('abcdefghijklmnopqrstuvw');
    expect(groups[0]).toEqual(['abcdefghijkl', 'ghijklmnopqr']);
    expect(groups[5]).toEqual(['fghijklmnopq', 'lmnopqrstuvw']);
    // Astral characters count once; quotes and backslashes stay literal in the query.
    expect(longGramGroups('𠀀'.repeat(17))[0]).toEqual(['𠀀'.repeat(12)]);
    expect(longGramsQuery([["o'n\\x", 'abcdefghijkl'], ['abcdefghijkl', 'bcdefghijklm', 'abcdefghijkl'], ['abcdefghijkl', 'bcdefghijklm']]))
      .toBe("('o''n\\\\x':* & 'abcdefghijkl') | ('abcdefghijkl' & 'bcdefghijklm')");
  });

  it('asks a key of twelve to sixteen characters for the start of a gram where no whole gram fits (ADR 0108)', () => {
    expect(longGramGroups('abcdefghijkl')).toEqual([
      ['abcdefghijkl'], ['bcdefghijkl'], ['cdefghijkl'], ['defghijkl'], ['efghijkl'], ['fghijkl'],
    ]);
    expect(longGramGroups('abcdefghijklmnop')).toEqual([
      ['abcdefghijkl'], ['bcdefghijklm'], ['cdefghijklmn'], ['defghijklmno'], ['efghijklmnop'], ['fghijklmnop'],
    ]);
    // The shortest term is LONG_GRAM_LENGTH - SUBSTRING_LENGTH + 1 characters; astral characters count once.
    expect(longGramGroups('𠀀'.repeat(12))[5]).toEqual(['𠀀'.repeat(7)]);
    expect(longGramsQuery([['fghijklmnop'], ['abcdefghijkl']])).toBe("('fghijklmnop':*) | ('abcdefghijkl')");
  });

  it('finds every text holding the key with any grams of each group, whichever are chosen', () => {
    fc.assert(fc.property(placed, fc.array(fc.nat()), ([before, key, after], picks) => {
      const indexed = indexedLongGrams(`${before}${key}${after}`);
      const probe = chosen(longGramGroups(key), picks);
      expect(probe).toHaveLength(SUBSTRING_LENGTH);
      expect(probe.some((terms) => terms.every((term) => answers(indexed, term)))).toBe(true);
    }));
  });
});
