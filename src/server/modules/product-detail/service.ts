import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  CategoryCrumbDto, ProductDetailAllDto, ProductDetailDto, ProductDocumentsDto, ProductLinkedPageDto,
} from '@/contracts/product-detail';
import type { ProductLotDto } from '@/contracts/lots';
import type { ProductDocumentKind } from '@/contracts/product-documents';
import type { ProductDetailPackDto } from '@/contracts/packs';
import type { Db } from '@/server/db/client';
import {
  brands, categories, contentCategories, contentItems, productArticles, productDocuments, productPacks, products, substances, type ContentKind,
} from '@/server/db/schema';
import { documentUrl } from '@/server/modules/content/documents';
import { summaryColumns, toContentSummary } from '@/server/modules/content/items';
import { drawingEtag, drawingVersion } from './structure-cache';
import { ghsDto, shippingLabel, storageLabel } from './labels';
import { hazardOf } from '@/server/modules/catalog/hazards';
import { localised, otherLang, type Lang } from '@/lib/lang';
import { smilesLimitFault } from '@/lib/structure-limits';
import { businessNowSql } from '@/server/business-time';
import { preparedPerHandle } from '@/server/db/prepared';

/** The drawing's URL, with the version of the drawing so that it can be cached for good. */
export function structureUrl(id: number, smiles: string): string {
  return `/api/web/product/structure/${id}?v=${drawingVersion(drawingEtag(smiles))}`;
}

const parentCategory = alias(categories, 'parent_category');
const topCategory = alias(categories, 'top_category');

/** The detail's statement, prepared (ADR 0109): planning it costs more than running it (the products table's many indexes). */
const productDetail = preparedPerHandle((db: Db) => db
  .select({
    p: products,
    inchikey: substances.inchikey,
    brandZh: brands.nameZh, brandEn: brands.nameEn, authorised: brands.authorised,
    c: { id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn, level: categories.level, leaf: categories.leaf },
    parent: { id: parentCategory.id, nameZh: parentCategory.nameZh, nameEn: parentCategory.nameEn, level: parentCategory.level, leaf: parentCategory.leaf },
    top: { id: topCategory.id, nameZh: topCategory.nameZh, nameEn: topCategory.nameEn, level: topCategory.level, leaf: topCategory.leaf },
  })
  .from(products)
  .innerJoin(brands, eq(brands.id, products.brandId))
  .innerJoin(categories, eq(categories.id, products.categoryId))
  .leftJoin(substances, eq(substances.id, products.substanceId))
  .leftJoin(parentCategory, eq(parentCategory.id, categories.parentId))
  .leftJoin(topCategory, eq(topCategory.id, parentCategory.parentId))
  .where(and(eq(products.id, sql.placeholder('id')), sql`${products.active}`))
  .prepare('product_detail'));

/**
 * One active product with its brand and category path, in one query (the tree has three levels,
 * so two self-joins reach the top). Null when the id is unknown or the product is withdrawn.
 */
export async function getProductDetail(db: Db, params: { id: number; lang: Lang }): Promise<ProductDetailDto | null> {
  const [row] = await productDetail(db).execute({ id: params.id });
  if (!row) return null;
  const { p } = row;
  // The flags show inside their promotion window only (ADR 0030), as in the flagged lists.
  const now = Date.now();
  const promoted = (!p.promoStartsAt || p.promoStartsAt.getTime() <= now) && (!p.promoEndsAt || p.promoEndsAt.getTime() > now);
  type CatRow = { id: number | null; nameZh: string | null; nameEn: string | null; level: number | null; leaf: boolean | null } | null;
  const crumbs: CategoryCrumbDto[] = ([row.top, row.parent, row.c] as CatRow[])
    .filter((c): c is NonNullable<CatRow> & { id: number } => c !== null && c.id !== null)
    .map((c) => ({ id: c.id, name: localised(c, 'name', params.lang) ?? '', level: c.level ?? 0, leaf: c.leaf ?? false }));
  return {
    id: p.id,
    itemNo: p.itemNo,
    name: localised(p, 'name', params.lang),
    otherName: localised(p, 'name', otherLang(params.lang)),
    cas: p.cas,
    mdl: p.mdl,
    formula: p.formula,
    molecularWeight: p.molecularWeight,
    smiles: p.smiles,
    // The substance page of every brand's packs (ADR 0086): by InChIKey, or by CAS number without a structure.
    substanceKey: row.inchikey ?? p.cas,
    synonyms: p.synonyms.split(/;\s*/).map((s) => s.trim()).filter(Boolean),
    // A stored SMILES over the structure caps is not drawn (nor sent to a worker): the page shows none.
    structureUrl: p.smiles && !smilesLimitFault(p.smiles) ? structureUrl(p.id, p.smiles) : null,
    purity: p.purity,
    grade: params.lang === 'zh' && p.gradeZh ? p.gradeZh : p.grade,
    storage: { code: p.storage, label: storageLabel(p.storage, params.lang) },
    shipping: { code: p.shipping, label: shippingLabel(p.shipping, params.lang) },
    ghs: ghsDto(p.ghs, params.lang),
    hazard: hazardOf(p),
    brand: { id: p.brandId, name: localised(row, 'brand', params.lang), authorised: row.authorised },
    categories: crumbs,
    isHot: p.isHot && promoted,
    isNew: p.isNew && promoted,
    isSpecial: p.isSpecial && promoted,
    // The stored pack facts (migrations 0006, 0010): no aggregate over the packs.
    inStock: p.inStock,
    minPrice: p.minPrice ?? null,
  };
}

/** The SMILES of an active product: undefined when there is no such product, null when it has none. */
export async function getProductSmiles(db: Db, params: { id: number }): Promise<string | null | undefined> {
  const [row] = await db.select({ smiles: products.smiles }).from(products).where(and(eq(products.id, params.id), eq(products.active, true)));
  return row ? row.smiles : undefined;
}

type LotJson = { lotNo: string; quantity: number; expiresOn: string | null; retestOn: string | null; coaDocumentId: number | null };

/**
 * The lots of a pack buyers may get (ADR 0032): quantity above 0 and not expired (China's date),
 * soonest expiry or retest first, as JSON from one correlated subquery (`product_lots_pack_lot_uq`),
 * so the packs and their lots stay one query.
 */
export const offeredLots = sql<LotJson[] | string | null>`(
  select json_agg(json_build_object('lotNo', l.lot_no, 'quantity', l.quantity, 'expiresOn', l.expires_on, 'retestOn', l.retest_on,
      -- The lot's COA while it is shown and its file is there (ADR 0063).
      'coaDocumentId', (select d.id from product_documents d where d.id = l.coa_document_id and d.state = 'current' and d.missing_since is null))
    order by coalesce(l.expires_on, l.retest_on) nulls last, l.lot_no)
  from product_lots l
  where l.pack_id = "product_packs"."id" and l.quantity > 0
    and (l.expires_on is null or l.expires_on >= ${businessNowSql()}::date))`;

export function lotsOf(value: LotJson[] | string | null): ProductLotDto[] {
  const lots = (typeof value === 'string' ? JSON.parse(value) : value ?? []) as LotJson[];
  return lots.map((l) => ({
    lotNo: l.lotNo, quantity: Number(l.quantity), expiresOn: l.expiresOn, retestOn: l.retestOn,
    coaUrl: l.coaDocumentId === null ? null : documentUrl(Number(l.coaDocumentId)),
  }));
}

const packsWithLots = preparedPerHandle((db: Db) => db
  .select({ id: productPacks.id, size: productPacks.size, price: productPacks.price, listPrice: productPacks.listPrice, stock: productPacks.stock, leadTimeDays: productPacks.leadTimeDays, lots: offeredLots })
  .from(productPacks)
  .where(eq(productPacks.productId, sql.placeholder('productId')))
  .orderBy(asc(productPacks.sort), asc(productPacks.id))
  .prepare('product_packs_with_lots'));

/** The packs of a product with the lots each offers, in one query. */
export async function listProductPacks(db: Db, params: { productId: number }): Promise<ProductDetailPackDto[]> {
  const rows = await packsWithLots(db).execute({ productId: params.productId });
  return rows.map((r) => ({ ...r, lots: lotsOf(r.lots) }));
}

const shownDocuments = preparedPerHandle((db: Db) => db
  .select({
    id: productDocuments.id, kind: productDocuments.kind, lotNo: productDocuments.lotNo, lang: productDocuments.lang, title: productDocuments.title,
    version: productDocuments.version, issuedAt: productDocuments.issuedAt, missingSince: productDocuments.missingSince,
  })
  .from(productDocuments)
  .where(and(eq(productDocuments.productId, sql.placeholder('productId')), sql`${productDocuments.state} = 'current'`))
  .orderBy(desc(productDocuments.issuedAt), desc(productDocuments.id))
  .prepare('product_documents_shown'));

/**
 * The shown documents of a product (ADR 0063): COAs (one per lot, newest first), and the current version
 * of each safety data sheet, data sheet, protocol and handbook per language; in one query.
 */
export async function listProductDocuments(db: Db, params: { productId: number; lang: Lang }): Promise<ProductDocumentsDto> {
  const rows = await shownDocuments(db).execute({ productId: params.productId });
  const out: ProductDocumentsDto = { coa: [], msds: [], tds: [], protocol: [], handbook: [] };
  for (const r of rows) {
    const kind = r.kind as ProductDocumentKind;
    if (!(kind in out)) continue;
    out[kind].push({
      id: r.id, kind, lotNo: r.lotNo, lang: r.lang, title: r.title, version: r.version, issuedAt: r.issuedAt.toISOString(),
      url: documentUrl(r.id), available: r.missingSince === null,
    });
  }
  // The visitor's language first among the sheets of one kind.
  for (const kind of ['msds', 'tds', 'protocol', 'handbook'] as const) out[kind].sort((a, b) => Number(b.lang === params.lang) - Number(a.lang === params.lang));
  return out;
}

export type LinkedGroup = 'article' | 'citation';
/** Articles are news, application cases and Q&A entries staff linked (ADR 0036); citations name the product. */
const GROUP_KINDS: Record<LinkedGroup, ContentKind[]> = { article: ['news', 'application', 'support'], citation: ['citation'] };

/** One page of the content linked to a product (all of it, or articles or citations only), in the product's order, then newest first. */
export async function listLinkedContent(
  db: Db, params: { productId: number; group?: LinkedGroup; lang: Lang; limit: number; offset: number },
): Promise<ProductLinkedPageDto> {
  const where = and(
    eq(productArticles.productId, params.productId),
    eq(contentItems.status, 'published'),
    params.group ? inArray(contentItems.kind, GROUP_KINDS[params.group]) : undefined,
  );
  const rows = await db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(productArticles)
    .innerJoin(contentItems, eq(contentItems.id, productArticles.contentId))
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(where)
    .orderBy(asc(productArticles.sort), desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(params.limit)
    .offset((params.offset - 1) * params.limit);
  // Past the last page the window count is gone with the rows; count once more only then.
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && params.offset > 1) {
    const [n] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(productArticles).innerJoin(contentItems, eq(contentItems.id, productArticles.contentId)).where(where);
    total = n?.n ?? 0;
  }
  return { list: rows.map((r) => toContentSummary(r, params.lang)), total, limit: params.limit, offset: params.offset };
}

/** The newest `perGroup` articles and citations of a product with both totals, in one prepared statement. */
const linkedPreview = preparedPerHandle((db: Db) => {
  const isCitation = sql<boolean>`${contentItems.kind} = 'citation'`;
  const ranked = db
    .select({
      ...summaryColumns,
      rank: sql<number>`row_number() over (partition by ${isCitation} order by ${productArticles.sort}, ${contentItems.publishedAt} desc, ${contentItems.id} desc)`.as('rank'),
      groupTotal: sql<number>`count(*) over (partition by ${isCitation})`.as('group_total'),
    })
    .from(productArticles)
    .innerJoin(contentItems, eq(contentItems.id, productArticles.contentId))
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(and(eq(productArticles.productId, sql.placeholder('productId')), sql`${contentItems.status} = 'published'`))
    .as('ranked');
  return db.select().from(ranked).where(sql`${ranked.rank} <= ${sql.placeholder('perGroup')}`).orderBy(asc(ranked.rank)).prepare('product_linked_preview');
});

async function listLinkedPreview(db: Db, params: { productId: number; lang: Lang; perGroup: number }) {
  const rows = await linkedPreview(db).execute({ productId: params.productId, perGroup: params.perGroup });
  const articles = rows.filter((r) => r.kind !== 'citation');
  const citations = rows.filter((r) => r.kind === 'citation');
  return {
    articles: articles.map((r) => toContentSummary(r, params.lang)),
    citations: citations.map((r) => toContentSummary(r, params.lang)),
    articleTotal: Number(articles[0]?.groupTotal ?? 0),
    citationTotal: Number(citations[0]?.groupTotal ?? 0),
  };
}

export const LINKED_PREVIEW = 6;

/** Everything the detail page shows, in four queries whatever the number of packs, lots or links. */
export async function getProductDetailAll(db: Db, params: { id: number; lang: Lang }): Promise<ProductDetailAllDto | null> {
  const [product, packs, documents, linked] = await Promise.all([
    getProductDetail(db, params),
    listProductPacks(db, { productId: params.id }),
    listProductDocuments(db, { productId: params.id, lang: params.lang }),
    listLinkedPreview(db, { productId: params.id, lang: params.lang, perGroup: LINKED_PREVIEW }),
  ]);
  if (!product) return null;
  return { product, packs, documents, ...linked };
}
