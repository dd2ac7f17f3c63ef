import 'server-only';
import { businessDay } from '@/server/business-time';
import type { GhsBlock } from '@/server/db/schema';
import { demoLotDates, unit } from './lot-dates';
import type { PdfDocument, PdfLine } from './pdf';

/** What a product document's PDF is written from. */
export interface DocumentSource {
  kind: string;
  lang: string;
  lotNo: string | null;
  title: string;
  issuedAt: Date;
  itemNo: string;
  nameZh: string;
  nameEn: string;
  cas: string | null;
  formula: string | null;
  molecularWeight: string | null;
  purity: string;
  grade: string;
  /** Empty when the Chinese grade reads as `grade`. */
  gradeZh?: string;
  storage: string;
  ghs: GhsBlock | null;
  brandZh: string;
  brandEn: string;
}

const STORAGE: Record<string, [string, string]> = {
  rt: ['室温（15–25 °C）干燥处保存', 'Store at room temperature (15–25 °C), dry'],
  '2-8c': ['2–8 °C 冷藏保存', 'Store refrigerated at 2–8 °C'],
  '-20c': ['−20 °C 冷冻保存', 'Store frozen at −20 °C'],
  'dry-ice': ['−80 °C 保存，干冰运输', 'Store at −80 °C; shipped on dry ice'],
};

const STORAGE_RT: [string, string] = ['室温（15–25 °C）干燥处保存', 'Store at room temperature (15–25 °C), dry'];

/** The business day a document was issued on (ADR 0066). */
const day = (d: Date): string => businessDay(d);

function purityFloor(purity: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s*%/.exec(purity);
  return match ? Number(match[1]) : null;
}

/** A formula with its counts as subscript digits (C4H8O2 → C₄H₈O₂), which the PDF writer lowers and shrinks. */
export function subscriptFormula(formula: string): string {
  return formula.replace(/(?<=[A-Za-z)\]])\d+/g, (digits) => [...digits].map((d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]).join(''));
}

function header(src: DocumentSource, zh: boolean): PdfLine[] {
  return [
    { text: zh ? '优试剂 YouReagent' : 'YouReagent', size: 9 },
    { text: src.title, size: 15, gap: 6 },
    { text: `${zh ? '产品名称' : 'Product'}: ${zh ? src.nameZh : src.nameEn}`, gap: 10 },
    { text: `${zh ? '货号' : 'Item number'}: ${src.itemNo}    ${zh ? '品牌' : 'Brand'}: ${zh ? src.brandZh : src.brandEn}` },
    { text: `CAS: ${src.cas ?? '—'}    ${zh ? '分子式' : 'Formula'}: ${src.formula ? subscriptFormula(src.formula) : '—'}    ${zh ? '分子量' : 'MW'}: ${src.molecularWeight ?? '—'}` },
    { text: `${zh ? '规格等级' : 'Grade'}: ${[zh && src.gradeZh ? src.gradeZh : src.grade, src.purity].filter(Boolean).join(' ') || '—'}` },
  ];
}

/** The lot's expiry or retest date, as its lots on the product page show it (demoLotDates). */
function shelfLine(dates: { expiresOn: string | null; retestOn: string | null }, zh: boolean): string {
  return dates.expiresOn ? `${zh ? '有效期至' : 'Expiry date'}: ${dates.expiresOn}` : `${zh ? '复验日期' : 'Retest date'}: ${dates.retestOn ?? '—'}`;
}

/** The COA table's columns: test, specification, result. */
const COA_COLUMNS = [0.38, 0.36, 0.26];

function coa(src: DocumentSource, zh: boolean): PdfLine[] {
  const lot = src.lotNo ?? '';
  const floor = purityFloor(src.purity);
  const assay = floor === null ? null : Math.min(99.99, floor + (100 - floor) * (0.25 + 0.6 * unit(`${lot}:assay`)));
  const water = (0.02 + 0.3 * unit(`${lot}:water`)).toFixed(2);
  const rows: [string, string, string][] = [
    [zh ? '外观' : 'Appearance', zh ? '符合描述' : 'Conforms to description', zh ? '符合' : 'Conforms'],
    [zh ? '含量' : 'Assay', src.purity || (zh ? '见标签' : 'See label'), assay === null ? (zh ? '符合' : 'Conforms') : `${assay.toFixed(2)}%`],
    [zh ? '水分（卡尔费休）' : 'Water (Karl Fischer)', '≤0.5%', `${water}%`],
    [zh ? '红外鉴别' : 'Identity (IR)', zh ? '与标准谱图一致' : 'Conforms to reference', zh ? '符合' : 'Conforms'],
  ];
  return [
    ...header(src, zh),
    { text: `${zh ? '批号' : 'Lot number'}: ${lot}`, gap: 4 },
    { text: `${zh ? '检验日期' : 'Date of analysis'}: ${day(src.issuedAt)}    ${shelfLine(demoLotDates(lot, src.issuedAt), zh)}` },
    { text: zh ? '检验结果' : 'Results', size: 12, gap: 12 },
    { text: '', cells: zh ? ['检验项目', '标准', '结果'] : ['Test', 'Specification', 'Result'], columns: COA_COLUMNS, header: true, gap: 4 },
    ...rows.map(([test, spec, result]) => ({ text: '', cells: [test, spec, result], columns: COA_COLUMNS })),
    // A generated COA describes no real lot: it carries the example stamp and no one's signature.
    { text: zh ? '结论：本批产品检验合格。' : 'Conclusion: this lot meets the specification.', gap: 12 },
  ];
}

const SDS_SECTIONS: [string, string][] = [
  ['化学品及企业标识', 'Identification'], ['危险性概述', 'Hazard identification'], ['成分/组成信息', 'Composition'],
  ['急救措施', 'First-aid measures'], ['消防措施', 'Fire-fighting measures'], ['泄漏应急处理', 'Accidental release measures'],
  ['操作处置与储存', 'Handling and storage'], ['接触控制和个体防护', 'Exposure controls and personal protection'],
  ['理化特性', 'Physical and chemical properties'], ['稳定性和反应性', 'Stability and reactivity'],
  ['毒理学信息', 'Toxicological information'], ['生态学信息', 'Ecological information'], ['废弃处置', 'Disposal considerations'],
  ['运输信息', 'Transport information'], ['法规信息', 'Regulatory information'], ['其他信息', 'Other information'],
];

function sds(src: DocumentSource, zh: boolean): PdfLine[] {
  const ghs = src.ghs;
  const signal = ghs?.signalWord === 'danger' ? (zh ? '危险' : 'Danger') : ghs?.signalWord === 'warning' ? (zh ? '警告' : 'Warning') : zh ? '无' : 'None';
  const storage = STORAGE[src.storage] ?? STORAGE_RT;
  const body: Record<number, string> = {
    0: `${zh ? src.nameZh : src.nameEn} · ${src.itemNo}`,
    1: `${zh ? '信号词' : 'Signal word'}: ${signal}. ${zh ? '象形图' : 'Pictograms'}: ${ghs?.pictograms.join(', ') || '—'}. ${ghs?.hazardStatements.join(' ') ?? ''}`,
    2: `CAS ${src.cas ?? '—'}, ${src.purity || '—'}`,
    3: zh ? '吸入：移至空气新鲜处。皮肤接触：用大量水冲洗。眼睛接触：用水冲洗数分钟并就医。' : 'Inhalation: move to fresh air. Skin: rinse with plenty of water. Eyes: rinse for several minutes and get medical advice.',
    6: `${zh ? storage[0] : storage[1]}. ${ghs?.precautionaryStatements.join(' ') ?? ''}`,
    8: `${zh ? '分子式' : 'Formula'} ${src.formula ?? '—'}; ${zh ? '分子量' : 'MW'} ${src.molecularWeight ?? '—'}`,
  };
  return [
    ...header(src, zh),
    { text: `${zh ? '修订日期' : 'Revision date'}: ${day(src.issuedAt)}    ${zh ? '依据' : 'According to'}: ${zh ? 'GB/T 16483、GB/T 17519' : 'GHS Rev. 9, GB/T 16483'}`, gap: 4 },
    ...SDS_SECTIONS.flatMap(([sectionZh, sectionEn], i) => [
      { text: `${i + 1}. ${zh ? sectionZh : sectionEn}`, size: 11, gap: 8 },
      { text: body[i] ?? (zh ? '见产品标签与相关法规。' : 'See the product label and applicable regulations.') },
    ]),
  ];
}

function protocol(src: DocumentSource, zh: boolean): PdfLine[] {
  const storage = STORAGE[src.storage] ?? STORAGE_RT;
  const steps = zh
    ? ['收到后核对货号、批号与包装完整性。', `按要求储存：${storage[0]}。`, '使用前平衡至室温，短暂离心收集液体。', '按实验需要用推荐缓冲液稀释，现配现用。', '避免反复冻融；分装后保存。', '实验结束后按实验室废弃物规定处置。']
    : ['On arrival, check the item number, lot number and packaging.', `Storage: ${storage[1]}.`, 'Bring to room temperature before use and spin down briefly.', 'Dilute in the recommended buffer as needed and use fresh.', 'Avoid repeated freeze-thaw cycles; aliquot before storing.', 'Dispose of waste according to your laboratory rules.'];
  return [
    ...header(src, zh),
    { text: `${zh ? '版本日期' : 'Version date'}: ${day(src.issuedAt)}`, gap: 4 },
    { text: zh ? '操作步骤' : 'Procedure', size: 12, gap: 12 },
    ...steps.map((step, i) => ({ text: `${i + 1}. ${step}` })),
    { text: zh ? '仅供科研使用，不得用于临床诊断或治疗。' : 'For research use only. Not for diagnostic or therapeutic use.', gap: 12, size: 9 },
  ];
}

/** The mark on every page of the demo's generated documents: they describe no real lot or substance. */
export const EXAMPLE_STAMP = '示例 / Example — not a certificate';

/** The demo PDF of a product document (COA of a lot, SDS or protocol), in the document's language, stamped as an example. */
export function productDocumentPdf(src: DocumentSource): PdfDocument {
  const zh = src.lang === 'zh';
  const lines = src.kind === 'coa' ? coa(src, zh) : src.kind === 'msds' ? sds(src, zh) : protocol(src, zh);
  return { title: src.title, lines, stamp: EXAMPLE_STAMP };
}

/** Plain text of stored HTML, for a PDF or a meta description. */
export function htmlToText(html: string): string[] {
  return html
    .replace(/<\/(p|h\d|li|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The demo PDF of a downloadable resource (handbook, guide, protocol) in both languages, stamped as an example. */
export function resourcePdf(src: { titleZh: string; titleEn: string; bodyZh: string; bodyEn: string; publishedAt: Date }): PdfDocument {
  return {
    title: `${src.titleZh} / ${src.titleEn}`,
    stamp: EXAMPLE_STAMP,
    lines: [
      { text: '优试剂 YouReagent', size: 9 },
      { text: src.titleZh, size: 16, gap: 6 },
      { text: src.titleEn, size: 12 },
      { text: day(src.publishedAt), size: 9, gap: 4 },
      ...htmlToText(src.bodyZh).map((text, i) => ({ text, gap: i === 0 ? 12 : 2 })),
      ...htmlToText(src.bodyEn).map((text, i) => ({ text, gap: i === 0 ? 16 : 2 })),
    ],
  };
}
