import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { AdminProductDto, AdminProductListDto } from '@/contracts/catalog-editing-products';
import { rowsOf } from '@/server/db/client';
import type { ApiHarness } from './api';

/**
 * What the back-office product API tests share: the administrator's sign-in and the seeded leaf category,
 * branch category and brand (read in `beforeAll`), a complete product input, and calls that create and list.
 * Call it at the top of a file, after `fileApiHarness`.
 */
export function adminProductsHarness(h: ApiHarness) {
  const ids = { admin: '', leafId: 0, branchId: 0, brandId: 0 };
  beforeAll(async () => {
    ids.admin = await h.loginStaff('admin', 'Admin#2026');
    const [leaf] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where leaf order by id limit 1`));
    const [branch] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where not leaf order by id limit 1`));
    const [brand] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 1`));
    ids.leafId = Number(leaf!.id);
    ids.branchId = Number(branch!.id);
    ids.brandId = Number(brand!.id);
  });

  /** The rows of the audit log about one kind of entity. */
  async function auditRows(entity: string): Promise<number> {
    const rows = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from audit_log where entity = ${entity}`));
    return Number(rows[0]?.n ?? 0);
  }

  /** A complete, valid product input in the seeded leaf category and brand, with `over` on top. */
  function product(over: Record<string, unknown> = {}) {
    return {
      itemNo: 'T-ETOH-1', cas: '64-17-5', mdl: 'MFCD00003568', nameZh: '无水乙醇', nameEn: 'Ethanol, absolute',
      synonyms: ['Ethyl alcohol', '酒精'], formula: 'C2H6O', smiles: 'CCO', purity: '≥99.8%', grade: 'AR', gradeZh: '分析纯',
      storage: 'rt', shipping: 'ambient', pictograms: ['GHS02', 'GHS07'], signalWord: 'danger',
      hazardStatements: ['H225'], precautionaryStatements: ['P210'], controlClass: null,
      brandId: ids.brandId, categoryId: ids.leafId, isHot: false, isNew: true, isSpecial: false, promoStartsAt: null, promoEndsAt: null, active: true,
      packs: [{ size: '500 mL', price: '38.50', leadTimeDays: 0, stock: 12 }, { size: '2.5 L', price: 120, leadTimeDays: 3, stock: 0 }],
      ...over,
    };
  }

  /** Creates a product as the administrator and answers it. */
  async function create(over: Record<string, unknown> = {}): Promise<AdminProductDto> {
    const res = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, json: product(over) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as AdminProductDto;
  }

  /** The back-office product list for a query string. */
  async function list(query: string): Promise<AdminProductListDto> {
    const res = await h.call('GET', `/api/admin/catalog/products?${query}`, { token: ids.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as AdminProductListDto;
  }

  return { ids, auditRows, product, create, list };
}
