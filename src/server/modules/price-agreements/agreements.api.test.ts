import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgreementRowDto } from '@/contracts/price-agreements';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { agreementHarness } from '../../../../test/price-agreements';

const h = fileApiHarness();
const t = agreementHarness(() => h);
beforeAll(async () => t.setUp());

const submit = (id: number, who: 'sales' | 'manager' | 'admin' = 'sales') => t.call(who, 'POST', `/api/admin/price-agreements/${id}/submit`, { comment: '请审批' });
const audit = (id: number) => t.q<{ action: string }>(sql`select action from audit_log where entity = 'price_agreement' and entity_id = ${String(id)} order by id`);

describe('a price agreement at or above the floor', () => {
  it('is created as a draft with its rules, owned by the customer\'s owner, and becomes active on submission without an approval; audited', async () => {
    const a = await t.create();
    expect(a.state).toBe('draft');
    expect(a.agreementNo).toMatch(/^PA\d{8}\d{5}$/);
    expect(a.belowFloor).toBe(false);
    expect(a.rules.map((r) => [r.kind, r.scope, r.discountBp, r.netCents, r.minQty, r.listCents, r.belowFloor])).toEqual([
      ['discount', 'all', 1000, null, 1, null, false], ['net', 'pack', null, 18000, 1, 20000, false], ['break', 'pack', null, 17500, 5, 20000, false],
    ]);
    const [owner] = await t.q<{ owner_id: number; sales: number }>(sql`select a.owner_id, (select id from staff where login_name = 'sales') as sales from price_agreements a where a.id = ${a.id}`);
    expect(owner!.owner_id).toBe(owner!.sales);
    const active = t.ok(await submit(a.id));
    expect(active.state).toBe('active');
    expect(active.approvalRequestId).toBeNull();
    expect((await audit(a.id)).map((r) => r.action)).toEqual(['create', 'status']);
    expect(active.events[0]).toMatchObject({ action: 'status', from: 'draft', to: 'active', comment: '请审批' });
  });

  it('refuses a draft without rules, and a second submission', async () => {
    const empty = await t.create('sales', { rules: [] });
    const refused = await submit(empty.id);
    expect([refused.status, refused.body.msg]).toEqual([409, '请至少添加一条规则']);
    const a = await t.create();
    t.ok(await submit(a.id));
    expect((await submit(a.id)).status).toBe(409);
  });
});

describe('a price agreement below the floor', () => {
  it('goes to the approval engine on submission, and the manager\'s approval makes it active', async () => {
    const a = await t.create('sales', { rules: [{ kind: 'discount', scope: 'brand', brandId: t.fixture.brandId, discountBp: 2000 }] });
    expect(a.belowFloor).toBe(true);
    expect(a.rules[0]!.belowFloor).toBe(true);
    const pending = t.ok(await submit(a.id));
    expect([pending.state, pending.approvalStatus]).toEqual(['pending_approval', 'pending']);
    // Sales (the applicant) cannot decide; the manager, a holder of QUOTATION.PRICE_OVERRIDE, can.
    const mine = await t.call('sales', 'GET', '/api/admin/approvals/inbox');
    expect((mine.body.data as { items: { entityType: string; entityId: number }[] }).items.some((i) => i.entityType === 'price_agreement' && i.entityId === a.id)).toBe(false);
    const inbox = await t.call('manager', 'GET', '/api/admin/approvals/inbox');
    const step = (inbox.body.data as { items: { stepId: number; entityType: string; entityId: number }[] }).items.find((i) => i.entityType === 'price_agreement' && i.entityId === a.id);
    expect(step).toBeDefined();
    const decided = await t.call('manager', 'POST', `/api/admin/approvals/steps/${step!.stepId}/decision`, { decision: 'approve', comment: '同意' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const after = t.ok(await t.call('sales', 'GET', `/api/admin/price-agreements/${a.id}`));
    expect([after.state, after.approvalStatus]).toEqual(['active', 'approved']);
    expect(after.events.map((e) => [e.from, e.to])).toEqual([['pending_approval', 'active'], ['draft', 'pending_approval'], [null, 'draft']]);
  });

  it('is rejected by the approver\'s rejection, and a net price under 85 % of the list price is below the floor too', async () => {
    const a = await t.create('sales', { rules: [{ kind: 'net', scope: 'pack', packId: t.fixture.packs[1]!.id, netCents: 16999 }] });
    expect(a.belowFloor).toBe(true);
    t.ok(await submit(a.id));
    const inbox = await t.call('manager', 'GET', '/api/admin/approvals/inbox');
    const step = (inbox.body.data as { items: { stepId: number; entityId: number; entityType: string }[] }).items.find((i) => i.entityType === 'price_agreement' && i.entityId === a.id);
    expect((await t.call('manager', 'POST', `/api/admin/approvals/steps/${step!.stepId}/decision`, { decision: 'reject', comment: '折扣过大' })).status).toBe(200);
    expect(t.ok(await t.call('sales', 'GET', `/api/admin/price-agreements/${a.id}`)).state).toBe('rejected');
    // 170.00 is the floor itself: not below it.
    const atFloor = await t.create('sales', { rules: [{ kind: 'break', scope: 'pack', packId: t.fixture.packs[1]!.id, netCents: 17000, minQty: 10 }] });
    expect(atFloor.belowFloor).toBe(false);
    expect(t.ok(await submit(atFloor.id)).state).toBe('active');
  });

  it('withdrawn while waiting, withdraws its approval request; an active one can be withdrawn, a draft cannot', async () => {
    const a = await t.create('sales', { rules: [{ kind: 'discount', scope: 'category', categoryId: t.fixture.categoryId, discountBp: 1501 }] });
    t.ok(await submit(a.id));
    const withdrawn = t.ok(await t.call('sales', 'POST', `/api/admin/price-agreements/${a.id}/withdraw`, { comment: '客户改变主意' }));
    expect([withdrawn.state, withdrawn.approvalStatus]).toEqual(['withdrawn', 'withdrawn']);
    const active = await t.create();
    t.ok(await submit(active.id));
    expect(t.ok(await t.call('sales', 'POST', `/api/admin/price-agreements/${active.id}/withdraw`, {})).state).toBe('withdrawn');
    const draft = await t.create();
    expect((await t.call('sales', 'POST', `/api/admin/price-agreements/${draft.id}/withdraw`, {})).status).toBe(409);
  });
});

describe('editing and deleting a draft', () => {
  it('replaces the rules and header as a whole; only a draft changes or is deleted', async () => {
    const a = await t.create();
    const saved = t.ok(await t.call('sales', 'PUT', `/api/admin/price-agreements/${a.id}`, {
      name: '新名称', validFrom: t.inDays(1), validTo: t.inDays(30), note: '改为季度', rules: [{ kind: 'net', scope: 'pack', packId: t.fixture.packs[2]!.id, netCents: 0 }],
    }));
    expect([saved.name, saved.validTo, saved.note, saved.rules.length, saved.belowFloor]).toEqual(['新名称', t.inDays(30), '改为季度', 1, true]);
    expect((await audit(a.id)).map((r) => r.action)).toEqual(['create', 'update']);
    const before = await t.count();
    const del = await t.call('sales', 'DELETE', `/api/admin/price-agreements/${a.id}`);
    expect([del.status, await t.count()]).toEqual([200, before - 1]);
    expect((await t.call('sales', 'GET', `/api/admin/price-agreements/${a.id}`)).status).toBe(404);
    expect((await audit(a.id)).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    const active = await t.create();
    t.ok(await submit(active.id));
    expect((await t.call('sales', 'DELETE', `/api/admin/price-agreements/${active.id}`)).status).toBe(409);
    expect((await t.call('sales', 'PUT', `/api/admin/price-agreements/${active.id}`, { name: 'x', validFrom: t.inDays(0), validTo: t.inDays(1), rules: [] })).status).toBe(409);
  });
});

describe('bad input', () => {
  const bad = async (rules: unknown[], extra: Record<string, unknown> = {}) => {
    const [agreements, rulesBefore] = [await t.count(), await t.ruleCount()];
    const res = await t.call('sales', 'POST', '/api/admin/price-agreements', { companyId: t.fixture.shanghai, name: '协议', validFrom: t.inDays(0), validTo: t.inDays(10), rules, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect([await t.count(), await t.ruleCount()]).toEqual([agreements, rulesBefore]);
    return (res.body.data as { field: string; message: string }[]).map((f) => `${f.field}: ${f.message}`);
  };
  const pack = () => t.fixture.packs[0]!.id;

  it('answers every bad row and field at once, in the caller\'s language, and saves nothing', async () => {
    expect(await bad([
      { kind: 'discount', scope: 'all', discountBp: 0 },
      { kind: 'discount', scope: 'brand', discountBp: 10001 },
      { kind: 'net', scope: 'pack', packId: pack(), netCents: -1 },
      { kind: 'break', scope: 'pack', packId: pack(), netCents: 100, minQty: 1 },
      { kind: 'net', scope: 'brand', packId: pack(), netCents: 100 },
      { kind: 'discount', scope: 'all', discountBp: 100, netCents: 5 },
      { kind: 'net', scope: 'pack', packId: pack(), netCents: 1_000_000_000 },
    ])).toEqual([
      'rules.0.discountBp: 折扣须在 0.01% 到 100% 之间，最多两位小数',
      'rules.1.discountBp: 折扣须在 0.01% 到 100% 之间，最多两位小数',
      'rules.1.brandId: 请选择品牌',
      'rules.2.netCents: 价格须在 0 到 9,999,999.99 之间，最多两位小数',
      'rules.3.minQty: 起订数量须在 2 到 9999 之间',
      'rules.4.scope: 该类型的规则不能用此范围',
      'rules.5.netCents: 该类型的规则不填此项',
      'rules.6.netCents: 价格须在 0 到 9,999,999.99 之间，最多两位小数',
    ]);
  });

  it('refuses unknown brands, categories and packs, repeated rules and breaks, and a period that ends before it starts', async () => {
    expect(await bad([
      { kind: 'discount', scope: 'brand', brandId: 999999, discountBp: 100 },
      { kind: 'discount', scope: 'category', categoryId: 999999, discountBp: 100 },
      { kind: 'net', scope: 'pack', packId: 99999999, netCents: 100 },
      { kind: 'break', scope: 'pack', packId: pack(), netCents: 100, minQty: 5 },
      { kind: 'break', scope: 'pack', packId: pack(), netCents: 90, minQty: 5 },
      { kind: 'discount', scope: 'all', discountBp: 100 },
      { kind: 'discount', scope: 'all', discountBp: 200 },
    ])).toEqual([
      'rules.0.brandId: 品牌不存在', 'rules.1.categoryId: 分类不存在', 'rules.2.packId: 规格不存在，请核对货号与规格',
      'rules.4.minQty: 该规格已有相同起订数量的阶梯价', 'rules.6.scope: 与前面的规则重复',
    ]);
    expect(await bad([], { validFrom: t.inDays(5), validTo: t.inDays(4) })).toEqual(['validTo: 截止日不能早于生效日']);
    expect(await bad([], { validFrom: '2026-02-30' })).toEqual(['validFrom: 日期格式应为 YYYY-MM-DD']);
  });

  it('answers in English to an English caller', async () => {
    const res = await h.call('POST', '/api/admin/price-agreements', {
      token: t.tokens.sales, headers: { 'accept-language': 'en' },
      json: { companyId: t.fixture.shanghai, name: 'x', validFrom: t.inDays(0), validTo: t.inDays(1), rules: [{ kind: 'break', scope: 'pack', packId: pack(), netCents: 1, minQty: 10000 }] },
    });
    expect((res.body.data as { field: string; message: string }[])).toEqual([{ field: 'rules.0.minQty', message: 'The quantity must be 2 to 9999' }]);
  });
});

describe('the list', () => {
  it('filters by company, state, search and expiry within N days; sorts by the last day; pages by keyset', async () => {
    const soon = await t.create('sales', { name: '即将到期', validTo: t.inDays(10) });
    t.ok(await submit(soon.id));
    const later = await t.create('sales', { name: '远期', validTo: t.inDays(90) });
    t.ok(await submit(later.id));
    const list = async (query: string) => {
      const res = await t.call('sales', 'GET', `/api/admin/price-agreements?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { total: number; items: AgreementRowDto[]; nextCursor: string | null };
    };
    const expiring = await list('expiringDays=30&sort=validTo');
    expect(expiring.items.map((r) => r.id)).toContain(soon.id);
    expect(expiring.items.map((r) => r.id)).not.toContain(later.id);
    expect(expiring.items.every((r) => r.state === 'active' && r.validTo <= t.inDays(30))).toBe(true);
    expect((await list(`key=${encodeURIComponent(soon.agreementNo)}`)).items.map((r) => r.id)).toEqual([soon.id]);
    expect((await list('key=即将到期')).items.map((r) => r.id)).toContain(soon.id);
    expect((await list(`companyId=${t.fixture.beijing}`)).total).toBe(0);
    const drafts = await list('state=draft');
    expect(drafts.items.every((r) => r.state === 'draft')).toBe(true);
    const first = await list('sort=validTo&limit=2');
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`sort=validTo&limit=2&cursor=${first.nextCursor}`);
    const days = [...first.items, ...second.items].map((r) => r.validTo);
    expect(days).toEqual([...days].sort());
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(4);
    expect((await t.call('sales', 'GET', '/api/admin/price-agreements?cursor=nonsense')).status).toBe(400);
    expect((await t.call('sales', 'GET', '/api/admin/price-agreements?expiringDays=-1')).status).toBe(400);
  });

  it('exports the list (the expiry report) as a workbook', async () => {
    const res = await h.app.request('/api/admin/price-agreements/export?expiringDays=30', { headers: { authorization: t.tokens.sales! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

describe('authorisation', () => {
  it('PRICE.EDIT holders only; sales see the agreements of the customers they see (404 otherwise)', async () => {
    const a = await t.create();
    const matrix = authorisationMatrix(h);
    const ops = { guest: 401, buyerA: 401, staffOps: 403 };
    await matrix.expect([
      { method: 'GET', path: '/api/admin/price-agreements', expect: { ...ops, staffSales: 200, staffAdmin: 200 } },
      { method: 'GET', path: `/api/admin/price-agreements/${a.id}`, expect: { ...ops, staffSales: 200, staffAdmin: 200 } },
      { method: 'GET', path: '/api/admin/price-agreements/export', expect: ops },
      { method: 'GET', path: `/api/admin/price-agreements/${a.id}/rules.xlsx`, expect: ops },
      { method: 'POST', path: `/api/admin/price-agreements/${a.id}/rules.xlsx`, expect: ops },
      { method: 'GET', path: '/api/admin/price-agreements/catalogue?key=acetone', expect: { ...ops, staffSales: 200 } },
      { method: 'POST', path: '/api/admin/price-agreements', json: { companyId: t.fixture.shanghai, name: 'm', validFrom: t.inDays(0), validTo: t.inDays(1) }, expect: { ...ops, staffSales: 200 } },
      { method: 'PUT', path: `/api/admin/price-agreements/${a.id}`, json: { name: 'm', validFrom: t.inDays(0), validTo: t.inDays(1), rules: t.fairRules() }, expect: { ...ops, staffAdmin: 200 } },
      { method: 'POST', path: `/api/admin/price-agreements/${a.id}/withdraw`, json: {}, expect: { ...ops, staffSales: 409 } },
      { method: 'POST', path: `/api/admin/price-agreements/${a.id}/submit`, json: {}, expect: { ...ops, staffSales: 200 } },
      { method: 'DELETE', path: `/api/admin/price-agreements/${a.id}`, expect: { ...ops, staffSales: 409 } },
    ]);
    const sheet = (who: 'sales' | 'sales2') => h.app.request(`/api/admin/price-agreements/${a.id}/rules.xlsx`, { headers: { authorization: t.tokens[who]! } });
    expect((await sheet('sales')).status).toBe(200);
    expect((await sheet('sales2')).status).toBe(404);
    // sales2 (another team) sees neither this customer nor its agreements; creating one for it answers the customer read's 404.
    const other = (method: string, url: string, json?: unknown) => t.call('sales2', method, url, json);
    expect((await other('GET', `/api/admin/price-agreements/${a.id}`)).status).toBe(404);
    expect((await other('POST', `/api/admin/price-agreements/${a.id}/withdraw`, {})).status).toBe(404);
    expect((await other('GET', '/api/admin/price-agreements')).body.data).toMatchObject({ items: expect.not.arrayContaining([expect.objectContaining({ id: a.id })]) });
    const foreign = await other('POST', '/api/admin/price-agreements', { companyId: t.fixture.shanghai, name: 'x', validFrom: t.inDays(0), validTo: t.inDays(1) });
    expect([foreign.status, foreign.body.msg]).toEqual([404, '客户不存在或不在您的可见范围内']);
    expect((await t.call('sales', 'POST', '/api/admin/price-agreements', { companyId: t.fixture.beijing, name: 'x', validFrom: t.inDays(0), validTo: t.inDays(1) })).status).toBe(404);
  });
});
