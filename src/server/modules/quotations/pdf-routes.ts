import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idSchema, optionalIdSchema } from '@/contracts/numbers';
import type { AppEnv } from '@/server/http/context';
import { contentDisposition } from '@/server/modules/files/routes';

export const pdfInputSchema = z.object({ id: idSchema, version: optionalIdSchema, lang: z.enum(['zh', 'en']).optional() });

/** A generated PDF as the answer: private, not cached, not sniffed. */
export function pdfResponse(c: Context<AppEnv>, pdf: { bytes: Buffer; name: string }): Response {
  return new Response(new Uint8Array(pdf.bytes), {
    status: 200,
    headers: {
      'content-type': 'application/pdf', 'content-length': String(pdf.bytes.byteLength), 'content-disposition': contentDisposition(pdf.name),
      'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', 'x-request-id': c.get('requestId'),
    },
  });
}
