import 'server-only';
import type { Context } from 'hono';
import { AppError } from '@/server/errors';
import type { AppEnv } from './context';
import { MULTIPART, mediaTypeOf } from './input';

/**
 * The one `file` part of a multipart upload: a body that is not multipart answers 415 with
 * `typeRefused`, any other part 400, a missing file 400, a file over `maxBytes` 413 with `tooLarge`.
 * What the bytes must be is the caller's check.
 */
export async function readSingleFile(c: Context<AppEnv>, rules: { maxBytes: number; typeRefused: string; tooLarge: string }): Promise<File> {
  if (mediaTypeOf(c.req.header('content-type')) !== MULTIPART) throw new AppError(415, rules.typeRefused);
  const form = await c.req.formData().catch(() => {
    throw new AppError(400, 'malformedBody');
  });
  let file: File | null = null;
  for (const [key, value] of form.entries()) {
    if (key === 'file' && typeof value !== 'string' && !file) file = value;
    else throw new AppError(400, 'validation', [{ field: key, message: 'badRequest' }]);
  }
  if (!file) throw new AppError(400, 'validation', [{ field: 'file', message: 'fieldRequired' }]);
  if (file.size > rules.maxBytes) throw new AppError(413, rules.tooLarge);
  return file;
}
