import { describe, expect, it } from 'vitest';
import type { SiteContact } from '@/contracts/site-settings';
import { catalogueClaim, englishLabel } from './site-contact-text';

describe('the footer\'s English-site link', () => {
  it('reads "English" for a path of this site, never the address the server runs at', () => {
    expect(englishLabel('/en', 'English')).toBe('English');
  });
  it('reads the host of another site', () => {
    expect(englishLabel('https://en.example.com/', 'English')).toBe('en.example.com');
  });
});

describe('the catalogue claim', () => {
  const contact = (zh: string | null, en: string | null) => ({ catalogueClaim: { zh, en } }) as SiteContact;
  it('is the site setting of the page\'s language, or null for the default wording', () => {
    expect(catalogueClaim(contact('已收录 5,000 种产品', '5,000 products listed'), 'zh')).toBe('已收录 5,000 种产品');
    expect(catalogueClaim(contact('已收录 5,000 种产品', '5,000 products listed'), 'en')).toBe('5,000 products listed');
    expect(catalogueClaim(contact(null, ' '), 'en')).toBeNull();
  });
});
