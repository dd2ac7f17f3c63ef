import 'server-only';
import PDFDocument from 'pdfkit';
import { labelColon } from '@/lib/label-colon';
import { pdfFonts } from './fonts';

/**
 * A business document as data (quotations now, contracts next): a title, key–value facts, a table of
 * lines, totals and closing paragraphs. `renderPdf` lays it out on A4 with the embedded CJK font,
 * subset to the glyphs used, so Chinese and Latin text read the same on any machine.
 */
export interface PdfTableColumn {
  title: string;
  /** Share of the table's width. */
  width: number;
  align?: 'left' | 'right';
}

/** The seller's block at the head of every page-one of a business document: name, then lines of details. */
export interface PdfLetterhead {
  name: string;
  lines: string[];
}

export interface PdfBusinessDocument {
  /** The seller's details (ADR 0066 names the one letterhead of quotations and credit notes). */
  letterhead?: PdfLetterhead;
  /** The document's language: the file's /Lang. */
  lang?: 'zh' | 'en';
  title: string;
  subtitle?: string;
  /** Author and subject metadata of the file. */
  author: string;
  facts: [string, string][];
  columns: PdfTableColumn[];
  rows: string[][];
  totals: [string, string][];
  paragraphs: string[];
  footer: string;
}

const MARGIN = 48;

/** Renders the document to PDF bytes. */
export async function renderPdf(doc: PdfBusinessDocument): Promise<Buffer> {
  const fonts = pdfFonts();
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: doc.title, Author: doc.author }, bufferPages: true, lang: doc.lang === 'en' ? 'en' : 'zh-CN' });
  pdf.registerFont('body', fonts.regular.file, fonts.regular.face);
  pdf.registerFont('bold', fonts.bold.file, fonts.bold.face);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - MARGIN * 2;

  if (doc.letterhead) {
    pdf.font('bold').fontSize(13).text(doc.letterhead.name);
    pdf.font('body').fontSize(8.5).fillColor('#444444');
    for (const line of doc.letterhead.lines) pdf.text(line, { width });
    pdf.fillColor('black');
    const y = pdf.y + 4;
    pdf.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1).strokeColor('#1f2937').stroke();
    pdf.x = MARGIN;
    pdf.y = y + 10;
  }
  pdf.font('bold').fontSize(18).text(doc.title);
  if (doc.subtitle) pdf.font('body').fontSize(10).fillColor('#555555').text(doc.subtitle).fillColor('black');
  pdf.moveDown(0.8);
  for (const [k, v] of doc.facts) pdf.font('bold').fontSize(9.5).text(`${k}${labelColon(doc.lang ?? 'zh')}`, { continued: true }).font('body').text(v);
  pdf.moveDown(0.8);

  const xs: number[] = [];
  let x = MARGIN;
  for (const c of doc.columns) { xs.push(x); x += c.width * width; }
  const row = (cells: string[], font: 'body' | 'bold') => {
    pdf.font(font).fontSize(9);
    const heights = cells.map((cell, i) => pdf.heightOfString(cell, { width: doc.columns[i]!.width * width - 6 }));
    const h = Math.max(...heights, 12) + 6;
    if (pdf.y + h > pdf.page.height - MARGIN - 30) pdf.addPage();
    const y = pdf.y;
    cells.forEach((cell, i) => pdf.text(cell, xs[i]! + 3, y + 3, { width: doc.columns[i]!.width * width - 6, align: doc.columns[i]!.align ?? 'left' }));
    pdf.moveTo(MARGIN, y + h).lineTo(MARGIN + width, y + h).lineWidth(0.5).strokeColor('#cccccc').stroke();
    pdf.x = MARGIN;
    pdf.y = y + h;
  };
  row(doc.columns.map((c) => c.title), 'bold');
  for (const r of doc.rows) row(r, 'body');
  pdf.moveDown(0.8);
  for (const [k, v] of doc.totals) pdf.font('bold').fontSize(10).text(`${k}  ${v}`, MARGIN, pdf.y, { width, align: 'right' });
  pdf.moveDown(1);
  for (const p of doc.paragraphs) pdf.font('body').fontSize(9).text(p, MARGIN, pdf.y, { width }).moveDown(0.4);

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf.page.margins.bottom = 0;
    pdf.font('body').fontSize(8).fillColor('#777777')
      .text(`${doc.footer} · ${i + 1}/${range.count}`, MARGIN, pdf.page.height - MARGIN + 10, { width, align: 'center', lineBreak: false });
  }
  pdf.end();
  return done;
}
