import { inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { nameMatchesLicence, type CustomerDetailDto, type CustomerListDto, type SavedViewDto, type TimelineEventDto } from '@/contracts/customers';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { expectWritesNothing, writeProbe, type WriteProbe } from '../../../../test/db-writes';
import { escapeFormula as cellText } from '@/lib/spreadsheet-cell';

const h = fileApiHarness();

const STAFF = {
  admin: 'Admin#2026', sales: 'Sales#2026', manager: 'Manager#2026', sales2: 'Sales2#2026', finance: 'Finance#2026', ops: 'Ops#2026',
} as const;
type Member = keyof typeof STAFF;
const MEMBERS = Object.keys(STAFF) as Member[];
const tokens = {} as Record<Member, string>;

/** The demo customers by team: 华东 (owned by 周洁 and by the manager 李明), 华北 (王磊), and the pool. */
const NAMES = {
  eastSales: '上海示例生物科技有限公司',
  eastManager: '杭州示例医药科技有限公司',
  north: '北京示例大学化学学院',
  pool: '南京示例检测技术有限公司',
} as const;
type Which = keyof typeof NAMES;
const ids = {} as Record<Which, number>;
let probe: WriteProbe;

beforeAll(async () => {
  for (const m of MEMBERS) tokens[m] = await h.loginStaff(m, STAFF[m]);
  const rows = rowsOf<{ id: number; name: string }>(await h.db.db.execute(sql`select id, name from companies`));
  for (const [key, name] of Object.entries(NAMES) as [Which, string][]) {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`demo customer ${name} missing`);
    ids[key] = Number(row.id);
  }
  probe = await writeProbe(h.db.db);
});

const list = async (m: Member, query = '') => h.call('GET', `/api/admin/customers${query}`, { token: tokens[m] });
const names = async (m: Member, query = '') => {
  const all: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(m, `?limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    const page = res.body.data as CustomerListDto;
    all.push(...page.items.map((i) => i.name));
    cursor = page.nextCursor;
  } while (cursor);
  return all;
};

/** Asserts a call wrote nothing. */
async function writesNothing(run: () => Promise<unknown>): Promise<void> {
  await expectWritesNothing(probe, run);
}

/** The text of every part of a workbook (a zip of XML files). */
function workbookText(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes);
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd -= 1;
  const entries = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  let text = '';
  for (let i = 0; i < entries; i += 1) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    text += (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    at += 46 + skip;
  }
  return text;
}

describe('who sees which customer (the ownership matrix)', () => {
  // Each demo member × the customers of each team: 200 seen, 404 not seen, 403 without the customer permission.
  const SEES: Record<Member, Record<Which, number>> = {
    admin: { eastSales: 200, eastManager: 200, north: 200, pool: 200 },
    sales: { eastSales: 200, eastManager: 200, north: 404, pool: 200 },
    manager: { eastSales: 200, eastManager: 200, north: 404, pool: 200 },
    sales2: { eastSales: 404, eastManager: 404, north: 200, pool: 200 },
    finance: { eastSales: 403, eastManager: 403, north: 403, pool: 403 },
    ops: { eastSales: 403, eastManager: 403, north: 403, pool: 403 },
  };

  it('lists exactly the customers each member sees (keyset pages)', async () => {
    for (const m of MEMBERS) {
      if (SEES[m].north === 403) {
        expect((await list(m)).status, m).toBe(403);
        continue;
      }
      const shown = await names(m);
      for (const w of Object.keys(NAMES) as Which[]) expect(shown.includes(NAMES[w]), `${m} lists ${w}`).toBe(SEES[m][w] === 200);
      expect(new Set(shown).size).toBe(shown.length);
    }
    expect((await h.call('GET', '/api/admin/customers')).status).toBe(401);
  });

  it('reads, updates, reads the timeline and exports only what the member sees', async () => {
    const wrong: string[] = [];
    for (const m of MEMBERS) {
      for (const w of Object.keys(NAMES) as Which[]) {
        const expected = SEES[m][w];
        const read = await h.call('GET', `/api/admin/customers/${ids[w]}`, { token: tokens[m] });
        if (read.status !== expected) wrong.push(`read ${w} as ${m}: ${read.status}`);
        for (const sub of ['timeline', 'users', 'orders']) {
          const res = await h.call('GET', `/api/admin/customers/${ids[w]}/${sub}`, { token: tokens[m] });
          if (res.status !== expected) wrong.push(`${sub} ${w} as ${m}: ${res.status}`);
        }
        const update = await h.call('PUT', `/api/admin/customers/${ids[w]}`, { token: tokens[m], json: { level: 'B' } });
        if (update.status !== expected) wrong.push(`update ${w} as ${m}: ${update.status}`);
        const activity = await h.call('POST', `/api/admin/customers/${ids[w]}/activities`, { token: tokens[m], json: { kind: 'note', body: `matrix ${m}` } });
        if (activity.status !== expected) wrong.push(`activity ${w} as ${m}: ${activity.status}`);
      }
    }
    expect(wrong).toEqual([]);
    const unseen = await h.call('GET', '/api/admin/customers/999999', { token: tokens.admin });
    expect(unseen.status).toBe(404);
  });

  it('exports the customers each member sees and no others', async () => {
    for (const m of MEMBERS) {
      const res = await h.app.request('/api/admin/customers/export', { headers: { authorization: tokens[m] } });
      if (SEES[m].north === 403) {
        expect(res.status, m).toBe(403);
        continue;
      }
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('.xlsx');
      const text = workbookText(new Uint8Array(await res.arrayBuffer()));
      for (const w of Object.keys(NAMES) as Which[]) expect(text.includes(NAMES[w]), `${m} exports ${w}`).toBe(SEES[m][w] === 200);
    }
    expect((await h.app.request('/api/admin/customers/export')).status).toBe(401);
  });
});

describe('the customer list', () => {
  it('filters by kind, level, team, owner, tag, scope and search, and sorts both ways', async () => {
    expect(await names('admin', '&kind=prospect')).not.toContain(NAMES.eastSales);
    expect(await names('admin', '&tag=高校')).toEqual([NAMES.north]);
    expect(await names('admin', '&scope=unowned')).toEqual([NAMES.pool]);
    expect(await names('sales', '&scope=mine')).toContain(NAMES.eastSales);
    expect(await names('sales', '&scope=mine')).not.toContain(NAMES.eastManager);
    expect(await names('admin', `&key=${encodeURIComponent('孙浩')}`)).toEqual([NAMES.eastManager]);
    expect(await names('admin', `&key=${encodeURIComponent('emily.chen@')}`)).toEqual(['苏州示例生物材料有限公司']);
    expect(await names('admin', `&key=${encodeURIComponent('13770912345')}`)).toEqual([NAMES.pool]);
    const teams = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from staff_teams where name_zh = '华北销售部'`));
    expect(await names('admin', `&teamId=${teams[0]!.id}`)).toEqual(expect.arrayContaining([NAMES.north, '天津示例化工研究院']));
    expect(await names('admin', `&teamId=${teams[0]!.id}`)).not.toContain(NAMES.eastSales);
    const ascending = await names('admin', '&sort=name');
    const descending = await names('admin', '&sort=-name');
    expect(descending).toEqual([...ascending].reverse());
    const newest = await names('admin', '&sort=-createdAt');
    expect(newest[0]).toBe(NAMES.pool);
  });

  it('refuses bad filters and cursors with 400', async () => {
    for (const q of ['?kind=x', '?level=Z', '?sort=evil', '?limit=0', '?limit=500', '?cursor=abc', `?key=${'x'.repeat(51)}`]) {
      expect((await list('admin', q)).status, q).toBe(400);
    }
  });

  it('escapes formula-like text in the export', async () => {
    expect(cellText('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(cellText('+1')).toBe("'+1");
    expect(cellText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(cellText('上海')).toBe('上海');
    const created = await h.call('POST', '/api/admin/customers', { token: tokens.admin, json: { name: '=cmd|\' /C calc\'!A0', tags: ['-2+3'] } });
    expect(created.status).toBe(200);
    const res = await h.app.request('/api/admin/customers/export?kind=prospect', { headers: { authorization: tokens.admin } });
    const text = workbookText(new Uint8Array(await res.arrayBuffer()));
    expect(text.includes("'=cmd|") || text.includes('&apos;=cmd|') || text.includes('&#39;=cmd|')).toBe(true);
    expect(text).not.toMatch(/>=cmd\|/);
    expect(text).not.toMatch(/<f>/);
  });
});

describe('editing a customer', () => {
  it('enters a prospect owned by its author, with an audit row on its timeline', async () => {
    const res = await h.call('POST', '/api/admin/customers', { token: tokens.sales2, json: { name: '大连示例海洋生物有限公司', level: 'B', creditDays: 15, creditLimit: '5000.5', tags: ['海洋', '海洋'] } });
    expect(res.status).toBe(200);
    const id = (res.body.data as { id: number }).id;
    const detail = (await h.call('GET', `/api/admin/customers/${id}`, { token: tokens.sales2 })).body.data as CustomerDetailDto;
    expect(detail).toMatchObject({ kind: 'prospect', level: 'B', creditDays: 15, creditLimit: '5000.50', tags: ['海洋'], ownerName: '王磊', teamZh: '华北销售部' });
    const timeline = (await h.call('GET', `/api/admin/customers/${id}/timeline`, { token: tokens.sales2 })).body.data as { items: TimelineEventDto[] };
    expect(timeline.items[0]).toMatchObject({ source: 'audit', kind: 'create', entity: 'customer', actorName: '王磊' });
    expect((await h.call('GET', `/api/admin/customers/${id}`, { token: tokens.sales })).status).toBe(404);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', '/api/admin/customers', { name: '' }],
      ['POST', '/api/admin/customers', { name: 'x'.repeat(61) }],
      ['POST', '/api/admin/customers', { name: 'ok', creditLimit: '-1' }],
      ['POST', '/api/admin/customers', { name: 'ok', creditLimit: '1.234' }],
      ['POST', '/api/admin/customers', { name: 'ok', creditDays: 366 }],
      ['POST', '/api/admin/customers', { name: 'ok', tags: ['x'.repeat(51)] }],
      ['POST', '/api/admin/customers', { name: 'ok', address: 'x'.repeat(101) }],
      ['POST', '/api/admin/customers', { name: 'ok', ownerStaffId: 1 }],
      ['PUT', `/api/admin/customers/${ids.eastSales}`, { level: 'E' }],
      ['PUT', `/api/admin/customers/${ids.eastSales}`, { ownerId: 999999 }],
      ['POST', `/api/admin/customers/${ids.eastSales}/activities`, { kind: 'call', body: 'x'.repeat(2001) }],
      ['POST', `/api/admin/customers/${ids.eastSales}/activities`, { kind: 'fax', body: 'hi' }],
      ['POST', `/api/admin/customers/${ids.eastSales}/activities`, { kind: 'call', body: 'hi', happenedAt: '2999-01-01T00:00:00Z' }],
      ['POST', `/api/admin/customers/${ids.eastSales}/contacts`, { name: '无联系方式' }],
      ['POST', `/api/admin/customers/${ids.eastSales}/contacts`, { name: 'x', email: 'not-an-email' }],
      ['POST', `/api/admin/customers/${ids.eastSales}/contacts`, { name: 'x'.repeat(51), phone: '13800000000' }],
    ];
    for (const [method, path, json] of bad) {
      await writesNothing(async () => {
        const res = await h.call(method, path, { token: tokens.admin, json });
        expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
        expect(Array.isArray(res.body.data), `${method} ${path}`).toBe(true);
      });
    }
  });

  it('needs CUSTOMER.EDIT to change anything', async () => {
    for (const m of ['finance', 'ops'] as const) {
      await writesNothing(async () => {
        expect((await h.call('POST', '/api/admin/customers', { token: tokens[m], json: { name: '某公司' } })).status).toBe(403);
        expect((await h.call('POST', `/api/admin/customers/${ids.pool}/contacts`, { token: tokens[m], json: { name: 'x', phone: '13800000000' } })).status).toBe(403);
      });
    }
    expect((await h.call('POST', '/api/admin/customers', { json: { name: '某公司' } })).status).toBe(401);
  });

  it('keeps contacts, linked to a registered account by phone or e-mail', async () => {
    const detail = (await h.call('GET', `/api/admin/customers/${ids.eastSales}`, { token: tokens.sales })).body.data as CustomerDetailDto;
    expect(detail.contacts.find((c) => c.name === '王敏')?.accountLoginName).toBe('admin@demo.example.com');
    const [users] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from users where company_id = ${ids.eastSales}`));
    expect(detail.users).toBe(Number(users!.n));
    expect(detail.users).toBeGreaterThan(1);
    expect(detail.contacts.find((c) => c.name === '李娜')?.accountLoginName).toBe('buyer@demo.example.com');
    expect(detail.contacts.find((c) => c.name === '周倩')?.accountLoginName).toBeNull();
    const added = await h.call('POST', `/api/admin/customers/${ids.eastSales}/contacts`, { token: tokens.sales, json: { name: '陈晨', email: 'EMPLOYEE@demo.example.com', position: '研究员' } });
    expect(added.status).toBe(200);
    const contactId = (added.body.data as { id: number }).id;
    const after = (await h.call('GET', `/api/admin/customers/${ids.eastSales}`, { token: tokens.sales })).body.data as CustomerDetailDto;
    expect(after.contacts.find((c) => c.id === contactId)?.accountLoginName).toBe('employee@demo.example.com');
    expect((await h.call('PUT', `/api/admin/customers/${ids.eastSales}/contacts/${contactId}`, { token: tokens.sales, json: { name: '陈晨', phone: '13800139999' } })).status).toBe(200);
    // Another customer's id does not reach the contact; a member who does not see the customer gets 404.
    expect((await h.call('DELETE', `/api/admin/customers/${ids.pool}/contacts/${contactId}`, { token: tokens.sales })).status).toBe(404);
    expect((await h.call('DELETE', `/api/admin/customers/${ids.eastSales}/contacts/${contactId}`, { token: tokens.sales2 })).status).toBe(404);
    expect((await h.call('DELETE', `/api/admin/customers/${ids.eastSales}/contacts/${contactId}`, { token: tokens.sales })).status).toBe(200);
    const timeline = (await h.call('GET', `/api/admin/customers/${ids.eastSales}/timeline?limit=3`, { token: tokens.sales })).body.data as { items: TimelineEventDto[] };
    expect(timeline.items.map((e) => `${e.entity}:${e.kind}`)).toEqual(['customerContact:delete', 'customerContact:update', 'customerContact:create']);
  });

  it('logs activities on the timeline, newest first, in keyset pages', async () => {
    const at = new Date(Date.now() - 86_400_000).toISOString();
    expect((await h.call('POST', `/api/admin/customers/${ids.north}/activities`, { token: tokens.sales2, json: { kind: 'visit', body: '昨天的拜访', happenedAt: at } })).status).toBe(200);
    expect((await h.call('POST', `/api/admin/customers/${ids.north}/activities`, { token: tokens.sales2, json: { kind: 'call', body: '电话跟进报价' } })).status).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: TimelineEventDto | undefined;
    do {
      const res = await h.call('GET', `/api/admin/customers/${ids.north}/timeline?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: tokens.sales2 });
      expect(res.status).toBe(200);
      const page = res.body.data as { items: TimelineEventDto[]; nextCursor: string | null };
      first ??= page.items[0];
      seen.push(...page.items.map((e) => `${e.source}-${e.id}-${e.at}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(first).toMatchObject({ source: 'activity', kind: 'call', body: '电话跟进报价', actorName: '王磊' });
    const times = seen.map((s) => s.split('-').slice(2).join('-'));
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect((await h.call('GET', `/api/admin/customers/${ids.north}/timeline?cursor=bad`, { token: tokens.sales2 })).status).toBe(400);
  });
});

describe('reassigning a customer', () => {
  const ownerOf = async (id: number) => rowsOf<{ owner: number | null }>(await h.db.db.execute(sql`select owner_staff_id as owner from companies where id = ${id}`))[0]!.owner;
  const staffId = async (login: string) => Number(rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from staff where login_name = ${login}`))[0]!.id);

  it('lets the team manager move a customer within the team, not outside it', async () => {
    const manager = await staffId('manager');
    const sales = await staffId('sales');
    const sales2 = await staffId('sales2');
    const detail = (await h.call('GET', `/api/admin/customers/${ids.eastManager}`, { token: tokens.manager })).body.data as CustomerDetailDto;
    expect(detail.owners.map((o) => o.id).sort()).toEqual([manager, sales].sort());
    expect((await h.call('PUT', `/api/admin/customers/${ids.eastManager}`, { token: tokens.manager, json: { ownerId: sales } })).status).toBe(200);
    expect(await ownerOf(ids.eastManager)).toBe(sales);
    await writesNothing(async () => {
      expect((await h.call('PUT', `/api/admin/customers/${ids.eastManager}`, { token: tokens.manager, json: { ownerId: sales2 } })).status).toBe(403);
    });
    const timeline = (await h.call('GET', `/api/admin/customers/${ids.eastManager}/timeline?limit=1`, { token: tokens.sales })).body.data as { items: TimelineEventDto[] };
    expect(timeline.items[0]).toMatchObject({ kind: 'owner', changes: { ownerId: { from: manager, to: sales } } });
    expect((await h.call('PUT', `/api/admin/customers/${ids.eastManager}`, { token: tokens.manager, json: { ownerId: manager } })).status).toBe(200);
  });

  it('lets a sales member claim a customer of the pool but not give customers away', async () => {
    const sales = await staffId('sales');
    const sales2 = await staffId('sales2');
    await writesNothing(async () => {
      expect((await h.call('PUT', `/api/admin/customers/${ids.eastSales}`, { token: tokens.sales, json: { ownerId: sales2 } })).status).toBe(403);
      expect((await h.call('PUT', `/api/admin/customers/${ids.pool}`, { token: tokens.sales, json: { ownerId: sales2 } })).status).toBe(403);
    });
    expect((await h.call('PUT', `/api/admin/customers/${ids.pool}`, { token: tokens.sales, json: { ownerId: sales } })).status).toBe(200);
    expect((await h.call('GET', `/api/admin/customers/${ids.pool}`, { token: tokens.sales2 })).status).toBe(404);
    // The administrator moves anything anywhere, back to the pool too.
    expect((await h.call('PUT', `/api/admin/customers/${ids.pool}`, { token: tokens.admin, json: { ownerId: null } })).status).toBe(200);
    expect(await ownerOf(ids.pool)).toBeNull();
  });
});

describe('the licence name rule', () => {
  const upload = async (id: number, token: string) => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const body = new FormData();
    body.append('file', new File([new Uint8Array(png)], 'licence.png', { type: 'image/png' }));
    return h.app.request(`/api/admin/customers/${id}/licence`, { method: 'POST', body, headers: { authorization: token } });
  };

  it('compares names after folding full-width forms and spaces', () => {
    expect(nameMatchesLicence('上海示例生物科技（有限）公司', '上海示例生物科技(有限)公司 ')).toBe(true);
    expect(nameMatchesLicence('ＡＢＣ 试剂　公司', 'abc试剂公司')).toBe(true);
    expect(nameMatchesLicence('上海示例生物科技有限公司', '上海示例生物技术有限公司')).toBe(false);
  });

  it('needs the licence file before its name, then holds the customer name to it', async () => {
    const id = ids.eastSales;
    await writesNothing(async () => {
      const res = await h.call('PUT', `/api/admin/customers/${id}`, { token: tokens.sales, json: { licenceName: NAMES.eastSales } });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([{ field: 'licenceName', message: expect.any(String) }]);
    });
    expect((await upload(id, tokens.sales2)).status).toBe(404);
    expect((await upload(id, tokens.finance)).status).toBe(403);
    const up = await upload(id, tokens.sales);
    expect(up.status).toBe(200);
    const file = await h.app.request(`/api/admin/customers/${id}/licence`, { headers: { authorization: tokens.sales } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await h.app.request(`/api/admin/customers/${id}/licence`, { headers: { authorization: tokens.sales2 } })).status).toBe(404);
    await writesNothing(async () => {
      const res = await h.call('PUT', `/api/admin/customers/${id}`, { token: tokens.sales, json: { licenceName: '上海示例生物技术有限公司' } });
      expect(res.status).toBe(400);
    });
    expect((await h.call('PUT', `/api/admin/customers/${id}`, { token: tokens.sales, json: { licenceName: '上海示例生物科技有限公司 ' } })).status).toBe(200);
    await writesNothing(async () => {
      const res = await h.call('PUT', `/api/admin/customers/${id}`, { token: tokens.sales, json: { name: '上海示例科技有限公司' } });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([{ field: 'name', message: expect.any(String) }]);
    });
    expect((await h.call('PUT', `/api/admin/customers/${id}`, { token: tokens.sales, json: { name: '上海示例生物科技有限公司' } })).status).toBe(200);
  });
});

describe('saved views', () => {
  it('keeps each member\'s views private', async () => {
    const saved = await h.call('POST', '/api/admin/customers/views', { token: tokens.sales, json: { listKey: 'customers', name: '我的 A 级客户', query: { level: 'A', scope: 'mine' } } });
    expect(saved.status).toBe(200);
    const view = saved.body.data as SavedViewDto;
    const mine = (await h.call('GET', '/api/admin/customers/views?listKey=customers', { token: tokens.sales })).body.data as SavedViewDto[];
    expect(mine.map((v) => v.name)).toEqual(['我的 A 级客户']);
    const theirs = (await h.call('GET', '/api/admin/customers/views?listKey=customers', { token: tokens.sales2 })).body.data as SavedViewDto[];
    expect(theirs).toEqual([]);
    await writesNothing(async () => {
      expect((await h.call('DELETE', `/api/admin/customers/views/${view.id}`, { token: tokens.sales2 })).status).toBe(404);
      expect((await h.call('POST', '/api/admin/customers/views', { token: tokens.sales, json: { listKey: 'shipments', name: 'x', query: {} } })).status).toBe(400);
      expect((await h.call('POST', '/api/admin/customers/views', { token: tokens.sales, json: { listKey: 'customers', name: 'x'.repeat(51), query: {} } })).status).toBe(400);
    });
    expect((await h.call('GET', '/api/admin/customers/views?listKey=customers')).status).toBe(401);
    expect((await h.call('DELETE', `/api/admin/customers/views/${view.id}`, { token: tokens.sales })).status).toBe(200);
  });

  it('are kept for every CRM list, each list apart', async () => {
    for (const listKey of ['quotations', 'contracts', 'complaints', 'cases', 'expenses', 'suppliers']) {
      const saved = await h.call('POST', '/api/admin/customers/views', { token: tokens.sales, json: { listKey, name: '本周', query: { sort: 'createdAt' } } });
      expect(saved.status, listKey).toBe(200);
      const listed = (await h.call('GET', `/api/admin/customers/views?listKey=${listKey}`, { token: tokens.sales })).body.data as SavedViewDto[];
      expect(listed.map((v) => [v.listKey, v.name]), listKey).toEqual([[listKey, '本周']]);
    }
  });
});
