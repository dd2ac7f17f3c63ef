import 'server-only';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Lang } from '@/lib/lang';
import { csvField } from '@/lib/spreadsheet-cell';
import type { Db } from '@/server/db/client';
import { importJobs } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { columnLabel } from './columns';
import { importJobErrorPages } from './jobs';

/**
 * A job's error report (ADR 0034): CSV with a byte-order mark (Excel then reads it as UTF-8), one line
 * per problem — row number, column, reason, the value as the file had it — in the language of the
 * staff member who started the import, every cell escaped against formula injection. Streamed from
 * the refused rows a page at a time.
 */
export async function importErrorReport(db: Db, jobId: number): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const [job] = await db.select({ id: importJobs.id, lang: importJobs.lang }).from(importJobs).where(eq(importJobs.id, jobId));
  if (!job) throw new AppError(404, 'importJobNotFound');
  const lang: Lang = job.lang === 'en' ? 'en' : 'zh';
  const m = serverMessages(lang).adminImports;
  const reasons = m.reasons as Record<string, string>;
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${[m.report.row, m.report.column, m.report.reason, m.report.value].map(csvField).join(',')}\r\n`;
    for await (const page of importJobErrorPages(db, jobId)) {
      yield page.map((e) => [
        String(e.rowNo), e.column ? columnLabel(e.column, lang) : '', reasons[e.reason] ?? e.reason, e.value,
      ].map(csvField).join(',')).join('\r\n') + '\r\n';
    }
  }
  const stream = Readable.toWeb(Readable.from(lines(), { objectMode: false })) as ReadableStream<Uint8Array>;
  return { stream, fileName: `${m.report.file}-${job.id}.csv` };
}
