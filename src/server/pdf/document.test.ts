import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './document';

async function textOf(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('the PDF module', () => {
  it('writes Chinese and Latin text with the CJK font embedded and subset, and the text extracts back', async () => {
    const bytes = await renderPdf({
      title: '报价单', subtitle: 'QT2026112600001 · 第 1 版', author: 'YouReagent',
      facts: [['客户', '上海示例生物科技有限公司'], ['有效期至', '2026-12-26']],
      columns: [{ title: '商品', width: 0.6 }, { title: '数量', width: 0.2, align: 'right' }, { title: '小计', width: 0.2, align: 'right' }],
      rows: [['AD252824 乙腈（色谱纯）', '2', '¥386.68'], ['Acetonitrile HPLC grade', '1', '¥193.34']],
      totals: [['报价总额（不含税）', '¥580.02']],
      paragraphs: ['本报价在有效期内有效。'],
      footer: '优试剂 YouReagent',
    });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/FontFile2|\/FontFile3/);
    // A subset font is named with a six-letter tag, and the file stays small (the whole font is ~10 MB).
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+/);
    expect(bytes.byteLength).toBeLessThan(400_000);
    const text = (await textOf(bytes)).replace(/\s+/g, '');
    for (const s of ['报价单', '上海示例生物科技有限公司', '乙腈（色谱纯）', '报价总额（不含税）', '¥580.02', 'AcetonitrileHPLCgrade']) expect(text).toContain(s);
  });

  it('heads the document with the seller\'s letterhead of the site settings, in the document\'s language', async () => {
    const seller = { companyName: '示例试剂（上海）有限公司', address: '上海市示例路 1 号', phone: '400-000-0000', email: 'sales@example.com', taxNumber: '91310000TEST00001X', bankName: '示例银行', bankAccount: '6222 0000' };
    const { letterheadOf } = await import('@/server/modules/site-settings/letterhead');
    for (const [lang, labels] of [['zh', ['纳税人识别号', '开户行', '地址']], ['en', ['Taxnumber', 'Bank', 'Address']]] as const) {
      const bytes = await renderPdf({
        letterhead: letterheadOf(seller, lang), lang, title: 'T', author: 'YouReagent', facts: [], columns: [{ title: 'A', width: 1 }], rows: [], totals: [], paragraphs: [], footer: 'F',
      });
      const text = (await textOf(bytes)).replace(/\s+/g, '');
      for (const s of [...labels, '示例试剂（上海）有限公司', '91310000TEST00001X', '400-000-0000', '62220000']) expect(text, lang).toContain(s);
    }
    // Details not set are left out, labels and all.
    const bare = letterheadOf({ companyName: null, address: null, phone: null, email: null, taxNumber: null, bankName: null, bankAccount: null }, 'en');
    expect(bare).toEqual({ name: 'YouReagent', lines: [] });
  });
});
