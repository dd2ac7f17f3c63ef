import 'server-only';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { ImportFormat } from '@/contracts/catalog-import';

/**
 * Rows of an import file, streamed (ADR 0034): the CSV parser and exceljs's streaming workbook
 * reader hold a chunk of the file and one row at a time, never the whole file, so memory stays flat
 * however many rows it has. Every row comes as text cells with its number as a spreadsheet shows it.
 */

export interface FileRow {
  /** 1 for the header. */
  rowNo: number;
  cells: string[];
}

/** Counts the bytes that pass (the job's progress). */
export class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/**
 * UTF-8 text as it is; anything else is read as GB 18030 (the superset of GBK that Chinese Excel
 * writes "CSV" in). The first 64 KiB decide: valid UTF-8 there means UTF-8.
 */
class CsvDecoder extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private decoder: TextDecoder | null = null;

  private decide(): void {
    const head = Buffer.concat(this.head);
    let encoding = 'utf-8';
    try {
      // A multi-byte character cut at the end of the sample is not an error (stream: true).
      new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    } catch {
      encoding = 'gb18030';
    }
    this.decoder = new TextDecoder(encoding);
    this.head = [];
    this.push(this.decoder.decode(head, { stream: true }));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.decoder) {
      done(null, this.decoder.decode(chunk, { stream: true }));
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes >= 65_536) this.decide();
    done();
  }

  override _flush(done: TransformCallback): void {
    if (!this.decoder) this.decide();
    done(null, this.decoder?.decode() ?? '');
  }
}

/** A cell's value as text: numbers as written, rich text joined, formulas by their cached result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return '';
}

async function* csvRows(input: Readable): AsyncGenerator<FileRow> {
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  const decoded = input.pipe(new CsvDecoder());
  input.on('error', (e) => decoded.destroy(e));
  decoded.on('error', (e) => parser.destroy(e));
  decoded.pipe(parser);
  let rowNo = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    rowNo += 1;
    yield { rowNo, cells: record };
  }
}

async function* xlsxRows(input: Readable): AsyncGenerator<FileRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore',
  });
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values : [];
      // exceljs numbers cells from 1: values[0] is always empty.
      const cells: string[] = [];
      for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i]));
      yield { rowNo: row.number, cells };
    }
    // The first worksheet only: the others (the template's guide) are not data.
    break;
  }
}

/** The rows of a CSV or XLSX stream, the header first. */
export function readRows(input: Readable, format: ImportFormat): AsyncGenerator<FileRow> {
  return format === 'csv' ? csvRows(input) : xlsxRows(input);
}
