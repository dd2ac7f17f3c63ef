import { describe, expect, it } from 'vitest';
import { pinyinOf } from './pinyin';

describe('pinyinOf', () => {
  it('gives toneless pinyin without spaces and the syllable initials', () => {
    expect(pinyinOf('乙酸乙酯')).toEqual({ pinyin: 'yisuanyizhi', initials: 'ysyz' });
    expect(pinyinOf('三氯甲烷')).toEqual({ pinyin: 'sanlvjiawan', initials: 'sljw' });
    expect(pinyinOf('二甲基亚砜')).toEqual({ pinyin: 'erjiajiyafeng', initials: 'ejjyf' });
  });

  it('keeps non-Chinese text lower-cased in the pinyin and only letters and digits in the initials', () => {
    expect(pinyinOf('N,N-二甲基甲酰胺')).toEqual({ pinyin: 'n,n-erjiajijiaxianan', initials: 'nnejjjxa' });
    expect(pinyinOf('L-谷氨酸')).toEqual({ pinyin: 'l-guansuan', initials: 'lgas' });
    expect(pinyinOf('4-溴苯甲酸')).toEqual({ pinyin: '4-xiubenjiasuan', initials: '4xbjs' });
  });

  it('drops spaces and passes pure English names through lower-cased', () => {
    expect(pinyinOf('Ethyl acetate')).toEqual({ pinyin: 'ethylacetate', initials: 'ethylacetate' });
    expect(pinyinOf('氯化钠 AR')).toEqual({ pinyin: 'lvhuanaar', initials: 'lhnar' });
  });

  it('returns empty keys for an empty name', () => {
    expect(pinyinOf('')).toEqual({ pinyin: '', initials: '' });
  });
});
