import 'server-only';
import { pinyin } from 'pinyin-pro';

export interface PinyinOfName {
  /** Toneless, lower-case, no spaces: 乙酸乙酯 → 'yisuanyizhi'. */
  pinyin: string;
  /** First letters of each syllable plus ASCII letters/digits: 乙酸乙酯 → 'ysyz'. */
  initials: string;
}

const ASCII_ALNUM = /^[a-z0-9]$/;

/**
 * Pinyin search keys of a Chinese product name. `v` stands for ü because that is what people
 * type on a keyboard (绿 → 'lv'); non-Chinese text stays in the pinyin so 'n,n-erjiaji…' still
 * matches a query that mixes letters and pinyin.
 */
export function pinyinOf(nameZh: string): PinyinOfName {
  const syllables = pinyin(nameZh, { toneType: 'none', type: 'all', v: true });
  let full = '';
  let initials = '';
  for (const s of syllables) {
    if (s.isZh && s.pinyin) {
      const lower = s.pinyin.toLowerCase();
      full += lower;
      initials += lower.charAt(0);
      continue;
    }
    const text = s.origin.toLowerCase().replace(/\s+/g, '');
    full += text;
    for (const ch of text) if (ASCII_ALNUM.test(ch)) initials += ch;
  }
  return { pinyin: full, initials };
}
