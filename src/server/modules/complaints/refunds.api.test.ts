import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComplaintDetailDto, MyComplaintDto } from '@/contracts/complaints';
import { fileApiHarness } from '../../../../test/api';
import { complaintHarness } from '../../../../test/complaints';

const h = fileApiHarness();
const t = complaintHarness(() => h);

beforeAll(async () => {
  await t.login();
});

/** A fresh complaint of the demo company on its first placed order, for `applied` (at most the line's value). */
async function fresh(applied: string): Promise<MyComplaintDto> {
  const order = await t.placedOrder('buyer@demo.example.com');
  return t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: order.num }], description: '到货破损', appliedRefund: applied });
}

async function stepOf(id: number): Promise<number> {
  const d = await t.detail('finance', id);
  const step = d.approval?.steps.find((s) => s.status === 'pending');
  expect(step, JSON.stringify(d.approval)).toBeTruthy();
  return step!.id;
}

describe('the refund cap', () => {
  it('refuses an approved refund above the applied one, on awkward values, and changes nothing', async () => {
    const c = await fresh('0.07');
    for (const approvedRefund of ['0.08', '1', '0.071', '0', '0.00', '-0.01']) {
      const res = await t.move('sales', c.id, { to: 'approving', approvedRefund });
      expect(res.status, approvedRefund).toBe(400);
      expect((res.body.data as { field: string }[])[0]?.field).toBe('approvedRefund');
    }
    expect((await t.move('sales', c.id, { to: 'approving' })).status).toBe(400);
    const still = await t.detail('sales', c.id);
    expect(still).toMatchObject({ status: 'reviewing', approvedRefund: null, approval: null });
    const ok = await t.move('sales', c.id, { to: 'approving', approvedRefund: 0.07 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data as ComplaintDetailDto).toMatchObject({ status: 'approving', approvedRefund: '0.07', appliedRefund: '0.07' });
  });

  it('is a CHECK of the database as well', async () => {
    const c = await fresh('10.01');
    await expect(h.db.db.execute(sql`update complaints set approved_refund_cents = 1002 where id = ${c.id}`)).rejects.toThrow();
    await expect(h.db.db.execute(sql`update complaints set review_failure_reason = ${'字'.repeat(51)} where id = ${c.id}`)).rejects.toThrow();
    await h.db.db.execute(sql`update complaints set approved_refund_cents = 1001 where id = ${c.id}`);
    await h.db.db.execute(sql`update complaints set approved_refund_cents = null where id = ${c.id}`);
  });

  it('a review failure needs its reason (at most 50 characters); the engine\'s moves are not the staff\'s', async () => {
    const c = await fresh('1.00');
    expect((await t.move('sales', c.id, { to: 'rejected' })).status).toBe(400);
    expect((await t.move('sales', c.id, { to: 'rejected', reason: '字'.repeat(51) })).status).toBe(400);
    const passed = await t.move('sales', c.id, { to: 'passed' });
    expect(passed.status).toBe(409);
    expect((await t.detail('sales', c.id)).status).toBe('reviewing');
    const rejected = await t.move('sales', c.id, { to: 'rejected', reason: '字'.repeat(50) });
    expect(rejected.status).toBe(200);
    expect((rejected.body.data as ComplaintDetailDto).reviewFailureReason).toBe('字'.repeat(50));
    const customer = await t.call('buyer', 'GET', `/api/app/complaints/${c.id}`);
    expect(customer.body.data as MyComplaintDto).toMatchObject({ status: 'rejected', reviewFailureReason: '字'.repeat(50), canWithdraw: false });
  });
});

describe('the approval path', () => {
  it('an approved refund moves the complaint to passed and records one credit note, audited, printable by staff and the customer', async () => {
    const c = await fresh('2.50');
    await t.move('sales', c.id, { to: 'approving', approvedRefund: '2.49' });
    // The applicant's own decision is refused; the finance member the step waits for decides.
    const stepId = await stepOf(c.id);
    expect((await t.call('sales', 'POST', `/api/admin/approvals/steps/${stepId}/decision`, { decision: 'approve', comment: '同意' })).status).toBe(403);
    const inbox = await t.call('finance', 'GET', '/api/admin/approvals/inbox?entityType=refund');
    expect((inbox.body.data as { items: { entityId: number }[] }).items.map((i) => i.entityId)).toContain(c.id);
    const decided = await t.call('finance', 'POST', `/api/admin/approvals/steps/${stepId}/decision`, { decision: 'approve', comment: '核实属实，同意退款' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const d = await t.detail('sales', c.id);
    expect(d).toMatchObject({ status: 'passed', approvedRefund: '2.49', transitions: ['resolved'] });
    expect(d.creditNote).toMatchObject({ amount: '2.49' });
    expect(d.creditNote!.creditNo).toMatch(/^CN\d{13}$/);
    const notes = await t.q<{ amount_cents: number | string; company_id: number; order_id: number }>(sql`select amount_cents, company_id, order_id from credit_notes where complaint_id = ${c.id}`);
    // bigint: a number on PGlite, text on PostgreSQL.
    expect(notes.map((n) => ({ ...n, amount_cents: Number(n.amount_cents) }))).toEqual([{ amount_cents: 249, company_id: expect.any(Number), order_id: c.orderId }]);
    const audit = await t.q<{ entity: string; action: string }>(sql`select entity, action from audit_log
      where (entity = 'complaint' and entity_id = ${String(c.id)}) or (entity = 'credit_note' and entity_id = ${String(d.creditNote!.id)}) order by id`);
    expect(audit).toEqual([
      { entity: 'complaint', action: 'create' }, { entity: 'complaint', action: 'status' }, { entity: 'complaint', action: 'approve' }, { entity: 'credit_note', action: 'create' },
    ]);

    const staffDoc = await h.app.request(`/api/admin/complaints/${c.id}/credit-note?download=1`, { headers: { authorization: t.tokens.sales! } });
    expect(staffDoc.status).toBe(200);
    expect(staffDoc.headers.get('content-disposition')).toContain('attachment');
    expect(staffDoc.headers.get('content-type')).toBe('application/pdf');
    expect(staffDoc.headers.get('content-disposition')).toContain(`${d.creditNote!.creditNo}`);
    const customerDoc = await h.app.request(`/api/app/complaints/${c.id}/credit-note`, { headers: { authorization: t.tokens.buyer! } });
    expect(customerDoc.status).toBe(200);
    expect((await h.app.request(`/api/app/complaints/${c.id}/credit-note`, { headers: { authorization: t.tokens.univ! } })).status).toBe(404);
    expect((await h.app.request(`/api/admin/complaints/${c.id}/credit-note`, { headers: { authorization: t.tokens.sales2! } })).status).toBe(404);
    const mine = await t.call('buyer', 'GET', `/api/app/complaints/${c.id}`);
    expect(mine.body.data as MyComplaintDto).toMatchObject({ status: 'passed', approvedRefund: '2.49', creditNote: { amount: '2.49' } });

    expect((await t.move('sales', c.id, { to: 'resolved' })).status).toBe(200);
    expect((await t.detail('sales', c.id)).creditNote?.amount).toBe('2.49');
  });

  it('a rejected refund sends the complaint back to review; a withdrawn proposal cancels the request', async () => {
    const c = await fresh('3.00');
    await t.move('sales', c.id, { to: 'approving', approvedRefund: '3.00' });
    const stepId = await stepOf(c.id);
    expect((await t.call('finance', 'POST', `/api/admin/approvals/steps/${stepId}/decision`, { decision: 'reject', comment: '请补充照片' })).status).toBe(200);
    expect(await t.detail('sales', c.id)).toMatchObject({ status: 'reviewing', approvedRefund: null, creditNote: null });
    await t.move('sales', c.id, { to: 'approving', approvedRefund: '1.50' });
    const back = await t.move('sales', c.id, { to: 'reviewing' });
    expect(back.status).toBe(200);
    expect(back.body.data as ComplaintDetailDto).toMatchObject({ status: 'reviewing', approval: { status: 'withdrawn' } });
    expect(await t.count('credit_notes')).toBe(Number((await t.q<{ n: number }>(sql`select count(*)::int as n from complaints where status in ('passed', 'resolved') and approved_refund_cents is not null`))[0]?.n));
  });

  it('two parallel decisions on the step make one: one credit note', async () => {
    const c = await fresh('4.00');
    await t.move('sales', c.id, { to: 'approving', approvedRefund: '4.00' });
    const stepId = await stepOf(c.id);
    const [a, b] = await Promise.all([
      t.call('finance', 'POST', `/api/admin/approvals/steps/${stepId}/decision`, { decision: 'approve', comment: '同意 A' }),
      t.call('finance', 'POST', `/api/admin/approvals/steps/${stepId}/decision`, { decision: 'approve', comment: '同意 B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const notes = await t.q<{ n: number }>(sql`select count(*)::int as n from credit_notes where complaint_id = ${c.id}`);
    expect(notes[0]?.n).toBe(1);
    expect((await t.detail('sales', c.id)).status).toBe('passed');
  });
});
