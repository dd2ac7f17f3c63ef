/**
 * The two languages of the product's texts. Both Chinese page variants (`zh-CN`, `zh`) read Chinese;
 * bilingual columns are `*_zh` / `*_en` (`nameZh`, `nameEn` in Drizzle).
 */
export type Lang = 'zh' | 'en';

/** The value of one language: `byLang(lang, { zh: '中文', en: 'English' })`. */
export function byLang<T>(lang: Lang, values: { zh: T; en: T }): T {
  return lang === 'en' ? values.en : values.zh;
}

type Bilingual<K extends string> = { [P in `${K}Zh` | `${K}En`]: unknown };

/**
 * A bilingual field in one language: `localised(row, 'name', lang)` is `row.nameEn` or `row.nameZh`;
 * on a Drizzle table it picks the column (`localised(brands, 'name', lang)`).
 */
export function localised<K extends string, S extends Bilingual<K>>(source: S, name: K, lang: Lang): S[`${K}Zh`] | S[`${K}En`] {
  return lang === 'en' ? source[`${name}En` as `${K}En`] : source[`${name}Zh` as `${K}Zh`];
}

/** The other language: a product's "other name" is its name in the language not shown. */
export function otherLang(lang: Lang): Lang {
  return lang === 'en' ? 'zh' : 'en';
}
