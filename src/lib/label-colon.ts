/**
 * The colon after a label in running text: Chinese pages use the full-width "：", English ones ": ".
 * One rule for the storefront's labels and the business documents' letterheads.
 */
export function labelColon(lang: string): string {
  return lang === 'en' ? ': ' : '：';
}
