import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { QuickLineDto } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { brands, productPacks, products } from '@/server/db/schema';
import { hazardOf } from '@/server/modules/catalog/hazards';
import { AppError } from '@/server/errors';
import { fillTemplate } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
import { byLang, type Lang } from '@/lib/lang';
import { approvalPreview } from './approval-preview';
import { buyerPrices } from '@/server/modules/pricing/buyer-prices';
import { centsText } from '@/contracts/quotations';
import { parseQuickLines, QUICK_ORDER_MAX_LINES } from './quick-parse';

const CANDIDATES = 10;

const productColumns = {
  id: products.id, itemNo: products.itemNo, cas: products.cas, nameZh: products.nameZh, nameEn: products.nameEn,
  brandZh: brands.nameZh, brandEn: brands.nameEn, grade: products.grade, gradeZh: products.gradeZh, purity: products.purity,
  ghs: products.ghs, controlClass: products.controlClass,
};
type ProductRow = {
  id: number; itemNo: string; cas: string | null; nameZh: string; nameEn: string; brandZh: string; brandEn: string;
  grade: string; gradeZh: string; purity: string; ghs: typeof products.$inferSelect['ghs']; controlClass: typeof products.$inferSelect['controlClass'];
};
type PackRow = { id: number; productId: number; size: string; price: string; listPrice: string; stock: number };

/** What tells a product apart in quick order: brand, grade, purity and its hazards, in the caller's language. */
function factsOf(r: ProductRow, lang: Lang) {
  return {
    id: r.id, itemNo: r.itemNo, name: byLang(lang, { zh: r.nameZh, en: r.nameEn }), brand: byLang(lang, { zh: r.brandZh, en: r.brandEn }),
    grade: lang === 'zh' && r.gradeZh ? r.gradeZh : r.grade, purity: r.purity, hazard: hazardOf(r),
  };
}

/** The products' packs, each at the company's price for one unit (`buyerPrices`, ADR 0083) beside the catalogue's. */
async function packsOf(db: Db, ids: number[], companyId: number): Promise<PackRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: productPacks.id, productId: productPacks.productId, size: productPacks.size, stock: productPacks.stock })
    .from(productPacks)
    .where(inArray(productPacks.productId, ids))
    .orderBy(asc(productPacks.productId), asc(productPacks.sort), asc(productPacks.id));
  const prices = await buyerPrices(db, companyId, rows.map((r) => ({ packId: r.id, num: 1 })));
  return rows.map((r, i) => ({ ...r, price: centsText(prices[i]!.cents), listPrice: centsText(prices[i]!.listCents) }));
}

const packDto = (k: PackRow) => ({ id: k.id, size: k.size, price: k.price, listPrice: k.listPrice, stock: k.stock });

/**
 * Resolves quick-order lines to packs: an item number to its product, a CAS number to its product
 * (several products: the candidates to choose from), then the named pack size or the first pack in
 * stock. Every line answers on its own, with a clear error when it cannot be resolved.
 */
export async function resolveQuickOrder(db: Db, text: string, lang: Lang, companyId: number): Promise<QuickLineDto[]> {
  const parsed = parseQuickLines(text);
  if (parsed.length === 0) throw new AppError(400, 'quickEmpty', [{ field: 'text', message: 'quickEmpty' }]);
  if (parsed.length > QUICK_ORDER_MAX_LINES) throw new AppError(400, 'quickTooMany', [{ field: 'text', message: 'quickTooMany' }]);
  const t = serverMessages(lang).orders.quick;

  const itemKeys = [...new Set(parsed.flatMap((p) => (p.kind === 'item' ? [p.key, p.key.toUpperCase()] : [])))];
  const casKeys = [...new Set(parsed.flatMap((p) => (p.kind === 'cas' ? [p.key] : [])))];
  const [byItem, byCas, approval] = await Promise.all([
    itemKeys.length
      ? db.select(productColumns).from(products).innerJoin(brands, eq(brands.id, products.brandId)).where(and(inArray(products.itemNo, itemKeys), eq(products.active, true)))
      : [],
    casKeys.length
      ? db.select(productColumns).from(products).innerJoin(brands, eq(brands.id, products.brandId))
          .where(and(inArray(products.cas, casKeys), eq(products.active, true))).orderBy(asc(products.itemNo)).limit(casKeys.length * 50)
      : [],
    approvalPreview(db, companyId),
  ]);
  const chosen = new Map<number, ProductRow>();
  for (const p of parsed) {
    if (p.kind === 'item') {
      const hit = byItem.find((r) => r.itemNo === p.key) ?? byItem.find((r) => r.itemNo === p.key.toUpperCase());
      if (hit) chosen.set(p.line, hit);
    } else if (p.kind === 'cas') {
      const hits = byCas.filter((r) => r.cas === p.key);
      if (hits.length === 1) chosen.set(p.line, hits[0]!);
    }
  }
  // The chosen products' packs, and those of an ambiguous CAS number's candidates to choose by.
  const candidatesOf = (cas: string) => byCas.filter((r) => r.cas === cas).slice(0, CANDIDATES);
  const ambiguous = parsed.flatMap((p) => (p.kind === 'cas' && !chosen.has(p.line) ? candidatesOf(p.key) : []));
  const ids = [...new Set([...chosen.values(), ...ambiguous].map((r) => r.id))];
  const packs = await packsOf(db, ids, companyId);
  const packsFor = (id: number) => packs.filter((k) => k.productId === id);
  return parsed.map((p): QuickLineDto => {
    const base = { line: p.line, input: p.input, num: null, product: null, candidates: [] };
    if (p.kind === 'error') return { ...base, status: 'error', error: t[p.error] };
    const product = chosen.get(p.line);
    if (!product) {
      if (p.kind === 'cas') {
        const hits = byCas.filter((r) => r.cas === p.key);
        if (hits.length > 1) {
          return {
            ...base, status: 'ambiguous', num: p.num, error: fillTemplate(t.casAmbiguous, { cas: p.key, count: String(hits.length) }),
            candidates: candidatesOf(p.key).map((r) => ({ ...factsOf(r, lang), packs: packsFor(r.id).map(packDto) })),
          };
        }
        return { ...base, status: 'error', error: fillTemplate(t.casUnknown, { cas: p.key }) };
      }
      return { ...base, status: 'error', error: fillTemplate(t.itemUnknown, { item: p.key }) };
    }
    const own = packsFor(product.id);
    if (own.length === 0) return { ...base, status: 'error', error: fillTemplate(t.noPacks, { item: product.itemNo }) };
    let pack = own.find((k) => k.stock > 0) ?? own[0]!;
    if (p.size) {
      const wanted = own.find((k) => k.size.toLowerCase().replace(/\s+/g, '') === p.size!.toLowerCase().replace(/\s+/g, ''));
      if (!wanted) return { ...base, status: 'error', error: fillTemplate(t.sizeUnknown, { item: product.itemNo, size: p.size, sizes: own.map((k) => k.size).join(', ') }) };
      pack = wanted;
    }
    const facts = factsOf(product, lang);
    return {
      ...base, status: 'ok', error: null, num: p.num,
      product: { ...facts, cas: product.cas, packId: pack.id, packs: own.map(packDto), approval: approval(facts.hazard) },
    };
  });
}

/** The packs of one product, for choosing among a CAS number's candidates. */
export async function resolveQuickCandidate(db: Db, productId: number, lang: Lang, companyId: number): Promise<NonNullable<QuickLineDto['product']>> {
  const [product] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, productId), eq(products.active, true)));
  if (!product) throw new AppError(404, 'productNotFound');
  const own = await packsOf(db, [productId], companyId);
  if (own.length === 0) throw new AppError(404, 'packNotFound');
  const facts = factsOf(product, lang);
  return {
    ...facts, cas: product.cas, packId: (own.find((k) => k.stock > 0) ?? own[0]!).id, packs: own.map(packDto),
    approval: (await approvalPreview(db, companyId))(facts.hazard),
  };
}
