import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { QuickLineDto } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { productPacks, products } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { fillTemplate } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
import { byLang, type Lang } from '@/lib/lang';
import { parseQuickLines, QUICK_ORDER_MAX_LINES } from './quick-parse';

const CANDIDATES = 10;

type ProductRow = { id: number; itemNo: string; cas: string | null; nameZh: string; nameEn: string };

/**
 * Resolves quick-order lines to packs: an item number to its product, a CAS number to its product
 * (several products: the candidates to choose from), then the named pack size or the first pack in
 * stock. Every line answers on its own, with a clear error when it cannot be resolved.
 */
export async function resolveQuickOrder(db: Db, text: string, lang: Lang): Promise<QuickLineDto[]> {
  const parsed = parseQuickLines(text);
  if (parsed.length === 0) throw new AppError(400, 'quickEmpty', [{ field: 'text', message: 'quickEmpty' }]);
  if (parsed.length > QUICK_ORDER_MAX_LINES) throw new AppError(400, 'quickTooMany', [{ field: 'text', message: 'quickTooMany' }]);
  const t = serverMessages(lang).orders.quick;

  const itemKeys = [...new Set(parsed.flatMap((p) => (p.kind === 'item' ? [p.key, p.key.toUpperCase()] : [])))];
  const casKeys = [...new Set(parsed.flatMap((p) => (p.kind === 'cas' ? [p.key] : [])))];
  const columns = { id: products.id, itemNo: products.itemNo, cas: products.cas, nameZh: products.nameZh, nameEn: products.nameEn };
  const [byItem, byCas] = await Promise.all([
    itemKeys.length ? db.select(columns).from(products).where(and(inArray(products.itemNo, itemKeys), eq(products.active, true))) : [],
    casKeys.length
      ? db.select(columns).from(products).where(and(inArray(products.cas, casKeys), eq(products.active, true))).orderBy(asc(products.itemNo)).limit(casKeys.length * 50)
      : [],
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
  const ids = [...new Set([...chosen.values()].map((r) => r.id))];
  const packs = ids.length
    ? await db
        .select({ id: productPacks.id, productId: productPacks.productId, size: productPacks.size, price: productPacks.price, stock: productPacks.stock })
        .from(productPacks)
        .where(inArray(productPacks.productId, ids))
        .orderBy(asc(productPacks.productId), asc(productPacks.sort), asc(productPacks.id))
    : [];

  const name = (r: ProductRow) => byLang(lang, { zh: r.nameZh, en: r.nameEn });
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
            candidates: hits.slice(0, CANDIDATES).map((r) => ({ id: r.id, itemNo: r.itemNo, name: name(r) })),
          };
        }
        return { ...base, status: 'error', error: fillTemplate(t.casUnknown, { cas: p.key }) };
      }
      return { ...base, status: 'error', error: fillTemplate(t.itemUnknown, { item: p.key }) };
    }
    const own = packs.filter((k) => k.productId === product.id);
    if (own.length === 0) return { ...base, status: 'error', error: fillTemplate(t.noPacks, { item: product.itemNo }) };
    let pack = own.find((k) => k.stock > 0) ?? own[0]!;
    if (p.size) {
      const wanted = own.find((k) => k.size.toLowerCase().replace(/\s+/g, '') === p.size!.toLowerCase().replace(/\s+/g, ''));
      if (!wanted) return { ...base, status: 'error', error: fillTemplate(t.sizeUnknown, { item: product.itemNo, size: p.size, sizes: own.map((k) => k.size).join(', ') }) };
      pack = wanted;
    }
    return {
      ...base, status: 'ok', error: null, num: p.num,
      product: {
        id: product.id, itemNo: product.itemNo, cas: product.cas, name: name(product), packId: pack.id,
        packs: own.map((k) => ({ id: k.id, size: k.size, price: k.price, stock: k.stock })),
      },
    };
  });
}

/** The packs of one product, for choosing among a CAS number's candidates. */
export async function resolveQuickCandidate(db: Db, productId: number, lang: Lang): Promise<NonNullable<QuickLineDto['product']>> {
  const [product] = await db
    .select({ id: products.id, itemNo: products.itemNo, cas: products.cas, nameZh: products.nameZh, nameEn: products.nameEn })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)));
  if (!product) throw new AppError(404, 'productNotFound');
  const own = await db
    .select({ id: productPacks.id, size: productPacks.size, price: productPacks.price, stock: productPacks.stock })
    .from(productPacks)
    .where(eq(productPacks.productId, productId))
    .orderBy(asc(productPacks.sort), asc(productPacks.id));
  if (own.length === 0) throw new AppError(404, 'packNotFound');
  return {
    id: product.id, itemNo: product.itemNo, cas: product.cas, name: byLang(lang, { zh: product.nameZh, en: product.nameEn }),
    packId: (own.find((k) => k.stock > 0) ?? own[0]!).id, packs: own,
  };
}
