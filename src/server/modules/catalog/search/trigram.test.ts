import { describe, expect, it } from 'vitest';
import {
  BUCKET_MARK, SEARCH_BOX_SPACES, SUBSTRING_LENGTH, hasTrigramLetter, substringQuery, trigramKey,
} from '@/server/db/schema/search-sql';
import { sanitiseSearchKey } from '@/lib/search-key';

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

  it('looks a key of up to six characters up as one prefix and a longer key by its chunks, per bucket', () => {
    const b = BUCKET_MARK;
    expect(SUBSTRING_LENGTH).toBe(6);
    expect(substringQuery('bro')).toEqual({ template: `'${b}|bro':*`, exact: true });
    expect(substringQuery('苯甲酸')).toEqual({ template: `'${b}|苯甲酸':*`, exact: true });
    expect(substringQuery('qiangj')).toEqual({ template: `'${b}|qiangj':*`, exact: true });
    expect(substringQuery('qiangjibe')).toEqual({ template: `'${b}|qiangj' & '${b}|ngjibe'`, exact: false });
    expect(substringQuery('abcdefghijkl')).toEqual({ template: `'${b}|abcdef' & '${b}|ghijkl'`, exact: false });
    expect(substringQuery('abcabcabcabc')).toEqual({ template: `'${b}|abcabc'`, exact: false });
    // Quotes and backslashes stay literal inside the quoted lexemes.
    expect(substringQuery("o'n\\x")).toEqual({ template: `'${b}|o''n\\\\x':*`, exact: true });
    // Astral characters count once.
    expect(substringQuery('𠀀𠀁𠀂𠀃𠀄𠀅𠀆')).toEqual({ template: `'${b}|𠀀𠀁𠀂𠀃𠀄𠀅' & '${b}|𠀁𠀂𠀃𠀄𠀅𠀆'`, exact: false });
  });
});
