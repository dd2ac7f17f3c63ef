import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { catalogFeedback, products } from '@/server/db/schema';
import { searchCountsSettled } from '@/server/modules/dashboard/search-counts';
import { fileApiHarness } from '../../../../../test/api';

const h = fileApiHarness({ products: 300 });

interface Page {
  items: { id: number; itemNo: string; cas: string | null }[];
  total: number;
  type: number | null;
  searched: { by: string; key: string } | null;
}

async function search(form: Record<string, string>, path = '/api/web/product/getPage'): Promise<Page> {
  const res = await h.call('POST', path, { form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
}

/** Full-width forms of ASCII, as a Chinese input method types them. */
const fullWidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

async function productWith(column: 'cas' | 'formula') {
  const [p] = await h.db.db.select().from(products)
    .where(and(eq(products.active, true), isNotNull(products[column]), sql`${products.formula} ~ '[0-9]'`))
    .orderBy(products.id).limit(1);
  if (!p) throw new Error(`no product with a ${column}`);
  return p;
}

describe('a key that is unmistakably a number is searched as such, whatever the type', () => {
  it('a CAS number typed in the item-number search (the home page default) finds its products and says so', async () => {
    const p = await productWith('cas');
    const cas = p.cas as string;
    for (const type of ['1', '3']) {
      const page = await search({ key: cas, type });
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.map((i) => i.id)).toContain(p.id);
      expect(page.items.every((i) => i.cas === cas)).toBe(true);
      expect(page.searched).toEqual({ by: 'cas', key: cas });
    }
  });

  it('folds full-width input first: the search, the suggestions and the "could not find it" log read the same key', async () => {
    const p = await productWith('cas');
    const cas = p.cas as string;
    const wide = fullWidth(cas).replace(/－/g, '－');
    expect(wide).not.toBe(cas);
    const page = await search({ key: wide, type: '1' });
    expect(page.searched).toEqual({ by: 'cas', key: cas });
    expect(page.items.map((i) => i.id)).toContain(p.id);
    // A dash pasted from a document is a hyphen too.
    expect((await search({ key: cas.replace(/-/g, '–'), type: '1' })).searched).toEqual({ by: 'cas', key: cas });

    const suggestions = await h.call('POST', '/api/web/product/getName', { form: { key: wide } });
    expect(suggestions.status).toBe(200);
    expect((suggestions.body.data as { id: number }[]).map((s) => s.id)).toContain(p.id);

    const item = fullWidth(p.itemNo.toLowerCase());
    const byItem = await search({ key: item, type: '3' });
    expect(byItem.searched).toEqual({ by: 'itemNo', key: p.itemNo });
    expect(byItem.items[0]?.id).toBe(p.id);

    const feedback = await h.call('POST', '/api/app/api/product/sx/feedback', { form: { key: fullWidth('ZZ-404-Q'), type: '1' } });
    expect(feedback.status, JSON.stringify(feedback.body)).toBe(200);
    const [stored] = await h.db.db.select({ key: catalogFeedback.searchKey }).from(catalogFeedback).orderBy(desc(catalogFeedback.id)).limit(1);
    expect(stored?.key).toBe('ZZ-404-Q');

    await searchCountsSettled();
    const counted = rowsOf<{ key: string; type: number }>(await h.db.db.execute(sql`select search_key as key, search_type::int as type from search_daily_counts where search_key = ${cas}`));
    expect(counted.map((r) => Number(r.type))).toContain(2);
  });

  it('an item number searched by name finds its product first; a formula searched by item number finds its products', async () => {
    const p = await productWith('formula');
    const byItem = await search({ key: p.itemNo, type: '3' });
    expect(byItem.searched?.by).toBe('itemNo');
    expect(byItem.items[0]?.id).toBe(p.id);

    const formula = p.formula as string;
    const byFormula = await search({ key: formula, type: '1' });
    expect(byFormula.searched).toEqual({ by: 'formula', key: formula });
    expect(byFormula.items.map((i) => i.id)).toContain(p.id);
    const [{ n }] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from products where formula = ${formula} and active`)) as [{ n: number }];
    expect(byFormula.total).toBe(Number(n));
    expect((await search({ key: formula, type: '1' }, '/api/app/api/product/sx')).searched?.by).toBe('formula');
  });

  it('anything else is searched as its type asks, and a partial or unknown number stays with the type', async () => {
    const p = await productWith('cas');
    expect((await search({ key: p.itemNo.slice(0, 3), type: '1' })).searched).toEqual({ by: 'itemNo', key: p.itemNo.slice(0, 3) });
    expect((await search({ key: 'ZZ-404-Q', type: '3' })).searched).toEqual({ by: 'name', key: 'ZZ-404-Q' });
    expect((await search({ key: 'acid' })).searched).toEqual({ by: 'all', key: 'acid' });
    // A wrong check digit is not a CAS number beyond doubt: reported as before.
    const wrong = await search({ key: '64-17-6', type: '2' });
    expect(wrong.total).toBe(0);
    // Capital letters alone are a word, not a formula.
    expect((await search({ key: 'CO', type: '3' })).searched?.by).toBe('name');
    // Without a key there is nothing to say.
    expect((await search({})).searched).toBeNull();
  });
});
