import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminSiteSettingsDto } from '@/contracts/site-settings';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

const h = fileApiHarness();
const matrix = authorisationMatrix(h);
const en = { 'accept-language': 'en' };

let admin = '';
beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
});

async function auditRows(entity: string): Promise<{ action: string; entity_id: string }[]> {
  return rowsOf(await h.db.db.execute(sql`select action, entity_id from audit_log where entity = ${entity} order by id`));
}

const settings = async () => (await h.call('GET', '/api/admin/web-settings', { token: admin })).body.data as AdminSiteSettingsDto;
const contentOf = (s: AdminSiteSettingsDto, key: string) => s.settings.find((x) => x.key === key)?.content;

describe('site settings', () => {
  it('the demo\'s catalogue claim states the products it really lists; the seller\'s details are set, clearly fictional', async () => {
    const s = await settings();
    const [row] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from products`));
    const n = Number(row?.n).toLocaleString('en-US');
    expect(contentOf(s, 'catalogueClaim')).toBe(`已收录 ${n} 种产品`);
    expect(contentOf(s, 'catalogueClaimEn')).toBe(`${n} products listed`);
    expect(contentOf(s, 'catalogueClaim')).not.toContain('1300');
    for (const key of ['companyName', 'taxNumber', 'bankName']) expect(contentOf(s, key), key).toContain('示例');
    expect(s.settings.find((x) => x.key === 'catalogueClaim')).toMatchObject({ type: 17, format: 'text' });
  });

  it('lists every type with its format, the footer and the visitor-count display', async () => {
    const s = await settings();
    expect(s.settings.map((x) => x.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(s.settings.find((x) => x.key === 'hotline')).toMatchObject({ format: 'phone', content: '400-000-0000' });
    expect(contentOf(s, 'chatLink')).toBeNull();
    expect(s.footer.bodyZh).toContain('上海优试剂');
    expect(s.showVisitorCount).toBe(true);
  });

  it('sets a hotline; the storefront call answers it at once; audited', async () => {
    const before = (await auditRows('webSetting')).length;
    const res = await h.call('PUT', '/api/admin/web-settings/types/2', { token: admin, json: { content: ' 400-888-0000 ' } });
    expect(res.status).toBe(200);
    expect(contentOf(res.body.data as AdminSiteSettingsDto, 'hotline')).toBe('400-888-0000');
    const page = await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 20, offset: 1 } });
    expect((page.body.data as { type: number; content: string }[]).find((r) => r.type === 2)?.content).toBe('400-888-0000');
    const rows = await auditRows('webSetting');
    expect(rows.slice(before)).toEqual([{ action: 'update', entity_id: '2' }]);
    // The same content again changes nothing and writes no audit row.
    await h.call('PUT', '/api/admin/web-settings/types/2', { token: admin, json: { content: '400-888-0000' } });
    expect((await auditRows('webSetting')).length).toBe(before + 1);
  });

  it('adds a missing type, and clears it again', async () => {
    const set = await h.call('PUT', '/api/admin/web-settings/types/6', { token: admin, json: { content: 'https://chat.example.com/room?id=7' } });
    expect(set.status).toBe(200);
    expect(contentOf(set.body.data as AdminSiteSettingsDto, 'chatLink')).toBe('https://chat.example.com/room?id=7');
    const cleared = await h.call('DELETE', '/api/admin/web-settings/types/6', { token: admin });
    expect(cleared.status).toBe(200);
    expect(contentOf(cleared.body.data as AdminSiteSettingsDto, 'chatLink')).toBeNull();
    expect((await auditRows('webSetting')).filter((r) => r.entity_id === '6').map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('checks each type against its format, 400 naming the field in the caller language', async () => {
    const cases: [number, string, string, string][] = [
      [1, 'ftp://en.example.com', '英文站地址须为 http(s) 网址', 'The English-site address must be an http(s) address'],
      [1, 'javascript:alert(1)', '英文站地址须为 http(s) 网址', 'The English-site address must be an http(s) address'],
      [6, 'chat.example.com', '须为以 http:// 或 https:// 开头的完整网址', 'Must be a full address starting with http:// or https://'],
      [8, 'https://', '须为以 http:// 或 https:// 开头的完整网址', 'Must be a full address starting with http:// or https://'],
      [2, 'call us', '须为电话号码', 'Must be a phone number'],
      [4, '12', '须为电话号码', 'Must be a phone number'],
      [5, 'sales@', '须为有效的电子邮箱地址', 'Must be a valid e-mail address'],
      [9, '   ', '请填写内容', 'Enter the content'],
      [7, 'x'.repeat(301), '内容过长', 'The content is too long'],
    ];
    for (const [type, content, zh, english] of cases) {
      const res = await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token: admin, json: { content } });
      expect(res.status, `${type} ${content}`).toBe(400);
      const [field] = res.body.data as { field: string; message: string }[];
      expect(field?.field).toBe('content');
      expect(field?.message).toContain(zh);
      const enRes = await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token: admin, json: { content }, headers: en });
      expect((enRes.body.data as { message: string }[])[0]?.message).toContain(english);
    }
    for (const type of ['0', '19', 'x']) {
      const res = await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token: admin, json: { content: 'x' } });
      expect(res.status, type).toBe(400);
      expect((res.body.data as { field: string }[])[0]?.field).toBe('type');
    }
    expect(contentOf(await settings(), 'englishSite')).toBe('/en');
  });

  it('refuses addresses that leave the site: a link is an absolute http(s) URL or a path starting with exactly one /', async () => {
    const bad: [number, string][] = [
      [1, '//evil.example'], [1, '///evil.example'], [1, '/\\evil.example'], [1, '/en\\..\\x'], [1, 'https://en.example.com\\@evil.example'],
      [1, 'https://shop.example.com@evil.example'], [1, 'https:evil.example'], [1, 'javascript://%0aalert(1)'], [1, 'en.reagent.example.com'],
      [6, '//chat.evil.example'], [6, 'https://chat.example.com\\@evil.example'], [6, 'https://user:pw@chat.example.com/'], [8, 'https:/\\evil.example'],
    ];
    for (const [type, content] of bad) {
      const res = await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token: admin, json: { content } });
      expect(res.status, `${type} ${content}`).toBe(400);
      expect((res.body.data as { field: string }[])[0]?.field).toBe('content');
    }
    expect(contentOf(await settings(), 'englishSite')).toBe('/en');
    expect(contentOf(await settings(), 'chatLink')).toBeNull();
  });

  it('accepts the usual forms of each type', async () => {
    const good: [number, string][] = [
      [1, 'https://en.reagent.example.com'], [1, '/en'], [2, '+86 21 0000-0000'], [3, '(021) 0000 0000 转 8001'], [4, '800 000 000'],
      [5, 'sales.cn@reagent.example.com'], [8, 'https://weixin.qq.com/r/abc'], [7, '上海市徐汇区宜山路 1388 号'],
    ];
    for (const [type, content] of good) {
      expect((await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token: admin, json: { content } })).status, content).toBe(200);
    }
    await h.call('PUT', '/api/admin/web-settings/types/1', { token: admin, json: { content: '/en' } });
  });

  it('stores the footer sanitised, audited', async () => {
    const res = await h.call('PUT', '/api/admin/web-settings/footer', {
      token: admin, json: { bodyZh: '<p onclick="x()">电话 <b>400</b></p><script>alert(1)</script>', bodyEn: '<p>Call <a href="javascript:alert(1)">us</a></p>' },
    });
    expect(res.status).toBe(200);
    const saved = res.body.data as { bodyZh: string; bodyEn: string };
    expect(saved.bodyZh).toBe('<p>电话 <b>400</b></p>');
    expect(saved.bodyEn).not.toContain('javascript');
    expect((await settings()).footer).toEqual(saved);
    expect((await auditRows('siteBlock')).at(-1)).toEqual({ action: 'update', entity_id: 'footer' });
    const tooLong = await h.call('PUT', '/api/admin/web-settings/footer', { token: admin, json: { bodyZh: 'x'.repeat(5001), bodyEn: '' }, headers: en });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data).toEqual([{ field: 'bodyZh', message: 'The footer content is too long (5,000 characters per language at most)' }]);
  });

  it('hides and shows the visitor count, audited', async () => {
    const hide = await h.call('PUT', '/api/admin/web-settings/visitor-count', { token: admin, json: { show: false } });
    expect(hide.body.data).toEqual({ show: false });
    expect((await settings()).showVisitorCount).toBe(false);
    await h.call('PUT', '/api/admin/web-settings/visitor-count', { token: admin, form: { show: 'true' } });
    expect((await settings()).showVisitorCount).toBe(true);
    expect((await auditRows('siteOption')).filter((r) => r.entity_id === 'footerVisitorCount')).toHaveLength(2);
    expect((await h.call('PUT', '/api/admin/web-settings/visitor-count', { token: admin, json: { show: 'maybe' } })).status).toBe(400);
  });

  it('needs SETTINGS.EDIT: guests 401, customers refused, staff without it 403', async () => {
    await matrix.expect([
      { method: 'GET', path: '/api/admin/web-settings', expect: { guest: 401, adminA: 401, buyerA: 401, staffAdmin: 200, staffSales: 403, staffOps: 403 } },
      { method: 'PUT', path: '/api/admin/web-settings/types/2', json: { content: '400-000-0000' }, expect: { guest: 401, buyerA: 401, staffAdmin: 200, staffSales: 403, staffOps: 403 } },
      { method: 'DELETE', path: '/api/admin/web-settings/types/6', expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 403 } },
      { method: 'PUT', path: '/api/admin/web-settings/footer', json: { bodyZh: '<p>x</p>', bodyEn: '<p>x</p>' }, expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 403 } },
      { method: 'PUT', path: '/api/admin/web-settings/visitor-count', json: { show: true }, expect: { guest: 401, buyerA: 401, staffSales: 403, staffOps: 403 } },
    ]);
  });
});
