import { describe, expect, it } from 'vitest';
import { SEARCH_BOX_SPACES, hasTrigramLetter, trigramKey } from '@/server/db/schema/search-sql';
import { sanitiseSearchKey } from '@/lib/search-key';
import { trigramPattern } from './conditions';

describe('trigram keys', () => {
  it('translates separators as search_text stores them, and nothing else', () => {
    expect(trigramKey('6-jiaxia')).toBe('6ǀjiaxia');
    expect(trigramKey("2′-iodo 4,5-di")).toBe('2ǂǀiodoǁ4ǁ5ǀdi');
    expect(trigramKey("n,n-dimethyl (2'-x)")).toBe('nǁnǀdimethylǁ2ǁǀxǁ');
    expect(trigramKey('100%_pure\\x')).toBe('100%_pureǁx');
    expect(hasTrigramLetter('3ǀbromo')).toBe(true);
    expect(hasTrigramLetter('3-bromo')).toBe(false);
  });

  it('folds exactly the characters the search box turns into spaces', () => {
    for (const c of SEARCH_BOX_SPACES) expect(sanitiseSearchKey(`a${c}b`), c).toBe('a b');
    for (let code = 0x21; code < 0x7f; code++) {
      const c = String.fromCharCode(code);
      if (sanitiseSearchKey(`a${c}b`) === 'a b') expect(SEARCH_BOX_SPACES, c).toContain(c);
    }
  });

  it('gives the index keys up to 20 characters whole and longer keys by their start, middle and end', () => {
    expect(trigramPattern('bromo')).toEqual({ pattern: '%bromo%', whole: true });
    expect(trigramPattern('100%_x\\')).toEqual({ pattern: '%100\\%\\_x\\\\%', whole: true });
    expect(trigramPattern('phenylbiphenyl').whole).toBe(true);
    expect(trigramPattern('abcdefghijklmnopqrst').whole).toBe(true);
    expect(trigramPattern('abcdefghijklmnopqrstu')).toEqual({ pattern: '%abcdefg%hijklmn%opqrstu%', whole: false });
    const key = trigramKey('methyl 3-bromo-4-cyano-5-tert-butylbenzoate');
    expect(trigramPattern(key)).toEqual({ pattern: '%methylǁ%yanoǀ5ǀ%enzoate%', whole: false });
    // Astral characters count once.
    const astral = '𠀀𠀁𠀂𠀃𠀄𠀅𠀆𠀇𠀈𠀉𠀊𠀋𠀌𠀍𠀎𠀏𠀐𠀑𠀒𠀓𠀔';
    expect(trigramPattern(astral).pattern).toBe('%𠀀𠀁𠀂𠀃𠀄𠀅𠀆%𠀇𠀈𠀉𠀊𠀋𠀌𠀍%𠀎𠀏𠀐𠀑𠀒𠀓𠀔%');
  });
});
