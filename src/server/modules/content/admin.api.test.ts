import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBannerDto, AdminNewsDto, AdminNewsRowDto } from '@/contracts/content-editing';
import type { BannerDto, ContentDetail, ContentPage } from '@/contracts/content';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

const h = fileApiHarness({ products: 20 });
const matrix = authorisationMatrix(h);
const en = { 'accept-language': 'en' };
let dir: string;
let admin: string;
let png: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'content-admin-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
  const plain = await sharp({ create: { width: 2400, height: 800, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
  // Trailing HTML after the PNG's end: re-encoding drops it.
  png = Buffer.concat([plain, Buffer.from('<html><script>alert(1)</script></html>')]);
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const NEWS: { titleZh: string; titleEn: string; summaryZh: string; summaryEn: string; bodyZh: string; bodyEn: string; featured: boolean; categoryId: number | null } = {
  titleZh: '新品发布：高纯度试剂', titleEn: 'New high-purity reagents', summaryZh: '摘要', summaryEn: 'Summary',
  bodyZh: '<p>正文</p>', bodyEn: '<p>Body</p>', featured: false, categoryId: null,
};

async function createNews(over: Partial<typeof NEWS> = {}): Promise<AdminNewsDto> {
  const res = await h.call('POST', '/api/admin/content/news', { token: admin, json: { ...NEWS, ...over } });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as AdminNewsDto;
}

async function storefrontList(lang?: Record<string, string>): Promise<ContentPage> {
  const res = await h.call('POST', '/api/web/journalism/getPage', { json: { limit: 50, offset: 1 }, headers: lang });
  return res.body.data as ContentPage;
}

async function upload(pathName: string, token: string | undefined, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await h.app.request(pathName, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

async function auditActions(entity: string, id: number): Promise<string[]> {
  const rows = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`));
  return rows.map((r) => r.action);
}

describe('news administration', () => {
  it('creates a draft the storefront does not show, publishes it, takes it back, deletes it; every step audited', async () => {
    const [type] = (await h.call('GET', '/api/admin/content/news/types', { token: admin })).body.data as { id: number }[];
    const draft = await createNews({ categoryId: type!.id });
    expect(draft).toMatchObject({ status: 'draft', titleZh: NEWS.titleZh, categoryId: type!.id });

    expect((await storefrontList()).list.map((n) => n.id)).not.toContain(draft.id);
    expect((await h.call('POST', '/api/web/journalism/getDetails', { json: { id: draft.id } })).status).toBe(404);
    expect((await h.call('POST', '/api/web/journalism/getType', {})).status).toBe(200);
    // Nor does the CMS call, and a draft takes no likes.
    expect((await h.call('POST', '/api/cms/getContentDetail', { json: { id: draft.id } })).status).toBe(404);
    expect((await h.call('POST', '/api/cms/setContentTips', { json: { id: draft.id } })).status).toBe(404);

    const published = await h.call('POST', `/api/admin/content/news/${draft.id}/publish`, { token: admin });
    expect((published.body.data as AdminNewsDto).status).toBe('published');
    expect((await storefrontList()).list.map((n) => n.id)).toContain(draft.id);
    const detail = (await h.call('POST', '/api/web/journalism/getDetails', { json: { id: draft.id }, headers: en })).body.data as ContentDetail;
    expect(detail).toMatchObject({ title: NEWS.titleEn, body: '<p>Body</p>' });

    const updated = await h.call('PUT', `/api/admin/content/news/${draft.id}`, { token: admin, json: { ...NEWS, titleEn: 'Renamed reagents' } });
    expect((updated.body.data as AdminNewsDto).titleEn).toBe('Renamed reagents');
    expect((await storefrontList(en)).list.find((n) => n.id === draft.id)?.title).toBe('Renamed reagents');

    await h.call('POST', `/api/admin/content/news/${draft.id}/unpublish`, { token: admin });
    expect((await storefrontList()).list.map((n) => n.id)).not.toContain(draft.id);

    expect((await h.call('DELETE', `/api/admin/content/news/${draft.id}`, { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/api/admin/content/news/${draft.id}`, { token: admin })).status).toBe(404);
    expect(await auditActions('news', draft.id)).toEqual(['create', 'publish', 'update', 'unpublish', 'delete']);
  });

  it('lists with search, status and recommended filters, sorts and keyset pages', async () => {
    const a = await createNews({ titleZh: '钥匙甲', titleEn: 'Keyset alpha', featured: true });
    const b = await createNews({ titleZh: '钥匙乙', titleEn: 'Keyset beta' });
    const found = (await h.call('GET', '/api/admin/content/news?key=keyset&status=draft', { token: admin })).body.data as { total: number; items: AdminNewsRowDto[] };
    expect(found.items.map((n) => n.id).sort()).toEqual([a.id, b.id].sort());
    const featured = (await h.call('GET', '/api/admin/content/news?key=keyset&featured=true', { token: admin })).body.data as { items: AdminNewsRowDto[] };
    expect(featured.items.map((n) => n.id)).toEqual([a.id]);

    for (const sort of ['-publishedAt', 'publishedAt', '-views', 'views']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let total = 0;
      do {
        const res = await h.call('GET', `/api/admin/content/news?sort=${sort}&limit=7${cursor ? `&cursor=${cursor}` : ''}`, { token: admin });
        expect(res.status, res.body.msg).toBe(200);
        const page = res.body.data as { total: number; items: AdminNewsRowDto[]; nextCursor: string | null };
        total = page.total;
        seen.push(...page.items.map((n) => n.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(total);
      expect(seen.length, sort).toBe(total);
    }
  });

  it('refuses bad input with field errors', async () => {
    const cases: [unknown, string][] = [
      [{ ...NEWS, titleZh: '' }, 'titleZh'],
      [{ ...NEWS, titleEn: 'x'.repeat(201) }, 'titleEn'],
      [{ ...NEWS, publishedAt: 'yesterday' }, 'publishedAt'],
      [{ ...NEWS, categoryId: 'abc' }, 'categoryId'],
      [{ ...NEWS, bodyZh: 'x'.repeat(200_001) }, 'bodyZh'],
    ];
    for (const [json, field] of cases) {
      const res = await h.call('POST', '/api/admin/content/news', { token: admin, json });
      expect(res.status, field).toBe(400);
      expect((res.body.data as { field: string }[]).map((f) => f.field), field).toContain(field);
    }
    // A category of another kind is not a news type.
    const [other] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from content_categories where kind <> 'news' limit 1`));
    const wrongType = await h.call('POST', '/api/admin/content/news', { token: admin, json: { ...NEWS, categoryId: other!.id } });
    expect(wrongType.status).toBe(400);
    expect((await h.call('GET', '/api/admin/content/news?cursor=bm90LWEtY3Vyc29y', { token: admin })).status).toBe(400);
    expect((await h.call('GET', '/api/admin/content/news?status=hidden', { token: admin })).status).toBe(400);
    expect((await h.call('PUT', '/api/admin/content/news/999999', { token: admin, json: NEWS })).status).toBe(404);
    expect((await h.call('POST', '/api/admin/content/news/999999/publish', { token: admin })).status).toBe(404);
  });

  it('stores and shows bodies inert: scripts, event handlers, SVG, javascript: links and CSS expressions are removed in both languages', async () => {
    const payload = [
      '<p>ok</p><script>alert(1)</script>',
      '<img src="x" onerror="alert(2)">',
      '<svg onload="alert(3)"><circle r="1"/></svg>',
      '<a href="javascript:alert(4)">link</a>',
      '<a href="JaVaScRiPt&colon;alert(5)">encoded</a>',
      '<p style="width: expression(alert(6))">css</p>',
      '<div style="background:url(javascript:alert(7))">bg</div>',
      '<img src="javascript:alert(8)">',
      '<iframe src="https://evil.example.com"></iframe>',
    ].join('');
    const item = await createNews({ bodyZh: payload, bodyEn: payload, titleZh: '<b onmouseover="x()">标题</b>' });
    await h.call('POST', `/api/admin/content/news/${item.id}/publish`, { token: admin });
    const [stored] = rowsOf<{ body_zh: string; body_en: string; title_zh: string }>(await h.db.db.execute(sql`select body_zh, body_en, title_zh from content_items where id = ${item.id}`));
    const storefrontZh = (await h.call('POST', '/api/web/journalism/getDetails', { json: { id: item.id } })).body.data as ContentDetail;
    const storefrontEn = (await h.call('POST', '/api/web/journalism/getDetails', { json: { id: item.id }, headers: en })).body.data as ContentDetail;
    for (const html of [stored!.body_zh, stored!.body_en, storefrontZh.body, storefrontEn.body]) {
      expect(html).toContain('<p>ok</p>');
      expect(html).not.toMatch(/<script|onerror|onload|<svg|javascript:|expression\(|style=|<iframe|alert\(/i);
    }
    expect(stored!.title_zh).toBe('标题');
  });

  it('hides a draft from the recommended list and the search', async () => {
    const draft = await createNews({ titleZh: '草稿不可见', titleEn: 'Hidden draft', featured: true });
    const recommended = (await h.call('POST', '/api/web/journalism/getRecommend', { json: { limit: 50 } })).body.data as { id: number }[];
    expect(recommended.map((n) => n.id)).not.toContain(draft.id);
    const search = (await h.call('POST', '/api/web/journalism/getPage', { json: { keyword: 'Hidden draft' } })).body.data as ContentPage;
    expect(search.total).toBe(0);
  });
});

describe('content images', () => {
  it('takes PNG/JPEG/WebP by their bytes, re-encodes them, serves them with nosniff, and audits the upload', async () => {
    const res = await upload('/api/admin/content/images', admin, { bytes: png, name: 'photo.svg', type: 'image/svg+xml' });
    expect(res.status, res.body.msg).toBe(200);
    const { url } = res.body.data as { url: string };
    expect(url).toMatch(/^\/api\/web\/files\/content-image\/[0-9a-f-]{36}\.png$/);
    const served = await h.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(1600);
    // The body keeps the image (a site path) through the sanitiser.
    const item = await createNews({ bodyZh: `<p>图</p><img src="${url}" alt="图">` });
    expect(item.bodyZh).toContain(`src="${url}"`);
    expect((await h.app.request('/api/web/files/content-image/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await h.app.request('/api/web/files/content-image/00000000-0000-0000-0000-000000000000.png')).status).toBe(404);
  });

  it('refuses SVG, HTML and unknown bytes (415), too large files (413), and callers without CONTENT.EDIT', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const [bytes, name, type] of [[svg, 'a.svg', 'image/svg+xml'], [html, 'a.png', 'image/png'], [Buffer.from('GIF89a....'), 'a.gif', 'image/gif']] as const) {
      const res = await upload('/api/admin/content/images', admin, { bytes, name, type });
      expect(res.status, name).toBe(415);
    }
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(800 * 1024, 1)]);
    expect((await upload('/api/admin/content/images', admin, { bytes: big, name: 'big.png' })).status).toBe(413);
    expect((await upload('/api/admin/content/images', admin)).status).toBe(400);
    expect((await upload('/api/admin/content/images', undefined, { bytes: png, name: 'a.png' })).status).toBe(401);
    const sales = await matrix.tokenOf('staffSales');
    expect((await upload('/api/admin/content/images', sales, { bytes: png, name: 'a.png' })).status).toBe(403);
  });
});

describe('banner administration', () => {
  it('adds, edits, orders, images and deletes banners; the storefront follows; every step audited', async () => {
    const before = (await h.call('GET', '/api/admin/content/banners?position=home-why', { token: admin })).body.data as { items: AdminBannerDto[] };
    const made = await h.call('POST', '/api/admin/content/banners', {
      token: admin, json: { position: 'home-why', titleZh: '新横幅', titleEn: 'New banner', subtitleZh: '副', subtitleEn: 'Sub', link: '/news/index', sort: 999, active: false },
    });
    expect(made.status, made.body.msg).toBe(200);
    const banner = made.body.data as AdminBannerDto;
    const why = async () => (await h.call('POST', '/api/web/bannerManagement/getWhy', { headers: en })).body.data as BannerDto[];
    expect((await why()).map((b) => b.id)).not.toContain(banner.id);

    const shown = await h.call('PUT', `/api/admin/content/banners/${banner.id}`, { token: admin, json: { ...banner, active: true } });
    expect(shown.status).toBe(200);
    expect((await why()).find((b) => b.id === banner.id)).toMatchObject({ title: 'New banner', subtitle: 'Sub', link: '/news/index', imageUrl: null });

    const ids = [banner.id, ...before.items.map((b) => b.id)];
    const ordered = await h.call('PUT', '/api/admin/content/banners/order', { token: admin, json: { position: 'home-why', ids } });
    expect(ordered.status, ordered.body.msg).toBe(200);
    expect((await why()).map((b) => b.id)).toEqual(ids);
    expect((await h.call('PUT', '/api/admin/content/banners/order', { token: admin, json: { position: 'home-why', ids: ids.slice(1) } })).status).toBe(400);

    const image = await upload(`/api/admin/content/banners/${banner.id}/image`, admin, { bytes: png, name: 'b.png' });
    expect(image.status, image.body.msg).toBe(200);
    const imageUrl = (image.body.data as AdminBannerDto).imageUrl!;
    expect((await why()).find((b) => b.id === banner.id)?.imageUrl).toBe(imageUrl);
    const served = await h.app.request(imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await upload(`/api/admin/content/banners/${banner.id}/image`, admin, { bytes: Buffer.from('<svg onload="x()"/>'), name: 'b.svg' })).status).toBe(415);
    const removed = await h.call('DELETE', `/api/admin/content/banners/${banner.id}/image`, { token: admin });
    expect((removed.body.data as AdminBannerDto).imageUrl).toBeNull();

    expect((await h.call('DELETE', `/api/admin/content/banners/${banner.id}`, { token: admin })).status).toBe(200);
    expect((await why()).map((b) => b.id)).not.toContain(banner.id);
    expect(await auditActions('banner', banner.id)).toEqual(['create', 'update', 'update', 'setImage', 'removeImage', 'delete']);
  });

  it('refuses bad links, positions and texts', async () => {
    const base = { position: 'promotion', titleZh: '标题', titleEn: 'Title' };
    for (const [json, field] of [
      [{ ...base, link: 'javascript:alert(1)' }, 'link'],
      [{ ...base, link: '//evil.example.com' }, 'link'],
      [{ ...base, link: '/\\evil.example.com' }, 'link'],
      [{ ...base, link: '/news\u0001index' }, 'link'],
      [{ ...base, link: 'https://shop.example.com@evil.example.com/' }, 'link'],
      [{ ...base, link: 'https:evil.example.com' }, 'link'],
      [{ ...base, link: 'ftp://example.com' }, 'link'],
      [{ ...base, position: 'sidebar' }, 'position'],
      [{ ...base, titleEn: '' }, 'titleEn'],
      [{ ...base, sort: -1 }, 'sort'],
    ] as const) {
      const res = await h.call('POST', '/api/admin/content/banners', { token: admin, json });
      expect(res.status, field).toBe(400);
      expect((res.body.data as { field: string }[]).map((f) => f.field), field).toContain(field);
    }
    const ok = await h.call('POST', '/api/admin/content/banners', { token: admin, json: { ...base, link: 'https://example.com/a?b=1', titleZh: '<script>x</script>标题' } });
    expect(ok.status).toBe(200);
    expect((ok.body.data as AdminBannerDto).titleZh).toBe('标题');
  });
});

describe('content authorisation', () => {
  it('needs CONTENT.EDIT: guests and customers 401, staff without it 403; operations and the super administrator hold it', async () => {
    expect(await matrix.permissionsOf('staffOps')).toContain('CONTENT.EDIT');
    expect(await matrix.permissionsOf('staffAdmin')).toContain('CONTENT.EDIT');
    const draft = await createNews();
    await matrix.expect([
      { method: 'GET', path: '/api/admin/content/news', expect: { guest: 401, buyerA: 401, adminA: 401, staffSales: 403, staffOps: 200, staffAdmin: 200 } },
      { method: 'GET', path: `/api/admin/content/news/${draft.id}`, expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 200 } },
      { method: 'PUT', path: `/api/admin/content/news/${draft.id}`, json: NEWS, expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 200 } },
      { method: 'POST', path: `/api/admin/content/news/${draft.id}/publish`, expect: { guest: 401, adminA: 401, staffSales: 403 } },
      { method: 'DELETE', path: `/api/admin/content/news/${draft.id}`, expect: { guest: 401, adminA: 401, staffSales: 403 } },
      { method: 'GET', path: '/api/admin/content/banners', expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 200 } },
      { method: 'POST', path: '/api/admin/content/banners', json: { position: 'promotion', titleZh: '甲', titleEn: 'A' }, expect: { guest: 401, buyerA: 401, staffSales: 403 } },
    ]);
  });
});
