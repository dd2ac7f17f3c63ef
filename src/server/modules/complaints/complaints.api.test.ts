import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComplaintDetailDto, MyComplaintDto } from '@/contracts/complaints';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { complaintHarness } from '../../../../test/complaints';

const h = fileApiHarness();
const t = complaintHarness(() => h);

beforeAll(async () => {
  await t.login();
});

describe('a customer files a complaint', () => {
  it('on lines of their own placed order; staff of the owning team see it, others do not', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const form = await t.call('buyer', 'GET', `/api/app/complaints/order/${order.id}`);
    expect(form.status).toBe(200);
    const applied = (order.cents / 100).toFixed(2);
    const made = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '瓶身破损', appliedRefund: applied });
    expect(made).toMatchObject({ status: 'reviewing', appliedRefund: applied, approvedRefund: null, canWithdraw: true, creditNote: null });
    expect(made.complaintNo).toMatch(/^CP\d{8}\d{5}$/);
    expect(made.lines).toEqual([expect.objectContaining({ itemId: order.itemId, quantity: 1, value: applied })]);
    const mine = await t.call('buyer', 'GET', `/api/app/complaints?orderId=${order.id}`);
    expect((mine.body.data as { items: MyComplaintDto[] }).items.map((c) => c.id)).toContain(made.id);

    const seen = await t.detail('sales', made.id);
    expect(seen).toMatchObject({ status: 'reviewing', ownerName: '周洁', transitions: ['approving', 'rejected', 'resolved'], approval: null });
    expect((await t.detail('manager', made.id)).id).toBe(made.id);
    // Another sales team's member: the record does not exist for them, in the list nor by id nor for a move.
    expect((await t.call('sales2', 'GET', `/api/admin/complaints/${made.id}`)).status).toBe(404);
    expect((await t.move('sales2', made.id, { to: 'rejected', reason: '非质量问题' })).status).toBe(404);
    const other = await t.call('sales2', 'GET', '/api/admin/complaints?limit=200');
    expect((other.body.data as { items: ComplaintDetailDto[] }).items.map((c) => c.id)).not.toContain(made.id);
    const audit = await t.q<{ action: string; company_id: number }>(sql`select action, company_id from audit_log where entity = 'complaint' and entity_id = ${String(made.id)}`);
    expect(audit).toEqual([{ action: 'create', company_id: expect.any(Number) }]);
  });

  it('takes the lines as one JSON text from a form post (the account pages\' API client)', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const res = await h.call('POST', '/api/app/complaints', {
      token: t.tokens.buyer, form: { orderId: String(order.id), lines: JSON.stringify([{ itemId: order.itemId, quantity: 1 }]), description: '标签错误', appliedRefund: '0.50' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as MyComplaintDto).lines).toHaveLength(1);
    const bad = await h.call('POST', '/api/app/complaints', { token: t.tokens.buyer, form: { orderId: String(order.id), lines: '[{', description: 'x', appliedRefund: '0.50' } });
    expect(bad.status).toBe(400);
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const otherOrder = await t.placedOrder('buyer@demo.example.com', 1);
    const before = await t.count('complaints');
    const base = { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '破损', appliedRefund: '1.00' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, lines: [{ itemId: otherOrder.itemId, quantity: 1 }] }, 'lines.0.itemId'],
      [{ ...base, lines: [{ itemId: order.itemId, quantity: order.num + 1 }] }, 'lines.0.quantity'],
      [{ ...base, lines: [{ itemId: order.itemId, quantity: 1 }, { itemId: order.itemId, quantity: 1 }] }, 'lines.1.itemId'],
      [{ ...base, appliedRefund: ((order.cents + 1) / 100).toFixed(2) }, 'appliedRefund'],
      [{ ...base, appliedRefund: '0.00' }, 'appliedRefund'],
      [{ ...base, appliedRefund: '1.001' }, 'appliedRefund'],
      [{ ...base, description: '' }, 'description'],
      [{ ...base, lines: [] }, 'lines'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('buyer', 'POST', '/api/app/complaints', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.data as { field: string }[]).map((e) => e.field), JSON.stringify(res.body)).toContain(field);
    }
    expect(await t.count('complaints')).toBe(before);
  });

  it('refuses another company\'s order, an order not placed, and callers without the permission', async () => {
    const univOrder = await t.placedOrder('buyer@univ.example.com');
    const body = { orderId: univOrder.id, lines: [{ itemId: univOrder.itemId, quantity: 1 }], description: '破损', appliedRefund: '0.01' };
    expect((await t.call('buyer', 'POST', '/api/app/complaints', body)).status).toBe(404);
    expect((await t.call('buyer', 'GET', `/api/app/complaints/order/${univOrder.id}`)).status).toBe(404);
    const [open] = await t.q<{ id: number }>(sql`select o.id from orders o join users u on u.id = o.user_id where u.login_name = 'buyer@demo.example.com' and o.status <> 'placed' limit 1`);
    expect((await t.call('buyer', 'GET', `/api/app/complaints/order/${open!.id}`)).status).toBe(409);
    expect((await t.call('employee', 'GET', '/api/app/complaints')).status).toBe(403);
    expect((await t.call(null, 'GET', '/api/app/complaints')).status).toBe(401);
    // The other company's complaints are not theirs to read or withdraw.
    const theirs = await t.file('univ', body);
    expect((await t.call('buyer', 'GET', `/api/app/complaints/${theirs.id}`)).status).toBe(404);
    expect((await t.call('buyer', 'POST', `/api/app/complaints/${theirs.id}/withdraw`)).status).toBe(404);
    const list = await t.call('buyer', 'GET', '/api/app/complaints');
    expect((list.body.data as { items: MyComplaintDto[] }).items.map((c) => c.id)).not.toContain(theirs.id);
  });

  it('may be withdrawn by the customer while reviewed, once', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const made = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '不需要了', appliedRefund: '0.01' });
    const res = await t.call('buyer', 'POST', `/api/app/complaints/${made.id}/withdraw`);
    expect(res.status).toBe(200);
    expect((res.body.data as MyComplaintDto).status).toBe('withdrawn');
    expect((await t.call('buyer', 'POST', `/api/app/complaints/${made.id}/withdraw`)).status).toBe(409);
    expect((await t.move('sales', made.id, { to: 'approving', approvedRefund: '0.01' })).status).toBe(409);
  });
});

describe('the staff API answers', () => {
  it('by the authorisation matrix', async () => {
    const matrix = authorisationMatrix(h);
    const [c] = await t.q<{ id: number }>(sql`select k.id from complaints k join companies co on co.id = k.company_id where co.name = '上海示例生物科技有限公司' order by k.id limit 1`);
    await matrix.expect([
      { method: 'GET', path: '/api/admin/complaints', expect: { staffAdmin: 200, staffSales: 200, staffOps: 403, buyerA: 401, guest: 401 } },
      { method: 'GET', path: `/api/admin/complaints/${c!.id}`, expect: { staffAdmin: 200, staffSales: 200, staffOps: 403, buyerA: 401, guest: 401 } },
      { method: 'PUT', path: `/api/admin/complaints/${c!.id}/status`, json: { to: 'bogus' }, expect: { staffSales: 400, staffOps: 403, guest: 401 } },
      { method: 'GET', path: `/api/app/complaints/${c!.id}`, expect: { buyerA: 200, adminA: 200, buyerB: 404, employeeA: 403, staffAdmin: 401, guest: 401 } },
    ]);
  });

  it('lists with search, filters, sort and keyset pages; refuses a bad cursor', async () => {
    const all = await t.call('admin', 'GET', '/api/admin/complaints?limit=200');
    const items = (all.body.data as { total: number; items: ComplaintDetailDto[] }).items;
    expect(items.length).toBeGreaterThanOrEqual(6);
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await t.call('admin', 'GET', `/api/admin/complaints?limit=2&sort=-appliedRefund${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.body.data as { items: ComplaintDetailDto[]; nextCursor: string | null };
      seen.push(...page.items.map((i) => Number(i.appliedRefund) * 100));
      cursor = page.nextCursor;
    }
    expect(seen.length).toBe(items.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const filtered = await t.call('admin', 'GET', '/api/admin/complaints?status=rejected');
    expect((filtered.body.data as { items: ComplaintDetailDto[] }).items.every((i) => i.status === 'rejected')).toBe(true);
    const first = items[0]!;
    const searched = await t.call('admin', 'GET', `/api/admin/complaints?key=${encodeURIComponent(first.complaintNo)}`);
    expect((searched.body.data as { items: ComplaintDetailDto[] }).items.map((i) => i.id)).toEqual([first.id]);
    expect((await t.call('admin', 'GET', '/api/admin/complaints?cursor=bogus')).status).toBe(400);
    expect((await t.call('admin', 'GET', '/api/admin/complaints?status=bogus')).status).toBe(400);
  });

  it('keeps saved views of the complaints list per member', async () => {
    const saved = await t.call('sales', 'POST', '/api/admin/customers/views', { listKey: 'complaints', name: '待审核', query: { status: 'reviewing', view: 'board' } });
    expect(saved.status).toBe(200);
    const mine = await t.call('sales', 'GET', '/api/admin/customers/views?listKey=complaints');
    expect((mine.body.data as { name: string }[]).map((v) => v.name)).toEqual(['待审核']);
    const theirs = await t.call('sales2', 'GET', '/api/admin/customers/views?listKey=complaints');
    expect(theirs.body.data).toEqual([]);
  });
});
