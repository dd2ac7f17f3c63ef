import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../test/api';
import { dataCache as cache } from '../../../test/next-cache-double';

/*
 * ADR 0042: the storefront frame's header lists the support, resource and application types (content
 * categories). A type renamed, added or filled in the back-office must reach that menu at once, so the
 * frame's shared cache is dropped by content saves too. Next.js's data cache is stood in for by one with
 * the same contract (kept under key parts and tags, dropped by revalidateTag).
 */
vi.mock('next/cache', () => import('../../../test/next-cache-double').then((m) => m.nextCacheDouble));
vi.mock('next-intl/server', () => ({ getLocale: async () => 'zh' }));
vi.mock('@/server/auth/current-actor', () => ({ currentActor: async () => ({ kind: 'guest' }) }));

const h = fileApiHarness({ products: 50 });
let admin = '';

beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
  (globalThis as { __dbHandle?: Promise<unknown> }).__dbHandle = Promise.resolve(h.db);
});

describe('the header menus follow the content types at once', () => {
  it('shows a support type renamed in the back-office on the next page, and the old name no more', async () => {
    const { loadShellData } = await import('@/app/[locale]/_lib/load-shell-data');
    const supportMenu = async () => (await loadShellData()).chrome.menus.support.map((s) => s.name);
    const [first] = rowsOf<{ id: number; name_zh: string; name_en: string }>(await h.db.db.execute(sql`
      select id, name_zh, name_en from content_categories where kind = 'support' order by sort, id limit 1`));
    expect(await supportMenu()).toContain(first!.name_zh);
    // Kept: a change behind the cache's back is not seen.
    await h.db.db.execute(sql`update content_categories set name_zh = '未经后台的改名' where id = ${first!.id}`);
    expect(await supportMenu()).toContain(first!.name_zh);

    cache.dropped.length = 0;
    const res = await h.call('PUT', `/api/admin/content/support/types/${first!.id}`, { token: admin, json: { nameZh: '订购与报价', nameEn: first!.name_en } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(cache.dropped).toEqual(['storefront:content']);
    const after = await supportMenu();
    expect(after).toContain('订购与报价');
    expect(after).not.toContain(first!.name_zh);
  });
});
