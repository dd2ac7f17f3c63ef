import 'server-only';
import { z } from 'zod';
import { idSchema, optionalIdSchema } from '@/contracts/numbers';
import type { FileReply } from '@/server/http/file-reply';

export const pdfInputSchema = z.object({ id: idSchema, version: optionalIdSchema, lang: z.enum(['zh', 'en']).optional() });

/** A generated PDF's endpoint answer: the file's type, for the declaration. */
export const PDF_FILE = ['application/pdf'] as const;

/** A generated PDF as the answer: private, not cached, not sniffed. */
export function pdfReply(pdf: { bytes: Buffer; name: string }): FileReply {
  return { body: pdf.bytes, type: 'application/pdf', size: pdf.bytes.byteLength, name: pdf.name };
}
