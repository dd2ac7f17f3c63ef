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
  /** A placed order of the customer's company with its first line (value in cents). */
  const placedOrder = async (email: string, index = 0) => {
    const rows = await q<{ id: number; item_id: number; num: number; cents: number }>(sql`
      select o.id, i.id as item_id, i.num, round(i.unit_price * 100)::int as cents from orders o join users u on u.company_id = o.company_id
      join lateral (select * from order_items x where x.order_id = o.id order by x.id limit 1) i on true
      where u.login_name = ${email} and o.status = 'placed' order by o.id`);
    const row = rows[index];
    if (!row) throw new Error('no placed order');
    return { id: Number(row.id), itemId: Number(row.item_id), num: Number(row.num), cents: Number(row.cents) };
  };
  const file = async (who: CustomerLogin, body: Record<string, unknown>): Promise<MyComplaintDto> => {
    const res = await call(who, 'POST', '/api/app/complaints', body);
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
