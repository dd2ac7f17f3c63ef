import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { approvalRules, cartItems, companyFiles, orderApprovalLogs, orders, products, users } from '@/server/db/schema';
import { withMailbox } from '../../../../test/mailbox';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';

const env = withMailbox();

const PASSWORD = 'Reagent#2026';
let buyer: string;
let approver: string;
let admin: string;
let employee: string;
let univ: string;
let demoCompanyId: number;
let address: number;
let packs: Awaited<ReturnType<typeof firstPacks>>;

beforeAll(async () => {
  [buyer, approver, admin, employee, univ] = await Promise.all(
    ['buyer@demo.example.com', 'approver@demo.example.com', 'admin@demo.example.com', 'employee@demo.example.com', 'buyer@univ.example.com'].map((l) => env.h.loginUser(l, PASSWORD)),
  ) as [string, string, string, string, string];
  const [demo] = await env.h.db.db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  demoCompanyId = demo!.companyId;
  address = await addressOf(env.h, 'buyer@demo.example.com');
  packs = await firstPacks(env.h, 6);
  // Plain products for these tests; the rule tests flag them on purpose.
  await env.h.db.db.update(products).set({ ghs: null, controlClass: null }).where(sql`true`);
  await env.h.db.db.delete(approvalRules).where(eq(approvalRules.companyId, demoCompanyId));
  await env.h.db.db.update(users).set({ monthlyLimit: null }).where(sql`true`);
  await env.h.db.db.delete(companyFiles).where(sql`true`);
});

const submit = (token: string, body: Record<string, unknown>) =>
  env.h.call('POST', '/api/app/api/order/add', { token, json: { idempotencyKey: newKey(), addressId: address, ...body } });

async function cartCount(token: string): Promise<number> {
  return ((await env.h.call('POST', '/api/web/cart/summary', { token })).body.data as { count: number }).count;
}

describe('checkout', () => {
  it('makes an order from the cart with server prices, a special VAT invoice (tax included) and a human-readable number', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 2 }, { packId: packs[1]!.id, num: 1 }]);
    const res = await submit(buyer, {
      poNumber: 'PO-2026-118', costCentre: 'NSFC 22178001', note: '请工作日送达', invoiceType: 'special', invoiceTitle: '示例科技有限公司', taxNo: '91310104MA1FR8XK3P',
      invoiceAddress: '上海市徐汇区', invoicePhone: '021-64000000', invoiceBank: '工商银行', invoiceAccount: '1001234567890',
    });
    expect(res.status).toBe(200);
    const order = res.body.data as Submitted;
    expect(order.orderNo).toMatch(/^SO\d{6}\d{6,}$/);
    expect(order.status).toBe('passed');
    const subtotal = Number(packs[0]!.price) * 2 + Number(packs[1]!.price);
    const deliveryFee = subtotal >= 500 ? 0 : 20;
    expect(Number(order.total)).toBeCloseTo(subtotal + deliveryFee, 2);
    expect(await cartCount(buyer)).toBe(0);
    const detail = (await env.h.call('GET', `/api/app/order/sale?id=${order.id}`, { token: buyer })).body.data as Record<string, unknown>;
    expect(detail).toMatchObject({ invoiceType: 'special', taxNo: '91310104MA1FR8XK3P', taxRate: '13.00', taxIncluded: true, poNumber: 'PO-2026-118', costCentre: 'NSFC 22178001', status: 'passed' });
    expect((detail.items as unknown[]).length).toBe(2);
    expect((detail.logs as { action: string }[]).map((l) => l.action)).toEqual(['submit']);
    for (const doc of detail.documents as { kind: string; url: string }[]) {
      expect(doc.kind).toBe('msds');
      expect(doc.url).toMatch(/^\/api\/web\/files\/document\/\d+$/);
    }
  });

  it('answers the same order to a repeated idempotency key, even sent twice at once', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[2]!.id, num: 1 }]);
    const key = newKey();
    const body = { idempotencyKey: key, addressId: address };
    const [a, b] = await Promise.all([env.h.call('POST', '/api/app/api/order/add', { token: buyer, json: body }), env.h.call('POST', '/api/app/api/order/add', { token: buyer, json: body })]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect((a.body.data as Submitted).id).toBe((b.body.data as Submitted).id);
    const again = await env.h.call('POST', '/api/app/api/order/add', { token: buyer, json: body });
    expect((again.body.data as Submitted).id).toBe((a.body.data as Submitted).id);
    const rows = await env.h.db.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 1 }]);
    const before = await env.h.db.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const cases: [Record<string, unknown>, string][] = [
      [{ invoiceType: 'special' }, 'taxNo'],
      [{ invoiceType: 'ordinary', taxNo: '12-34' }, 'taxNo'],
      [{ poNumber: 'x'.repeat(61) }, 'poNumber'],
      [{ invoiceType: 'gift' }, 'invoiceType'],
      [{ addressId: 'abc' }, 'addressId'],
      [{ total: '0.01' }, '(body)'],
      [{ status: 'placed' }, '(body)'],
      [{ companyId: 2 }, '(body)'],
    ];
    for (const [body, field] of cases) {
      const res = await submit(buyer, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.data), JSON.stringify(body)).toContain(field === '(body)' ? '' : field);
    }
    const univAddress = await addressOf(env.h, 'buyer@univ.example.com');
    expect((await submit(buyer, { addressId: univAddress })).body.msg).toBeTruthy();
    expect((await submit(buyer, { addressId: univAddress })).status).toBe(400);
    const after = await env.h.db.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await cartCount(buyer)).toBe(1);
    await env.h.call('POST', '/api/app/api/order/shopcart/clean', { token: buyer });
    expect((await submit(buyer, {})).status).toBe(400);
  });

  it('needs a signed-in buyer with SALE.CREATE', async () => {
    expect((await env.h.call('POST', '/api/app/api/order/add', { json: { idempotencyKey: newKey(), addressId: address } })).status).toBe(401);
    expect((await submit(employee, {})).status).toBe(403);
    expect((await submit(approver, {})).status).toBe(403);
  });
});

describe('approval', () => {
  let reviewing: Submitted;

  it('sends an order above the total rule to reviewing, and mails the approver and the buyer', async () => {
    await env.h.db.db.insert(approvalRules).values({ companyId: demoCompanyId, kind: 'total_above', amount: '1.00' });
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 3 }, { packId: packs[1]!.id, num: 2 }]);
    const since = env.mailbox.received.length;
    const res = await submit(buyer, {});
    reviewing = res.body.data as Submitted;
    expect(reviewing.status).toBe('reviewing');
    expect(reviewing.matches.map((m) => m.kind)).toEqual(['total_above']);
    const toApprover = await env.mailbox.next('approver@demo.example.com', since);
    expect(toApprover.subject).toContain(reviewing.orderNo);
    const toBuyer = await env.mailbox.next('buyer@demo.example.com', since);
    expect(toBuyer.text).toContain(reviewing.orderNo);
  });

  it('lists it for the approver and not as the buyer’s own to approve', async () => {
    const waiting = (await env.h.call('GET', '/api/app/sale/list?scope=approvals', { token: approver })).body.data as { list: { id: number }[] };
    expect(waiting.list.map((o) => o.id)).toContain(reviewing.id);
    const counts = (await env.h.call('GET', '/api/app/sale/count', { token: approver })).body.data as { toApprove: number };
    expect(counts.toApprove).toBeGreaterThan(0);
    const mine = (await env.h.call('GET', '/api/app/sale/list?scope=approvals', { token: buyer })).body;
    expect(mine.code).toBe(200);
    expect((mine.data as { list: { id: number }[] }).list.map((o) => o.id)).not.toContain(reviewing.id);
  });

  it('refuses self-approval, an over-long reason and a reject without reason', async () => {
    // The administrator holds ORDER.APPROVE and may decide on others' orders.
    expect((await env.h.call('POST', '/api/app/order/approve', { token: admin, json: { id: reviewing.id, decision: 'approve' } })).status).toBe(200);
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 3 }, { packId: packs[1]!.id, num: 2 }]);
    reviewing = (await submit(buyer, {})).body.data as Submitted;
    expect((await env.h.call('POST', '/api/app/order/approve', { token: buyer, json: { id: reviewing.id, decision: 'approve' } })).status).toBe(403);
    expect((await env.h.call('POST', '/api/app/order/approve', { token: approver, json: { id: reviewing.id, decision: 'reject', reason: '超'.repeat(51) } })).status).toBe(400);
    expect((await env.h.call('POST', '/api/app/order/approve', { token: approver, json: { id: reviewing.id, decision: 'reject' } })).status).toBe(400);
    expect((await env.h.call('POST', '/api/app/order/approve', { token: employee, json: { id: reviewing.id, decision: 'approve' } })).status).toBe(404);
    expect((await env.h.call('POST', '/api/app/order/approve', { token: univ, json: { id: reviewing.id, decision: 'approve' } })).status).toBe(404);
    const [row] = await env.h.db.db.select({ status: orders.status }).from(orders).where(eq(orders.id, reviewing.id));
    expect(row!.status).toBe('reviewing');
  });

  it('lets the approver change a quantity and remove a line before approving, logging each change', async () => {
    const detail = (await env.h.call('GET', `/api/app/order/sale?id=${reviewing.id}`, { token: approver })).body.data as { items: { id: number; num: number; unitPrice: string }[]; can: { approve: boolean } };
    expect(detail.can.approve).toBe(true);
    const [first, second] = detail.items;
    const since = env.mailbox.received.length;
    const res = await env.h.call('POST', '/api/app/order/approve', {
      token: approver,
      form: { id: String(reviewing.id), decision: 'approve', changes: JSON.stringify([{ itemId: first!.id, num: 1 }]), removeItemIds: String(second!.id) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: reviewing.id, status: 'passed' });
    const after = (await env.h.call('GET', `/api/app/order/sale?id=${reviewing.id}`, { token: buyer })).body.data as { total: string; items: unknown[]; logs: { action: string; detail: string; actorName: string }[] };
    expect(after.items).toHaveLength(1);
    expect(after.total).toBe(first!.unitPrice);
    expect(after.logs.map((l) => l.action)).toEqual(['submit', 'remove', 'change', 'approve']);
    expect(after.logs[2]!.detail).toContain('3 → 1');
    expect(after.logs[3]!.actorName).toBe('张伟');
    await env.mailbox.next('buyer@demo.example.com', since);
    const logs = (await env.h.call('GET', `/api/app/order/approve/logs?id=${reviewing.id}`, { token: buyer })).body.data as { list: unknown[] };
    expect(logs.list).toHaveLength(4);
  });

  it('makes one transition of two decisions at once', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[3]!.id, num: 1 }]);
    const order = (await submit(buyer, {})).body.data as Submitted;
    const results = await Promise.all([
      env.h.call('POST', '/api/app/order/approve', { token: approver, json: { id: order.id, decision: 'approve' } }),
      env.h.call('POST', '/api/app/order/approve', { token: admin, json: { id: order.id, decision: 'reject', reason: '预算不足' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const decisions = await env.h.db.db.select().from(orderApprovalLogs).where(and(eq(orderApprovalLogs.orderId, order.id), sql`${orderApprovalLogs.action} in ('approve', 'reject')`));
    expect(decisions).toHaveLength(1);
  });

  it('rejects with a reason, and puts a rejected order back in the cart in one click', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[4]!.id, num: 2 }]);
    const order = (await submit(buyer, {})).body.data as Submitted;
    expect((await env.h.call('POST', '/api/app/order/approve', { token: approver, form: { id: String(order.id), decision: 'reject', reason: '请改用库存试剂' } })).status).toBe(200);
    const detail = (await env.h.call('GET', `/api/app/order/sale?id=${order.id}`, { token: buyer })).body.data as { status: string; rejectReason: string; can: { recart: boolean } };
    expect(detail).toMatchObject({ status: 'rejected', rejectReason: '请改用库存试剂', can: { recart: true } });
    await env.h.call('POST', '/api/app/api/order/shopcart/clean', { token: buyer });
    await env.h.db.db.update(products).set({ active: true }).where(sql`true`);
    const recart = (await env.h.call('POST', '/api/app/api/order/reorder', { token: buyer, json: { id: order.id } })).body.data as { added: number; count: number };
    expect(recart).toMatchObject({ added: 1, count: 1 });
    const line = await env.h.db.db.select({ num: cartItems.num }).from(cartItems).where(eq(cartItems.packId, packs[4]!.id));
    expect(line[0]!.num).toBe(2);
  });

  it('places a passed order once, however often it is confirmed', async () => {
    await env.h.db.db.delete(approvalRules).where(eq(approvalRules.companyId, demoCompanyId));
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 1 }]);
    const order = (await submit(buyer, {})).body.data as Submitted;
    expect(order.status).toBe('passed');
    expect((await env.h.call('POST', '/api/app/api/order/deal', { token: approver, json: { id: order.id } })).status).toBe(403);
    const first = await env.h.call('POST', '/api/app/api/order/deal', { token: buyer, json: { id: order.id } });
    const second = await env.h.call('POST', '/api/app/api/order/deal', { token: buyer, json: { id: order.id } });
    expect(first.body.data).toMatchObject({ status: 'placed' });
    expect(second.body.data).toMatchObject({ status: 'placed' });
    const places = await env.h.db.db.select().from(orderApprovalLogs).where(and(eq(orderApprovalLogs.orderId, order.id), eq(orderApprovalLogs.action, 'place')));
    expect(places).toHaveLength(1);
    expect((await env.h.call('POST', '/api/app/api/order/delete', { token: buyer, json: { ids: [order.id] } })).status).toBe(409);
  });

  it('cancels an own order that is not yet placed, and nobody else’s', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 1 }]);
    const order = (await submit(buyer, {})).body.data as Submitted;
    expect((await env.h.call('POST', '/api/app/api/order/delete', { token: approver, json: { ids: [order.id] } })).status).toBe(404);
    expect((await env.h.call('POST', '/api/app/api/order/delete', { token: buyer, form: { ids: String(order.id) } })).status).toBe(200);
    expect((await env.h.call('POST', '/api/app/api/order/deal', { token: buyer, json: { id: order.id } })).status).toBe(409);
  });
});

describe('hazard, controlled and monthly rules', () => {
  it('sends hazardous and controlled lines to review, and places controlled ones only with a permit on file', async () => {
    await env.h.db.db.insert(approvalRules).values([
      { companyId: demoCompanyId, kind: 'hazardous' },
      { companyId: demoCompanyId, kind: 'controlled', requirePermit: true },
    ]);
    await env.h.db.db.update(products).set({ ghs: { pictograms: ['GHS02'], signalWord: 'danger', hazardStatements: ['H225'], precautionaryStatements: [] } }).where(eq(products.id, packs[1]!.productId));
    await env.h.db.db.update(products).set({ controlClass: 'precursor' }).where(eq(products.id, packs[2]!.productId));
    await fillCart(env.h, buyer, [{ packId: packs[1]!.id, num: 1 }, { packId: packs[2]!.id, num: 1 }]);
    const order = (await submit(buyer, {})).body.data as Submitted;
    expect(order.matches.map((m) => m.kind)).toEqual(['hazardous', 'controlled']);
    expect(order.matches[0]!.text).toContain(packs[1]!.itemNo);
    await env.h.call('POST', '/api/app/order/approve', { token: approver, json: { id: order.id, decision: 'approve' } });
    const refused = await env.h.call('POST', '/api/app/api/order/deal', { token: buyer, json: { id: order.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('许可证');
    const [buyerRow] = await env.h.db.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    await env.h.db.db.insert(companyFiles).values({ companyId: demoCompanyId, userId: buyerRow!.id, kind: 'permit', storageKey: 'company/permit.pdf', fileName: 'permit.pdf', mime: 'application/pdf', size: 10 });
    expect((await env.h.call('POST', '/api/app/api/order/deal', { token: buyer, json: { id: order.id } })).body.data).toMatchObject({ status: 'placed' });
    await env.h.db.db.delete(approvalRules).where(eq(approvalRules.companyId, demoCompanyId));
  });

  it('counts the month’s committed and pending orders against a buyer’s limit', async () => {
    await env.h.db.db.insert(approvalRules).values({ companyId: demoCompanyId, kind: 'monthly_limit' });
    const [{ spent }] = rowsOf<{ spent: string }>(await env.h.db.db.execute(sql`select coalesce(sum(total), 0)::numeric(14,2)::text as spent from orders o join users u on u.id = o.user_id
      where u.login_name = 'buyer@demo.example.com' and o.status in ('reviewing', 'passed', 'placed')
      and o.created_at >= date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`)) as [{ spent: string }];
    const price = Number(packs[5]!.price);
    await env.h.db.db.update(users).set({ monthlyLimit: (Number(spent) + price * 1.5).toFixed(2) }).where(eq(users.loginName, 'buyer@demo.example.com'));
    await fillCart(env.h, buyer, [{ packId: packs[5]!.id, num: 1 }]);
    expect(((await submit(buyer, {})).body.data as Submitted).status).toBe('passed');
    await fillCart(env.h, buyer, [{ packId: packs[5]!.id, num: 1 }]);
    const over = (await submit(buyer, {})).body.data as Submitted;
    expect(over.status).toBe('reviewing');
    expect(over.matches[0]!.kind).toBe('monthly_limit');
    await env.h.db.db.delete(approvalRules).where(eq(approvalRules.companyId, demoCompanyId));
    await env.h.db.db.update(users).set({ monthlyLimit: null }).where(sql`true`);
  });
});
