import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AgreementDetailDto } from '@/contracts/price-agreements';
import { rowsOf } from '@/server/db/client';
import type { ApiHarness } from './api';

/** Logins and helpers shared by the price agreement API tests. */
export const AGREEMENT_STAFF = { admin: 'Admin#2026', sales: 'Sales#2026', manager: 'Manager#2026', sales2: 'Sales2#2026', ops: 'Ops#2026' } as const;
export type AgreementLogin = keyof typeof AGREEMENT_STAFF | 'buyer';

export function agreementHarness(h: () => ApiHarness) {
  const tokens: Partial<Record<AgreementLogin, string>> = {};
  const fixture = { shanghai: 0, beijing: 0, brandId: 0, categoryId: 0, packs: [] as { id: number; itemNo: string; size: string }[] };
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h().db.db.execute(query));
  const setUp = async () => {
    for (const [who, pw] of Object.entries(AGREEMENT_STAFF)) tokens[who as AgreementLogin] = await h().loginStaff(who, pw);
    tokens.buyer = await h().loginUser('buyer@demo.example.com', 'Reagent#2026');
    const companies = await q<{ id: number; login_name: string }>(sql`select company_id as id, login_name from users where login_name in ('buyer@demo.example.com', 'buyer@univ.example.com')`);
    fixture.shanghai = Number(companies.find((c) => c.login_name === 'buyer@demo.example.com')?.id);
    fixture.beijing = Number(companies.find((c) => c.login_name === 'buyer@univ.example.com')?.id);
    const packs = await q<{ id: number; item_no: string; size: string; brand_id: number; category_id: number }>(sql`
      select k.id, p.item_no, k.size, p.brand_id, p.category_id from product_packs k join products p on p.id = k.product_id order by k.id limit 3`);
    expect(packs.length).toBe(3);
    // List price 200.00: the floor is 170.00.
    await q(sql`update product_packs set price = 200.00, list_price = null where id in (${sql.join(packs.map((p) => sql`${p.id}`), sql`, `)})`);
    fixture.packs = packs.map((p) => ({ id: Number(p.id), itemNo: p.item_no, size: p.size }));
    fixture.brandId = Number(packs[0]!.brand_id);
    fixture.categoryId = Number(packs[0]!.category_id);
  };
  const call = (who: AgreementLogin | null, method: string, url: string, json?: unknown) => h().call(method, url, { token: who ? tokens[who] : undefined, json });
  const ok = (res: { status: number; body: { data: unknown } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as AgreementDetailDto;
  };
  const inDays = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
  /** Rules at or above the floor: 10 % on everything, a net price of 180.00 and a break from 5 at 175.00. */
  const fairRules = () => [
    { kind: 'discount', scope: 'all', discountBp: 1000 },
    { kind: 'net', scope: 'pack', packId: fixture.packs[0]!.id, netCents: 18000 },
    { kind: 'break', scope: 'pack', packId: fixture.packs[0]!.id, netCents: 17500, minQty: 5 },
  ];
  const create = async (who: AgreementLogin = 'sales', body: Record<string, unknown> = {}) => ok(await call(who, 'POST', '/api/admin/price-agreements', {
    companyId: fixture.shanghai, name: '年度协议', validFrom: inDays(0), validTo: inDays(365), note: '', rules: fairRules(), ...body,
  }));
  const count = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from price_agreements`))[0]?.n);
  const ruleCount = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from price_agreement_rules`))[0]?.n);
  return { tokens, fixture, q, setUp, call, ok, inDays, fairRules, create, count, ruleCount };
}
