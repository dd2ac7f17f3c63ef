/** A country's name in the page's language from its ISO 3166-1 alpha-2 code ("DE" → 德国 / Germany); the code when unknown. */
export function countryName(code: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([locale === 'en' ? 'en' : 'zh-CN'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
