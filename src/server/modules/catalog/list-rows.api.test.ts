import { describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { productPacks, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { findListRows } from './browse';

const h = fileApiHarness({ products: 60 });

/** The list view's rows: each product's packs in the detail page's order, its grade per language. */
describe('findListRows', () => {
  it('gives every product of the page its packs, in the page order, and its grade in the language asked', async () => {
    const some = await h.db.db.select({ id: products.id, grade: products.grade, gradeZh: products.gradeZh }).from(products).orderBy(asc(products.id)).limit(6);
    const ids = some.map((p) => p.id).reverse();
    const zh = await findListRows(h.db.db, ids, 'zh');
    const en = await findListRows(h.db.db, ids, 'en');
    expect(zh.map((r) => r.productId)).toEqual(ids);
    for (const product of some) {
      const packs = await h.db.db.select().from(productPacks).where(eq(productPacks.productId, product.id)).orderBy(asc(productPacks.sort), asc(productPacks.id));
      const row = zh.find((r) => r.productId === product.id);
      expect(row?.packs.map((k) => [k.id, k.size, k.price, k.stock, k.leadTimeDays])).toEqual(packs.map((k) => [k.id, k.size, k.price, k.stock, k.leadTimeDays]));
      expect(row?.grade).toBe(product.gradeZh || product.grade);
      expect(en.find((r) => r.productId === product.id)?.grade).toBe(product.grade);
    }
  });

  it('keeps a product without packs (no packs to buy) and skips ids that are not products', async () => {
    // A product whose packs no order, cart, quotation or request line names (those keep their packs).
    const [first] = await h.db.db.select({ id: products.id }).from(products).where(sql`not exists (
      select 1 from product_packs k where k.product_id = ${products.id} and (
        exists (select 1 from order_items o where o.pack_id = k.id) or exists (select 1 from cart_items c where c.pack_id = k.id)
        or exists (select 1 from quotation_lines q where q.pack_id = k.id) or exists (select 1 from quote_request_lines r where r.pack_id = k.id)))
      and exists (select 1 from product_packs k where k.product_id = ${products.id})`).orderBy(asc(products.id)).limit(1);
    const id = first!.id;
    await h.db.db.transaction(async (tx) => {
      const saved = await tx.select().from(productPacks).where(eq(productPacks.productId, id));
      await tx.delete(productPacks).where(inArray(productPacks.id, saved.map((k) => k.id)));
      const rows = await findListRows(tx, [id, 999_999_999], 'en');
      expect(rows).toEqual([{ productId: id, grade: expect.any(String), packs: [] }]);
      // Leave the data as it was for the other tests of the file.
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
    const [{ n }] = (await h.db.db.select({ n: sql<number>`count(*)::int` }).from(productPacks).where(eq(productPacks.productId, id))) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(await findListRows(h.db.db, [], 'zh')).toEqual([]);
  });
});
