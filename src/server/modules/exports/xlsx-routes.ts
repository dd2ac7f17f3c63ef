import 'server-only';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Permission } from '@/server/auth/permissions';
import type { AppEnv } from '@/server/http/context';
import type { Audience } from '@/server/http/middleware/authorise';
import type { Router } from '@/server/http/router';
import { businessToday } from '@/server/business-time';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxExportSpec<I extends z.ZodType> {
  /** `/export` unless given. */
  path?: string;
  summary: string;
  description?: string;
  tags: string[];
  /** The list's filters (its input without the page). */
  input: I;
  audience: Audience;
  permissions: Permission[];
  /** The file's name before `-<day>.xlsx`. */
  file: string | ((c: Context<AppEnv>) => string);
}

/**
 * A list's Excel export in one declaration: GET `<list>/export` with the list's filters and guard,
 * answering the workbook (streamed, or whole) as an attachment named `<file>-<day>.xlsx`.
 */
export function xlsxExport<I extends z.ZodType>(
  router: Router,
  spec: XlsxExportSpec<I>,
  workbook: (input: z.output<I>, c: Context<AppEnv>) => Promise<ReadableStream<Uint8Array> | Uint8Array> | ReadableStream<Uint8Array>,
): void {
  const { path = '/export', description = 'Answers the workbook itself, or the JSON envelope on an error.', file, ...rest } = spec;
  router.endpoint({ method: 'get', path, description, ...rest, file: [XLSX_TYPE] }, async (input, c) => {
    const base = typeof file === 'string' ? file : file(c);
    return { body: await workbook(input, c), type: XLSX_TYPE, name: `${base}-${businessToday()}.xlsx` };
  });
}
