import { describe, expect, it } from 'vitest';
import { EXAMPLE_STAMP, productDocumentPdf, subscriptFormula } from './documents';
import { renderPdf, wrapText } from './pdf';

const source = {
  kind: 'coa', lang: 'zh', lotNo: 'L2501A123', title: '乙酸乙酯 分析证书（批号 L2501A123）', issuedAt: new Date('2025-01-02T00:00:00Z'),
  itemNo: 'A1234-567', nameZh: '乙酸乙酯', nameEn: 'Ethyl acetate', cas: '141-78-6', formula: 'C4H8O2', molecularWeight: '88.106',
  purity: '≥99.5%', grade: 'AR', storage: 'rt', ghs: null, brandZh: '阿拉丁', brandEn: 'Aladdin',
};

describe('renderPdf', () => {
  it('writes a well-formed PDF whose cross-reference offsets point at the objects', () => {
    const bytes = renderPdf(productDocumentPdf(source));
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.7\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = text.slice(startxref).split('\n').filter((l) => / 00000 n $/.test(l));
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toContain('/BaseFont /STSong-Light');
  });

  it('is deterministic, and small', () => {
    const a = renderPdf(productDocumentPdf(source));
    const b = renderPdf(productDocumentPdf(source));
    expect(a.equals(b)).toBe(true);
    expect(a.length).toBeLessThan(10_000);
  });

  it('puts the lot and Chinese text in UTF-16 hex', () => {
    const text = renderPdf(productDocumentPdf(source)).toString('latin1');
    const hex = (s: string) => [...s].map((ch) => ch.charCodeAt(0).toString(16).padStart(4, '0')).join('').toUpperCase();
    expect(text).toContain(hex('乙酸乙酯'));
    expect(text).toContain(hex('L2501A123'));
  });

  it('adds pages for long documents', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i}` }));
    const text = renderPdf({ title: 't', lines }).toString('latin1');
    expect(Number(/\/Count (\d+)/.exec(text)?.[1])).toBeGreaterThan(1);
  });
});

describe('wrapText', () => {
  it('breaks Latin text at spaces and CJK text anywhere', () => {
    const latin = wrapText('alpha beta gamma delta', 10, 60);
    expect(latin.every((l) => l.length > 0 && !l.startsWith(' '))).toBe(true);
    expect(latin.join(' ')).toBe('alpha beta gamma delta');
    expect(wrapText('一二三四五六', 10, 30)).toEqual(['一二三', '四五六']);
  });
});

describe('the COA', () => {
  const hex = (s: string) => [...s].map((ch) => ch.charCodeAt(0).toString(16).padStart(4, '0')).join('').toUpperCase();
  const coa = { ...source, grade: 'Anhydrous, ≤50 ppm H₂O', formula: 'C2H6O' };

  it('shows subscripts as lowered digits, never as a glyph the font lacks', () => {
    const text = renderPdf(productDocumentPdf(coa)).toString('latin1');
    expect(text).not.toContain('2082');
    expect(text).toMatch(/ Ts <0032> Tj/);
    expect(subscriptFormula('C2H6O')).toBe('C₂H₆O');
    expect(subscriptFormula('Ca(OH)2')).toBe('Ca(OH)₂');
  });

  it('lays its results out as a ruled table, not with pipes', () => {
    for (const lang of ['zh', 'en']) {
      const text = renderPdf(productDocumentPdf({ ...coa, lang })).toString('latin1');
      expect(text).not.toContain(hex('  |  '));
      expect(text).not.toContain('007C');
      expect(text).toMatch(/ re f Q/);
      expect(text).toMatch(/ m [\d.]+ [\d.]+ l S Q/);
      expect(text).toContain(hex(lang === 'zh' ? '检验项目' : 'Specification'));
    }
  });

  it('is a demo document: it carries the example stamp and no signature', () => {
    for (const lang of ['zh', 'en']) {
      const doc = productDocumentPdf({ ...coa, lang });
      expect(doc.stamp).toBe(EXAMPLE_STAMP);
      expect(doc.lines.map((l) => l.text).join('\n')).not.toMatch(/质量保证部|Quality Assurance/);
    }
  });

  it('dates the analysis by the Beijing day', () => {
    const text = renderPdf(productDocumentPdf({ ...coa, issuedAt: new Date('2026-12-01T16:30:00Z') })).toString('latin1');
    expect(text).toContain(hex('2026-12-02'));
  });
});

