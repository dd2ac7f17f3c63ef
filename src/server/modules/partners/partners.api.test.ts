import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPartnerDto, AdminPartnerListDto } from '@/contracts/partners';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { listPublishedPartners } from './storefront';

const h = fileApiHarness({ products: 50 });
const matrix = authorisationMatrix(h);
let dir: string;
let admin = '';
let png: Buffer;

const PARTNER = { nameZh: '示例伙伴', nameEn: 'Example partner', descriptionZh: '简介', descriptionEn: 'About it', country: 'de', brandId: '', link: 'https://partner.example.com/' };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'partners-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
  png = await sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

async function list(query = ''): Promise<AdminPartnerDto[]> {
  const res = await h.call('GET', `/api/admin/content/partners${query}`, { token: admin });
  expect(res.status).toBe(200);
  return (res.body.data as AdminPartnerListDto).items;
}

async function upload(token: string, id: number, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const res = await h.app.request(`/api/admin/content/partners/${id}/logo`, { method: 'POST', headers: { authorization: token }, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: AdminPartnerDto } };
}

const audits = async (id: number) => rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = 'partner' and entity_id = ${String(id)} order by id`)).map((r) => r.action);

describe('partners administration', () => {
  it('seeds the authorised brands as published partners and a draft; the storefront shows the published ones in order', async () => {
    const items = await list();
    const published = items.filter((p) => p.status === 'published');
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((p) => p.brandId !== null && p.brandName)).toBe(true);
    expect(items.filter((p) => p.status === 'draft')).toHaveLength(1);
    const shown = await listPublishedPartners(h.db.db, { lang: 'en' });
    expect(shown.map((p) => p.id)).toEqual(published.map((p) => p.id));
    expect(await list('?status=draft')).toHaveLength(1);
    expect((await list('?key=Testing Alliance')).map((p) => p.status)).toEqual(['draft']);
  });

  it('creates a draft last, edits it, gives it a logo, publishes it, orders and deletes it; every step audited', async () => {
    const made = await h.call('POST', '/api/admin/content/partners', { token: admin, json: PARTNER });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const p = made.body.data as AdminPartnerDto;
    expect(p).toMatchObject({ status: 'draft', country: 'DE', brandId: null, link: 'https://partner.example.com/', logoUrl: null });
    const all = await list();
    expect(all[all.length - 1]?.id).toBe(p.id);
    expect((await listPublishedPartners(h.db.db, { lang: 'zh' })).some((x) => x.id === p.id)).toBe(false);

    const [brand] = rowsOf<{ id: number; name_en: string }>(await h.db.db.execute(sql`select id, name_en from brands order by id limit 1`));
    const edited = await h.call('PUT', `/api/admin/content/partners/${p.id}`, { token: admin, json: { ...PARTNER, nameEn: 'Example partner GmbH', brandId: brand!.id }, headers: { 'accept-language': 'en' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ nameEn: 'Example partner GmbH', brandId: Number(brand!.id), brandName: brand!.name_en });

    const logo = await upload(admin, p.id, png, 'logo.png');
    expect(logo.status).toBe(200);
    expect(logo.body.data.logoUrl).toMatch(new RegExp(`^/api/web/partners/${p.id}/logo\\?v=`));
    // Not served while a draft.
    expect((await h.app.request(logo.body.data.logoUrl!)).status).toBe(404);

    const published = await h.call('POST', `/api/admin/content/partners/${p.id}/status`, { token: admin, json: { status: 'published' } });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    const image = await h.app.request(logo.body.data.logoUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await listPublishedPartners(h.db.db, { lang: 'en' })).find((x) => x.id === p.id)).toMatchObject({ name: 'Example partner GmbH', brandId: Number(brand!.id) });

    const ids = (await list()).map((x) => x.id);
    const reordered = await h.call('PUT', '/api/admin/content/partners/order', { token: admin, json: { ids: [p.id, ...ids.filter((id) => id !== p.id)] } });
    expect(reordered.status).toBe(200);
    expect((reordered.body.data as AdminPartnerListDto).items[0]?.id).toBe(p.id);
    expect((await listPublishedPartners(h.db.db, { lang: 'en' }))[0]?.id).toBe(p.id);

    expect((await h.call('DELETE', `/api/admin/content/partners/${p.id}/logo`, { token: admin })).body.data).toMatchObject({ logoUrl: null });
    expect((await h.call('POST', `/api/admin/content/partners/${p.id}/status`, { token: admin, json: { status: 'draft' } })).status).toBe(200);
    expect((await h.call('DELETE', `/api/admin/content/partners/${p.id}`, { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/api/admin/content/partners/${p.id}`, { token: admin })).status).toBe(404);
    expect(await audits(p.id)).toEqual(['create', 'update', 'setLogo', 'publish', 'update', 'removeLogo', 'unpublish', 'delete']);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await list();
    const target = before[0]!;
    const cases: [unknown, string][] = [
      [{ ...PARTNER, nameZh: '' }, 'nameZh'],
      [{ ...PARTNER, nameEn: 'x'.repeat(101) }, 'nameEn'],
      [{ ...PARTNER, link: 'javascript:alert(1)' }, 'link'],
      [{ ...PARTNER, link: '/partners' }, 'link'],
      [{ ...PARTNER, link: 'https://partner.example.com\\@evil.example.com' }, 'link'],
      [{ ...PARTNER, link: 'https://partner.example.com/a\u0007b' }, 'link'],
      [{ ...PARTNER, link: 'https:partner.example.com' }, 'link'],
      [{ ...PARTNER, country: 'Germany' }, 'country'],
      [{ ...PARTNER, brandId: 999999 }, 'brandId'],
    ];
    for (const [json, field] of cases) {
      const res = await h.call('PUT', `/api/admin/content/partners/${target.id}`, { token: admin, json });
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body), field).toContain(field);
    }
    expect((await h.call('POST', `/api/admin/content/partners/${target.id}/status`, { token: admin, json: { status: 'published' } })).status).toBe(409);
    expect((await h.call('POST', `/api/admin/content/partners/${target.id}/status`, { token: admin, json: { status: 'gone' } })).status).toBe(400);
    expect((await h.call('PUT', '/api/admin/content/partners/order', { token: admin, json: { ids: [target.id] } })).status).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload(admin, target.id, svg, 'logo.png')).status).toBe(415);
    expect((await h.call('GET', '/api/admin/content/partners/999999', { token: admin })).status).toBe(404);
    expect(await list()).toEqual(before);
  });

  it('lets only members with CONTENT.EDIT call it', async () => {
    const [first] = await list();
    await matrix.expect([
      { method: 'GET', path: '/api/admin/content/partners', expect: { guest: 401, buyerA: 401, adminA: 401, staffSales: 403, staffOps: 200, staffAdmin: 200 } },
      { method: 'POST', path: '/api/admin/content/partners', json: { ...PARTNER, nameZh: '' }, expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 400 } },
      { method: 'GET', path: `/api/admin/content/partners/${first!.id}`, expect: { guest: 401, staffSales: 403, staffOps: 200 } },
      { method: 'PUT', path: `/api/admin/content/partners/${first!.id}`, json: { ...PARTNER, nameZh: '' }, expect: { guest: 401, staffSales: 403, staffOps: 400 } },
      { method: 'POST', path: `/api/admin/content/partners/${first!.id}/status`, json: { status: 'published' }, expect: { guest: 401, adminA: 401, staffSales: 403, staffOps: 409 } },
      { method: 'PUT', path: '/api/admin/content/partners/order', json: { ids: [first!.id] }, expect: { guest: 401, staffSales: 403, staffOps: 400 } },
      { method: 'DELETE', path: '/api/admin/content/partners/999999', expect: { guest: 401, staffSales: 403, staffOps: 404 } },
      { method: 'DELETE', path: `/api/admin/content/partners/${first!.id}/logo`, expect: { guest: 401, staffSales: 403 } },
    ]);
  });
});
