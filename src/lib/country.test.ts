import { describe, expect, it } from 'vitest';
import { countryName } from './country';

describe('countryName', () => {
  it('names a country in the page language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'zh-CN')).toBe('德国');
    expect(countryName('cn', 'zh')).toBe('中国');
    expect(countryName('US', 'en')).toBe('United States');
  });

  it('leaves anything that is not a two-letter code as it is', () => {
    expect(countryName('', 'en')).toBe('');
    expect(countryName('Germany', 'en')).toBe('Germany');
  });
});
