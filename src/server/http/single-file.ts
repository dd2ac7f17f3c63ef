import 'server-only';
import type { Context } from 'hono';
import { AppError } from '@/server/errors';
import type { AppEnv } from './context';
import { MULTIPART, mediaTypeOf } from './input';

/** What an upload endpoint accepts: one `file` part, and text fields when `fields` says so. */
export interface UploadRules {
  maxBytes: number;
  /** The message of a 415 (a body that is not multipart). */
  typeRefused: string;
  /** The message of a 413 (a file over `maxBytes`, or a body over `limit`). */
  tooLarge: string;
  /** Text parts are fields of the input; without it any part but `file` is refused. */
  fields?: boolean;
  /** The route's own body limit, in place of the frame's (the server lists the route). */
  limit?: number;
}

/**
 * The parts of a multipart upload: the one `file` part and the text fields. A body that is not
 * multipart answers 415 with `typeRefused`, a second file or a file under another name 400, a text
 * part 400 unless the rules take fields.
 */
export async function readUploadParts(c: Context<AppEnv>, rules: UploadRules): Promise<{ file: File | null; fields: Record<string, string> }> {
  if (mediaTypeOf(c.req.header('content-type')) !== MULTIPART) throw new AppError(415, rules.typeRefused);
  const form = await c.req.formData().catch(() => {
    throw new AppError(400, 'malformedBody');
  });
  let file: File | null = null;
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && rules.fields) fields[key] = value;
    else if (key === 'file' && typeof value !== 'string' && !file) file = value;
    else throw new AppError(400, 'validation', [{ field: key, message: 'badRequest' }]);
  }
  return { file, fields };
}

/** The upload's file: a missing one answers 400, one over `maxBytes` 413 with `tooLarge`. What the bytes must be is the caller's check. */
export function checkedFile(file: File | null, rules: UploadRules): File {
  if (!file) throw new AppError(400, 'validation', [{ field: 'file', message: 'fieldRequired' }]);
  if (file.size > rules.maxBytes) throw new AppError(413, rules.tooLarge);
  return file;
}
