import 'server-only';
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProductDocumentDto, ProductDocumentPage } from '@/contracts/content';
import type { Db } from '@/server/db/client';
import { brands, contentItems, productDocuments, products } from '@/server/db/schema';
import { escapeLike } from '@/server/db/like';
import { EXACT_TOTAL_CAP } from './items';
import { localised, type Lang } from '@/lib/lang';
import { businessDayStart, inBusinessZone } from '@/server/business-time';

export type DocumentKind = 'coa' | 'msds' | 'protocol';

export function documentUrl(id: number): string {
  return `/api/web/files/document/${id}`;
}

const columns = {
  id: productDocuments.id, kind: productDocuments.kind, productId: productDocuments.productId, lotNo: productDocuments.lotNo,
  lang: productDocuments.lang, title: productDocuments.title, issuedAt: productDocuments.issuedAt, missingSince: productDocuments.missingSince,
  itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn, cas: products.cas,
  brandZh: brands.nameZh, brandEn: brands.nameEn,
};

type Row = { id: number; kind: string; productId: number; lotNo: string | null; lang: string; title: string; issuedAt: Date; missingSince: Date | null; itemNo: string; nameZh: string; nameEn: string; cas: string | null; brandZh: string; brandEn: string };

function toDto(r: Row, lang: Lang): ProductDocumentDto {
  return {
    id: r.id,
    kind: r.kind as DocumentKind,
    productId: r.productId,
    itemNo: r.itemNo,
    productName: localised(r, 'name', lang),
    cas: r.cas,
    brandName: localised(r, 'brand', lang),
    lotNo: r.lotNo,
    lang: r.lang,
    title: r.title,
    issuedAt: r.issuedAt.toISOString(),
    url: documentUrl(r.id),
    available: r.missingSince === null,
  };
}

/** Only the shown version of a document (ADR 0063): not an older version, not a withdrawn one. */
const shown = eq(productDocuments.state, 'current');

/** Item numbers to try for what a buyer typed: as typed, upper-cased, and without a pack suffix (A12345-5g). */
export function itemNoCandidates(input: string): string[] {
  const typed = input.trim();
  const upper = typed.toUpperCase();
  const withoutPack = upper.replace(/-\d+(?:\.\d+)?\s*(?:MG|G|KG|ML|L|UL|µL|UG|µG|EA|PCS|T)$/i, '');
  return [...new Set([typed, upper, withoutPack])].filter(Boolean);
}

/** A keyword matches an item-number prefix, a CAS number (with or without hyphens) or a name. */
function keywordCondition(keyword: string): SQL | undefined {
  const like = `%${escapeLike(keyword)}%`;
  const digits = keyword.replace(/[^0-9]/g, '');
  const casLike = /^[0-9-]+$/.test(keyword) && digits.length >= 5 ? `${digits.slice(0, -3)}-${digits.slice(-3, -1)}-${digits.slice(-1)}` : null;
  return or(
    sql`${products.itemNo} like ${`${escapeLike(keyword.toUpperCase())}%`}`,
    casLike ? eq(products.cas, casLike) : undefined,
    ilike(products.nameZh, like),
    sql`lower(${products.nameEn}) like ${like.toLowerCase()}`,
    // A COA's lot number (ADR 0032, 0042): the year list of COAs finds a lot by the start of its number.
    ilike(productDocuments.lotNo, `${escapeLike(keyword)}%`),
  );
}

async function page(db: Db, where: SQL | undefined, params: { lang: Lang; limit: number; offset: number }, order: SQL[]): Promise<ProductDocumentPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(productDocuments)
      .innerJoin(products, eq(products.id, productDocuments.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(...order)
      .limit(params.limit)
      .offset((params.offset - 1) * params.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(select 1 from ${productDocuments} inner join ${products} on ${products.id} = ${productDocuments.productId} ${where ? sql`where ${where}` : sql``} limit ${EXACT_TOTAL_CAP + 1}) as capped`),
  ]);
  return { list: rows.map((r) => toDto(r, params.lang)), total: Number(total?.n ?? 0), limit: params.limit, offset: params.offset };
}

/** MSDS, protocols or COAs, newest first, optionally narrowed by item number, CAS or name. */
export async function listProductDocuments(db: Db, params: { kind: DocumentKind; keyword?: string; lang: Lang; limit: number; offset: number }): Promise<ProductDocumentPage> {
  const where = and(eq(productDocuments.kind, params.kind), shown, params.keyword ? keywordCondition(params.keyword) : undefined);
  return page(db, where, params, [desc(productDocuments.issuedAt), desc(productDocuments.id)]);
}

/** The COA of a lot: item number (with or without pack suffix, any case) and lot number. */
export async function findCoas(db: Db, params: { itemNo: string; lotNo: string; lang: Lang }): Promise<ProductDocumentDto[]> {
  const lot = params.lotNo.trim();
  const rows = await db
    .select(columns)
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(
      eq(productDocuments.kind, 'coa'),
      shown,
      inArray(productDocuments.lotNo, [...new Set([lot, lot.toUpperCase()])]),
      inArray(products.itemNo, itemNoCandidates(params.itemNo)),
    ))
    .orderBy(desc(productDocuments.issuedAt), asc(productDocuments.id))
    .limit(10);
  return rows.map((r) => toDto(r, params.lang));
}

/** The years in which COAs were issued, newest first. */
export async function listCoaYears(db: Db): Promise<number[]> {
  const year = sql<number>`extract(year from ${inBusinessZone(productDocuments.issuedAt)})::int`;
  const rows = await db.selectDistinct({ year }).from(productDocuments).where(eq(productDocuments.kind, 'coa')).orderBy(desc(year));
  return rows.map((r) => Number(r.year));
}

/** COAs issued in one year (China time), newest first, optionally narrowed by a keyword. */
export async function listCoasOfYear(db: Db, params: { year: number; keyword?: string; lang: Lang; limit: number; offset: number }): Promise<ProductDocumentPage> {
  const from = businessDayStart(`${params.year}-01-01`);
  const to = businessDayStart(`${params.year + 1}-01-01`);
  const where = and(
    eq(productDocuments.kind, 'coa'),
    shown,
    gte(productDocuments.issuedAt, from),
    lt(productDocuments.issuedAt, to),
    params.keyword ? keywordCondition(params.keyword) : undefined,
  );
  return page(db, where, params, [desc(productDocuments.issuedAt), desc(productDocuments.id)]);
}

/** What a download needs: the stored file's key and a file name. */
export async function getDocumentFile(db: Db, params: { id: number }): Promise<{ id: number; filePath: string; fileName: string } | null> {
  const [row] = await db
    .select({ filePath: productDocuments.filePath, kind: productDocuments.kind, lotNo: productDocuments.lotNo, lang: productDocuments.lang, version: productDocuments.version, itemNo: products.itemNo })
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    // A withdrawn document is no longer served; an older version still is, for the links that name it.
    .where(and(eq(productDocuments.id, params.id), ne(productDocuments.state, 'withdrawn')));
  if (!row) return null;
  const label = row.kind === 'coa' ? `COA_${row.lotNo ?? ''}` : `${DOWNLOAD_LABEL[row.kind] ?? row.kind}_${row.lang}`;
  return { id: params.id, filePath: row.filePath, fileName: `${row.itemNo}_${label}.pdf` };
}

const DOWNLOAD_LABEL: Record<string, string> = { msds: 'SDS', tds: 'TDS', protocol: 'Protocol', handbook: 'Handbook' };

/** A published resource's stored PDF and the name it is offered under; null when none. */
export async function getResourceFile(db: Db, params: { id: number }): Promise<{ filePath: string; fileName: string } | null> {
  const [row] = await db
    .select({ filePath: contentItems.filePath })
    .from(contentItems)
    .where(and(eq(contentItems.id, params.id), eq(contentItems.status, 'published')));
  if (!row?.filePath) return null;
  return { filePath: row.filePath, fileName: row.filePath.split('/').pop() ?? 'resource.pdf' };
}
