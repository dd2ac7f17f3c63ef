import 'server-only';
import { once, type EventEmitter } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeFormula } from '@/lib/spreadsheet-cell';
import { log } from '@/server/log';

/** A cell's value: text (escaped against formulas), a number, a date, or empty. */
export type XlsxCell = string | number | Date | null;

export interface XlsxColumn<T> {
  header: string;
  width: number;
  value: (row: T) => XlsxCell;
  /** Excel's number format, e.g. `#,##0.00` or `yyyy-mm-dd`. */
  format?: string;
}

/** Rows read per page while exporting. */
export const EXPORT_PAGE = 500;

/** The pages of a keyset list, one after another until it has no next cursor: every row, no cap. */
export async function* keysetPages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  do {
    const p = await page(cursor);
    if (p.items.length) yield p.items;
    cursor = p.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * exceljs's worksheet writes its XML into a buffer that hands it to the zip's deflate stream without
 * waiting (its writes never answer "full"): when rows come faster than deflate takes them, the backlog
 * grew by hundreds of megabytes over a million rows. Waits until the deflate stream has taken what it was
 * given (its `drain`; ADR 0093).
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  // The zip's side is a stream of the `readable-stream` package (archiver's own): its state, not Node's getters.
  type Taker = EventEmitter & { _writableState?: { needDrain?: boolean } };
  const pipes = (sheet as unknown as { stream?: { pipes?: Taker[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    if (pipe._writableState?.needDrain) await once(pipe, 'drain');
  }
}

/**
 * A list as an Excel workbook, streamed (exceljs's streaming writer, as the product export of ADR
 * 0034): each page of rows goes to the zip stream — waiting for it to drain — before the next is
 * read, so memory does not grow with the list and there is no row cap. Every text cell is escaped
 * against formula injection (`=`, `+`, `-`, `@`, tab, carriage return: a leading apostrophe). The
 * header row is bold and frozen. An error while writing ends the stream with that error (logged as
 * `<name>.export_failed`).
 */
export function streamXlsx<T>(spec: { name: string; sheet: string; columns: readonly XlsxColumn<T>[]; pages: AsyncIterable<readonly T[]> }): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c, i) => ({ key: String(i), width: c.width, ...(c.format ? { style: { numFmt: c.format } } : {}) }));
  const cell = (v: XlsxCell) => (typeof v === 'string' ? escapeFormula(v) : v);

  async function write(): Promise<void> {
    const head = sheet.addRow(spec.columns.map((c) => escapeFormula(c.header)));
    head.font = { bold: true };
    head.commit();
    for await (const rows of spec.pages) {
      for (const row of rows) sheet.addRow(spec.columns.map((c) => cell(c.value(row)))).commit();
      await zipCaughtUp(sheet);
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  }

  write().catch((error: unknown) => {
    log('error', `${spec.name}.export_failed`, { message: error instanceof Error ? error.message : String(error) });
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
