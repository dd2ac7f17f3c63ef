/**
 * Document PDF benchmark: time and size per generated COA, SDS and protocol (the seed writes
 * ~4,000 of them at first start). Prints the figures and appends them to the day's journal in docs/benchmarks/.
 *   npm run bench:documents
 */
import { appendToJournal } from './lib/bench-journal.mjs';
import { productDocumentPdf, type DocumentSource } from '../src/server/modules/files/documents';
import { renderPdf } from '../src/server/modules/files/pdf';

const base: DocumentSource = {
  kind: 'coa', lang: 'zh', lotNo: 'L2509A123', title: '乙酸乙酯 分析证书（批号 L2509A123）', issuedAt: new Date('2026-09-01T00:00:00Z'),
  itemNo: 'A1234-567', nameZh: '乙酸乙酯', nameEn: 'Ethyl acetate', cas: '141-78-6', formula: 'C4H8O2', molecularWeight: '88.106',
  purity: '≥99.5%', grade: 'AR', storage: 'rt', brandZh: '阿拉丁', brandEn: 'Aladdin',
  ghs: { pictograms: ['GHS02', 'GHS07'], signalWord: 'danger', hazardStatements: ['H225 高度易燃液体和蒸气', 'H319 造成严重眼刺激'], precautionaryStatements: ['P210 远离热源'] },
};

const rows: string[] = [];
for (const kind of ['coa', 'msds', 'protocol'] as const) {
  for (const lang of ['zh', 'en'] as const) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 500; i += 1) {
      const t = performance.now();
      size = renderPdf(productDocumentPdf({ ...base, kind, lang, lotNo: `L2509A${100 + i}` })).length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push(`| ${kind} (${lang}) | ${(times[250] ?? 0).toFixed(3)} ms | ${(times[475] ?? 0).toFixed(3)} ms | ${(size / 1024).toFixed(1)} KiB |`);
  }
}
const out = [
  `### Document PDFs (${new Date().toISOString().slice(0, 10)}, 500 each, 2 cores)`,
  '',
  '| Document | median | p95 | size |',
  '|---|---|---|---|',
  ...rows,
  '',
  'For comparison (measured once while choosing, see ADR 0013): pdfkit 0.20.2 with an embedded Noto Sans CJK subset took about 90 ms and 60 KB per document.',
  '',
];
process.stdout.write(`${out.join('\n')}\n`);
appendToJournal(`${out.join('\n')}\n`);
