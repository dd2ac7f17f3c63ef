import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSiteSettingsDto } from '@/contracts/site-settings';
import { rowsOf } from '@/server/db/client';
import { getSiteContact } from './queries';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

/** What a Chinese shop must show (电子商务法 §15): the ICP filing number and the two licences' numbers (web settings 10–12) and scans. */
const h = fileApiHarness();
const matrix = authorisationMatrix(h);
const en = { 'accept-language': 'en' };
let dir: string;
let admin: string;
let png: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'licence-scans-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
  // Trailing markup after the PNG's end: re-encoding drops it.
  const plain = await sharp({ create: { width: 3000, height: 2100, channels: 3, background: { r: 240, g: 240, b: 230 } } }).png().toBuffer();
  png = Buffer.concat([plain, Buffer.from('<html><script>alert(1)</script></html>')]);
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

async function upload(token: string | undefined, kind: string, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await h.app.request(`/api/admin/web-settings/licence-scans/${kind}`, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

const settings = async () => (await h.call('GET', '/api/admin/web-settings', { token: admin })).body.data as AdminSiteSettingsDto;
const contentOf = (s: AdminSiteSettingsDto, key: string) => s.settings.find((x) => x.key === key)?.content;

async function auditOf(entityId: string): Promise<string[]> {
  const rows = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = 'siteOption' and entity_id = ${entityId} order by id`));
  return rows.map((r) => r.action);
}

describe('licence numbers (web settings 10–12)', () => {
  it('are listed with their formats, and the demo values are clearly fictional', async () => {
    const s = await settings();
    expect(s.settings.filter((x) => x.type >= 10 && x.type <= 12).map((x) => [x.key, x.format])).toEqual([
      ['icpNumber', 'icp'], ['businessLicence', 'licence'], ['hazardousLicence', 'licence'],
    ]);
    expect(contentOf(s, 'icpNumber')).toBe('沪ICP备00000000号-1');
    expect(contentOf(s, 'businessLicence')).toContain('示例');
    expect(contentOf(s, 'hazardousLicence')).toContain('示例');
    expect(s.licenceScans).toEqual({ businessLicence: null, hazardousLicence: null });
  });

  it('are set, reach the storefront\'s contact data and are cleared (the storefront then shows none)', async () => {
    for (const [type, content] of [[10, '京ICP证123456号'], [11, '91310104MA1FR8XK3P'], [12, '沪（徐）应急管危经许〔2024〕001234号']] as const) {
      const res = await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token: admin, json: { content: ` ${content} ` } });
      expect(res.status, content).toBe(200);
    }
    expect((await getSiteContact(h.db.db)).licences).toEqual({
      icpNumber: '京ICP证123456号',
      businessLicence: { number: '91310104MA1FR8XK3P', scanUrl: null },
      hazardousLicence: { number: '沪（徐）应急管危经许〔2024〕001234号', scanUrl: null },
    });
    const page = await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 100, offset: 1 } });
    expect((page.body.data as { type: number; content: string }[]).find((r) => r.type === 10)?.content).toBe('京ICP证123456号');
    expect((await h.call('DELETE', '/api/admin/web-settings/types/10', { token: admin })).status).toBe(200);
    expect((await getSiteContact(h.db.db)).licences.icpNumber).toBeNull();
    expect((await h.call('PUT', '/api/admin/web-settings/types/10', { token: admin, json: { content: '沪ICP备00000000号-1' } })).status).toBe(200);
  });

  it('refuses numbers that are not one, 400 naming the content in the caller\'s language', async () => {
    const cases: [number, string, string, string][] = [
      [10, 'ICP 12345678', '须为 ICP 备案号', 'Must be an ICP filing number'],
      [10, '沪ICP备12号', '须为 ICP 备案号', 'Must be an ICP filing number'],
      [10, '<b>沪ICP备12345678号</b>', '须为 ICP 备案号', 'Must be an ICP filing number'],
      [11, 'none', '须为证照上印的编号', 'Must be the number printed on the licence'],
      [11, '<script>1234</script>', '须为证照上印的编号', 'Must be the number printed on the licence'],
      [12, '1'.repeat(81), '须为证照上印的编号', 'Must be the number printed on the licence'],
      [12, '   ', '请填写内容', 'Enter the content'],
    ];
    for (const [type, content, zh, english] of cases) {
      const res = await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token: admin, json: { content } });
      expect(res.status, content).toBe(400);
      expect(res.body.data).toEqual([{ field: 'content', message: expect.stringContaining(zh) }]);
      const enRes = await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token: admin, json: { content }, headers: en });
      expect((enRes.body.data as { message: string }[])[0]?.message).toContain(english);
    }
    expect(contentOf(await settings(), 'icpNumber')).toBe('沪ICP备00000000号-1');
  });
});

describe('licence scans', () => {
  it('take an image (re-encoded, scaled to 2,000 pixels), serve it under its name, and audit the change', async () => {
    const res = await upload(admin, 'businessLicence', { bytes: png, name: 'licence.html', type: 'text/html' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = (res.body.data as AdminSiteSettingsDto).licenceScans.businessLicence;
    expect(url).toMatch(/^\/api\/web\/files\/licence\/businessLicence\/[0-9a-f-]+\.png$/);
    expect((res.body.data as AdminSiteSettingsDto).licenceScans.hazardousLicence).toBeNull();
    const served = await h.app.request(url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(2000);
    expect((await getSiteContact(h.db.db)).licences.businessLicence.scanUrl).toBe(url);

    // A new scan is a new address; the old one is no longer served.
    const again = await upload(admin, 'businessLicence', { bytes: png, name: 'licence.png', type: 'image/png' });
    const next = (again.body.data as AdminSiteSettingsDto).licenceScans.businessLicence;
    expect(next).not.toBe(url);
    expect((await h.app.request(url!)).status).toBe(404);
    expect((await h.app.request(next!)).status).toBe(200);
    expect(await auditOf('businessLicenceScan')).toEqual(['setScan', 'setScan']);

    const removed = await h.call('DELETE', '/api/admin/web-settings/licence-scans/businessLicence', { token: admin });
    expect(removed.status).toBe(200);
    expect((removed.body.data as AdminSiteSettingsDto).licenceScans.businessLicence).toBeNull();
    expect((await h.app.request(next!)).status).toBe(404);
    expect(await auditOf('businessLicenceScan')).toEqual(['setScan', 'setScan', 'removeScan']);
  });

  it('refuses what is not an image (415), a file too large (413), no file (400) and an unknown kind, changing nothing', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [bytes, name] of [[pdf, 'licence.pdf'], [svg, 'licence.png']] as const) {
      const res = await upload(admin, 'hazardousLicence', { bytes, name });
      expect(res.status, name).toBe(415);
      expect(res.body.msg).toContain('PNG');
    }
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(950 * 1024, 1)]);
    expect((await upload(admin, 'hazardousLicence', { bytes: big, name: 'big.png' })).status).toBe(413);
    expect((await upload(admin, 'hazardousLicence')).status).toBe(400);
    const unknown = await upload(admin, 'drivingLicence', { bytes: png, name: 'x.png' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual([{ field: 'kind', message: expect.stringContaining('营业执照') }]);
    expect((await settings()).licenceScans.hazardousLicence).toBeNull();
    expect(await auditOf('hazardousLicenceScan')).toEqual([]);
    expect((await h.app.request('/api/web/files/licence/hazardousLicence/x.png')).status).toBe(404);
    expect((await h.app.request('/api/web/files/licence/other/x.png')).status).toBe(404);
  });

  it('need SETTINGS.EDIT: guests 401, customers refused, staff without it 403', async () => {
    for (const [actor, status] of [['buyerA', 401], ['staffSales', 403], ['staffOps', 403]] as const) {
      expect((await upload(await matrix.tokenOf(actor), 'businessLicence', { bytes: png, name: 'x.png' })).status, actor).toBe(status);
    }
    expect((await upload(undefined, 'businessLicence', { bytes: png, name: 'x.png' })).status).toBe(401);
    await matrix.expect([
      { method: 'DELETE', path: '/api/admin/web-settings/licence-scans/businessLicence', expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 403, staffAdmin: 200 } },
      { method: 'PUT', path: '/api/admin/web-settings/types/11', json: { content: '91310104MA1FR8XK3P' }, expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 403 } },
    ]);
    expect((await settings()).licenceScans.businessLicence).toBeNull();
  });
});
