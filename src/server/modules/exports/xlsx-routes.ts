import 'server-only';
import type { Context } from 'hono';
import type { AppEnv } from '@/server/http/context';
import { contentDisposition } from '@/server/modules/files/routes';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The answer of a list's Excel export: the streamed workbook as an attachment named `<base>-<day>.xlsx`. */
export function xlsxDownload(c: Context<AppEnv>, body: ReadableStream<Uint8Array>, base: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': XLSX_TYPE, 'content-disposition': contentDisposition(`${base}-${new Date().toISOString().slice(0, 10)}.xlsx`),
      'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', 'x-request-id': c.get('requestId'),
    },
  });
}
