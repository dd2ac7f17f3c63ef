import 'server-only';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Lang } from '@/lib/lang';
import { csvField, escapeFormula } from '@/lib/spreadsheet-cell';
import type { Db } from '@/server/db/client';
import { importJobs } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { serverMessages } from '@/server/messages';
import { columnLabel } from './columns';
import { importJobErrorPages } from './jobs';

/**
 * A job's error report (ADR 0034): one line per problem — row number, column, reason, the value as
 * the file had it — in the language of the staff member who started the import, every cell escaped
 * against formula injection, streamed from the refused rows a page at a time. As CSV with a
 * byte-order mark (Excel then reads it as UTF-8), or as an Excel workbook (ADR 0042).
 */
export type ReportFormat = 'csv' | 'xlsx';

type ReportLines = { header: string[]; pages: () => AsyncGenerator<string[][]> };

/**
 * A reason's words: a key under `adminImports.reasons`, optionally followed by `:` and the position or
 * atom its message names (a structure's syntax error near character N, atom N over its valence).
 */
export function reasonText(reasons: Record<string, string>, reason: string): string {
  const at = reason.indexOf(':');
  const key = at < 0 ? reason : reason.slice(0, at);
  const text = reasons[key];
  if (text === undefined) return reason;
  return at < 0 ? text : text.replace(/\{(position|atom)\}/g, reason.slice(at + 1));
}

async function reportOf(db: Db, jobId: number): Promise<{ lines: ReportLines; file: string; sheet: string }> {
  const [job] = await db.select({ id: importJobs.id, lang: importJobs.lang }).from(importJobs).where(eq(importJobs.id, jobId));
  if (!job) throw new AppError(404, 'importJobNotFound');
  const lang: Lang = job.lang === 'en' ? 'en' : 'zh';
  const m = serverMessages(lang).adminImports;
  const reasons = m.reasons as Record<string, string>;
  async function* pages(): AsyncGenerator<string[][]> {
    for await (const page of importJobErrorPages(db, jobId)) {
      yield page.map((e) => [String(e.rowNo), e.column ? columnLabel(e.column, lang) : '', reasonText(reasons, e.reason), e.value]);
    }
  }
  return {
    lines: { header: [m.report.row, m.report.column, m.report.reason, m.report.value], pages },
    file: `${m.report.file}-${job.id}`,
    sheet: m.report.sheet,
  };
}

function csvStream(lines: ReportLines): ReadableStream<Uint8Array> {
  async function* text(): AsyncGenerator<string> {
    yield `\uFEFF${lines.header.map(csvField).join(',')}\r\n`;
    for await (const page of lines.pages()) yield page.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
  }
  return Readable.toWeb(Readable.from(text(), { objectMode: false })) as ReadableStream<Uint8Array>;
}

function xlsxStream(lines: ReportLines, sheetName: string): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 10 }, { width: 18 }, { width: 48 }, { width: 32 }];
  async function write(): Promise<void> {
    const head = sheet.addRow(lines.header);
    head.font = { bold: true };
    head.commit();
    for await (const page of lines.pages()) {
      for (const [rowNo, ...cells] of page) sheet.addRow([Number(rowNo), ...cells.map((c) => escapeFormula(c ?? ''))]).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => {
    log('error', 'import.report_failed', { message: error instanceof Error ? error.message : String(error) });
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

export async function importErrorReport(db: Db, jobId: number, format: ReportFormat = 'csv'): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const report = await reportOf(db, jobId);
  if (format === 'xlsx') return { stream: xlsxStream(report.lines, report.sheet), fileName: `${report.file}.xlsx` };
  return { stream: csvStream(report.lines), fileName: `${report.file}.csv` };
}
