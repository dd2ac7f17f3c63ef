import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ComplaintDetailDto, MyComplaintDto } from '@/contracts/complaints';
import { rowsOf } from '@/server/db/client';
import type { ApiHarness } from './api';

/** Logins and helpers shared by the complaint API tests. */
export const STAFF = { admin: 'Admin#2026', sales: 'Sales#2026', manager: 'Manager#2026', finance: 'Finance#2026', sales2: 'Sales2#2026', ops: 'Ops#2026' } as const;
export const CUSTOMERS = { buyer: 'buyer@demo.example.com', univ: 'buyer@univ.example.com', employee: 'employee@demo.example.com' } as const;
export type StaffLogin = keyof typeof STAFF;
export type CustomerLogin = keyof typeof CUSTOMERS;
export type Login = StaffLogin | CustomerLogin;

export function complaintHarness(h: () => ApiHarness) {
  const tokens: Partial<Record<Login, string>> = {};
  const login = async () => {
    for (const who of Object.keys(STAFF) as StaffLogin[]) tokens[who] = await h().loginStaff(who, STAFF[who]);
    for (const who of Object.keys(CUSTOMERS) as CustomerLogin[]) tokens[who] = await h().loginUser(CUSTOMERS[who], 'Reagent#2026');
  };
  const call = (who: Login | null, method: string, url: string, json?: unknown) => h().call(method, url, { token: who ? tokens[who] : undefined, json });
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h().db.db.execute(query));
  let copies = 0;
  /**
   * A placed order of the customer's company with its first line (value in cents): a fresh copy of its
   * `index`-th placed order, so that each test's complaints have the whole line to claim (the refunds of
   * a line's complaints never exceed its amount, ADR 0056).
   */
  const placedOrder = async (email: string, index = 0) => {
    const rows = await q<{ id: number }>(sql`
      select o.id from orders o join users u on u.company_id = o.company_id where u.login_name = ${email} and o.status = 'placed' order by o.id`);
    const source = rows[index];
    if (!source) throw new Error('no placed order');
    copies += 1;
    const [order] = await q<{ id: number }>(sql`
      insert into orders (order_no, company_id, user_id, approver_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count)
      select order_no || '-T' || ${copies}, company_id, user_id, approver_id, status, idempotency_key || '-copy-' || ${copies} || '-' || ${Date.now()}, receiver, phone, region, address_detail, subtotal, total, line_count
      from orders where id = ${source.id} returning id`);
    const [row] = await q<{ item_id: number; num: number; cents: number }>(sql`
      insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total)
      select ${order!.id}, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total
      from order_items where order_id = ${source.id} order by id limit 1
      returning id as item_id, num, round(unit_price * 100)::int as cents`);
    if (!row) throw new Error('no order line');
    return { id: Number(order!.id), itemId: Number(row.item_id), num: Number(row.num), cents: Number(row.cents) };
  };
  const file = async (who: CustomerLogin, body: Record<string, unknown>): Promise<MyComplaintDto> => {
    const res = await call(who, 'POST', '/api/app/complaints', { category: 'quality', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as MyComplaintDto;
  };
  const move = (who: Login, id: number, body: Record<string, unknown>) => call(who, 'PUT', `/api/admin/complaints/${id}/status`, body);
  const detail = async (who: Login, id: number) => {
    const res = await call(who, 'GET', `/api/admin/complaints/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as ComplaintDetailDto;
  };
  const count = async (table: 'complaints' | 'credit_notes' | 'complaint_lines') => Number((await q<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n);
  return { tokens, login, call, q, placedOrder, file, move, detail, count };
}
