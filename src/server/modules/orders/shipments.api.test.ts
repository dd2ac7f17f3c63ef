import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDeskDetailDto } from '@/contracts/orders-admin';
import type { CarrierDto, MyShipmentsDto, OrderShipmentsDto, ShipmentDto } from '@/contracts/shipments';
import { businessDay } from '@/server/business-time';
import { complaintHarness, type Login } from '../../../../test/complaints';
import { withMailbox } from '../../../../test/mailbox';
import { allocatedOrder, type AllocatedOrder } from '../../../../test/shipments';

/** Shipments of the order desk (ADR 0074): carriers, shipping allocated lots, receipt, the packing list, mails, who may do what. */

const env = withMailbox();
const t = complaintHarness(() => env.h);
const BUYER = 'buyer@demo.example.com';
const SITE = 'https://shop.example.com';
const savedSite = process.env.SITE_URL;
let carriers: Record<string, CarrierDto>;

beforeAll(async () => {
  process.env.SITE_URL = SITE;
  await t.login();
  const res = await t.call('ops', 'GET', '/api/admin/carriers');
  expect(res.status).toBe(200);
  carriers = Object.fromEntries((res.body.data as CarrierDto[]).map((c) => [c.code, c]));
});

afterAll(() => {
  if (savedSite === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = savedSite;
});

const n = async (query: ReturnType<typeof sql>) => Number((await t.q<{ n: number }>(query))[0]?.n);
const ship = (who: Login, order: AllocatedOrder, body: Record<string, unknown>) => t.call(who, 'POST', `/api/admin/orders/${order.id}/shipments`, body);
const lineOf = (order: AllocatedOrder, i: number, quantity?: number, lot = 0) => ({ allocationId: order.lines[i]!.allocations[lot]!.id, quantity: quantity ?? order.lines[i]!.allocations[lot]!.quantity });
const fulfilmentOf = async (order: AllocatedOrder) => (await t.q<{ fulfilment: string }>(sql`select fulfilment from orders where id = ${order.id}`))[0]?.fulfilment;
const shippedOf = async (order: AllocatedOrder) => (await t.q<{ shipped: number }>(sql`select shipped from order_allocations where order_id = ${order.id} order by id`)).map((r) => Number(r.shipped));
const staffView = async (who: Login, order: AllocatedOrder) => {
  const res = await t.call(who, 'GET', `/api/admin/orders/${order.id}/shipments`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as OrderShipmentsDto;
};
const fieldsOf = (body: { data: unknown }) => (body.data as { field: string }[]).map((e) => e.field);

async function pdfText(res: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, '');
}

describe('shipping allocated lots', () => {
  it('ships part of an order, then the rest; numbers it DN + day + six digits, counts the units, moves the fulfilment, audits and mails the buyer', async () => {
    const order = await allocatedOrder(env.h, BUYER, [{ num: 3, twoLots: true }, { num: 2 }]);
    const since = env.mailbox.received.length;
    const first = await ship('ops', order, { carrierId: carriers.SF!.id, trackingNo: 'sf1234567890123', note: '易碎', lines: [lineOf(order, 0, 1)] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const s1 = first.body.data as ShipmentDto;
    expect(s1.shipmentNo).toMatch(new RegExp(`^DN${businessDay(new Date()).slice(2).replace(/-/g, '')}\\d{6}$`));
    expect(s1).toMatchObject({ trackingNo: 'SF1234567890123', status: 'shipped', carrierName: '顺丰速运', dangerousGoods: false, coldChain: false, controlled: false, retainUntil: null, note: '易碎' });
    expect(s1.trackingLink).toBe('https://www.sf-express.com/chn/sc/waybill/waybill-detail/SF1234567890123');
    expect(s1.lines).toEqual([expect.objectContaining({ lotNo: order.lines[0]!.allocations[0]!.lotNo, quantity: 1 })]);
    expect(await shippedOf(order)).toEqual([1, 0, 0]);
    expect(await fulfilmentOf(order)).toBe('partly_shipped');
    expect(await n(sql`select count(*)::int as n from audit_log where entity = 'order' and entity_id = ${String(order.id)} and action = 'ship'`)).toBe(1);
    expect(await n(sql`select count(*)::int as n from order_approval_logs where order_id = ${order.id} and action = 'fulfil'`)).toBe(1);
    // The log keeps the carrier's code; the record's history names the carrier in the reader's language.
    expect(await n(sql`select count(*)::int as n from audit_log where entity = 'order' and entity_id = ${String(order.id)} and action = 'ship' and data->'changes'->'carrier'->>'to' = 'SF'`)).toBe(1);
    for (const [lang, carrier] of [['zh', '顺丰速运'], ['en', 'SF Express']] as const) {
      const record = await env.h.call('GET', `/api/admin/orders/${order.id}`, { token: t.tokens.ops, headers: { 'accept-language': lang } });
      const shipped = (record.body.data as OrderDeskDetailDto).history.find((e) => e.action === 'ship');
      expect(shipped?.changes.carrier?.to).toBe(carrier);
    }

    const mail = await env.mailbox.next(BUYER, since);
    expect(mail.subject).toBe(`订单 ${order.orderNo} 已发货（${s1.shipmentNo}）`);
    expect(mail.text).toContain('SF1234567890123');
    expect(mail.text).toContain(`${SITE}/order/detail?id=${order.id}`);
    expect(mail.text).toContain(order.lines[0]!.allocations[0]!.lotNo);

    const view = await staffView('ops', order);
    expect(view.fulfilment).toBe('partly_shipped');
    expect(view.shippable.map((s) => s.remaining)).toEqual([1, 1, 2]);

    const rest = await ship('admin', order, { carrierId: carriers.JD!.id, trackingNo: 'JDVA00012345678', lines: [lineOf(order, 0, 1), lineOf(order, 0, 1, 1), lineOf(order, 1)] });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await shippedOf(order)).toEqual([2, 1, 2]);
    expect(await fulfilmentOf(order)).toBe('shipped');
    expect((await staffView('ops', order)).shippable).toEqual([]);
    // Nothing is left: one more unit is refused and changes nothing.
    const more = await ship('ops', order, { carrierId: carriers.SF!.id, trackingNo: 'SF0000000000001', lines: [lineOf(order, 1, 1)] });
    expect(more.status).toBe(409);
    expect(more.body.msg).toContain('超过');
    expect(await n(sql`select count(*)::int as n from shipments where order_id = ${order.id}`)).toBe(2);
  });

  it('refuses an ordinary carrier for hazardous or frozen goods, and controlled goods without both filings; takes a qualified one', async () => {
    const order = await allocatedOrder(env.h, BUYER, [{ num: 1, hazardous: true }, { num: 1, storage: '-20c' }, { num: 1, hazardous: true, controlClass: 'precursor' }]);
    const refused: [Record<string, unknown>, string[]][] = [
      [{ carrierId: carriers.SF!.id, lines: [lineOf(order, 0)] }, ['carrierId']],
      [{ carrierId: carriers['SINOTRANS-CHEM']!.id, lines: [lineOf(order, 0), lineOf(order, 1)] }, ['carrierId']],
      [{ carrierId: carriers['SF-COLD']!.id, lines: [lineOf(order, 1), lineOf(order, 0)] }, ['carrierId']],
      [{ carrierId: carriers['SINOTRANS-CHEM']!.id, lines: [lineOf(order, 2)] }, ['buyerLicence', 'transportFiling']],
      [{ carrierId: carriers['SINOTRANS-CHEM']!.id, buyerLicence: '沪易制毒购备 2026-001', transportFiling: '  ', lines: [lineOf(order, 2)] }, ['transportFiling']],
    ];
    for (const [body, fields] of refused) {
      const res = await ship('ops', order, { trackingNo: 'DG2026000001', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body), JSON.stringify(res.body)).toEqual(fields);
    }
    expect(await n(sql`select count(*)::int as n from shipments where order_id = ${order.id}`)).toBe(0);
    expect(await shippedOf(order)).toEqual([0, 0, 0]);

    const cold = await ship('ops', order, { carrierId: carriers['SF-COLD']!.id, trackingNo: 'SF2026000000002', lines: [lineOf(order, 1)] });
    expect(cold.status, JSON.stringify(cold.body)).toBe(200);
    expect(cold.body.data).toMatchObject({ coldChain: true, dangerousGoods: false, controlled: false });
    const controlled = await ship('ops', order, {
      carrierId: carriers['SINOTRANS-CHEM']!.id, trackingNo: 'SC-2026-0001', buyerLicence: '沪易制毒购备 2026-001', transportFiling: '沪公运备 2026-88',
      lines: [lineOf(order, 0), lineOf(order, 2)],
    });
    expect(controlled.status, JSON.stringify(controlled.body)).toBe(200);
    const c = controlled.body.data as ShipmentDto;
    const day = businessDay(new Date());
    expect(c).toMatchObject({ dangerousGoods: true, controlled: true, buyerLicence: '沪易制毒购备 2026-001', transportFiling: '沪公运备 2026-88', trackingLink: null });
    expect(c.retainUntil).toBe(`${Number(day.slice(0, 4)) + 2}${day.slice(4)}`);
    expect(await fulfilmentOf(order)).toBe('shipped');
    // The next controlled shipment of the company is prefilled with the licence number.
    const next = await allocatedOrder(env.h, BUYER, [{ num: 1, controlClass: 'explosive' }]);
    const view = await staffView('ops', next);
    expect(view.lastBuyerLicence).toBe('沪易制毒购备 2026-001');
    // The company's permit on file shows with the number printed on it (the form prefers it to the last shipment's).
    expect(view.permit).toMatchObject({ fileName: '易制毒化学品购买许可证.pdf', permitNo: '沪公(易)购备字〔2026〕0412号' });
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const order = await allocatedOrder(env.h, BUYER, [{ num: 2 }]);
    const other = await allocatedOrder(env.h, BUYER, [{ num: 2 }]);
    await t.call('ops', 'PUT', `/api/admin/carriers/${carriers.ZTO!.id}`, { ...carriers.ZTO, shipments: undefined, id: undefined, active: false });
    const base = { carrierId: carriers.SF!.id, trackingNo: 'SF1000000000001', lines: [lineOf(order, 0, 1)] };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, trackingNo: 'abc' }, 400, 'trackingNo'],
      [{ ...base, trackingNo: 'SF 1000 0000' }, 400, 'trackingNo'],
      [{ ...base, trackingNo: undefined }, 400, 'trackingNo'],
      [{ ...base, lines: [] }, 400, 'lines'],
      [{ ...base, lines: [{ allocationId: order.lines[0]!.allocations[0]!.id, quantity: 0 }] }, 400, 'lines.0.quantity'],
      [{ ...base, lines: [{ allocationId: order.lines[0]!.allocations[0]!.id, quantity: 1.5 }] }, 400, 'lines.0.quantity'],
      [{ ...base, lines: [lineOf(order, 0, 1), lineOf(order, 0, 1)] }, 400, 'lines'],
      [{ ...base, lines: [lineOf(other, 0, 1)] }, 400, 'lines'],
      [{ ...base, carrierId: 999999 }, 400, 'carrierId'],
      [{ ...base, carrierId: carriers.ZTO!.id }, 400, 'carrierId'],
      [{ ...base, note: '长'.repeat(201) }, 400, 'note'],
      [{ ...base, bogus: 1 }, 400, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await ship('ops', order, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(fieldsOf(res.body), JSON.stringify(res.body)).toContain(field);
    }
    const over = await ship('ops', order, { ...base, lines: [lineOf(order, 0, 3)] });
    expect(over.status).toBe(409);
    expect(await n(sql`select count(*)::int as n from shipments where order_id in (${order.id}, ${other.id})`)).toBe(0);
    expect(await shippedOf(order)).toEqual([0]);
    // A held order does not ship.
    await t.q(sql`update orders set fulfilment = 'held', hold_reason = 'overdue' where id = ${order.id}`);
    expect((await ship('ops', order, base)).status).toBe(409);
    expect(await n(sql`select count(*)::int as n from shipments where order_id = ${order.id}`)).toBe(0);
    await t.call('ops', 'PUT', `/api/admin/carriers/${carriers.ZTO!.id}`, { ...carriers.ZTO, shipments: undefined, id: undefined, active: true });
  });
});

describe('receipt', () => {
  it('the buyer confirms each shipment of an order they see, in their language; the last makes it delivered and mails them', async () => {
    const order = await allocatedOrder(env.h, BUYER, [{ num: 2 }], 'en');
    const a = (await ship('ops', order, { carrierId: carriers.SF!.id, trackingNo: 'SF3000000000001', lines: [lineOf(order, 0, 1)] })).body.data as ShipmentDto;
    const b = (await ship('ops', order, { carrierId: carriers.SF!.id, trackingNo: 'SF3000000000002', lines: [lineOf(order, 0, 1)] })).body.data as ShipmentDto;
    const en = await env.h.call('GET', `/api/app/orders/${order.id}/shipments`, { token: t.tokens.buyer, headers: { cookie: 'NEXT_LOCALE=en' } });
    expect(en.status).toBe(200);
    const mine = en.body.data as MyShipmentsDto;
    expect(mine.fulfilment).toBe('shipped');
    expect(mine.shipments.map((s) => [s.shipmentNo, s.carrierName, s.status])).toEqual([[a.shipmentNo, 'SF Express', 'shipped'], [b.shipmentNo, 'SF Express', 'shipped']]);
    expect(Object.keys(mine.shipments[0]!)).not.toContain('buyerLicence');

    const since = env.mailbox.received.length;
    const first = await t.call('buyer', 'POST', `/api/app/orders/${order.id}/shipments/${a.id}/receive`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body.data as MyShipmentsDto).shipments[0]).toMatchObject({ status: 'delivered', deliveredBy: '李娜' });
    expect(await fulfilmentOf(order)).toBe('shipped');
    const again = await t.call('buyer', 'POST', `/api/app/orders/${order.id}/shipments/${a.id}/receive`);
    expect(again.status).toBe(409);
    // Staff record the other one.
    expect((await t.call('sales', 'POST', `/api/admin/orders/${order.id}/shipments/${b.id}/deliver`)).status).toBe(403);
    const staff = await t.call('ops', 'POST', `/api/admin/orders/${order.id}/shipments/${b.id}/deliver`);
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    expect(await fulfilmentOf(order)).toBe('delivered');
    expect(await n(sql`select count(*)::int as n from audit_log where entity = 'order' and entity_id = ${String(order.id)} and action = 'deliver'`)).toBe(2);
    // The order was placed in English: its mails are in English.
    const mail = await env.mailbox.next(BUYER, since);
    expect(mail.subject).toBe(`Shipment ${a.shipmentNo} of order ${order.orderNo} was received`);
    expect(mail.text).toContain(`${SITE}/en/order/detail?id=${order.id}`);
  });

  it('puts every shipment and receipt on the order\'s timeline, also those that leave its fulfilment as it was', async () => {
    const order = await allocatedOrder(env.h, BUYER, [{ num: 3 }]);
    const timeline = async () => (await t.q<{ action: string; data: Record<string, unknown> | null }>(
      sql`select action, data from order_approval_logs where order_id = ${order.id} order by id`)).map((r) => [r.action, r.data]);
    const a = (await ship('ops', order, { carrierId: carriers.SF!.id, trackingNo: 'SF5000000000001', lines: [lineOf(order, 0, 1)] })).body.data as ShipmentDto;
    // A second part leaves the order partly shipped; a third ships the rest.
    const b = (await ship('ops', order, { carrierId: carriers.SF!.id, trackingNo: 'SF5000000000002', lines: [lineOf(order, 0, 1)] })).body.data as ShipmentDto;
    expect(await fulfilmentOf(order)).toBe('partly_shipped');
    const c = (await ship('ops', order, { carrierId: carriers.SF!.id, trackingNo: 'SF5000000000003', lines: [lineOf(order, 0, 1)] })).body.data as ShipmentDto;
    // The first receipt leaves it shipped; the last makes it delivered.
    for (const s of [a, b]) expect((await t.call('buyer', 'POST', `/api/app/orders/${order.id}/shipments/${s.id}/receive`)).status).toBe(200);
    expect(await fulfilmentOf(order)).toBe('shipped');
    expect((await t.call('ops', 'POST', `/api/admin/orders/${order.id}/shipments/${c.id}/deliver`)).status).toBe(200);
    const step = (shipmentNo: string, trackingNo: string, from: string, to: string) =>
      ['fulfil', { shipmentNo, carrierZh: '顺丰速运', carrierEn: 'SF Express', trackingNo, fulfilmentFrom: from, fulfilment: to }];
    expect(await timeline()).toEqual([
      step(a.shipmentNo, 'SF5000000000001', 'allocated', 'partly_shipped'),
      step(b.shipmentNo, 'SF5000000000002', 'partly_shipped', 'partly_shipped'),
      step(c.shipmentNo, 'SF5000000000003', 'partly_shipped', 'shipped'),
      ['fulfil', { shipmentNo: a.shipmentNo, delivered: true, fulfilmentFrom: 'shipped', fulfilment: 'shipped' }],
      ['fulfil', { shipmentNo: b.shipmentNo, delivered: true, fulfilmentFrom: 'shipped', fulfilment: 'shipped' }],
      ['fulfil', { shipmentNo: c.shipmentNo, delivered: true, fulfilmentFrom: 'shipped', fulfilment: 'delivered' }],
    ]);
  });

  it('another company\'s buyer, an account without SALE.VIEW and a guest cannot see or confirm', async () => {
    const order = await allocatedOrder(env.h, BUYER, [{ num: 1 }]);
    const s = (await ship('ops', order, { carrierId: carriers.SF!.id, trackingNo: 'SF4000000000001', lines: [lineOf(order, 0)] })).body.data as ShipmentDto;
    expect((await t.call('univ', 'GET', `/api/app/orders/${order.id}/shipments`)).status).toBe(404);
    expect((await t.call('univ', 'POST', `/api/app/orders/${order.id}/shipments/${s.id}/receive`)).status).toBe(404);
    expect((await t.call('univ', 'GET', `/api/app/orders/${order.id}/shipments/${s.id}/packing-list`)).status).toBe(404);
    expect((await t.call('employee', 'POST', `/api/app/orders/${order.id}/shipments/${s.id}/receive`)).status).toBe(403);
    expect((await t.call(null, 'POST', `/api/app/orders/${order.id}/shipments/${s.id}/receive`)).status).toBe(401);
    expect((await t.call('ops', 'POST', `/api/app/orders/${order.id}/shipments/${s.id}/receive`)).status).toBe(401);
    // A shipment of another order through this order's address is not found.
    const other = await allocatedOrder(env.h, BUYER, [{ num: 1 }]);
    expect((await t.call('buyer', 'POST', `/api/app/orders/${other.id}/shipments/${s.id}/receive`)).status).toBe(404);
    expect((await t.q<{ status: string }>(sql`select status from shipments where id = ${s.id}`))[0]?.status).toBe('shipped');
  });
});

describe('who may ship', () => {
  it('ORDER.FULFIL ships (operations, the super administrator); sales and finance read; another team\'s member sees nothing', async () => {
    const order = await allocatedOrder(env.h, BUYER, [{ num: 4 }]);
    const body = (i: number) => ({ carrierId: carriers.SF!.id, trackingNo: `SF500000000000${i}`, lines: [lineOf(order, 0, 1)] });
    expect((await ship('sales', order, body(1))).status).toBe(403);
    expect((await ship('finance', order, body(2))).status).toBe(403);
    expect((await ship('buyer', order, body(3))).status).toBe(401);
    expect((await ship('ops', order, body(4))).status).toBe(200);
    expect((await ship('admin', order, body(5))).status).toBe(200);
    expect((await staffView('sales', order)).shipments).toHaveLength(2);
    expect((await staffView('finance', order)).shipments).toHaveLength(2);
    expect((await t.call('sales2', 'GET', `/api/admin/orders/${order.id}/shipments`)).status).toBe(404);
    expect((await t.call('sales2', 'GET', `/api/admin/orders/${order.id}/shipments/1/packing-list`)).status).toBe(404);
  });

  it('a member holding ORDER.FULFIL without ORDER.VIEW_ALL ships only the orders of the customers they see', async () => {
    const rolesOf = sql`select a.role_id from staff_role_assignments a join staff s on s.id = a.staff_id where s.login_name in ('sales', 'sales2')`;
    await t.q(sql`insert into staff_role_permissions (role_id, permission) select distinct role_id, 'ORDER.FULFIL' from (${rolesOf}) r on conflict do nothing`);
    const roles = await t.q<{ n: number }>(sql`select count(*)::int as n from staff_role_permissions p where p.permission = 'ORDER.FULFIL' and p.role_id in (${rolesOf})`);
    expect(Number(roles[0]?.n)).toBeGreaterThan(0);
    const order = await allocatedOrder(env.h, BUYER, [{ num: 2 }]);
    const body = { carrierId: carriers.SF!.id, trackingNo: 'SF6000000000001', lines: [lineOf(order, 0, 1)] };
    const other = await t.call('sales2', 'POST', `/api/admin/orders/${order.id}/shipments`, body);
    expect(other.status).toBe(404);
    expect(await n(sql`select count(*)::int as n from shipments where order_id = ${order.id}`)).toBe(0);
    const own = await t.call('sales', 'POST', `/api/admin/orders/${order.id}/shipments`, body);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const sid = (own.body.data as ShipmentDto).id;
    expect((await t.call('sales2', 'POST', `/api/admin/orders/${order.id}/shipments/${sid}/deliver`)).status).toBe(404);
    await t.q(sql`delete from staff_role_permissions where permission = 'ORDER.FULFIL' and role_id in (${rolesOf})
      and role_id not in (select a.role_id from staff_role_assignments a join staff s on s.id = a.staff_id where s.login_name in ('ops', 'admin'))`);
  });
});

describe('carriers', () => {
  it('seeds the standard carriers: ordinary express not qualified for dangerous goods, a dangerous-goods and a cold-chain carrier', () => {
    expect(carriers.SF).toMatchObject({ nameZh: '顺丰速运', dangerousGoods: false, coldChain: false, active: true });
    expect(carriers['SINOTRANS-CHEM']).toMatchObject({ dangerousGoods: true });
    expect(carriers['SF-COLD']).toMatchObject({ coldChain: true });
    expect(Object.values(carriers).every((c) => c.trackingUrl === '' || c.trackingUrl.includes('{no}'))).toBe(true);
  });

  it('ORDER.FULFIL adds, changes and deactivates a carrier, audited; ORDER.VIEW reads; bad input is refused', async () => {
    const input = { code: 'ems', nameZh: '中国邮政 EMS', nameEn: 'China Post EMS', dangerousGoods: false, coldChain: false, trackingUrl: 'https://www.ems.com.cn/queryList?mailNum={no}', active: true, sort: 70 };
    expect((await t.call('sales', 'POST', '/api/admin/carriers', input)).status).toBe(403);
    expect((await t.call('finance', 'POST', '/api/admin/carriers', input)).status).toBe(403);
    expect((await t.call('buyer', 'GET', '/api/admin/carriers')).status).toBe(401);
    expect((await t.call('sales', 'GET', '/api/admin/carriers')).status).toBe(200);
    const made = await t.call('ops', 'POST', '/api/admin/carriers', input);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const c = made.body.data as CarrierDto;
    expect(c).toMatchObject({ code: 'EMS', shipments: 0 });
    const bad: [Record<string, unknown>, number, string][] = [
      [{ ...input, code: 'sf' }, 409, 'code'],
      [{ ...input, code: 'a b' }, 400, 'code'],
      [{ ...input, code: 'X1', nameZh: '' }, 400, 'nameZh'],
      [{ ...input, code: 'X2', trackingUrl: 'http://x.example.com/{no}' }, 400, 'trackingUrl'],
      [{ ...input, code: 'X3', trackingUrl: 'https://x.example.com/track' }, 400, 'trackingUrl'],
      [{ ...input, code: 'X4', sort: -1 }, 400, 'sort'],
      [{ ...input, code: 'X5', dangerousGoods: 'yes' }, 400, 'dangerousGoods'],
    ];
    const before = await n(sql`select count(*)::int as n from carriers`);
    for (const [body, status, field] of bad) {
      const res = await t.call('ops', 'POST', '/api/admin/carriers', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(fieldsOf(res.body)).toContain(field);
    }
    expect(await n(sql`select count(*)::int as n from carriers`)).toBe(before);
    const off = await t.call('ops', 'PUT', `/api/admin/carriers/${c.id}`, { ...input, active: false, dangerousGoods: true });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ active: false, dangerousGoods: true });
    expect((await t.call('ops', 'PUT', '/api/admin/carriers/999999', input)).status).toBe(404);
    expect((await t.call('sales', 'PUT', `/api/admin/carriers/${c.id}`, input)).status).toBe(403);
    const audit = await t.q<{ action: string }>(sql`select action from audit_log where entity = 'carrier' and entity_id = ${String(c.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });
});

describe('the packing list', () => {
  it('is a PDF with the shipment, lots, quantities, handling and filings, for staff and for the buyer in their language', async () => {
    const order = await allocatedOrder(env.h, BUYER, [{ num: 2, hazardous: true, controlClass: 'precursor' }]);
    const res = await ship('ops', order, {
      carrierId: carriers['SINOTRANS-CHEM']!.id, trackingNo: 'SC-2026-7777', buyerLicence: 'LIC-2026-42', transportFiling: 'TF-2026-9', lines: [lineOf(order, 0)],
    });
    const s = res.body.data as ShipmentDto;
    const staff = await env.h.app.request(`/api/admin/orders/${order.id}/shipments/${s.id}/packing-list?lang=zh&download=1`, { headers: { authorization: t.tokens.ops! } });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toBe('application/pdf');
    expect(staff.headers.get('content-disposition')).toContain(`${s.shipmentNo}.pdf`);
    const zh = await pdfText(staff);
    for (const text of ['装箱单', s.shipmentNo, order.orderNo, order.lines[0]!.allocations[0]!.lotNo, 'SC-2026-7777', '危险品', '易制毒', 'LIC-2026-42', 'TF-2026-9', '中外运化工物流']) {
      expect(zh, text).toContain(text);
    }
    const buyer = await env.h.app.request(`/api/app/orders/${order.id}/shipments/${s.id}/packing-list?lang=en`, { headers: { authorization: t.tokens.buyer! } });
    expect(buyer.status).toBe(200);
    const en = await pdfText(buyer);
    expect(en).toContain('Packinglist');
    expect(en).toContain('SinotransChemicalLogistics');
    expect(en).toContain('Drugprecursor');
    expect((await env.h.app.request(`/api/admin/orders/${order.id}/shipments/${s.id}/packing-list?lang=fr`, { headers: { authorization: t.tokens.ops! } })).status).toBe(400);
    expect((await env.h.app.request(`/api/admin/orders/${order.id}/shipments/999999/packing-list`, { headers: { authorization: t.tokens.ops! } })).status).toBe(404);
  });
});
