import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyFiles, users } from '@/server/db/schema';
import { renderPdf } from '@/server/modules/files/pdf';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();
const PASSWORD = 'Reagent#2026';
let dir: string;
let admin: string;
let buyer: string;
let other: string;
let png: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginUser('admin@demo.example.com', PASSWORD);
  buyer = await h.loginUser('buyer@demo.example.com', PASSWORD);
  other = await h.loginUser('buyer@univ.example.com', PASSWORD);
  // A PNG with a text chunk and trailing HTML after IEND: re-encoding must drop both.
  const plain = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 30, g: 111, b: 235 } } }).png().toBuffer();
  png = Buffer.concat([plain, Buffer.from('<html><script>alert(1)</script></html>')]);
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

async function upload(token: string | undefined, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await h.app.request('/api/app/file/upload', { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> | null } };
}

describe('POST /api/app/file/upload', () => {
  it('re-encodes an avatar image (scaled, trailing bytes dropped) and sets it on the profile', async () => {
    const res = await upload(buyer, { kind: 'avatar' }, { bytes: png, name: '../../头像.svg', type: 'image/svg+xml' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'avatar', mime: 'image/png', fileName: '头像.png' });
    const id = res.body.data?.id as number;
    const [row] = await h.db.db.select().from(companyFiles).where(eq(companyFiles.id, id));
    expect(row?.storageKey).toMatch(/^company\/\d+\/avatar\/[0-9a-f-]+\.png$/);
    const dl = await h.app.request(`/api/app/file/${id}`, { headers: { authorization: buyer } });
    expect(dl.status).toBe(200);
    const bytes = Buffer.from(await dl.arrayBuffer());
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    const profile = await h.call('POST', '/api/app/api/user/update', { token: buyer, json: { name: '李娜', avatarFileId: id } });
    expect(profile.body.data).toMatchObject({ avatarFileId: id });
    // Another user's avatar cannot be taken as one's own.
    expect((await h.call('POST', '/api/app/api/user/update', { token: admin, json: { name: '王敏', avatarFileId: id } })).status).toBe(404);
  });

  it('stores a permit PDF with its number and validity (documents need USER.EDIT), audited, listed with the uploader', async () => {
    const pdf = renderPdf({ title: 'Permit', lines: [{ text: 'Controlled chemical purchase permit' }] });
    const permitNo = '沪公(易)购备字〔2030〕0001号';
    expect((await upload(buyer, { kind: 'permit', permitNo }, { bytes: pdf, name: 'permit.pdf' })).status).toBe(403);
    const audits = async () => h.db.db.select({ id: auditLog.id, data: auditLog.data }).from(auditLog).where(eq(auditLog.entity, 'company_file'));
    const before = (await audits()).length;
    const res = await upload(admin, { kind: 'permit', validUntil: '2030-12-31', permitNo: ` ${permitNo} ` }, { bytes: pdf, name: '易制毒许可证.pdf' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'permit', mime: 'application/pdf', validUntil: '2030-12-31', permitNo, uploadedBy: '王敏' });
    const after = await audits();
    expect(after.length).toBe(before + 1);
    expect(JSON.stringify(after.at(-1)?.data)).toContain(permitNo);
    const list = (await h.call('GET', '/api/app/file/list', { token: buyer })).body.data as { list: { id: number; kind: string; permitNo: string }[] };
    expect(list.list.map((f) => f.id)).toContain(res.body.data?.id);
    expect(list.list.find((f) => f.id === res.body.data?.id)?.permitNo).toBe(permitNo);
    expect(list.list.every((f) => f.kind !== 'avatar')).toBe(true);
    const rules = (await h.call('GET', '/api/app/approval/rules', { token: admin })).body.data as { validPermit: boolean };
    expect(rules.validPermit).toBe(true);
  });

  it('serves a file only to its company, as an attachment with nosniff and private caching', async () => {
    const pdf = renderPdf({ title: 'Licence', lines: [{ text: 'Business licence' }] });
    const id = (await upload(admin, { kind: 'licence' }, { bytes: pdf, name: '营业执照.pdf' })).body.data?.id as number;
    const res = await h.app.request(`/api/app/file/${id}`, { headers: { authorization: buyer } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.pdf"; filename\*=UTF-8''%E8%90%A5/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await h.app.request(`/api/app/file/${id}`, { headers: { authorization: other } })).status).toBe(404);
    expect((await h.app.request(`/api/app/file/${id}`)).status).toBe(401);
    expect((await h.app.request('/api/app/file/abc', { headers: { authorization: buyer } })).status).toBe(404);
    const encoded = [...String(id)].map((d) => `%3${d}`).join('');
    expect((await h.app.request(`/api/app/file/${encoded}`, { headers: { authorization: other } })).status).toBe(404);
  });

  it('refuses SVG, HTML, polyglots, fakes and PDFs as avatars with 415, writing nothing', async () => {
    const count = async () => (await h.db.db.select({ id: companyFiles.id }).from(companyFiles)).length;
    const before = await count();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body>hi</body></html>');
    const pdfHtml = Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n');
    const fakePng = Buffer.concat([png.subarray(0, 16), Buffer.from('not really an image')]);
    const pdf = renderPdf({ title: 'x', lines: [{ text: 'x' }] });
    for (const [name, bytes, kind] of [['a.svg', svg, 'avatar'], ['a.png', svg, 'licence'], ['a.html', html, 'licence'], ['a.pdf', pdfHtml, 'licence'], ['a.png', fakePng, 'avatar'], ['a.pdf', pdf, 'avatar']] as const) {
      const res = await upload(admin, { kind }, { bytes, name, type: 'image/png' });
      expect(res.status, name).toBe(415);
    }
    expect(await count()).toBe(before);
  });

  const REQUIRED = '请填写许可证或备案证明上的编号';
  const INVALID = '许可证编号至多 50 字，由文字、数字、括号、连字符或斜杠组成';
  it('refuses a permit without its number, or with a number too long or of other characters, writing nothing', async () => {
    const count = async () => (await h.db.db.select({ id: companyFiles.id }).from(companyFiles)).length;
    const before = await count();
    const pdf = renderPdf({ title: 'Permit', lines: [{ text: 'Permit' }] });
    for (const [permitNo, message] of [[undefined, REQUIRED], ['   ', REQUIRED], ['沪'.repeat(51), INVALID], ['<b>12</b>', INVALID], ['A1\tB2', INVALID], ['12;drop', INVALID]] as const) {
      const res = await upload(admin, { kind: 'permit', ...(permitNo === undefined ? {} : { permitNo }) }, { bytes: pdf, name: 'p.pdf' });
      expect(res.status, String(permitNo)).toBe(400);
      expect(res.body.data, String(permitNo)).toEqual([expect.objectContaining({ field: 'permitNo', message })]);
    }
    expect(await count()).toBe(before);
    // A business licence has no number: one sent along is not kept.
    const licence = await upload(admin, { kind: 'licence', permitNo: 'L-1' }, { bytes: pdf, name: 'l.pdf' });
    expect(licence.status).toBe(200);
    expect(licence.body.data).toMatchObject({ kind: 'licence', permitNo: '' });
  });

  it('answers 413 past the size cap, 400 for bad fields, 401 for guests', async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, 0x41);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect((await upload(admin, { kind: 'licence' }, { bytes: big, name: 'big.pdf' })).status).toBe(413);
    expect((await upload(admin, { kind: 'passport' }, { bytes: png, name: 'a.png' })).status).toBe(400);
    expect((await upload(admin, { kind: 'permit', validUntil: '31/12/2030', permitNo: 'A-1' }, { bytes: png, name: 'a.png' })).status).toBe(400);
    for (const validUntil of ['0000-01-01', '9999-12-31']) expect((await upload(admin, { kind: 'permit', validUntil, permitNo: 'A-1' }, { bytes: png, name: 'a.png' })).status, validUntil).toBe(400);
    expect((await upload(admin, { kind: 'licence', companyId: '2' }, { bytes: png, name: 'a.png' })).status).toBe(400);
    expect((await upload(admin, { kind: 'licence' })).status).toBe(400);
    expect((await upload(undefined, { kind: 'avatar' }, { bytes: png, name: 'a.png' })).status).toBe(401);
    const [u] = await h.db.db.select({ avatarPath: users.avatarPath }).from(users).where(eq(users.loginName, 'admin@demo.example.com'));
    expect(u?.avatarPath ?? null).toBeNull();
  });
});
