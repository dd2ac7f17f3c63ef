import { describe, expect, it } from 'vitest';
import { isEnglishSiteHost } from './queries';

describe('isEnglishSiteHost', () => {
  it('matches the host of a bare English-site address, with or without scheme, port or a trailing slash', () => {
    expect(isEnglishSiteHost('en.reagent.example.com', 'en.reagent.example.com')).toBe(true);
    expect(isEnglishSiteHost('https://EN.reagent.example.com/', 'en.reagent.example.com:443')).toBe(true);
  });

  it('never switches a host when the address names pages of a site (the demo\'s own /en)', () => {
    expect(isEnglishSiteHost('http://localhost:3000/en', 'localhost:3000')).toBe(false);
    expect(isEnglishSiteHost('http://en.reagent.example.com/home', 'en.reagent.example.com')).toBe(false);
  });

  it('does not match other hosts or empty settings', () => {
    expect(isEnglishSiteHost('en.reagent.example.com', 'www.reagent.example.com')).toBe(false);
    expect(isEnglishSiteHost(null, 'en.reagent.example.com')).toBe(false);
    expect(isEnglishSiteHost('', 'x')).toBe(false);
    expect(isEnglishSiteHost('en.reagent.example.com', null)).toBe(false);
  });
});
