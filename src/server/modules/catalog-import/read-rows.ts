import 'server-only';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import type { ImportFormat } from '@/contracts/catalog-import';
import { xlsxStreamRows } from './xlsx-rows';
import { LimitError } from './zip-entries';

/**
 * Rows of an import file, streamed (ADR 0034, ADR 0042): the CSV parser and the XLSX sheet reader
 * (`xlsx-rows.ts`) hold a chunk of the file and one row at a time, never the whole file, so memory
 * stays flat however many rows it has. Every row comes as text cells with its number as a spreadsheet
 * shows it.
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

/** The longest CSV record taken (a row of the import is a few hundred bytes). */
export const CSV_MAX_RECORD_CHARS = 1024 * 1024;

async function* csvRows(input: Readable): AsyncGenerator<FileRow> {
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, max_record_size: CSV_MAX_RECORD_CHARS });
  const decoded = input.pipe(new CsvDecoder());
  input.on('error', (e) => decoded.destroy(e));
  decoded.on('error', (e) => parser.destroy(e));
  decoded.pipe(parser);
  let rowNo = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNo += 1;
      yield { rowNo, cells: record };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw new LimitError('csv: a record too long');
    throw error;
  }
}

/**
 * The rows of a CSV or XLSX stream, the header first. `onRead` is told how far into the file the
 * rows have come, for an XLSX file (whose rows are read from a copy once it is whole); a CSV file's
 * progress is the bytes that passed.
 */
export function readRows(input: Readable, format: ImportFormat, onRead?: (position: number) => void): AsyncGenerator<FileRow> {
  return format === 'csv' ? csvRows(input) : xlsxStreamRows(input, onRead);
}
