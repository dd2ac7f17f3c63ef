import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../test/api';

// The tags each back-office save drops from the storefront's shared cache (ADR 0025), recorded
// instead of revalidated: Next.js's cache exists only inside the web server.
const dropped = vi.hoisted(() => [] as string[]);
vi.mock('next/cache', () => ({ revalidateTag: (tag: string) => dropped.push(tag) }));

const h = fileApiHarness();
let admin = '';
beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
});
beforeEach(() => {
  dropped.length = 0;
});

async function call(method: 'POST' | 'PUT' | 'DELETE', path: string, json?: unknown): Promise<unknown> {
  const res = await h.call(method, path, { token: admin, ...(json === undefined ? {} : { json }) });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

const SHELL = ['storefront:shell'];
const CATALOGUE = ['storefront:catalogue'];
const CONTENT = ['storefront:content'];

describe('every back-office save drops exactly the storefront cache it changes', () => {
  it('site settings drop the shell (header, footer, service panel, contact page) and nothing else', async () => {
    await call('PUT', '/api/admin/web-settings/types/2', { content: '400-820-9999' });
    expect(dropped).toEqual(SHELL);
    dropped.length = 0;
    await call('PUT', '/api/admin/web-settings/visitor-count', { show: false });
    expect(dropped).toEqual(SHELL);
  });

  it('brands, categories, products and lots drop the catalogue (lists, menus, brand and product pages)', async () => {
    const brand = await call('POST', '/api/admin/catalog/brands', {
      code: 'cachelab', nameZh: '缓存实验', nameEn: 'Cachelab', country: 'cn', logoText: 'CACHE',
      descriptionZh: '', descriptionEn: '', authorised: false, recommended: false, sort: 1,
    }) as { id: number };
    expect(dropped).toEqual(CATALOGUE);
    dropped.length = 0;
    await call('DELETE', `/api/admin/catalog/brands/${brand.id}`);
    expect(dropped).toEqual(CATALOGUE);
    dropped.length = 0;
    await call('POST', '/api/admin/catalog/categories', { parentId: null, nameZh: '缓存类', nameEn: 'Cache class' });
    expect(dropped).toEqual(CATALOGUE);
    dropped.length = 0;
    const [product] = rowsOf<{ id: number; pack_id: number }>(await h.db.db.execute(sql`
      select p.id, k.id as pack_id from products p join product_packs k on k.product_id = p.id where p.active order by p.id limit 1`));
    await call('POST', '/api/admin/catalog/products/bulk', { ids: [product!.id], set: { isHot: true } });
    expect(dropped).toEqual(CATALOGUE);
    dropped.length = 0;
    await call('POST', `/api/admin/catalog/products/${product!.id}/lots`, { packId: product!.pack_id, lotNo: 'CACHE-1', quantity: 3, warehouse: 'sh' });
    expect(dropped).toEqual(CATALOGUE);
  });

  it('news drops the content only when the storefront can see the change; banners always', async () => {
    const draft = await call('POST', '/api/admin/content/news', {
      titleZh: '缓存测试', titleEn: 'Cache test', summaryZh: '', summaryEn: '', bodyZh: '<p>甲</p>', bodyEn: '<p>A</p>', featured: false, categoryId: null,
    }) as { id: number };
    expect(dropped).toEqual([]);
    await call('POST', `/api/admin/content/news/${draft.id}/publish`);
    expect(dropped).toEqual(CONTENT);
    dropped.length = 0;
    await call('POST', `/api/admin/content/news/${draft.id}/unpublish`);
    expect(dropped).toEqual(CONTENT);
    dropped.length = 0;
    await call('POST', '/api/admin/content/banners', {
      position: 'home-why', titleZh: '横幅', titleEn: 'Banner', subtitleZh: '', subtitleEn: '', link: '', sort: 1, active: true,
    });
    expect(dropped).toEqual(CONTENT);
  });

  it('a refused save drops nothing', async () => {
    const res = await h.call('PUT', '/api/admin/web-settings/types/6', { token: admin, json: { content: 'javascript:alert(1)' } });
    expect(res.status).toBe(400);
    expect(dropped).toEqual([]);
  });
});
