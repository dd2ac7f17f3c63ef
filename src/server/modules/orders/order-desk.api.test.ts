import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDeskDetailDto, OrderDeskRowDto } from '@/contracts/orders-admin';
import { fileApiHarness } from '../../../../test/api';
import { complaintHarness, type Login } from '../../../../test/complaints';

/** The back-office's order desk (ADR 0071): the list and the record, their filters, and who sees which orders. */

const h = fileApiHarness();
const t = complaintHarness(() => h);

interface Page { total: number; items: OrderDeskRowDto[]; nextCursor: string | null }

beforeAll(async () => {
  await t.login();
});

const list = async (who: Login, query: Record<string, string> = {}): Promise<Page> => {
  const res = await t.call(who, 'GET', `/api/admin/orders?${new URLSearchParams(query).toString()}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
};
const record = async (who: Login, id: number): Promise<OrderDeskDetailDto> => {
  const res = await t.call(who, 'GET', `/api/admin/orders/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as OrderDeskDetailDto;
};
const n = async (query: ReturnType<typeof sql>) => Number((await t.q<{ n: number }>(query))[0]?.n);
const companyOf = async (email: string) => Number((await t.q<{ company_id: number }>(sql`select company_id from users where login_name = ${email}`))[0]?.company_id);
/** Every page of a list, following the cursors. */
const all = async (who: Login, query: Record<string, string> = {}): Promise<OrderDeskRowDto[]> => {
  const rows: OrderDeskRowDto[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page: Page = await list(who, { ...query, limit: '7', ...(cursor ? { cursor } : {}) });
    rows.push(...page.items);
    cursor = page.nextCursor;
  }
  return rows;
};

/** The companies whose orders a member of `login`'s team sees by the CRM's rule: the team's customers and those nobody owns. */
const seenCompanies = (login: string) => sql`(select c.id from companies c where c.owner_staff_id is null
  or c.owner_staff_id in (select m.id from staff m join staff me on me.team_id = m.team_id where me.login_name = ${login})
  or c.owner_staff_id in (select m.id from staff m join staff_teams tm on tm.id = m.team_id join staff me on me.id = tm.manager_id where me.login_name = ${login}))`;

describe('the order list', () => {
  it('shows every seeded order to a holder of ORDER.VIEW_ALL, newest first, page after page', async () => {
    const total = await n(sql`select count(*)::int as n from orders`);
    expect(total).toBeGreaterThan(5);
    for (const who of ['admin', 'ops', 'finance'] as const) expect((await list(who)).total).toBe(total);
    const rows = await all('finance');
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    const stamps = rows.map((r) => r.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(rows.find((r) => r.companyName === '北京示例大学化学学院')).toBeDefined();
    expect(rows[0]).toMatchObject({ orderNo: expect.stringMatching(/^SO\d+/), buyerName: expect.any(String), total: expect.stringMatching(/^\d+\.\d\d$/) });
  });

  it('sorts by amount both ways through the keyset', async () => {
    const high = (await all('admin', { sort: '-amount' })).map((r) => Number(r.total));
    expect([...high].sort((a, b) => b - a)).toEqual(high);
    const low = (await all('admin', { sort: 'amount' })).map((r) => Number(r.total));
    expect(low).toEqual([...high].reverse().sort((a, b) => a - b));
  });

  it('shows sales only the orders of the customers they see in the CRM, and a team manager his team\'s', async () => {
    const shanghai = await companyOf('buyer@demo.example.com');
    const beijing = await companyOf('buyer@univ.example.com');
    for (const who of ['sales', 'sales2', 'manager'] as const) {
      const expected = await n(sql`select count(*)::int as n from orders where company_id in ${seenCompanies(who)}`);
      const rows = await all(who);
      expect(rows).toHaveLength(expected);
      expect((await list(who)).total).toBe(expected);
    }
    const own = await all('sales');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.companyId === shanghai)).toBe(true);
    const other = await all('sales2');
    expect(other.length).toBeGreaterThan(0);
    expect(other.every((r) => r.companyId === beijing)).toBe(true);
    // Naming another team's customer, or searching for its name, finds nothing.
    expect((await list('sales', { companyId: String(beijing) })).total).toBe(0);
    expect((await list('sales', { key: '北京示例大学' })).total).toBe(0);
  });

  it('filters by state, customer, days, hazardous lines and backorders, each as the database counts', async () => {
    const shanghai = await companyOf('buyer@demo.example.com');
    for (const status of ['reviewing', 'placed', 'cancelled'] as const) {
      const rows = await all('admin', { status });
      expect(rows.every((r) => r.status === status)).toBe(true);
      expect(rows).toHaveLength(await n(sql`select count(*)::int as n from orders where status = ${status}`));
    }
    expect((await all('admin', { companyId: String(shanghai) })).length).toBe(await n(sql`select count(*)::int as n from orders where company_id = ${shanghai}`));
    const hazardous = await all('admin', { hazardous: '1' });
    const hazardousCount = await n(sql`select count(distinct order_id)::int as n from order_items where hazardous`);
    expect(hazardousCount).toBeGreaterThan(0);
    expect(hazardous).toHaveLength(hazardousCount);
    expect(hazardous.every((r) => r.hazardous)).toBe(true);
    expect((await all('admin', { hazardous: '0' })).every((r) => !r.hazardous)).toBe(true);
    // A line of an order short of stock: the order is a backorder, and only such orders list under backorder=1.
    const [line] = await t.q<{ order_id: number }>(sql`select order_id from order_items where backorder_qty = 0 order by id limit 1`);
    await t.q(sql`update order_items set backorder_qty = 1 where id = (select min(id) from order_items where order_id = ${line!.order_id})`);
    const backorders = await all('admin', { backorder: '1' });
    expect(backorders.map((r) => r.id)).toContain(Number(line!.order_id));
    expect(backorders).toHaveLength(await n(sql`select count(distinct order_id)::int as n from order_items where backorder_qty > 0`));
    expect((await all('admin', { backorder: '0' })).map((r) => r.id)).not.toContain(Number(line!.order_id));
    // Days are the shop's days (Asia/Shanghai): the day an order was made finds it, the day after does not.
    const [made] = await t.q<{ id: number; day: string; next: string }>(sql`select id, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
      to_char(created_at at time zone 'Asia/Shanghai' + interval '1 day', 'YYYY-MM-DD') as next from orders order by id limit 1`);
    expect((await all('admin', { from: made!.day, to: made!.day })).map((r) => r.id)).toContain(Number(made!.id));
    expect((await all('admin', { from: made!.next, to: made!.next })).map((r) => r.id)).not.toContain(Number(made!.id));
  });

  it('searches by order number, customer name, item number and CAS number', async () => {
    const [o] = await t.q<{ id: number; order_no: string; item_no: string; cas: string | null }>(sql`
      select o.id, o.order_no, i.item_no, i.cas from orders o join order_items i on i.order_id = o.id where i.cas is not null order by o.id limit 1`);
    const ids = async (key: string) => (await all('admin', { key })).map((r) => r.id);
    expect(await ids(o!.order_no)).toEqual([Number(o!.id)]);
    expect(await ids(o!.order_no.slice(0, 6).toLowerCase())).toContain(Number(o!.id));
    expect(await ids(o!.item_no.toLowerCase())).toContain(Number(o!.id));
    expect(await ids(o!.cas!)).toContain(Number(o!.id));
    const univ = await all('admin', { key: '北京示例大学' });
    expect(univ.length).toBeGreaterThan(0);
    expect(univ.every((r) => r.companyName === '北京示例大学化学学院')).toBe(true);
    expect(await ids('SO0000000000')).toEqual([]);
  });

  it('refuses bad filters, cursors and pages with 400', async () => {
    for (const query of [
      'status=shipped', 'hazardous=yes', 'backorder=2', 'from=2026-02-30', 'to=26-01-01', 'from=2026-03-02&to=2026-03-01', 'sort=total',
      'limit=0', 'limit=201', 'companyId=abc', 'companyId=0', 'cursor=not-a-cursor', 'from=1999-12-31',
    ]) {
      const res = await t.call('admin', 'GET', `/api/admin/orders?${query}`);
      expect(res.status, query).toBe(400);
    }
    // A cursor of the time sort does not page the amount sort.
    const first = await list('admin', { limit: '2' });
    expect((await t.call('admin', 'GET', `/api/admin/orders?sort=-amount&cursor=${first.nextCursor}`)).status).toBe(400);
  });

  it('exports the list as an Excel workbook for a holder of ORDER.VIEW', async () => {
    const res = await h.app.request('/api/admin/orders/export?status=placed', { headers: { authorization: t.tokens.sales! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    expect((await t.call('admin', 'GET', '/api/admin/orders/export?from=2026-13-01')).status).toBe(400);
  });
});

describe('the order record', () => {
  it('shows the header, buyer, lines with their lots and COAs, totals with the tax included, invoice, approval, complaints and history', async () => {
    const [o] = await t.q<{ id: number }>(sql`select o.id from orders o where exists (select 1 from complaints k where k.order_id = o.id)
      and exists (select 1 from order_items i where i.order_id = o.id and i.lot_no is not null) order by o.id limit 1`);
    expect(o).toBeDefined();
    const r = await record('admin', Number(o!.id));
    const lines = await t.q<{ id: number; lot_no: string | null; line_total: string }>(sql`select id, lot_no, line_total::text from order_items where order_id = ${o!.id} order by id`);
    expect(r.items.map((i) => [i.id, i.lotNo])).toEqual(lines.map((l) => [Number(l.id), l.lot_no]));
    expect(r.items.some((i) => i.lotNo !== null && i.coaUrl?.startsWith('/api/'))).toBe(true);
    const [stored] = await t.q<{ order_no: string; total: string; tax_amount: string; delivery_fee: string; subtotal: string; login_name: string }>(sql`
      select o.order_no, o.total::text, o.tax_amount::text, o.delivery_fee::text, o.subtotal::text, u.login_name from orders o join users u on u.id = o.user_id where o.id = ${o!.id}`);
    expect(r).toMatchObject({
      orderNo: stored!.order_no, total: stored!.total, taxAmount: stored!.tax_amount, deliveryFee: stored!.delivery_fee, subtotal: stored!.subtotal,
      buyerLogin: stored!.login_name, companyName: expect.any(String), invoice: { type: expect.any(String) },
    });
    expect(r.approvalLog.map((l) => l.action)).toContain('submit');
    const complaints = await t.q<{ complaint_no: string }>(sql`select complaint_no from complaints where order_id = ${o!.id} order by created_at, id`);
    expect(r.complaints.map((k) => k.complaintNo)).toEqual(complaints.map((k) => k.complaint_no));
    expect(r.history.some((e) => e.entity === 'complaint')).toBe(true);
  });

  it('answers the order of another team\'s customer with the 404 of an unknown order; bad ids 400', async () => {
    const [beijing] = await t.q<{ id: number }>(sql`select o.id from orders o join users u on u.company_id = o.company_id where u.login_name = 'buyer@univ.example.com' order by o.id limit 1`);
    const [shanghai] = await t.q<{ id: number }>(sql`select o.id from orders o join users u on u.company_id = o.company_id where u.login_name = 'buyer@demo.example.com' order by o.id limit 1`);
    expect((await record('sales2', Number(beijing!.id))).id).toBe(Number(beijing!.id));
    expect((await record('sales', Number(shanghai!.id))).id).toBe(Number(shanghai!.id));
    expect((await record('finance', Number(beijing!.id))).id).toBe(Number(beijing!.id));
    const foreign = await t.call('sales', 'GET', `/api/admin/orders/${beijing!.id}`);
    const unknown = await t.call('sales', 'GET', '/api/admin/orders/2147483647');
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body.msg).toBe(unknown.body.msg);
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) expect((await t.call('admin', 'GET', `/api/admin/orders/${id}`)).status, id).toBe(400);
  });
});

describe('who may read orders', () => {
  it('answers guests and customers 401, and staff without ORDER.VIEW 403', async () => {
    expect((await t.call(null, 'GET', '/api/admin/orders')).status).toBe(401);
    expect((await t.call('buyer', 'GET', '/api/admin/orders')).status).toBe(401);
    expect((await t.call(null, 'GET', '/api/admin/orders/1')).status).toBe(401);
    // The sales role loses ORDER.VIEW: its member is refused the list, the record and the export.
    await t.q(sql`delete from staff_role_permissions where permission = 'ORDER.VIEW' and role_id in (select id from staff_roles where name = '销售')`);
    const [o] = await t.q<{ id: number }>(sql`select id from orders order by id limit 1`);
    for (const url of ['/api/admin/orders', `/api/admin/orders/${o!.id}`, '/api/admin/orders/export']) expect((await t.call('sales', 'GET', url)).status, url).toBe(403);
    // A manager keeps it through his own role.
    expect((await t.call('manager', 'GET', '/api/admin/orders')).status).toBe(200);
  });

  it('lets an administrator grant the order permissions, and nobody grant ORDER.VIEW_ALL without holding it', async () => {
    const made = await t.call('admin', 'POST', '/api/admin/roles', { name: '订单查看', permissions: ['ADMIN.ACCESS', 'ORDER.VIEW', 'ORDER.VIEW_ALL'] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const roleId = (made.body.data as { id: number }).id;
    const held = await t.q<{ permission: string }>(sql`select permission from staff_role_permissions where role_id = ${roleId} order by permission`);
    expect(held.map((p) => p.permission)).toEqual(['ADMIN.ACCESS', 'ORDER.VIEW', 'ORDER.VIEW_ALL']);
    // An identity keeper without ORDER.VIEW_ALL: the grant rule refuses it.
    const keeper = await t.call('admin', 'POST', '/api/admin/roles', { name: '身份维护', permissions: ['ADMIN.ACCESS', 'AUTHORITY.VIEW', 'AUTHORITY.EDIT', 'ORDER.VIEW'] });
    expect(keeper.status).toBe(200);
    await t.q(sql`insert into staff_role_assignments (staff_id, role_id) select s.id, ${(keeper.body.data as { id: number }).id} from staff s where s.login_name = 'sales2'`);
    expect((await t.call('sales2', 'POST', '/api/admin/roles', { name: '本组订单', permissions: ['ADMIN.ACCESS', 'ORDER.VIEW'] })).status).toBe(200);
    const refused = await t.call('sales2', 'POST', '/api/admin/roles', { name: '全部订单', permissions: ['ADMIN.ACCESS', 'ORDER.VIEW_ALL'] });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('ORDER.VIEW_ALL');
  });
});
