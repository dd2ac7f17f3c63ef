import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '@/contracts/admin';
import type { AdminProductDto } from '@/contracts/catalog-editing-products';
import { isInternalAuditField } from '@/contracts/audit-vocabulary';
import { rowsOf } from '@/server/db/client';
import { recordAudit, SYSTEM_ACTOR } from './record';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

type AuditPage = { total: number; items: AuditEntryDto[] };
const audit = async (token: string, query: string) => (await h.call('GET', `/api/admin/audit?${query}`, { token })).body.data as AuditPage;

describe('the audit log in words', () => {
  it('saving a product whose packs did not change writes no pack rows; a changed pack writes one, linked to the product by item number', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const [leaf] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where leaf order by id limit 1`));
    const [brand] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 1`));
    const input = {
      itemNo: 'T-AUDIT-1', nameZh: '审计测试试剂', nameEn: 'Audit test reagent', brandId: Number(brand!.id), categoryId: Number(leaf!.id),
      packs: [{ size: '5 g', price: '50', stock: 3 }, { size: '25 g', price: '180', stock: 1 }, { size: '100 g', price: '560', stock: 0 }],
    };
    const made = (await h.call('POST', '/api/admin/catalog/products', { token: admin, json: input })).body.data as AdminProductDto;
    const packs = made.packs.map((p, i) => ({ ...input.packs[i]!, id: p.id }));
    const before = (await audit(admin, 'entity=product_pack&limit=100')).total;
    const saved = await h.call('PUT', `/api/admin/catalog/products/${made.id}`, { token: admin, json: { ...input, nameEn: 'Audit test reagent, renamed', packs } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await audit(admin, 'entity=product_pack&limit=100')).total).toBe(before);
    const product = await audit(admin, `entity=product&entityId=${made.id}`);
    expect(product.items[0]).toMatchObject({ action: 'update', record: { kind: 'product', id: made.id, number: 'T-AUDIT-1' } });
    expect(product.items[0]!.changes).toEqual({ nameEn: { from: 'Audit test reagent', to: 'Audit test reagent, renamed' } });

    const repriced = packs.map((p, i) => (i === 1 ? { ...p, price: '190' } : p));
    expect((await h.call('PUT', `/api/admin/catalog/products/${made.id}`, { token: admin, json: { ...input, packs: repriced } })).status).toBe(200);
    const pack = await audit(admin, 'entity=product_pack&limit=100');
    expect(pack.total).toBe(before + 1);
    expect(pack.items[0]).toMatchObject({ entityId: String(packs[1]!.id), record: { kind: 'product', id: made.id, number: 'T-AUDIT-1 · 25 g' }, note: null });
    expect(Object.keys(pack.items[0]!.changes)).toEqual(['price']);
  });

  it('names an approval request by the record it decides, and shows no internal field', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const page = await audit(admin, 'entity=approval_request&limit=100');
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.items) {
      expect(row.record, JSON.stringify(row)).not.toBeNull();
      expect(row.record!.number).toMatch(/^(QT|HT|CP|EX)\d+$/);
      for (const field of [...Object.keys(row.changes), ...Object.keys(row.note ?? {})]) expect(isInternalAuditField(field), field).toBe(false);
    }
    // A runner's lock token and a file's storage key are kept in the row, never shown or exported.
    await recordAudit(h.db.db, SYSTEM_ACTOR, {
      action: 'start', entity: 'import_job', entityId: 999_001, before: { status: 'queued' }, after: { status: 'running' }, note: { owner: 'vm:23952:898d1326', attempt: 1 },
    });
    await recordAudit(h.db.db, SYSTEM_ACTOR, { action: 'setLogo', entity: 'brand', entityId: 999_002, before: { logoPath: null }, after: { logoPath: 'brands/x/logo.png' }, note: { size: 10 } });
    const job = (await audit(admin, 'entity=import_job&entityId=999001')).items[0]!;
    expect(job).toMatchObject({ changes: { status: { from: 'queued', to: 'running' } }, note: null });
    const logo = (await audit(admin, 'entity=brand&entityId=999002')).items[0]!;
    expect(logo).toMatchObject({ changes: {}, note: { size: 10 } });
    const csv = await (await h.app.request('/api/admin/audit/export?entity=import_job&entityId=999001', { headers: { authorization: admin } })).text();
    expect(csv).not.toContain('vm:23952');
    expect(JSON.stringify((await h.db.db.execute(sql`select data from audit_log where entity_id = '999001'`)))).toContain('vm:23952');
  });

  it('links quotations, contracts and complaints by their stored numbers', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    // The demo writes no quotation rows: one quotation's move, as its transition writes it.
    const [quote] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from quotations order by id limit 1`));
    await recordAudit(h.db.db, SYSTEM_ACTOR, { action: 'status', entity: 'quotation', entityId: Number(quote!.id), before: { state: 'sent' }, after: { state: 'expired' } });
    const checks = [
      ['quotation', sql`select id, quote_no as no from quotations`],
      ['contract', sql`select id, contract_no as no from contracts`],
      ['complaint', sql`select id, complaint_no as no from complaints`],
    ] as const;
    for (const [entity, query] of checks) {
      const numbers = new Map(rowsOf<{ id: number; no: string }>(await h.db.db.execute(query)).map((r) => [String(r.id), r.no]));
      const page = await audit(admin, `entity=${entity}&limit=100`);
      expect(page.items.length, entity).toBeGreaterThan(0);
      for (const row of page.items) expect(row.record?.number, `${entity} ${row.entityId}`).toBe(numbers.get(row.entityId));
    }
  });
});
