import { describe, expect, it } from 'vitest';
import { byLang, localised, otherLang } from './lang';

describe('languages', () => {
  it('picks the value and the bilingual field of a language', () => {
    expect(byLang('zh', { zh: '甲醇', en: 'Methanol' })).toBe('甲醇');
    expect(byLang('en', { zh: '甲醇', en: 'Methanol' })).toBe('Methanol');
    const row = { id: 1, nameZh: '甲醇', nameEn: 'Methanol', titleZh: '标题', titleEn: 'Title' };
    expect(localised(row, 'name', 'en')).toBe('Methanol');
    expect(localised(row, 'title', 'zh')).toBe('标题');
    expect(localised(row, 'name', otherLang('zh'))).toBe('Methanol');
  });
});
