import { describe, expect, it } from 'vitest';
import { isEnglishSiteHost } from './queries';

describe('isEnglishSiteHost', () => {
  it('matches the host of the English-site address, with or without scheme, port or path', () => {
    expect(isEnglishSiteHost('en.reagent.example.com', 'en.reagent.example.com')).toBe(true);
    expect(isEnglishSiteHost('https://EN.reagent.example.com/', 'en.reagent.example.com:443')).toBe(true);
    expect(isEnglishSiteHost('http://en.reagent.example.com/home', 'en.reagent.example.com')).toBe(true);
  });

  it('does not match other hosts or empty settings', () => {
    expect(isEnglishSiteHost('en.reagent.example.com', 'www.reagent.example.com')).toBe(false);
    expect(isEnglishSiteHost(null, 'en.reagent.example.com')).toBe(false);
    expect(isEnglishSiteHost('', 'x')).toBe(false);
    expect(isEnglishSiteHost('en.reagent.example.com', null)).toBe(false);
  });
});
