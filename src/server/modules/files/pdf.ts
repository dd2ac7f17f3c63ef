import 'server-only';
import { createHash } from 'node:crypto';

/**
 * A small, dependency-free PDF 1.7 writer for text documents (COA, SDS, protocols, handbooks).
 * Text uses the predefined Adobe-GB1 CID font STSong-Light with the UniGB-UTF16-H CMap, which
 * every conforming reader supplies, so Chinese and Latin text need no embedded font: files stay
 * a few kilobytes and are written in well under a millisecond (ADR 0013 §3).
 */
export interface PdfLine {
  text: string;
  /** Font size in points; 10 by default. */
  size?: number;
  /** Extra space above the line, in points. */
  gap?: number;
  /**
   * A row of a table instead of text: its cells, each in its column (`columns`, shares of the width),
   * ruled below; `header` rows are ruled above too and shaded.
   */
  cells?: string[];
  columns?: number[];
  header?: boolean;
}

export interface PdfDocument {
  title: string;
  lines: PdfLine[];
  /** Printed on every page: across it in light grey, and as a line at its top and foot (the demo's "example" mark). */
  stamp?: string;
}

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 56;
const LEADING = 1.45;

/** Width of a character in thousandths of the font size: half-width ASCII, full-width otherwise. */
function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x80 ? 500 : 1000;
}

function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch);
  return (units / 1000) * size;
}

/** Breaks a line to the page width: at spaces for Latin text, anywhere between CJK characters. */
export function wrapText(text: string, size: number, width = PAGE_W - 2 * MARGIN): string[] {
  const out: string[] = [];
  let line = '';
  const tokens = text.match(/[\x21-\x7e]+\s*|\s+|[^\x00-\x7f]/gu) ?? [text];
  for (const token of tokens) {
    if (textWidth(line + token, size) <= width || line === '') {
      if (line === '' && textWidth(token, size) > width) {
        // One token wider than the page: hard-break it.
        let chunk = '';
        for (const ch of token) {
          if (textWidth(chunk + ch, size) > width) {
            out.push(chunk);
            chunk = '';
          }
          chunk += ch;
        }
        line = chunk;
      } else {
        line += token;
      }
    } else {
      out.push(line.trimEnd());
      line = token.trimStart();
    }
  }
  if (line !== '' || out.length === 0) out.push(line.trimEnd());
  return out;
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/**
 * The text-showing operators of a line at the current position: subscript digits (H₂O), which the
 * built-in font has no glyphs for, are shown as digits at 70 % size, lowered (`Ts`), so they read as
 * subscripts rather than as a missing-glyph box.
 */
export function showText(text: string, size: number): string {
  const ops: string[] = [];
  let run = '';
  let sub = false;
  const flush = () => {
    if (run === '') return;
    ops.push(sub ? `/F1 ${(size * 0.7).toFixed(2)} Tf ${(-size * 0.2).toFixed(2)} Ts <${utf16Hex(run)}> Tj /F1 ${size} Tf 0 Ts` : `<${utf16Hex(run)}> Tj`);
    run = '';
  };
  for (const ch of text) {
    const i = SUBSCRIPTS.indexOf(ch);
    if ((i >= 0) !== sub) {
      flush();
      sub = i >= 0;
    }
    run += i >= 0 ? String(i) : ch;
  }
  flush();
  return ops.join(' ');
}

/** UTF-16BE hex of a string (the encoding of UniGB-UTF16-H and of PDF text strings). */
function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex.toUpperCase();
}

const CELL_PAD = 4;

function layout(lines: PdfLine[]): string[] {
  const pages: string[][] = [[]];
  let y = PAGE_H - MARGIN;
  const width = PAGE_W - 2 * MARGIN;
  const page = () => pages[pages.length - 1]!;
  for (const line of lines) {
    const size = line.size ?? 10;
    y -= line.gap ?? 0;
    if (line.cells) {
      const shares = line.columns ?? line.cells.map(() => 1 / line.cells!.length);
      const xs: number[] = [];
      let x = MARGIN;
      for (const share of shares) { xs.push(x); x += share * width; }
      const wrapped = line.cells.map((cell, i) => wrapText(cell, size, (shares[i] ?? 0) * width - 2 * CELL_PAD));
      const height = Math.max(...wrapped.map((w) => w.length)) * size * LEADING + CELL_PAD;
      if (y - height < MARGIN) {
        pages.push([]);
        y = PAGE_H - MARGIN;
      }
      const top = y;
      if (line.header) page().push(`q 0.94 g ${MARGIN} ${(top - height).toFixed(2)} ${width.toFixed(2)} ${height.toFixed(2)} re f Q`);
      wrapped.forEach((parts, i) => parts.forEach((part, k) => {
        const baseline = top - (k + 1) * size * LEADING + CELL_PAD / 2;
        page().push(`BT /F1 ${size} Tf ${((xs[i] ?? MARGIN) + CELL_PAD).toFixed(2)} ${baseline.toFixed(2)} Td ${showText(part, size)} ET`);
      }));
      y = top - height;
      const rule = (at: number) => `q 0.5 w 0.6 G ${MARGIN} ${at.toFixed(2)} m ${(MARGIN + width).toFixed(2)} ${at.toFixed(2)} l S Q`;
      if (line.header) page().push(rule(top));
      page().push(rule(y));
      continue;
    }
    for (const part of wrapText(line.text, size)) {
      y -= size * LEADING;
      if (y < MARGIN) {
        pages.push([]);
        y = PAGE_H - MARGIN - size * LEADING;
      }
      page().push(`BT /F1 ${size} Tf ${MARGIN} ${y.toFixed(2)} Td ${showText(part, size)} ET`);
    }
  }
  return pages.map((ops) => ops.join('\n'));
}

/** The operators of a page's stamp: large, light grey and diagonal behind the text, and small at the top and foot. */
function stampOps(stamp: string): string {
  const size = 30;
  const x = (PAGE_W - textWidth(stamp, size) * Math.SQRT1_2) / 2;
  const y = (PAGE_H - textWidth(stamp, size) * Math.SQRT1_2) / 2;
  const hex = utf16Hex(stamp);
  return [
    `q 0.85 g BT /F1 ${size} Tf ${Math.SQRT1_2.toFixed(4)} ${Math.SQRT1_2.toFixed(4)} ${(-Math.SQRT1_2).toFixed(4)} ${Math.SQRT1_2.toFixed(4)} ${x.toFixed(2)} ${y.toFixed(2)} Tm <${hex}> Tj ET Q`,
    `q 0.6 0 0 rg BT /F1 9 Tf ${MARGIN} ${(PAGE_H - MARGIN / 2).toFixed(2)} Td <${hex}> Tj ET Q`,
    `q 0.6 0 0 rg BT /F1 9 Tf ${MARGIN} ${(MARGIN / 2).toFixed(2)} Td <${hex}> Tj ET Q`,
  ].join('\n');
}

/** Renders the document to PDF bytes; the same input always gives the same bytes. */
export function renderPdf(doc: PdfDocument): Buffer {
  const stamp = doc.stamp ? stampOps(doc.stamp) : null;
  const contents = layout(doc.lines).map((page) => (stamp ? `${stamp}\n${page}` : page));
  const objects: string[] = [];
  const add = (body: string): number => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const font = add('');
  const cidFont = add('');
  const descriptor = add('');
  const info = add(`<< /Title <FEFF${utf16Hex(doc.title)}> /Producer (YouReagent document service) >>`);
  const pageIds: number[] = [];
  for (const content of contents) {
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    pageIds.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R /Lang (zh-CN) >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[font - 1] = `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UTF16-H /DescendantFonts [${cidFont} 0 R] >>`;
  objects[cidFont - 1] = `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor ${descriptor} 0 R /DW 1000 /W [1 95 500] >>`;
  objects[descriptor - 1] = '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>';

  let out = '%PDF-1.7\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = createHash('md5').update(out, 'latin1').digest('hex');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
