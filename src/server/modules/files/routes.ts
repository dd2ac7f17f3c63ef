import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idSchema } from '@/contracts/numbers';
import { and, eq } from 'drizzle-orm';
import { contentItems } from '@/server/db/schema';
import type { AppEnv } from '@/server/http/context';
import { AppError } from '@/server/errors';
import { apiRegistry, createRouter } from '@/server/http/router';
import { getDocumentFile } from '@/server/modules/content/documents';
import { getBrandLogoPath } from '@/server/modules/catalog/brands';
import { getBannerImagePath } from '@/server/modules/content/banners';
import { contentImageKey } from '@/server/modules/content/images';
import { getFileStore } from './store';

export const filesWebRouter = createRouter('/api/web/files');

const idParam = idSchema;

function contentTypeOf(key: string): string {
  return key.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
}

/** An RFC 6266 disposition: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Streams a stored file as a download; 404 for an unknown id or a missing file. */
async function sendFile(c: Context<AppEnv>, file: { filePath: string; fileName: string } | null): Promise<Response> {
  if (!file) throw new AppError(404, 'fileNotFound');
  const stored = await getFileStore().open(file.filePath);
  if (!stored) throw new AppError(404, 'fileNotFound');
  return new Response(stored.stream(), {
    status: 200,
    headers: {
      'content-type': contentTypeOf(file.filePath),
      'content-length': String(stored.size),
      'content-disposition': contentDisposition(file.fileName),
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-request-id': c.get('requestId'),
    },
  });
}

function parseId(raw: string): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw new AppError(404, 'fileNotFound');
  return parsed.data;
}

// GET /api/web/files/document/:id — download a product document (COA, SDS, protocol) as PDF
filesWebRouter.app.get('/document/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  return sendFile(c, await getDocumentFile(c.get('db'), { id }));
});

// GET /api/web/files/resource/:id — download a resource file (handbook, guide) as PDF
filesWebRouter.app.get('/resource/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const [row] = await c.get('db').select({ filePath: contentItems.filePath, titleEn: contentItems.titleEn }).from(contentItems).where(and(eq(contentItems.id, id), eq(contentItems.status, 'published')));
  const fileName = row?.filePath ? row.filePath.split('/').pop() ?? 'resource.pdf' : '';
  return sendFile(c, row?.filePath ? { filePath: row.filePath, fileName } : null);
});

/**
 * Answers a stored image (PNG, JPEG or WebP, re-encoded when uploaded) with nosniff and a sandboxing CSP;
 * 404 without one. `immutable`: the URL names the image, so a new image is a new URL.
 */
export async function sendImage(c: Context<AppEnv>, key: string | null): Promise<Response> {
  const stored = key ? await getFileStore().open(key) : null;
  if (!key || !stored) throw new AppError(404, 'fileNotFound');
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return new Response(stored.stream(), {
    status: 200,
    headers: {
      'content-type': ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg',
      'content-length': String(stored.size),
      // The URL carries the image's name, so a new image is a new URL.
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-request-id': c.get('requestId'),
    },
  });
}

// GET /api/web/files/brand-logo/:id — a brand's logo image (PNG, JPEG or WebP, re-encoded when uploaded)
filesWebRouter.app.get('/brand-logo/:id', async (c) => sendImage(c, await getBrandLogoPath(c.get('db'), { id: parseId(c.req.param('id')) })));

// GET /api/web/files/banner/:id — an active banner's image
filesWebRouter.app.get('/banner/:id', async (c) => sendImage(c, await getBannerImagePath(c.get('db'), { id: parseId(c.req.param('id')) })));

// GET /api/web/files/content-image/:name — an image of a rich-text body (uploaded in the back-office)
filesWebRouter.app.get('/content-image/:name', async (c) => sendImage(c, contentImageKey(c.req.param('name'))));

apiRegistry.push({
  method: 'get', fullPath: '/api/web/files/banner/:id', summary: 'A banner\'s image', tags: ['files'], audience: 'public', permissions: [],
  description: 'Answers the image itself (image/png, image/jpeg or image/webp, nosniff), or the JSON envelope with 404 when the banner is not shown or has no image.',
  output: z.string().describe('image bytes'),
});

apiRegistry.push({
  method: 'get', fullPath: '/api/web/files/content-image/:name', summary: 'An image of an article body', tags: ['files'], audience: 'public', permissions: [],
  description: 'Answers the image itself (image/png, image/jpeg or image/webp, nosniff), or the JSON envelope with 404 for an unknown name.',
  output: z.string().describe('image bytes'),
});

apiRegistry.push({
  method: 'get', fullPath: '/api/web/files/brand-logo/:id', summary: 'A brand\'s logo image', tags: ['files'], audience: 'public', permissions: [],
  description: 'Answers the image itself (image/png, image/jpeg or image/webp, nosniff), or the JSON envelope with 404 when the brand has no logo image.',
  output: z.string().describe('image bytes'),
});

for (const [path, summary] of [
  ['/api/web/files/document/:id', 'Download a product document (COA, SDS, protocol) as PDF'],
  ['/api/web/files/resource/:id', 'Download a resource file (handbook, guide) as PDF'],
] as const) {
  apiRegistry.push({
    method: 'get', fullPath: path, summary, tags: ['files'], audience: 'public', permissions: [],
    description: 'Answers the file itself (application/pdf, Content-Disposition attachment), or the JSON envelope with 404.',
    output: z.string().describe('PDF bytes'),
  });
}
