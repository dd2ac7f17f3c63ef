import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminProductDto } from '@/contracts/catalog-editing-products';
import { rowsOf } from '@/server/db/client';
import { productSitemapRows } from '@/server/modules/content/sitemap';
import { GENERATION_KEY } from './page-cache';
import { fileApiHarness } from '../../../test/api';
import { dataCache as cache } from '../../../test/next-cache-double';

/*
 * ADR 0025/0039/0042: a product saved in the back-office reaches the storefront at
 * once. Next.js's data cache exists only inside the web server, so it is stood in for here by a cache
 * with the same contract — results kept under key parts and tags, dropped by `revalidateTag` — and the
 * storefront's own loaders (product page, product lists, category tree, home, brand page) run through
 * it against the test database.
 */
vi.mock('next/cache', () => import('../../../test/next-cache-double').then((m) => m.nextCacheDouble));

const h = fileApiHarness({ products: 300 });
let admin = '';
let brandId = 0;
let leafId = 0;

beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
  // The loaders read the database through getDb(): this test's.
  (globalThis as { __dbHandle?: Promise<unknown> }).__dbHandle = Promise.resolve(h.db);
  const [leaf] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where leaf order by id limit 1`));
  const [brand] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 1`));
  leafId = Number(leaf!.id);
  brandId = Number(brand!.id);
});

const PRODUCT = {
  itemNo: 'RV-0001', cas: '67-64-1', mdl: '', nameZh: '丙酮（缓存）', nameEn: 'Acetone (cache)', synonyms: [], formula: 'C3H6O', smiles: 'CC(C)=O',
  purity: '≥99.5%', grade: 'AR', gradeZh: '分析纯', storage: 'rt', shipping: 'ambient', pictograms: [], signalWord: null,
  hazardStatements: [], precautionaryStatements: [], controlClass: null, isHot: true, isNew: false, isSpecial: false,
  promoStartsAt: null, promoEndsAt: null, active: true, packs: [{ size: '500 mL', price: '30.00', leadTimeDays: 0, stock: 5 }],
};

async function save(method: 'POST' | 'PUT', path: string, json: unknown): Promise<AdminProductDto> {
  const res = await h.call(method, path, { token: admin, json });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AdminProductDto;
}

async function sitemapIds(): Promise<number[]> {
  const ids: number[] = [];
  for await (const rows of productSitemapRows(h.db.db, 0)) ids.push(...rows.map((r) => r.id));
  return ids;
}

describe('a product save reaches the storefront at once', () => {
  it('drops its page, the lists, its brand page and the guest pages; the sitemap is read afresh', async () => {
    const { loadProductDetail } = await import('@/app/[locale]/(store)/product/_lib/load-product-detail');
    const { loadProductList } = await import('@/app/[locale]/(store)/product/_lib/load-product-list');
    const { loadBrandDetail } = await import('@/app/[locale]/(store)/brand/_lib/load-brand-pages');
    const created = await save('POST', '/api/admin/catalog/products', { ...PRODUCT, brandId, categoryId: leafId });
    const hotList = () => loadProductList({ locale: 'en', flag: 'hot', categoryId: leafId, list: { brandIds: [], inStock: false } });
    const names = async () => ({
      detail: (await loadProductDetail(created.id, 'en'))?.product.name,
      list: (await hotList()).page.items.find((p) => p.id === created.id)?.name,
      brand: (await loadBrandDetail({ locale: 'en', id: brandId }))?.products.items.find((p) => p.id === created.id)?.name ?? null,
    });
    const first = await names();
    expect(first.detail).toBe('Acetone (cache)');
    expect(first.list).toBe('Acetone (cache)');
    expect(await sitemapIds()).toContain(created.id);
    // Kept: a second read comes from the cache.
    const kept = cache.entries.size;
    expect(kept).toBeGreaterThan(0);
    await h.db.db.execute(sql`update products set name_en = 'Changed behind the cache' where id = ${created.id}`);
    expect((await names()).detail).toBe('Acetone (cache)');

    cache.dropped.length = 0;
    const generation = (globalThis as Record<symbol, number | undefined>)[GENERATION_KEY] ?? 0;
    await save('PUT', `/api/admin/catalog/products/${created.id}`, { ...PRODUCT, nameEn: 'Acetone, renamed', brandId, categoryId: leafId });
    // The catalogue tag: every cached loader that shows a product carries it (the page's own tag too).
    expect(cache.dropped).toEqual(['storefront:catalogue']);
    expect((globalThis as Record<symbol, number | undefined>)[GENERATION_KEY]).toBe(generation + 1);
    const after = await names();
    expect(after.detail).toBe('Acetone, renamed');
    expect(after.list).toBe('Acetone, renamed');
    expect([null, 'Acetone, renamed']).toContain(after.brand);

    // Taken off the shop: gone from the lists and the sitemap at once, its page answers 404 (null).
    await save('PUT', `/api/admin/catalog/products/${created.id}`, { ...PRODUCT, nameEn: 'Acetone, renamed', brandId, categoryId: leafId, active: false });
    expect(await loadProductDetail(created.id, 'en')).toBeNull();
    expect((await hotList()).page.items.some((p) => p.id === created.id)).toBe(false);
    expect(await sitemapIds()).not.toContain(created.id);
  });

  it('a refused save drops nothing and keeps the cached pages', async () => {
    const before = cache.entries.size;
    cache.dropped.length = 0;
    const res = await h.call('PUT', '/api/admin/catalog/products/999999', { token: admin, json: { ...PRODUCT, brandId, categoryId: leafId } });
    expect(res.status).toBe(404);
    expect(cache.dropped).toEqual([]);
    expect(cache.entries.size).toBe(before);
  });
});
