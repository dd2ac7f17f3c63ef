import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimatedProducts, productsFor, sampledHolders, sampledHolding, statisticsOf } from './statistics';

// Few letters, so that texts share their four-character substrings and differ in longer ones.
const letters = fc.constantFrom(...'aaabbbǀ甲𠀀 \u0001'.split(/(?:)/u));
const word = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((a) => a.join(''));

/** The texts holding `gram`, one by one: what the sample's index must answer. */
function naive(texts: readonly string[], gram: string): number[] {
  const clean = texts.map((t) => t.split('\u0001').join(' '));
  return clean.flatMap((t, i) => (gram && !gram.includes('\u0001') && t.includes(gram) ? [i] : []));
}

describe('name statistics (ADR 0077, 0104)', () => {
  it('finds the sampled texts holding a substring as a search of every text does, asked once or again', () => {
    fc.assert(fc.property(fc.array(word(0, 40), { minLength: 1, maxLength: 40 }), fc.array(word(1, 10), { minLength: 1, maxLength: 12 }), fc.nat(), (texts, asked, at) => {
      const stats = statisticsOf(texts, 1_000_000);
      // Substrings of the texts as well as drawn ones: most keys asked for are in some text.
      const cut = texts[at % texts.length] as string;
      const grams = [...asked, cut.slice(at % (cut.length + 1), (at % (cut.length + 1)) + 3 + (at % 9))];
      for (let pass = 0; pass < 2; pass++) {
        for (const gram of grams) {
          const want = naive(texts, gram);
          expect(sampledHolders(stats, gram, null), JSON.stringify(gram)).toEqual(want);
          expect(sampledHolding(stats, gram)).toBe(want.length);
          const among = want.filter((_, i) => i % 2 === 0);
          expect(sampledHolders(stats, gram, among)).toEqual(among);
        }
      }
    }));
  });

  it('tells a text holding every four characters of a substring apart from one holding the substring', () => {
    // Texts made of pieces of the substring: they hold its first, middle and last four characters more often than it.
    const pieces = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('', ' ', 'ǀ')), { minLength: 1, maxLength: 6 });
    fc.assert(fc.property(word(5, 14), fc.array(pieces, { minLength: 1, maxLength: 30 }), (gram, made) => {
      const chars = [...gram];
      const texts = made.map((list) => list.map(([from, length, gap]) => {
        const start = from % chars.length;
        return chars.slice(start, start + 4 + (length % chars.length)).join('') + gap;
      }).join(''));
      const stats = statisticsOf(texts, 1_000_000);
      expect(sampledHolders(stats, gram, null), JSON.stringify({ gram, texts })).toEqual(naive(texts, gram));
    }));
  });

  it('stands a sampled text for its share of the catalogue, and a substring in none for half of one', () => {
    const stats = statisticsOf(['methylǁbenzene', 'methanol', 'acid', 'water'], 4_000_000);
    expect(sampledHolding(stats, 'meth')).toBe(2);
    expect(estimatedProducts(stats, 'meth')).toBe(2_000_000);
    expect(estimatedProducts(stats, 'zzzz')).toBe(500_000);
    expect(productsFor(stats, 0)).toBe(500_000);
    expect(sampledHolders(stats, 'ǁbenz', null)).toEqual([0]);
  });
});
