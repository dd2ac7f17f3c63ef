import 'server-only';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  LINK_MAX, type LinkOwner, type LinkTarget, type LinkedContentDto, type LinkedProductDto, type LinksDto,
} from '@/contracts/content-moderation';
import { adminProductListInputSchema } from '@/contracts/catalog-editing-products';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { contentItems, contentLinks, productArticles, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { listAdminProducts } from '@/server/modules/catalog/admin-product-list';

/**
 * Links between products and content, and between content items (ADR 0036). A product's links are
 * `product_articles` rows (ordered by their `sort` on the product's side); content-to-content links are
 * `content_links` rows stored in both directions, written and removed together, each side with its
 * own order. Either side adds, removes and reorders.
 */

export interface LinkRef { owner: LinkOwner; id: number }

const productColumns = { id: products.id, itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn };
const contentColumns = { id: contentItems.id, kind: contentItems.kind, titleZh: contentItems.titleZh, titleEn: contentItems.titleEn, status: contentItems.status };

const toContent = (r: { id: number; kind: string; titleZh: string; titleEn: string; status: string }): LinkedContentDto =>
  ({ id: r.id, kind: r.kind, titleZh: r.titleZh, titleEn: r.titleEn, published: r.status === 'published' });

async function requireProduct(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!row) throw new AppError(404, 'productNotFound');
}

async function requireContentItem(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.id, id));
  if (!row) throw new AppError(404, 'contentNotFound');
}

const requireOwner = (db: Db, ref: LinkRef) => (ref.owner === 'product' ? requireProduct(db, ref.id) : requireContentItem(db, ref.id));

/** The products and content items linked to one product or content item, each list in its order. */
export async function getLinks(db: Db, ref: LinkRef): Promise<LinksDto> {
  await requireOwner(db, ref);
  if (ref.owner === 'product') {
    const content = await db.select(contentColumns).from(productArticles).innerJoin(contentItems, eq(contentItems.id, productArticles.contentId))
      .where(eq(productArticles.productId, ref.id)).orderBy(asc(productArticles.sort), desc(contentItems.publishedAt), desc(contentItems.id)).limit(200);
    return { products: [], content: content.map(toContent) };
  }
  const [linkedProducts, content] = await Promise.all([
    db.select(productColumns).from(productArticles).innerJoin(products, eq(products.id, productArticles.productId))
      .where(eq(productArticles.contentId, ref.id)).orderBy(asc(products.itemNo)).limit(200),
    db.select(contentColumns).from(contentLinks).innerJoin(contentItems, eq(contentItems.id, contentLinks.linkedId))
      .where(eq(contentLinks.contentId, ref.id)).orderBy(asc(contentLinks.sort), desc(contentItems.publishedAt), desc(contentItems.id)).limit(200),
  ]);
  return { products: linkedProducts, content: content.map(toContent) };
}

/** The product and content ids a link touches, whichever side it is written from. */
function pair(ref: LinkRef, target: LinkTarget, targetId: number): { kind: 'productContent'; productId: number; contentId: number } | { kind: 'contentContent'; a: number; b: number } {
  if (ref.owner === 'product' && target === 'product') throw new AppError(400, 'badRequest', [{ field: 'target', message: 'linkTargetInvalid' }]);
  if (ref.owner === 'product') return { kind: 'productContent', productId: ref.id, contentId: targetId };
  if (target === 'product') return { kind: 'productContent', productId: targetId, contentId: ref.id };
  if (targetId === ref.id) throw new AppError(400, 'badRequest', [{ field: 'targetId', message: 'linkSelfRefused' }]);
  return { kind: 'contentContent', a: ref.id, b: targetId };
}

/** The products whose detail pages show a changed link (each is cached on its own); content pages go with 'content'. */
export interface LinkChange { productIds: number[] }

/**
 * Links a product or content item to another from either side (a link that exists is left as it is);
 * content-to-content links are written in both directions in one transaction; audited on the owner.
 * A side holds at most LINK_MAX links of each target.
 */
export async function addLink(db: Db, params: { actor: AuditActor; ref: LinkRef; target: LinkTarget; targetId: number }): Promise<LinkChange> {
  const p = pair(params.ref, params.target, params.targetId);
  await requireOwner(db, params.ref);
  if (params.target === 'product') await requireProduct(db, params.targetId);
  else await requireContentItem(db, params.targetId);
  await db.transaction(async (tx) => {
    if (p.kind === 'productContent') {
      const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(productArticles).where(eq(productArticles.productId, p.productId));
      if (Number(n?.n ?? 0) >= LINK_MAX * 4) throw new AppError(409, 'linkLimitReached');
      const [last] = await tx.select({ sort: sql<number>`coalesce(max(${productArticles.sort}), 0)::int` }).from(productArticles).where(eq(productArticles.productId, p.productId));
      const inserted = await tx.insert(productArticles).values({ productId: p.productId, contentId: p.contentId, sort: Number(last?.sort ?? 0) + 1 })
        .onConflictDoNothing().returning({ productId: productArticles.productId });
      if (inserted.length) await recordAudit(tx, params.actor, { action: 'link', entity: 'productLink', entityId: p.productId, note: { contentId: p.contentId } });
      return;
    }
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(contentLinks).where(eq(contentLinks.contentId, p.a));
    if (Number(n?.n ?? 0) >= LINK_MAX) throw new AppError(409, 'linkLimitReached');
    const nextSort = async (id: number) => {
      const [last] = await tx.select({ sort: sql<number>`coalesce(max(${contentLinks.sort}), 0)::int` }).from(contentLinks).where(eq(contentLinks.contentId, id));
      return Number(last?.sort ?? 0) + 1;
    };
    const inserted = await tx.insert(contentLinks).values([
      { contentId: p.a, linkedId: p.b, sort: await nextSort(p.a) },
      { contentId: p.b, linkedId: p.a, sort: await nextSort(p.b) },
    ]).onConflictDoNothing().returning({ contentId: contentLinks.contentId });
    if (inserted.length) await recordAudit(tx, params.actor, { action: 'link', entity: 'contentLink', entityId: p.a, note: { linkedId: p.b } });
  });
  return { productIds: p.kind === 'productContent' ? [p.productId] : [] };
}

/** Removes a link from either side (both directions of a content-to-content link); audited on the owner. */
export async function removeLink(db: Db, params: { actor: AuditActor; ref: LinkRef; target: LinkTarget; targetId: number }): Promise<LinkChange> {
  const p = pair(params.ref, params.target, params.targetId);
  await requireOwner(db, params.ref);
  await db.transaction(async (tx) => {
    if (p.kind === 'productContent') {
      const gone = await tx.delete(productArticles).where(and(eq(productArticles.productId, p.productId), eq(productArticles.contentId, p.contentId)))
        .returning({ productId: productArticles.productId });
      if (!gone.length) throw new AppError(404, 'linkNotFound');
      await recordAudit(tx, params.actor, { action: 'unlink', entity: 'productLink', entityId: p.productId, note: { contentId: p.contentId } });
      return;
    }
    const gone = await tx.delete(contentLinks).where(or(
      and(eq(contentLinks.contentId, p.a), eq(contentLinks.linkedId, p.b)),
      and(eq(contentLinks.contentId, p.b), eq(contentLinks.linkedId, p.a)),
    )).returning({ contentId: contentLinks.contentId });
    if (!gone.length) throw new AppError(404, 'linkNotFound');
    await recordAudit(tx, params.actor, { action: 'unlink', entity: 'contentLink', entityId: p.a, note: { linkedId: p.b } });
  });
  return { productIds: p.kind === 'productContent' ? [p.productId] : [] };
}

/**
 * Orders one side's links of a target: `ids` must be exactly the linked ids (409 otherwise). A
 * content item's products keep the item-number order (the order a product page shows is the product's).
 */
export async function orderLinks(db: Db, params: { actor: AuditActor; ref: LinkRef; target: LinkTarget; ids: number[] }): Promise<LinkChange> {
  if (params.target === 'product') throw new AppError(400, 'badRequest', [{ field: 'target', message: 'linkTargetInvalid' }]);
  await requireOwner(db, params.ref);
  const ids = [...new Set(params.ids)];
  await db.transaction(async (tx) => {
    const current = params.ref.owner === 'product'
      ? (await tx.select({ id: productArticles.contentId }).from(productArticles).where(eq(productArticles.productId, params.ref.id)).for('update')).map((r) => r.id)
      : (await tx.select({ id: contentLinks.linkedId }).from(contentLinks).where(eq(contentLinks.contentId, params.ref.id)).for('update')).map((r) => r.id);
    if (ids.length !== params.ids.length || ids.length !== current.length || !ids.every((id) => current.includes(id))) throw new AppError(409, 'linkOrderStale');
    const cases = sql.join(ids.map((id, i) => sql`when ${id}::int then ${i + 1}::int`), sql` `);
    if (params.ref.owner === 'product') {
      await tx.update(productArticles).set({ sort: sql`case ${productArticles.contentId} ${cases} end` })
        .where(and(eq(productArticles.productId, params.ref.id), inArray(productArticles.contentId, ids)));
    } else {
      await tx.update(contentLinks).set({ sort: sql`case ${contentLinks.linkedId} ${cases} end` })
        .where(and(eq(contentLinks.contentId, params.ref.id), inArray(contentLinks.linkedId, ids)));
    }
    await recordAudit(tx, params.actor, { action: 'order', entity: params.ref.owner === 'product' ? 'productLink' : 'contentLink', entityId: params.ref.id, after: { order: ids } });
  });
  return { productIds: params.ref.owner === 'product' ? [params.ref.id] : [] };
}

/** What a picker offers: products through the back-office product search (item number, CAS, names), content by title. */
export async function searchLinkCandidates(db: Db, params: { target: LinkTarget; key: string }): Promise<{ products: LinkedProductDto[]; content: LinkedContentDto[] }> {
  if (params.target === 'product') {
    const page = await listAdminProducts(db, adminProductListInputSchema.parse({ key: params.key, limit: 10 }));
    return { products: page.items.map((p) => ({ id: p.id, itemNo: p.itemNo, nameZh: p.nameZh, nameEn: p.nameEn })), content: [] };
  }
  const like = `%${escapeLike(params.key)}%`;
  const asId = /^\d{1,9}$/.test(params.key) ? Number(params.key) : null;
  const rows = await db.select(contentColumns).from(contentItems)
    .where(or(ilike(contentItems.titleZh, like), ilike(contentItems.titleEn, like), asId !== null ? eq(contentItems.id, asId) : undefined))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id)).limit(10);
  return { products: [], content: rows.map(toContent) };
}
