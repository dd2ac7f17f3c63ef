import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrandDto } from '@/contracts/catalog-editing';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness({ products: 20 });
let dir: string;
let admin: string;
let brandId: number;
let png: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'brand-logo-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
  const made = await h.call('POST', '/api/admin/catalog/brands', { token: admin, json: { code: 'logo-test', nameZh: '标志测试', nameEn: 'Logo test', authorised: true, sort: 1 } });
  brandId = (made.body.data as AdminBrandDto).id;
  // Trailing HTML after the PNG's end: re-encoding drops it.
  const plain = await sharp({ create: { width: 1200, height: 400, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
  png = Buffer.concat([plain, Buffer.from('<html><script>alert(1)</script></html>')]);
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

async function upload(token: string | undefined, id: number | string, file?: { bytes: Uint8Array; name: string; type?: string }, extra?: Record<string, string>) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  for (const [k, v] of Object.entries(extra ?? {})) form.append(k, v);
  const res = await h.app.request(`/api/admin/catalog/brands/${id}/logo`, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

async function auditActions(): Promise<string[]> {
  const rows = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = 'brand' and entity_id = ${String(brandId)} order by id`));
  return rows.map((r) => r.action);
}

describe('brand logos', () => {
  it('takes a PNG (re-encoded, scaled), serves it to the storefront, and audits the change', async () => {
    const res = await upload(admin, brandId, { bytes: png, name: 'logo.svg', type: 'image/svg+xml' });
    expect(res.status).toBe(200);
    const brand = res.body.data as AdminBrandDto;
    expect(brand.logoUrl).toMatch(new RegExp(`^/api/web/files/brand-logo/${brandId}\\?v=[0-9a-f-]+$`));
    const served = await h.app.request(brand.logoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(600);
    const storefront = await h.call('POST', '/api/web/brand/getDetails', { json: { id: brandId } });
    expect(storefront.body.data).toMatchObject({ logoUrl: brand.logoUrl });
    expect(await auditActions()).toEqual(['create', 'setLogo']);

    const removed = await h.call('DELETE', `/api/admin/catalog/brands/${brandId}/logo`, { token: admin });
    expect((removed.body.data as AdminBrandDto).logoUrl).toBeNull();
    expect((await h.app.request(`/api/web/files/brand-logo/${brandId}`)).status).toBe(404);
    expect(await auditActions()).toEqual(['create', 'setLogo', 'removeLogo']);
  });

  it('refuses SVG, HTML, PDF and unknown bytes (415), too large files (413), and wrong requests, changing nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF');
    for (const [bytes, name, type] of [[svg, 'logo.svg', 'image/svg+xml'], [html, 'logo.png', 'image/png'], [pdf, 'logo.pdf', 'application/pdf'], [Buffer.from('GIF89a....'), 'logo.gif', 'image/gif']] as const) {
      const res = await upload(admin, brandId, { bytes, name, type });
      expect(res.status, name).toBe(415);
      expect(res.body.msg).toContain('PNG');
    }
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(600 * 1024, 1)]);
    expect((await upload(admin, brandId, { bytes: big, name: 'big.png' })).status).toBe(413);
    expect((await upload(admin, brandId)).status).toBe(400);
    expect((await upload(admin, brandId, { bytes: png, name: 'a.png' }, { other: 'x' })).status).toBe(400);
    expect((await upload(admin, 999999, { bytes: png, name: 'a.png' })).status).toBe(404);
    expect((await upload(admin, 'abc', { bytes: png, name: 'a.png' })).status).toBe(400);
    const json = await h.call('POST', `/api/admin/catalog/brands/${brandId}/logo`, { token: admin, json: { file: 'x' } });
    expect(json.status).toBe(415);
    expect(await auditActions()).toEqual(['create', 'setLogo', 'removeLogo']);
  });

  it('answers 401 to guests and customers and 403 to staff without CATALOG.EDIT', async () => {
    expect((await upload(undefined, brandId, { bytes: png, name: 'a.png' })).status).toBe(401);
    const customer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    expect((await upload(customer, brandId, { bytes: png, name: 'a.png' })).status).toBe(401);
    const sales = await h.loginStaff('sales', 'Sales#2026');
    expect((await upload(sales, brandId, { bytes: png, name: 'a.png' })).status).toBe(403);
    expect((await h.call('DELETE', `/api/admin/catalog/brands/${brandId}/logo`, { token: sales })).status).toBe(403);
    expect((await h.call('DELETE', `/api/admin/catalog/brands/${brandId}/logo`)).status).toBe(401);
  });
});
