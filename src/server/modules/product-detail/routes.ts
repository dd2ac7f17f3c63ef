import 'server-only';
import { z } from 'zod';
import {
  parseProductId, productDetailAllSchema, productDetailSchema, productIdInputSchema, productLinkedInputSchema, productLinkedPageSchema,
} from '@/contracts/product-detail';
import { AppError } from '@/server/errors';
import { smilesSchema } from '@/contracts/structure';
import { createRouter } from '@/server/http/router';
import { log } from '@/server/log';
import { drawingVersion, structureDrawing } from './structure-cache';
import { getProductDetail, getProductDetailAll, getProductSmiles, listLinkedContent } from './service';
import { UnsafeStructureSvgError } from './structure-svg';

export const productDetailWebRouter = createRouter('/api/web/product');

function productIdOf(raw: unknown): number {
  const id = parseProductId(raw);
  if (id === null) throw new AppError(404, 'productNotFound');
  return id;
}

// POST /api/web/product/getDetails — one product (names, identifiers, grade, storage, GHS, brand, category path)
productDetailWebRouter.endpoint(
  { method: 'post', path: '/getDetails', tags: ['product'], input: productIdInputSchema, output: productDetailSchema, summary: 'One product; 404 for an unknown or non-numeric id' },
  async (input, c) => {
    const detail = await getProductDetail(c.get('db'), { id: productIdOf(input.id), lang: c.get('lang') });
    if (!detail) throw new AppError(404, 'productNotFound');
    return detail;
  },
);

// POST /api/web/product/details/all — the product with its packs, documents, linked articles and citations
productDetailWebRouter.endpoint(
  { method: 'post', path: '/details/all', tags: ['product'], input: productIdInputSchema, output: productDetailAllSchema, summary: 'Product, packs, documents, linked articles and citations in one answer' },
  async (input, c) => {
    const all = await getProductDetailAll(c.get('db'), { id: productIdOf(input.id), lang: c.get('lang') });
    if (!all) throw new AppError(404, 'productNotFound');
    return all;
  },
);

// POST /api/web/product/linked/list — one page of the content linked to a product (type: article or citation)
productDetailWebRouter.endpoint(
  { method: 'post', path: '/linked/list', tags: ['product'], input: productLinkedInputSchema, output: productLinkedPageSchema, summary: 'Articles and citations linked to a product (id, type, limit, offset)' },
  async (input, c) => {
    const db = c.get('db');
    const productId = productIdOf(input.id);
    if ((await getProductSmiles(db, { id: productId })) === undefined) throw new AppError(404, 'productNotFound');
    return listLinkedContent(db, { productId, group: input.type, lang: c.get('lang'), limit: input.limit, offset: input.offset });
  },
);

/** A day, then revalidation by ETag; a year and `immutable` when the URL names the drawing's version. */
const REVALIDATE_AFTER = 86_400;
const IMMUTABLE_FOR = 31_536_000;

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

// GET /api/web/product/structure/:id — the structure drawing (SVG) rendered from the product's SMILES
productDetailWebRouter.endpoint(
  {
    method: 'get', path: '/structure/:id', summary: 'Structure drawing of a product (SVG)', tags: ['product'],
    description: 'Answers image/svg+xml drawn on the server from the product\'s SMILES, with an ETag (304 on If-None-Match) and a day\'s cache, '
      + 'or a year and `immutable` when `v` is the version given in the product\'s `structureUrl`. The JSON envelope with 404 when the product is unknown or has no SMILES. '
      + 'With `hl` (a fragment\'s SMILES, as structure search\'s substructure mode sends it), the bonds the fragment matches are coloured; a fragment that does not match leaves the drawing plain.',
    input: z.object({ id: z.string(), v: z.string().max(64).optional(), hl: smilesSchema('catalogProductSmilesInvalid').optional() }), file: ['image/svg+xml'], notFoundOnInvalid: 'productNotFound',
  },
  async (input, c) => {
    const id = productIdOf(input.id);
    const smiles = await getProductSmiles(c.get('db'), { id });
    if (smiles === undefined) throw new AppError(404, 'productNotFound');
    if (!smiles) throw new AppError(404, 'structureNotFound');
    let drawing;
    try {
      drawing = await structureDrawing(smiles, undefined, input.hl ?? null);
    } catch (error) {
      if (!(error instanceof UnsafeStructureSvgError)) throw error;
      log('warn', 'structure.refused', { productId: id, reason: error.message });
      drawing = null;
    }
    if (!drawing) throw new AppError(404, 'structureNotFound');
    const versioned = input.v === drawingVersion(drawing.etag);
    return {
      body: drawing.svg, type: 'image/svg+xml; charset=utf-8',
      cache: versioned ? `public, max-age=${IMMUTABLE_FOR}, immutable` : `public, max-age=${REVALIDATE_AFTER}`,
      csp: "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      headers: { etag: drawing.etag, vary: 'accept-encoding' },
      status: matchesEtag(c.req.header('if-none-match'), drawing.etag) ? 304 : 200,
    };
  },
);
