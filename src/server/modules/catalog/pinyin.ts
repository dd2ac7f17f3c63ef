import 'server-only';
import { pinyin } from 'pinyin-pro';

export interface PinyinOfName {
  /** Toneless, lower-case, no spaces: 乙酸乙酯 → 'yisuanyizhi'. */
  pinyin: string;
  /** First letters of each syllable plus ASCII letters/digits: 乙酸乙酯 → 'ysyz'. */
  initials: string;
}

const ASCII_ALNUM = /^[a-z0-9]$/;

/** Appends one character or syllable to the keys: a syllable as it is, other text lower-cased without spaces. */
function append(keys: PinyinOfName, syllable: string | null, origin: string): void {
  if (syllable) {
    const lower = syllable.toLowerCase();
    keys.pinyin += lower;
    keys.initials += lower.charAt(0);
    return;
  }
  const text = origin.toLowerCase().replace(/\s+/g, '');
  keys.pinyin += text;
  for (const ch of text) if (ASCII_ALNUM.test(ch)) keys.initials += ch;
}

/**
 * Pinyin search keys of a Chinese product name. `v` stands for ü because that is what people
 * type on a keyboard (绿 → 'lv'); non-Chinese text stays in the pinyin so 'n,n-erjiaji…' still
 * matches a query that mixes letters and pinyin.
 *
 * pinyin-pro's plain list of syllables, one per character (a character that is not Chinese stands for
 * itself), is about five times as fast as its detailed form, which an import of 100,000 rows feels; the
 * detailed form is the fallback for a name the list does not line up with.
 */
export function pinyinOf(nameZh: string): PinyinOfName {
  const keys: PinyinOfName = { pinyin: '', initials: '' };
  const chars = [...nameZh];
  const syllables = pinyin(nameZh, { toneType: 'none', type: 'array', v: true });
  if (syllables.length === chars.length) {
    chars.forEach((ch, i) => {
      const syllable = syllables[i] ?? '';
      append(keys, syllable !== ch ? syllable : null, ch);
    });
    return keys;
  }
  for (const s of pinyin(nameZh, { toneType: 'none', type: 'all', v: true })) append(keys, s.isZh ? s.pinyin : null, s.origin);
  return keys;
}
