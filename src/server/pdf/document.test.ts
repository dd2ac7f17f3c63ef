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
});
