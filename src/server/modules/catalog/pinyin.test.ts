import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { ANALYTICAL_ITEMS } from '@/server/seed/items-analytical';
import { BIO_ITEMS } from '@/server/seed/items-bio';
import { LAB_ITEMS } from '@/server/seed/items-lab';
import { generateProduct } from '@/server/seed/synthetic-catalog';
import { pinyinOf } from './pinyin';

/** The keys from pinyin-pro's detailed form, syllable by syllable: what `pinyinOf` must give. */
function detailed(name: string): { pinyin: string; initials: string } {
  let full = '';
  let initials = '';
  for (const s of pinyin(name, { toneType: 'none', type: 'all', v: true })) {
    if (s.isZh && s.pinyin) {
      full += s.pinyin.toLowerCase();
      initials += s.pinyin.charAt(0).toLowerCase();
    } else {
      const text = s.origin.toLowerCase().replace(/\s+/g, '');
      full += text;
      initials += [...text].filter((ch) => /^[a-z0-9]$/.test(ch)).join('');
    }
  }
  return { pinyin: full, initials };
}

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

  it('gives the keys of pinyin-pro\u2019s detailed form for the catalogue\u2019s names and odd characters', () => {
    const context = { brandIds: [1], leafIdByName: new Map<string, number>(), fallbackLeafIds: [1] };
    const names = [
      ...[...ANALYTICAL_ITEMS, ...BIO_ITEMS, ...LAB_ITEMS].map((item) => item.nameZh),
      ...Array.from({ length: 3000 }, (_, i) => generateProduct(i + 1, context).product.nameZh),
      // Polyphones, ü, Greek and full-width letters, a character outside the basic plane, symbols.
      '长春', '行业', '银行', '重铬酸钾', '还原', '音乐', '绿色', '吕', 'α-淀粉酶', 'Ｌ-谷氨酸', '（Ｓ）-脯氨酸', '１,２-二氯乙烷',
      '〇号', '𠀀试剂', 'β－内酰胺', '3′-磷酸', '溶液Ⅱ', '①号', '葡萄糖—水', '２５０ｍＬ', '㎎', '  空 格 ',
    ];
    const differing = names.filter((name) => JSON.stringify(pinyinOf(name)) !== JSON.stringify(detailed(name)));
    expect(differing).toEqual([]);
    expect(names.length).toBeGreaterThan(3000);
  });

  it('returns empty keys for an empty name', () => {
    expect(pinyinOf('')).toEqual({ pinyin: '', initials: '' });
  });
});
