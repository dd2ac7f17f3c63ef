import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContentDto, AdminContentRowDto, AdminContentTypeDto, ContentSectionName } from '@/contracts/content-editing';
import type { ContentDetail, ContentPage, ContentSummary, QaDto } from '@/contracts/content';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { expectWritesNothing, writeProbe, type WriteProbe } from '../../../../test/db-writes';

const h = fileApiHarness({ products: 20 });
const matrix = authorisationMatrix(h);
const en = { 'accept-language': 'en' };
let dir: string;
let admin: string;
let probe: WriteProbe;
let brandId: number;

/** A small PDF as its bytes say: header, an object, the end marker. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'content-kinds-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
  probe = await writeProbe(h.db.db);
  [{ id: brandId }] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 1`)) as [{ id: number }];
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const ITEM = {
  titleZh: '标题', titleEn: 'Title', summaryZh: '摘要', summaryEn: 'Summary', bodyZh: '<p>正文</p>', bodyEn: '<p>Body</p>',
  source: '', sourceEn: '', featured: false, example: false, categoryId: null as number | null, brandId: null as number | null,
};

async function typesOf(section: ContentSectionName): Promise<AdminContentTypeDto[]> {
  const res = await h.call('GET', `/api/admin/content/${section}/types`, { token: admin });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as AdminContentTypeDto[];
}

async function create(section: ContentSectionName, over: Partial<typeof ITEM> & { kind?: string } = {}): Promise<AdminContentDto> {
  const res = await h.call('POST', `/api/admin/content/${section}`, { token: admin, json: { ...ITEM, ...over } });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as AdminContentDto;
}

async function upload(pathName: string, token: string | undefined, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  const res = await h.app.request(pathName, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

async function auditActions(entity: string, id: number): Promise<string[]> {
  const rows = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`));
  return rows.map((r) => r.action);
}

/** What the storefront's API lists of a section (published items only). */
async function storefrontIds(section: ContentSectionName, item: { categoryId: number | null }): Promise<number[]> {
  const data = async (p: string, json: Record<string, unknown>) => {
    const res = await h.call('POST', p, { json });
    expect(res.status, `${p} ${res.body.msg}`).toBe(200);
    return res.body.data;
  };
  switch (section) {
    case 'news': return ((await data('/api/web/journalism/getPage', { limit: 50, offset: 1 })) as ContentPage).list.map((n) => n.id);
    case 'applications': return ((await data('/api/web/applicationManagement/getPage', { limit: 50, offset: 1 })) as ContentPage).list.map((n) => n.id);
    case 'citations': return ((await data('/api/web/bannerManagement/getLiterature', { limit: 50 })) as ContentSummary[]).map((n) => n.id);
    case 'support': {
      const page = ((await data('/api/web/secondSupport/getPage', { limit: 50, offset: 1 })) as ContentPage).list.map((n) => n.id);
      const qa = ((await data('/api/web/secondSupport/getQAList', { typeId: item.categoryId ?? undefined, limit: 50 })) as QaDto[]).map((q) => q.id);
      return [...new Set([...page, ...qa])];
    }
    case 'resources': return ((await data('/api/web/resourceManage/getPage', { typeId: item.categoryId ?? undefined, limit: 50, offset: 1 })) as ContentPage).list.map((n) => n.id);
    case 'brand-articles': return ((await data('/api/web/applicationManagement/linked/list', { brandId, limit: 50, offset: 1 })) as ContentPage).list.map((n) => n.id);
  }
}

const SECTIONS: { section: ContentSectionName; entity: string; detail?: string }[] = [
  { section: 'applications', entity: 'application', detail: '/api/web/applicationManagement/getDetails' },
  { section: 'citations', entity: 'citation' },
  { section: 'support', entity: 'support', detail: '/api/web/secondSupport/getDetails' },
  { section: 'resources', entity: 'resource' },
  { section: 'brand-articles', entity: 'application', detail: '/api/web/applicationManagement/getDetails' },
];

describe.each(SECTIONS)('$section administration', ({ section, entity, detail }) => {
  it('creates a draft the storefront and its API do not show, publishes, edits, takes back and deletes it; every step audited', async () => {
    const own = section === 'brand-articles' ? await typesOf('applications') : await typesOf(section);
    const categoryId = own[0]!.id;
    const draft = await create(section, { categoryId, brandId: section === 'brand-articles' || section === 'applications' ? brandId : null, source: 'Nature 2026, 1, 2' });
    expect(draft).toMatchObject({ status: 'draft', kind: entity, categoryId, titleZh: '标题', example: false });
    expect(await storefrontIds(section, draft)).not.toContain(draft.id);
    if (detail) expect((await h.call('POST', detail, { json: { id: draft.id } })).status).toBe(404);

    const published = await h.call('POST', `/api/admin/content/${section}/${draft.id}/publish`, { token: admin });
    expect((published.body.data as AdminContentDto).status).toBe('published');
    expect(await storefrontIds(section, draft)).toContain(draft.id);
    if (detail) {
      const shown = (await h.call('POST', detail, { json: { id: draft.id }, headers: en })).body.data as ContentDetail;
      expect(shown).toMatchObject({ title: 'Title', body: '<p>Body</p>' });
    }

    const updated = await h.call('PUT', `/api/admin/content/${section}/${draft.id}`, { token: admin, json: { ...ITEM, categoryId, brandId: draft.brandId, titleEn: 'Renamed' } });
    expect(updated.status, updated.body.msg).toBe(200);
    expect((updated.body.data as AdminContentDto).titleEn).toBe('Renamed');

    // The section's list finds it by title, category and status.
    const listed = (await h.call('GET', `/api/admin/content/${section}?key=Renamed&categoryId=${categoryId}&status=published`, { token: admin })).body.data as { items: AdminContentRowDto[] };
    expect(listed.items.map((n) => n.id)).toEqual([draft.id]);

    await h.call('POST', `/api/admin/content/${section}/${draft.id}/unpublish`, { token: admin });
    expect(await storefrontIds(section, draft)).not.toContain(draft.id);
    expect((await h.call('DELETE', `/api/admin/content/${section}/${draft.id}`, { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/api/admin/content/${section}/${draft.id}`, { token: admin })).status).toBe(404);
    expect(await auditActions(entity, draft.id)).toEqual(['create', 'publish', 'update', 'unpublish', 'delete']);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const [otherKind] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from content_categories where kind = 'news' limit 1`));
    const base = section === 'brand-articles' ? { ...ITEM, brandId } : ITEM;
    const cases: [unknown, string][] = [
      [{ ...base, titleZh: '' }, 'titleZh'],
      [{ ...base, titleEn: 'x'.repeat(201) }, 'titleEn'],
      [{ ...base, summaryZh: 'x'.repeat(1001) }, 'summaryZh'],
      [{ ...base, bodyEn: 'x'.repeat(200_001) }, 'bodyEn'],
      [{ ...base, publishedAt: 'tomorrow' }, 'publishedAt'],
      [{ ...base, categoryId: 'abc' }, 'categoryId'],
      [{ ...base, source: 'x'.repeat(301) }, 'source'],
      [{ ...base, kind: 'video' }, 'kind'],
    ];
    if (section !== 'brand-articles') cases.push([{ ...base, categoryId: otherKind!.id }, 'categoryId']);
    // A resource is shown only under its type.
    if (section === 'resources') cases.push([{ ...base, categoryId: null }, 'categoryId']);
    if (section === 'brand-articles') cases.push([{ ...ITEM }, 'brandId'], [{ ...ITEM, brandId: 999_999 }, 'brandId'], [{ ...base, kind: 'citation' }, 'kind']);
    for (const [json, field] of cases) {
      await expectWritesNothing(probe, async () => {
        const res = await h.call('POST', `/api/admin/content/${section}`, { token: admin, json });
        expect(res.status, field).toBe(400);
        expect((res.body.data as { field: string }[]).map((f) => f.field), field).toContain(field);
      }, field);
    }
    expect((await h.call('PUT', `/api/admin/content/${section}/999999`, { token: admin, json: base })).status).toBe(404);
    expect((await h.call('GET', `/api/admin/content/${section}?status=hidden`, { token: admin })).status).toBe(400);
  });

  it('stores and shows bodies inert in both languages', async () => {
    const payload = '<p>ok</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example.com"></iframe>';
    const categoryId = section === 'resources' ? (await typesOf('resources'))[0]!.id : null;
    const item = await create(section, { bodyZh: payload, bodyEn: payload, titleZh: '<b onclick="x()">安全</b>', brandId: section === 'brand-articles' ? brandId : null, categoryId });
    for (const html of [item.bodyZh, item.bodyEn]) {
      expect(html).toContain('<p>ok</p>');
      expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|alert\(/i);
    }
    expect(item.titleZh).toBe('安全');
  });
});

describe('content categories', () => {
  it('adds, renames (both languages), orders; refuses to delete one in use (409) and deletes an unused one; audited', async () => {
    const before = await typesOf('support');
    const added = await h.call('POST', '/api/admin/content/support/types', { token: admin, json: { nameZh: '新类型', nameEn: 'New type' } });
    expect(added.status, added.body.msg).toBe(200);
    const made = (added.body.data as AdminContentTypeDto[]).at(-1)!;
    expect(made).toMatchObject({ kind: 'support', nameZh: '新类型', nameEn: 'New type', items: 0 });

    const renamed = await h.call('PUT', `/api/admin/content/support/types/${made.id}`, { token: admin, json: { nameZh: '改名', nameEn: 'Renamed type' } });
    expect((renamed.body.data as AdminContentTypeDto[]).find((t) => t.id === made.id)).toMatchObject({ nameZh: '改名', nameEn: 'Renamed type' });

    const ids = [made.id, ...before.map((t) => t.id)];
    const ordered = await h.call('PUT', '/api/admin/content/support/types/order', { token: admin, json: { ids } });
    expect(ordered.status, ordered.body.msg).toBe(200);
    expect((ordered.body.data as AdminContentTypeDto[]).map((t) => t.id)).toEqual(ids);
    const storefrontTypes = (await h.call('POST', '/api/web/secondSupport/getTypePage', { json: { limit: 100, offset: 1 } })).body.data as { id: number }[];
    expect(storefrontTypes[0]!.id).toBe(made.id);
    expect((await h.call('PUT', '/api/admin/content/support/types/order', { token: admin, json: { ids: ids.slice(1) } })).status).toBe(400);

    // A category in use is never deleted: 409 with a message, nothing changes.
    const used = before[0]!;
    expect(used.items).toBeGreaterThan(0);
    const snapshot = await probe.snapshot();
    const refused = await h.call('DELETE', `/api/admin/content/support/types/${used.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/使用|use/);
    expect(probe.changed(snapshot, await probe.snapshot())).toEqual([]);
    expect((await typesOf('support')).map((t) => t.id)).toContain(used.id);

    const deleted = await h.call('DELETE', `/api/admin/content/support/types/${made.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect((deleted.body.data as AdminContentTypeDto[]).map((t) => t.id)).not.toContain(made.id);
    expect(await auditActions('contentCategory', made.id)).toEqual(['create', 'update', 'order', 'delete']);
  });

  it('refuses empty or long names with field errors, categories of another kind, and category calls on brand articles', async () => {
    for (const [json, field] of [[{ nameZh: '', nameEn: 'A' }, 'nameZh'], [{ nameZh: '甲', nameEn: 'x'.repeat(51) }, 'nameEn']] as const) {
      await expectWritesNothing(probe, async () => {
        const res = await h.call('POST', '/api/admin/content/resources/types', { token: admin, json });
        expect(res.status).toBe(400);
        expect((res.body.data as { field: string }[]).map((f) => f.field)).toContain(field);
      }, field);
    }
    const [news] = await typesOf('news');
    expect((await h.call('PUT', `/api/admin/content/support/types/${news!.id}`, { token: admin, json: { nameZh: '甲', nameEn: 'A' } })).status).toBe(404);
    expect((await h.call('DELETE', `/api/admin/content/support/types/${news!.id}`, { token: admin })).status).toBe(404);
    expect((await h.call('POST', '/api/admin/content/brand-articles/types', { token: admin, json: { nameZh: '甲', nameEn: 'A' } })).status).toBe(404);
    // Brand articles list the categories of their kinds.
    expect(new Set((await typesOf('brand-articles')).map((t) => t.kind))).toEqual(new Set(['application', 'news']));
  });
});

describe('citations', () => {
  it('marks the seeded citations as examples, in the back-office and on the storefront; a new one never is', async () => {
    // The published ones are the seed's (this file's drafts are not).
    const seeded = (await h.call('GET', '/api/admin/content/citations?status=published&limit=50', { token: admin })).body.data as { items: AdminContentRowDto[] };
    expect(seeded.items.length).toBeGreaterThan(0);
    expect(seeded.items.every((c) => c.example)).toBe(true);
    const literature = (await h.call('POST', '/api/web/bannerManagement/getLiterature', { json: { limit: 50 } })).body.data as ContentSummary[];
    expect(literature.length).toBeGreaterThan(0);
    expect(literature.every((c) => c.example)).toBe(true);

    const made = await create('citations', { example: true, source: 'J. Example Chem. 2026, 1, 1', sourceEn: 'J. Example Chem. 2026, 1, 1' });
    expect(made.example).toBe(false);
    await h.call('POST', `/api/admin/content/citations/${made.id}/publish`, { token: admin });
    const shown = ((await h.call('POST', '/api/web/bannerManagement/getLiterature', { json: { limit: 50 } })).body.data as ContentSummary[]).find((c) => c.id === made.id);
    expect(shown).toMatchObject({ example: false, source: 'J. Example Chem. 2026, 1, 1' });

    // Staff may turn a seeded example into a real citation.
    const example = seeded.items[0]!;
    const full = (await h.call('GET', `/api/admin/content/citations/${example.id}`, { token: admin })).body.data as AdminContentDto;
    const cleared = await h.call('PUT', `/api/admin/content/citations/${example.id}`, { token: admin, json: { ...full, example: false } });
    expect((cleared.body.data as AdminContentDto).example).toBe(false);
  });
});

describe('resource files', () => {
  it('takes a PDF by its bytes, serves it once the resource is published, replaces and removes it; audited', async () => {
    const [type] = await typesOf('resources');
    const item = await create('resources', { categoryId: type!.id });
    const res = await upload(`/api/admin/content/resources/${item.id}/file`, admin, { bytes: PDF, name: '实验手册 v2.pdf', type: 'application/octet-stream' });
    expect(res.status, res.body.msg).toBe(200);
    const saved = res.body.data as AdminContentDto;
    expect(saved.fileName).toMatch(/\.pdf$/);
    expect(saved.fileUrl).toBe(`/api/web/files/resource/${item.id}`);
    // A draft's file is not served.
    expect((await h.app.request(saved.fileUrl!)).status).toBe(404);
    await h.call('POST', `/api/admin/content/resources/${item.id}/publish`, { token: admin });
    const served = await h.app.request(saved.fileUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    const listed = ((await h.call('POST', '/api/web/resourceManage/getPage', { json: { typeId: type!.id, limit: 50, offset: 1 } })).body.data as ContentPage).list.find((r) => r.id === item.id);
    expect(listed?.fileUrl).toBe(saved.fileUrl);

    const removed = await h.call('DELETE', `/api/admin/content/resources/${item.id}/file`, { token: admin });
    expect((removed.body.data as AdminContentDto).fileName).toBeNull();
    expect((await h.app.request(saved.fileUrl!)).status).toBe(404);
    expect(await auditActions('resource', item.id)).toEqual(['create', 'setFile', 'publish', 'removeFile']);
  });

  it('refuses HTML, SVG, images and PDF/HTML polyglots (415), files over 10 MiB (413), other sections and callers without CONTENT.EDIT', async () => {
    const item = await create('resources', { categoryId: (await typesOf('resources'))[0]!.id });
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const polyglot = Buffer.concat([PDF.subarray(0, 20), Buffer.from('<html><script>alert(1)</script></html>'), PDF.subarray(20)]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    for (const [bytes, name] of [[html, 'a.pdf'], [Buffer.from('<svg onload="x()"/>'), 'a.pdf'], [png, 'a.pdf'], [polyglot, 'a.pdf']] as const) {
      await expectWritesNothing(probe, async () => {
        expect((await upload(`/api/admin/content/resources/${item.id}/file`, admin, { bytes, name })).status, name).toBe(415);
      }, name);
    }
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20), Buffer.from('\n%%EOF\n')]);
    expect((await upload(`/api/admin/content/resources/${item.id}/file`, admin, { bytes: big, name: 'big.pdf' })).status).toBe(413);
    expect((await upload(`/api/admin/content/resources/${item.id}/file`, admin)).status).toBe(400);
    expect((await upload('/api/admin/content/resources/999999/file', admin, { bytes: PDF, name: 'a.pdf' })).status).toBe(404);
    const news = (await h.call('GET', '/api/admin/content/news?limit=1', { token: admin })).body.data as { items: AdminContentRowDto[] };
    expect((await upload(`/api/admin/content/resources/${news.items[0]!.id}/file`, admin, { bytes: PDF, name: 'a.pdf' })).status).toBe(404);
    expect((await upload(`/api/admin/content/resources/${item.id}/file`, undefined, { bytes: PDF, name: 'a.pdf' })).status).toBe(401);
    expect((await upload(`/api/admin/content/resources/${item.id}/file`, await matrix.tokenOf('staffSales'), { bytes: PDF, name: 'a.pdf' })).status).toBe(403);
  });
});

describe('brand select', () => {
  it('finds brands by name or id', async () => {
    const [brand] = rowsOf<{ id: number; name_en: string }>(await h.db.db.execute(sql`select id, name_en from brands where id = ${brandId}`));
    const found = (await h.call('GET', `/api/admin/content/brands?key=${encodeURIComponent(brand!.name_en.slice(0, 4))}`, { token: admin })).body.data as { id: number }[];
    expect(found.map((b) => b.id)).toContain(brandId);
    const byId = (await h.call('GET', `/api/admin/content/brands?id=${brandId}`, { token: admin })).body.data as { id: number }[];
    expect(byId.map((b) => b.id)).toEqual([brandId]);
  });
});

describe('content kinds authorisation', () => {
  it('needs CONTENT.EDIT: guests and customers 401, staff without it 403', async () => {
    const item = await create('support');
    const [type] = await typesOf('support');
    const checks = SECTIONS.flatMap(({ section }) => [
      { method: 'GET' as const, path: `/api/admin/content/${section}`, expect: { guest: 401, buyerA: 401, adminA: 401, staffSales: 403, staffOps: 200, staffAdmin: 200 } },
      { method: 'POST' as const, path: `/api/admin/content/${section}`, json: ITEM, expect: { guest: 401, buyerA: 401, staffSales: 403 } },
      { method: 'GET' as const, path: `/api/admin/content/${section}/types`, expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 200 } },
    ]);
    await matrix.expect([
      ...checks,
      { method: 'PUT', path: `/api/admin/content/support/${item.id}`, json: ITEM, expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 200 } },
      { method: 'POST', path: `/api/admin/content/support/${item.id}/publish`, expect: { guest: 401, adminA: 401, staffSales: 403 } },
      { method: 'DELETE', path: `/api/admin/content/support/${item.id}`, expect: { guest: 401, adminA: 401, staffSales: 403 } },
      { method: 'POST', path: '/api/admin/content/support/types', json: { nameZh: '甲', nameEn: 'A' }, expect: { guest: 401, buyerA: 401, staffSales: 403 } },
      { method: 'PUT', path: `/api/admin/content/support/types/${type!.id}`, json: { nameZh: '甲', nameEn: 'A' }, expect: { guest: 401, buyerA: 401, staffSales: 403 } },
      { method: 'DELETE', path: `/api/admin/content/support/types/${type!.id}`, expect: { guest: 401, buyerA: 401, staffSales: 403 } },
      { method: 'DELETE', path: `/api/admin/content/resources/${item.id}/file`, expect: { guest: 401, buyerA: 401, staffSales: 403 } },
      { method: 'GET', path: '/api/admin/content/brands', expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 200 } },
    ]);
  });
});
