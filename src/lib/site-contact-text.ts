import type { SiteContact } from '@/contracts/site-settings';

/**
 * What the English-site link reads: "English" for a path of this site (never the address the server
 * happens to run at), the host for another site (en.example.com).
 */
export function englishLabel(href: string, english: string): string {
  if (href.startsWith('/')) return english;
  try {
    return new URL(href).host;
  } catch {
    return english;
  }
}

/** The catalogue-size claim of the site settings in the page's language; null: the messages' default wording. */
export function catalogueClaim(contact: SiteContact, locale: string): string | null {
  return (locale === 'en' ? contact.catalogueClaim.en : contact.catalogueClaim.zh)?.trim() || null;
}
