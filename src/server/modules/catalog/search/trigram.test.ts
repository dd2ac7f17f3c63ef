import { describe, expect, it } from 'vitest';
import { hasTrigramLetter, trigramKey } from '@/server/db/schema/search-sql';
import { trigramPattern } from './conditions';

describe('trigram keys', () => {
  it('translates separators as search_text stores them, and nothing else', () => {
    expect(trigramKey('6-jiaxia')).toBe('6ǀjiaxia');
    expect(trigramKey("2′-iodo 4,5-di")).toBe('2ǂǀiodoǁ4ǃ5ǀdi');
    expect(trigramKey('100%_pure\\x')).toBe('100%_pure\\x');
    expect(hasTrigramLetter('3ǀbromo')).toBe(true);
    expect(hasTrigramLetter('3-bromo')).toBe(false);
  });

  it('gives the index short keys whole and long keys by their start, middle and end', () => {
    expect(trigramPattern('bromo')).toEqual({ pattern: '%bromo%', whole: true });
    expect(trigramPattern('100%_x\\')).toEqual({ pattern: '%100\\%\\_x\\\\%', whole: true });
    expect(trigramPattern('abcdefghijkl').whole).toBe(true);
    expect(trigramPattern('abcdefghijklm')).toEqual({ pattern: '%abcdef%hijklm%', whole: false });
    const key = trigramKey('methyl 3-bromo-4-cyano-5-tert-butylbenzoate');
    expect(trigramPattern(key)).toEqual({ pattern: '%methyl%yanoǀ5%nzoate%', whole: false });
    // Windows never overlap, so the pattern is implied by the key; astral characters count once.
    const astral = '𠀀𠀁𠀂𠀃𠀄𠀅𠀆𠀇𠀈𠀉𠀊𠀋𠀌𠀍𠀎𠀏𠀐𠀑';
    expect(trigramPattern(astral).pattern).toBe('%𠀀𠀁𠀂𠀃𠀄𠀅%𠀆𠀇𠀈𠀉𠀊𠀋%𠀌𠀍𠀎𠀏𠀐𠀑%');
  });
});
