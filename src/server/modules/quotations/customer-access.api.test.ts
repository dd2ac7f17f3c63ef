import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuotationDetailDto, QuotationRowDto } from '@/contracts/quotations';
import { rowsOf } from '@/server/db/client';
import { approvalRules, productPacks, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { addressOf, firstPacks } from '../../../../test/orders';

/**
 * Which of the company's quotations a customer account reads and answers: as with orders, a buyer their
 * own, holders of ORDER.APPROVE the company's; accepting (which makes an order) needs SALE.CREATE.
 */

const h = fileApiHarness();
const matrix = authorisationMatrix(h);
const USERS = { buyer: 'buyer@demo.example.com', approver: 'approver@demo.example.com', lead: 'quality.lead@demo.example.com', admin: 'admin@demo.example.com' } as const;
type Who = keyof typeof USERS | 'sales';
const tokens: Partial<Record<Who, string>> = {};
let packs: Awaited<ReturnType<typeof firstPacks>> = [];
let address = 0;

beforeAll(async () => {
  for (const [key, login] of Object.entries(USERS)) tokens[key as Who] = await h.loginUser(login, 'Reagent#2026');
  tokens.sales = await h.loginStaff('sales', 'Sales#2026');
  packs = await firstPacks(h, 2);
  address = await addressOf(h, USERS.buyer);
  const db = h.db.db;
  await db.update(products).set({ ghs: null, controlClass: null, active: true }).where(inArray(products.id, packs.map((p) => p.productId)));
  await db.update(productPacks).set({ price: '200.00', stock: 100, leadTimeDays: 0 }).where(inArray(productPacks.id, packs.map((p) => p.id)));
  await db.delete(approvalRules).where(sql`true`);
});

const call = (who: Who, method: string, url: string, json?: unknown) => h.call(method, url, { token: tokens[who], json });
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
const stateOf = async (id: number) => rowsOf<{ state: string }>(await h.db.db.execute(sql`select state from quotations where id = ${id}`))[0]?.state;

/** A quotation the account asked for, taken, priced and sent by sales. */
async function sentQuoteOf(who: Who): Promise<QuotationDetailDto> {
  const asked = await call(who, 'POST', '/api/app/quotations', { source: 'cart', note: '', lines: [{ packId: packs[0]!.id, num: 2, comment: '' }] });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const id = (asked.body.data as QuotationDetailDto).id;
  expect((await call('sales', 'PUT', `/api/admin/quotations/${id}/state`, { to: 'draft' })).status).toBe(200);
  const priced = await call('sales', 'PUT', `/api/admin/quotations/${id}/draft`, { discountBp: 0, validUntil: inDays(10), note: '', lines: [{ packId: packs[0]!.id, num: 2, unitCents: 20000 }] });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const sent = await call('sales', 'PUT', `/api/admin/quotations/${id}/state`, { to: 'sent' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data as QuotationDetailDto;
}
const listed = async (who: Who) => ((await call(who, 'GET', '/api/app/quotations?limit=100')).body.data as { items: QuotationRowDto[] }).items.map((r) => r.id);

describe('a buyer\'s quotation', () => {
  it('is read by the buyer and by holders of ORDER.APPROVE, not by a colleague with SALE.VIEW alone', async () => {
    const q = await sentQuoteOf('buyer');
    const ACCEPT = { addressId: address, invoiceType: 'none' };
    await matrix.expect([
      { method: 'GET', path: `/api/app/quotations/${q.id}`, expect: { buyerA: 200, approverA: 200, adminA: 200, buyerB: 404 } },
    ]);
    expect((await call('lead', 'GET', `/api/app/quotations/${q.id}`)).status).toBe(404);
    const pdf = async (who: Who) => (await h.app.request(`/api/app/quotations/${q.id}/pdf`, { headers: { authorization: tokens[who]! } })).status;
    expect([await pdf('buyer'), await pdf('approver'), await pdf('lead')]).toEqual([200, 200, 404]);
    expect((await call('lead', 'POST', `/api/app/quotations/${q.id}/decline`, { comment: '' })).status).toBe(404);
    expect((await call('lead', 'POST', `/api/app/quotations/${q.id}/renegotiate`, { comment: '' })).status).toBe(404);
    expect(await listed('lead')).not.toContain(q.id);
    expect(await listed('approver')).toContain(q.id);
    expect(await listed('buyer')).toContain(q.id);
    expect(await stateOf(q.id)).toBe('sent');
    // Accepting makes an order: SALE.CREATE, which the approver does not hold.
    expect((await call('approver', 'POST', `/api/app/quotations/${q.id}/accept`, { ...ACCEPT, addressId: address })).status).toBe(403);
    expect((await call('approver', 'POST', `/api/app/quotations/${q.id}/convert`, { ...ACCEPT, addressId: address })).status).toBe(403);
    expect(await stateOf(q.id)).toBe('sent');
    const accepted = await call('buyer', 'POST', `/api/app/quotations/${q.id}/accept`, ACCEPT);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ quotation: { state: 'converted' }, order: { status: 'passed' } });
  });

  it('of the colleague is theirs to read, and not the buyer\'s', async () => {
    const asked = await call('lead', 'POST', '/api/app/quotations', { source: 'cart', note: '', lines: [{ packId: packs[1]!.id, num: 1, comment: '' }] });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const id = (asked.body.data as QuotationDetailDto).id;
    expect(await listed('lead')).toContain(id);
    expect((await call('lead', 'GET', `/api/app/quotations/${id}`)).status).toBe(200);
    expect((await call('buyer', 'GET', `/api/app/quotations/${id}`)).status).toBe(404);
    expect((await call('admin', 'GET', `/api/app/quotations/${id}`)).status).toBe(200);
  });
});
