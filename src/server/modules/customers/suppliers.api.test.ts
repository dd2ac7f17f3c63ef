import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupplierDto } from '@/contracts/customers';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { expectWritesNothing, writeProbe, type WriteProbe } from '../../../../test/db-writes';

const h = fileApiHarness();
let ops = '';
let sales = '';
let brandIds: number[] = [];
let probe: WriteProbe;

beforeAll(async () => {
  ops = await h.loginStaff('ops', 'Ops#2026');
  sales = await h.loginStaff('sales', 'Sales#2026');
  brandIds = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 3`)).map((r) => Number(r.id));
  probe = await writeProbe(h.db.db);
});

async function writesNothing(run: () => Promise<unknown>): Promise<void> {
  await expectWritesNothing(probe, run);
}

const page = async (query = '') => (await h.call('GET', `/api/admin/suppliers${query}`, { token: ops })).body.data as { total: number; items: SupplierDto[]; nextCursor: string | null };

describe('suppliers', () => {
  it('lists the demo suppliers with their brands and contacts, to SUPPLIER.EDIT only', async () => {
    const list = await page();
    expect(list.items.map((s) => s.name)).toEqual(['Example Life Science Distribution GmbH', '上海示例化学品进出口有限公司']);
    expect(list.items[1]).toMatchObject({ paymentDays: 30, contacts: [{ name: '黄建国' }] });
    expect(list.items[1]!.brands).toHaveLength(3);
    expect((await h.call('GET', '/api/admin/suppliers', { token: sales })).status).toBe(403);
    expect((await h.call('GET', '/api/admin/suppliers')).status).toBe(401);
    expect((await h.call('POST', '/api/admin/suppliers', { token: sales, json: { name: 'x' } })).status).toBe(403);
  });

  it('adds, filters, pages, changes and deletes a supplier, audited', async () => {
    const created = await h.call('POST', '/api/admin/suppliers', { token: ops, json: {
      name: '北京示例试剂贸易有限公司', paymentDays: 45, paymentTerms: '月结 45 天', brandIds: [brandIds[0], brandIds[0]],
      contacts: [{ name: '高峰', phone: '010-6211-0000', email: '', position: '经理' }],
    } });
    expect(created.status).toBe(200);
    const supplier = created.body.data as SupplierDto;
    expect(supplier.brands.map((b) => b.id)).toEqual([brandIds[0]]);
    expect((await page(`?brandId=${brandIds[0]}`)).items.map((s) => s.name)).toContain('北京示例试剂贸易有限公司');
    expect((await page(`?key=${encodeURIComponent('高峰')}`)).items.map((s) => s.name)).toEqual(['北京示例试剂贸易有限公司']);
    const first = await page('?limit=2&sort=name');
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`?limit=2&sort=name&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect([...first.items, ...second.items].map((s) => s.id)).toHaveLength(3);
    const changed = await h.call('PUT', `/api/admin/suppliers/${supplier.id}`, { token: ops, json: { name: '北京示例试剂贸易有限公司', paymentDays: 60, paymentTerms: '', brandIds: [brandIds[1]], contacts: [] } });
    expect(changed.body.data).toMatchObject({ paymentDays: 60, contacts: [], brands: [{ id: brandIds[1] }] });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    const body = new FormData();
    body.append('file', new File([new Uint8Array(png)], 'price-list.png', { type: 'image/png' }));
    const up = await h.app.request(`/api/admin/suppliers/${supplier.id}/files`, { method: 'POST', body, headers: { authorization: ops } });
    expect(up.status).toBe(200);
    const file = ((await up.json()) as { data: SupplierDto }).data.files[0]!;
    expect(file.fileName).toBe('price-list.png');
    expect((await h.app.request(`/api/admin/suppliers/${supplier.id}/files/${file.id}`, { headers: { authorization: ops } })).status).toBe(200);
    expect((await h.app.request(`/api/admin/suppliers/${supplier.id}/files/${file.id}`, { headers: { authorization: sales } })).status).toBe(403);
    const bad = new FormData();
    bad.append('file', new File(['<html>'], 'x.html', { type: 'text/html' }));
    expect((await h.app.request(`/api/admin/suppliers/${supplier.id}/files`, { method: 'POST', body: bad, headers: { authorization: ops } })).status).toBe(415);
    expect((await h.call('DELETE', `/api/admin/suppliers/${supplier.id}/files/${file.id}`, { token: ops })).status).toBe(200);
    expect((await h.call('DELETE', `/api/admin/suppliers/${supplier.id}`, { token: ops })).status).toBe(200);
    const audit = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = 'supplier' and entity_id = ${String(supplier.id)} order by id`));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
    expect((await h.call('GET', `/api/admin/suppliers/${supplier.id}`, { token: ops })).status).toBe(404);
  });

  it('refuses bad input and duplicate names, writing nothing', async () => {
    for (const json of [
      { name: '' },
      { name: 'x'.repeat(61) },
      { name: 'ok', paymentDays: 400 },
      { name: 'ok', paymentTerms: 'x'.repeat(101) },
      { name: 'ok', brandIds: [999999] },
      { name: 'ok', contacts: [{ name: 'no reach' }] },
      { name: 'ok', contacts: [{ name: 'x', email: 'bad' }] },
      { name: 'ok', extra: true },
    ]) {
      await writesNothing(async () => expect((await h.call('POST', '/api/admin/suppliers', { token: ops, json })).status, JSON.stringify(json)).toBe(400));
    }
    await writesNothing(async () => {
      expect((await h.call('POST', '/api/admin/suppliers', { token: ops, json: { name: '上海示例化学品进出口有限公司' } })).status).toBe(409);
      expect((await h.call('GET', '/api/admin/suppliers?cursor=zzz', { token: ops })).status).toBe(400);
    });
  });
});
