import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetailDto } from '@/contracts/cases';
import type { QuotationDetailDto, QuotationRowDto } from '@/contracts/quotations';
import { rowsOf } from '@/server/db/client';
import { withMailbox } from '../../../../test/mailbox';

/**
 * Who may write for which customer: a quotation, a contract (new or from a quotation), a testing case,
 * a quote request taken from the shared queue — only for a customer the member sees by the rule of the
 * customer reads (`customerVisibleTo`), and an account named must be one of that customer's. Anything
 * else answers the 404 of a customer read, the same status and message whichever id was foreign, and
 * writes nothing.
 */

const env = withMailbox();
const PASSWORDS = { admin: 'Admin#2026', sales: 'Sales#2026', manager: 'Manager#2026', sales2: 'Sales2#2026' } as const;
type Login = keyof typeof PASSWORDS;
const tokens: Partial<Record<Login | 'buyer', string>> = {};
const ids = { east: 0, north: 0, pool: 0, eastBuyer: 0, northBuyer: 0 };

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await env.h.db.db.execute(query));
const call = (who: Login | 'buyer', method: string, url: string, json?: unknown) => env.h.call(method, url, { token: tokens[who], json });
const count = async (table: 'quotations' | 'contracts' | 'testing_cases') => Number((await q<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n);
const CASE = { customerName: '上海示例生物科技有限公司', contactName: '李老师', contactEmail: '', samples: '二氧化硅 1 个样品', testFee: '100.00', invoiceType: 'ordinary' };
const CONTRACT = { title: '年度试剂供货合同', amount: '1000.00' };

beforeAll(async () => {
  for (const login of Object.keys(PASSWORDS) as Login[]) tokens[login] = await env.h.loginStaff(login, PASSWORDS[login]);
  tokens.buyer = await env.h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  const users = await q<{ login_name: string; id: number; company_id: number }>(sql`select login_name, id, company_id from users where login_name in ('buyer@demo.example.com', 'buyer@univ.example.com')`);
  const east = users.find((u) => u.login_name === 'buyer@demo.example.com')!;
  const north = users.find((u) => u.login_name === 'buyer@univ.example.com')!;
  const [pool] = await q<{ id: number }>(sql`select id from companies where owner_staff_id is null order by id limit 1`);
  Object.assign(ids, { east: Number(east.company_id), north: Number(north.company_id), pool: Number(pool!.id), eastBuyer: Number(east.id), northBuyer: Number(north.id) });
});

/** The answer a member gets reading a customer they do not see. */
const unseen = async () => {
  const res = await call('sales2', 'GET', `/api/admin/customers/${ids.east}`);
  expect(res.status).toBe(404);
  return res.body.msg;
};

describe('writing for a customer the member does not see', () => {
  it('a quotation: 404 as a customer read, the same for a foreign company and a foreign account, nothing written', async () => {
    const msg = await unseen();
    const before = await count('quotations');
    const foreignCompany = await call('sales2', 'POST', '/api/admin/quotations', { companyId: ids.east, userId: ids.eastBuyer });
    const foreignCompanyNoUser = await call('sales2', 'POST', '/api/admin/quotations', { companyId: ids.east });
    const foreignUser = await call('sales', 'POST', '/api/admin/quotations', { companyId: ids.east, userId: ids.northBuyer });
    const unknownCompany = await call('sales', 'POST', '/api/admin/quotations', { companyId: 99_999_999 });
    const unknownUser = await call('sales', 'POST', '/api/admin/quotations', { companyId: ids.east, userId: 99_999_999 });
    for (const res of [foreignCompany, foreignCompanyNoUser, foreignUser, unknownCompany, unknownUser]) {
      expect({ status: res.status, msg: res.body.msg, data: res.body.data }).toEqual({ status: 404, msg, data: null });
    }
    expect(await count('quotations')).toBe(before);
  });

  it('a contract, new or from a quotation of that customer: 404, nothing written', async () => {
    const msg = await unseen();
    const before = await count('contracts');
    const made = await call('sales2', 'POST', '/api/admin/contracts', { companyId: ids.east, ...CONTRACT });
    expect({ status: made.status, msg: made.body.msg }).toEqual({ status: 404, msg });
    // A quotation the member owns (from before the rule) whose customer they do not see.
    const [accepted] = await q<{ id: number }>(sql`select id from quotations where state = 'accepted' and company_id = ${ids.east} order by id limit 1`);
    expect(accepted).toBeDefined();
    await env.h.db.db.execute(sql`update quotations set owner_id = (select id from staff where login_name = 'sales2') where id = ${accepted!.id}`);
    const fromQuote = await call('sales2', 'POST', '/api/admin/contracts/from-quotation', { id: accepted!.id });
    expect({ status: fromQuote.status, msg: fromQuote.body.msg }).toEqual({ status: 404, msg });
    expect(await count('contracts')).toBe(before);
    await env.h.db.db.execute(sql`update quotations set owner_id = (select id from staff where login_name = 'sales') where id = ${accepted!.id}`);
  });

  it('a testing case, new or moved onto that customer: 404, nothing written', async () => {
    const msg = await unseen();
    const before = await count('testing_cases');
    const made = await call('sales2', 'POST', '/api/admin/cases', { ...CASE, companyId: ids.east });
    expect({ status: made.status, msg: made.body.msg }).toEqual({ status: 404, msg });
    expect(await count('testing_cases')).toBe(before);
    const own = await call('sales2', 'POST', '/api/admin/cases', { ...CASE, customerName: '北京示例大学化学学院', companyId: ids.north });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const mine = own.body.data as CaseDetailDto;
    const moved = await call('sales2', 'PUT', `/api/admin/cases/${mine.id}`, { ...CASE, companyId: ids.east });
    expect({ status: moved.status, msg: moved.body.msg }).toEqual({ status: 404, msg });
    expect((await call('sales2', 'GET', `/api/admin/cases/${mine.id}`)).body.data).toMatchObject({ companyId: ids.north, customerName: '北京示例大学化学学院' });
    // Its own customer, or none (a prospect by name), stays open to it.
    expect((await call('sales2', 'PUT', `/api/admin/cases/${mine.id}`, { ...CASE, customerName: '某检测客户' })).status).toBe(200);
  });

  it('a quote request in the shared queue: neither listed, read nor taken, while the customer\'s team takes it', async () => {
    const res = await call('buyer', 'POST', '/api/app/quotations', { source: 'cart', note: '', lines: [{ packId: Number((await q<{ id: number }>(sql`select id from product_packs order by id limit 1`))[0]!.id), num: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const requested = res.body.data as QuotationDetailDto;
    // A request nobody owns (made while the customer was in the pool), the customer since claimed by 华东.
    await env.h.db.db.execute(sql`update quotations set owner_id = null where id = ${requested.id}`);
    const listed = (await call('sales2', 'GET', '/api/admin/quotations?limit=200')).body.data as { items: QuotationRowDto[] };
    expect(listed.items.map((r) => r.id)).not.toContain(requested.id);
    expect((await call('sales2', 'GET', `/api/admin/quotations/${requested.id}`)).status).toBe(404);
    expect((await call('sales2', 'PUT', `/api/admin/quotations/${requested.id}/state`, { to: 'draft' })).status).toBe(404);
    expect((await q<{ owner_id: number | null; state: string }>(sql`select owner_id, state from quotations where id = ${requested.id}`))[0]).toEqual({ owner_id: null, state: 'requested' });
    const taken = await call('sales', 'PUT', `/api/admin/quotations/${requested.id}/state`, { to: 'draft' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.data).toMatchObject({ state: 'draft', ownerName: '周洁' });
  });
});

describe('writing for a customer the member sees', () => {
  it('is open: their own team\'s customer, the pool, and everything for CRM.VIEW_ALL', async () => {
    const cases: [Login, number, number | undefined][] = [
      ['sales', ids.east, ids.eastBuyer], ['manager', ids.east, undefined], ['sales2', ids.north, ids.northBuyer], ['sales2', ids.pool, undefined], ['admin', ids.north, ids.northBuyer],
    ];
    for (const [who, companyId, userId] of cases) {
      const res = await call(who, 'POST', '/api/admin/quotations', { companyId, ...(userId ? { userId } : {}) });
      expect(res.status, `${who} ${companyId}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data).toMatchObject({ companyId, state: 'draft' });
    }
    expect((await call('sales', 'POST', '/api/admin/contracts', { companyId: ids.east, ...CONTRACT })).status).toBe(200);
    expect((await call('sales', 'POST', '/api/admin/cases', { ...CASE, companyId: ids.east })).status).toBe(200);
  });
});

describe('the rule against the customer read', () => {
  it('a quotation may be made exactly when the customer reads 200 and the account is one of its own', async () => {
    const companies = (await q<{ id: number }>(sql`select id from companies order by id`)).map((r) => Number(r.id));
    const accounts = (await q<{ id: number; company_id: number }>(sql`select id, company_id from users order by id`)).map((r) => ({ id: Number(r.id), companyId: Number(r.company_id) }));
    const msg = await unseen();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Login>('sales', 'sales2', 'manager', 'admin'),
        fc.constantFrom(...companies),
        fc.option(fc.constantFrom(...accounts), { nil: undefined }),
        async (who, companyId, account) => {
          const read = await call(who, 'GET', `/api/admin/customers/${companyId}`);
          const allowed = read.status === 200 && (account === undefined || account.companyId === companyId);
          const res = await call(who, 'POST', '/api/admin/quotations', { companyId, ...(account ? { userId: account.id } : {}) });
          if (allowed) expect(res.status, JSON.stringify(res.body)).toBe(200);
          else expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 404, msg });
        },
      ),
      { numRuns: 40 },
    );
  });
});
