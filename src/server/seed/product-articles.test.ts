import { describe, expect, it } from 'vitest';
import { nameMatcher } from './product-articles';

describe('linking articles to the products they name', () => {
  it('matches whole English words in any case, and Chinese names of three characters or more', () => {
    const text = { zh: '使用无水乙腈与甲酸配制流动相', en: 'LC-MS grade Acetonitrile and formic acid; 2-propanol' };
    expect(nameMatcher({ zh: '乙腈', en: 'Acetonitrile' })(text)).toBe(true);
    expect(nameMatcher({ zh: '甲酸', en: 'Formic acid' })(text)).toBe(true);
    expect(nameMatcher({ zh: '丙醇', en: 'Propanol' })(text)).toBe(false);
    expect(nameMatcher({ zh: '乙酸', en: 'Acetonitril' })(text)).toBe(false);
    expect(nameMatcher({ zh: '无水乙腈', en: 'Dry solvent' })(text)).toBe(true);
    expect(nameMatcher({ zh: '水', en: 'H2O' })(text)).toBe(false);
  });
});
