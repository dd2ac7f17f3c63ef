import 'server-only';
import { z } from 'zod';
import { idSchema } from '@/contracts/numbers';
import { AppError } from '@/server/errors';
import { storedFileReply, type FileReply } from '@/server/http/file-reply';
import { createRouter, type FileEndpointSpec } from '@/server/http/router';
import { getDocumentFile, getResourceFile } from '@/server/modules/content/documents';
import { getBrandLogoPath } from '@/server/modules/catalog/brands';
import { getBannerImagePath } from '@/server/modules/content/banners';
import { contentImageKey } from '@/server/modules/content/images';
import { licenceKindParamSchema } from '@/contracts/site-settings';
import { getLicenceScanPath } from '@/server/modules/site-settings/licences';
import { getFileStore } from './store';
import { revalidateStorefront } from '@/server/cache/storefront';
import { markDocumentMissing } from '@/server/modules/catalog/admin-documents';

export const filesWebRouter = createRouter('/api/web/files');

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The types an upload is stored as (its bytes decide): a PDF or an image. */
export const STORED_TYPES = ['application/pdf', ...IMAGE_TYPES] as const;

/** A stored file offered as a download under its name and type; 404 without the file. */
export async function storedDownload(file: { key: string; name: string; type: string } | null, reply: { cache: string; inline?: boolean }): Promise<FileReply> {
  const stored = file ? await getFileStore().open(file.key) : null;
  if (!file || !stored) throw new AppError(404, 'fileNotFound');
  return storedFileReply(stored, { type: file.type, name: file.name, ...reply });
}

/** The type of a stored upload by its key's extension (uploads are stored under the type their bytes showed). */
export function storedTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'pdf' ? 'application/pdf' : ext === 'ofd' ? 'application/ofd' : ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
}

/**
 * A stored image (PNG, JPEG or WebP, re-encoded when uploaded) under the sandbox, shown rather than
 * saved; 404 without one. A day's cache: the URL carries the image's name, so a new image is a new URL.
 */
export async function storedImage(key: string | null): Promise<FileReply> {
  const stored = key ? await getFileStore().open(key) : null;
  if (!key || !stored) throw new AppError(404, 'fileNotFound');
  return storedFileReply(stored, { type: storedTypeOf(key), cache: 'public, max-age=86400' });
}

/** The image endpoints' declaration: the address names the image, and one it cannot name answers 404. */
export const imageAnswer = { file: IMAGE_TYPES, notFoundOnInvalid: 'fileNotFound' } as const;

const idParam = z.object({ id: idSchema });
const pdfAnswer: Pick<FileEndpointSpec<typeof idParam>, 'file' | 'notFoundOnInvalid' | 'input' | 'tags' | 'description'> = {
  file: ['application/pdf'], notFoundOnInvalid: 'fileNotFound', input: idParam, tags: ['files'],
  description: 'Answers the file itself (application/pdf, Content-Disposition attachment), or the JSON envelope with 404.',
};

async function pdfDownload(file: { filePath: string; fileName: string } | null): Promise<FileReply> {
  const type = file?.filePath.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
  return storedDownload(file && { key: file.filePath, name: file.fileName, type }, { cache: 'public, max-age=3600' });
}

// GET /api/web/files/document/:id — download a product document (COA, SDS, protocol) as PDF
filesWebRouter.endpoint(
  { method: 'get', path: '/document/:id', summary: 'Download a product document (COA, SDS, protocol) as PDF', ...pdfAnswer },
  async (input, c) => {
    const file = await getDocumentFile(c.get('db'), input);
    try {
      return await pdfDownload(file);
    } catch (error) {
      // An uploaded file gone from the store is marked missing: staff see it, and the product page says so.
      if (file && error instanceof AppError && error.code === 404) {
        const productId = await markDocumentMissing(c.get('db'), file.id);
        if (productId !== null) revalidateStorefront({ product: productId }, 'content');
      }
      throw error;
    }
  },
);

// GET /api/web/files/resource/:id — download a resource file (handbook, guide) as PDF
filesWebRouter.endpoint(
  { method: 'get', path: '/resource/:id', summary: 'Download a resource file (handbook, guide) as PDF', ...pdfAnswer },
  async (input, c) => pdfDownload(await getResourceFile(c.get('db'), input)),
);

// GET /api/web/files/brand-logo/:id — a brand's logo image (PNG, JPEG or WebP, re-encoded when uploaded)
filesWebRouter.endpoint(
  {
    method: 'get', path: '/brand-logo/:id', summary: 'A brand\'s logo image', tags: ['files'], input: idParam, ...imageAnswer,
    description: 'Answers the image itself (image/png, image/jpeg or image/webp, nosniff), or the JSON envelope with 404 when the brand has no logo image.',
  },
  async (input, c) => storedImage(await getBrandLogoPath(c.get('db'), input)),
);

// GET /api/web/files/banner/:id — an active banner's image
filesWebRouter.endpoint(
  {
    method: 'get', path: '/banner/:id', summary: 'A banner\'s image', tags: ['files'], input: idParam, ...imageAnswer,
    description: 'Answers the image itself (image/png, image/jpeg or image/webp, nosniff), or the JSON envelope with 404 when the banner is not shown or has no image.',
  },
  async (input, c) => storedImage(await getBannerImagePath(c.get('db'), input)),
);

// GET /api/web/files/content-image/:name — an image of a rich-text body (uploaded in the back-office)
filesWebRouter.endpoint(
  {
    method: 'get', path: '/content-image/:name', summary: 'An image of an article body', tags: ['files'], input: z.object({ name: z.string() }), ...imageAnswer,
    description: 'Answers the image itself (image/png, image/jpeg or image/webp, nosniff), or the JSON envelope with 404 for an unknown name.',
  },
  async (input) => storedImage(contentImageKey(input.name)),
);

// GET /api/web/files/licence/:kind/:name — the shop's current scan of its business or hazardous-chemicals licence
filesWebRouter.endpoint(
  {
    method: 'get', path: '/licence/:kind/:name', summary: 'The scan of a licence the shop shows', tags: ['files'],
    input: licenceKindParamSchema.extend({ name: z.string() }), ...imageAnswer,
    description: 'Answers the image itself (image/png, image/jpeg or image/webp, nosniff), or the JSON envelope with 404 when the licence has no scan or `name` is not its current one.',
  },
  async (input, c) => storedImage(await getLicenceScanPath(c.get('db'), input)),
);
