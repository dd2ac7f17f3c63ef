import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComplaintDetailDto, MyComplaintDto } from '@/contracts/complaints';
import { rowsOf, type Db } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { complaintHarness } from '../../../../test/complaints';

/**
 * The refund cap of an order line (ADR 0056): on one line, what its complaints that are not rejected
 * or withdrawn apply for — and so what is approved and credited — never adds up to more than the
 * line's amount, whether written through the API or straight into the database.
 */

const h = fileApiHarness();
const t = complaintHarness(() => h);

beforeAll(async () => {
  await t.login();
});

let made = 0;

/** A placed order of the demo buyer with one line of 3 × ¥108 = ¥324 (and a second line of 2 × ¥50). */
async function line324(): Promise<{ orderId: number; itemId: number; otherId: number }> {
  made += 1;
  const [buyer] = await t.q<{ id: number; company_id: number }>(sql`select id, company_id from users where login_name = 'buyer@demo.example.com'`);
  const [pack] = await t.q<{ id: number; product_id: number }>(sql`select id, product_id from product_packs order by id limit 1`);
  const [order] = await t.q<{ id: number }>(sql`
    insert into orders (order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count)
    values (${`CAP${made}`}, ${buyer!.company_id}, ${buyer!.id}, 'placed', ${`refund-cap-${made}`}, 'r', '13800000000', 'x', 'y', 424, 424, 2) returning id`);
  const items = await t.q<{ id: number }>(sql`
    insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total)
    values (${order!.id}, ${buyer!.company_id}, ${pack!.product_id}, ${pack!.id}, 'CAP-1', '甲', 'A', '1g', 108, 3, 324),
           (${order!.id}, ${buyer!.company_id}, ${pack!.product_id}, ${pack!.id}, 'CAP-2', '乙', 'B', '5g', 50, 2, 100) returning id`);
  return { orderId: Number(order!.id), itemId: Number(items[0]!.id), otherId: Number(items[1]!.id) };
}

const fileOn = (orderId: number, itemId: number, appliedRefund: string, lang: 'zh' | 'en' = 'zh') => h.call('POST', '/api/app/complaints', {
  token: t.tokens.buyer, headers: { 'accept-language': lang }, json: { orderId, lines: [{ itemId, quantity: 3 }], description: '到货破损', category: 'damaged', appliedRefund },
});

async function stepOf(id: number): Promise<number> {
  const d = await t.detail('finance', id);
  const step = d.approval?.steps.find((s) => s.status === 'pending');
  expect(step, JSON.stringify(d.approval)).toBeTruthy();
  return step!.id;
}

async function approveFully(id: number, amount: string): Promise<void> {
  const moved = await t.move('sales', id, { to: 'approving', approvedRefund: amount });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const decided = await t.call('finance', 'POST', `/api/admin/approvals/steps/${await stepOf(id)}/decision`, { decision: 'approve', comment: '同意' });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
}

/** What the line carries: applied over its complaints that count, and credited. */
async function carried(itemId: number): Promise<{ applied: number; credited: number }> {
  const [row] = await t.q<{ applied: number; credited: number }>(sql`
    select coalesce(sum(l.refund_cents) filter (where k.status not in ('rejected', 'withdrawn')), 0)::bigint as applied,
      coalesce((select sum(n.amount_cents) from credit_notes n where n.complaint_id in (select complaint_id from complaint_lines where order_item_id = ${itemId})), 0)::bigint as credited
    from complaint_lines l join complaints k on k.id = l.complaint_id where l.order_item_id = ${itemId}`);
  return { applied: Number(row?.applied), credited: Number(row?.credited) };
}

describe('the refund cap of an order line', () => {
  it('¥108 then three × ¥324 on one ¥324 line: the excess ones are refused (zh and en), at most ¥324 is applied for and credited', async () => {
    const { orderId, itemId } = await line324();
    const first = await fileOn(orderId, itemId, '108');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const outcomes: number[] = [];
    for (const lang of ['zh', 'en', 'zh'] as const) {
      const res = await fileOn(orderId, itemId, '324', lang);
      outcomes.push(res.status);
      expect(res.body.data, JSON.stringify(res.body)).toEqual([{ field: 'appliedRefund', message: lang === 'zh' ? expect.stringContaining('尚可退款') : expect.stringContaining('remains refundable') }]);
    }
    expect(outcomes).toEqual([400, 400, 400]);
    await approveFully((first.body.data as MyComplaintDto).id, '108');
    // What is left (¥216) may still be applied for, not a cent more.
    expect((await fileOn(orderId, itemId, '216.01')).status).toBe(400);
    const rest = await fileOn(orderId, itemId, '216');
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    await approveFully((rest.body.data as MyComplaintDto).id, '216');
    expect((await fileOn(orderId, itemId, '0.01')).status).toBe(400);
    expect(await carried(itemId)).toEqual({ applied: 32400, credited: 32400 });
  });

  it('a rejected or withdrawn complaint gives its part back to the line', async () => {
    const { orderId, itemId } = await line324();
    const a = (await fileOn(orderId, itemId, '324')).body.data as MyComplaintDto;
    expect((await fileOn(orderId, itemId, '1')).status).toBe(400);
    expect((await t.call('buyer', 'POST', `/api/app/complaints/${a.id}/withdraw`)).status).toBe(200);
    const b = await fileOn(orderId, itemId, '300');
    expect(b.status).toBe(200);
    expect((await t.move('sales', (b.body.data as MyComplaintDto).id, { to: 'rejected', reason: '非质量问题' })).status).toBe(200);
    expect((await fileOn(orderId, itemId, '324')).status).toBe(200);
    expect(await carried(itemId)).toMatchObject({ applied: 32400 });
  });

  it('a complaint over two lines is split over them in order, each within its line', async () => {
    const { orderId, itemId, otherId } = await line324();
    expect((await fileOn(orderId, itemId, '300')).status).toBe(200);
    const both = (lines: { itemId: number; quantity: number }[], appliedRefund: string) => h.call('POST', '/api/app/complaints', {
      token: t.tokens.buyer, json: { orderId, lines, description: '两行破损', category: 'damaged', appliedRefund },
    });
    // ¥24 is left on the first line and ¥100 on the second: ¥124.01 is too much, ¥124 fits.
    expect((await both([{ itemId, quantity: 3 }, { itemId: otherId, quantity: 2 }], '124.01')).status).toBe(400);
    const ok = await both([{ itemId, quantity: 3 }, { itemId: otherId, quantity: 2 }], '124');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const parts = await t.q<{ order_item_id: number; refund_cents: number }>(sql`
      select order_item_id, refund_cents from complaint_lines where complaint_id = ${(ok.body.data as MyComplaintDto).id} order by order_item_id`);
    expect(parts.map((p) => [Number(p.order_item_id), Number(p.refund_cents)])).toEqual([[itemId, 2400], [otherId, 10000]]);
    expect(await carried(itemId)).toMatchObject({ applied: 32400 });
    expect(await carried(otherId)).toMatchObject({ applied: 10000 });
  });

  it('parallel filings on one line: the line is locked, one of them is refused', async () => {
    const { orderId, itemId } = await line324();
    const answers = await Promise.all([fileOn(orderId, itemId, '200'), fileOn(orderId, itemId, '200'), fileOn(orderId, itemId, '200')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    expect(await carried(itemId)).toMatchObject({ applied: 20000 });
  });

  it('refuses to propose or approve the refund of a line carried beyond its amount (written before the cap)', async () => {
    const { orderId, itemId } = await line324();
    const a = (await fileOn(orderId, itemId, '324')).body.data as MyComplaintDto;
    expect((await fileOn(orderId, itemId, '100')).status).toBe(400);
    // A complaint of before the cap: the database's own check is set aside for the write, as the
    // data of an earlier release was.
    const legacy = await h.db.db.transaction(async (tx) => {
      await tx.execute(sql`alter table complaints disable trigger complaints_refund_check`);
      await tx.execute(sql`alter table complaint_lines disable trigger complaint_lines_refund_check`);
      const [k] = rowsOf<{ id: number }>(await tx.execute(sql`insert into complaints (complaint_no, company_id, order_id, owner_id, description, applied_refund_cents)
        select 'CPLEGACY' || ${orderId}, o.company_id, ${orderId}, c.owner_staff_id, '旧投诉', 32400 from orders o join companies c on c.id = o.company_id where o.id = ${orderId} returning id`));
      await tx.execute(sql`insert into complaint_lines (complaint_id, order_item_id, quantity, refund_cents) values (${k!.id}, ${itemId}, 3, 32400)`);
      await tx.execute(sql`alter table complaints enable trigger complaints_refund_check`);
      await tx.execute(sql`alter table complaint_lines enable trigger complaint_lines_refund_check`);
      return Number(k!.id);
    });
    const refused = await t.move('sales', legacy, { to: 'approving', approvedRefund: '324' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.msg).toContain('尚可退款');
    // Closing it is still possible; then the other one may be approved.
    expect((await t.move('sales', legacy, { to: 'rejected', reason: '重复投诉' })).status).toBe(200);
    await approveFully(a.id, '324');
    expect((await t.detail('sales', a.id) as ComplaintDetailDto).status).toBe('passed');
  });
});

describe('the database keeps the cap by itself', () => {
  const insertComplaint = (orderId: number, itemId: number, applied: number, part: number) => h.db.db.transaction(async (tx) => {
    const [k] = rowsOf<{ id: number }>(await tx.execute(sql`insert into complaints (complaint_no, company_id, order_id, description, applied_refund_cents)
      select 'CPSQL' || ${orderId} || '-' || ${applied} || '-' || ${part}, company_id, ${orderId}, '直接写入', ${applied} from orders where id = ${orderId} returning id`));
    await tx.execute(sql`insert into complaint_lines (complaint_id, order_item_id, quantity, refund_cents) values (${k!.id}, ${itemId}, 3, ${part})`);
    return Number(k!.id);
  });

  it('refuses a complaint written straight into the database beyond the line, or whose parts do not add up', async () => {
    const { orderId, itemId } = await line324();
    expect((await fileOn(orderId, itemId, '108')).status).toBe(200);
    await expect(insertComplaint(orderId, itemId, 32400, 32400)).rejects.toThrow();
    await expect(insertComplaint(orderId, itemId, 21601, 21601)).rejects.toThrow();
    await expect(insertComplaint(orderId, itemId, 21600, 100)).rejects.toThrow();
    expect(await carried(itemId)).toMatchObject({ applied: 10800 });
    // What fits is written.
    const fits = await insertComplaint(orderId, itemId, 21600, 21600);
    expect(await carried(itemId)).toMatchObject({ applied: 32400 });
    // Raising a refund, or reopening a rejected complaint, on a full line is refused as well.
    await expect(h.db.db.execute(sql`update complaints set applied_refund_cents = 21700 where id = ${fits}`)).rejects.toThrow();
    await expect(h.db.db.execute(sql`update complaint_lines set refund_cents = 21700 where complaint_id = ${fits}`)).rejects.toThrow();
    await h.db.db.execute(sql`update complaints set status = 'rejected', review_failure_reason = '重复' where id = ${fits}`);
    expect((await fileOn(orderId, itemId, '216')).status).toBe(200);
    await expect(h.db.db.execute(sql`update complaints set status = 'reviewing' where id = ${fits}`)).rejects.toThrow();
    expect(await carried(itemId)).toMatchObject({ applied: 32400 });
  });

  it('refuses, by the line cap alone, a refund raised together with its line part beyond the line', async () => {
    const { orderId, itemId } = await line324();
    const filed = await fileOn(orderId, itemId, '216');
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const [k] = await t.q<{ id: number }>(sql`select complaint_id as id from complaint_lines where order_item_id = ${itemId}`);
    const id = Number(k!.id);
    /** Raises the complaint's refund and its one line part together (their sum stays equal), then checks the deferred rules. */
    const raiseBoth = async (tx: Pick<Db, 'execute'>, cents: number) => {
      await tx.execute(sql`update complaints set applied_refund_cents = ${cents} where id = ${id}`);
      await tx.execute(sql`update complaint_lines set refund_cents = ${cents} where complaint_id = ${id}`);
      await tx.execute(sql`set constraints all immediate`);
    };
    // The parts still add up to the refund, so the parts rule has nothing to refuse: the line's cap does.
    const refused = await h.db.db.transaction((tx) => raiseBoth(tx, 32500)).then(() => null, (error: unknown) => error);
    expect(refused).not.toBeNull();
    expect(errorText(refused)).toMatch(/order line \d+: the refunds of its complaints exceed its amount|complaint_refund_line_cap/);
    expect(errorText(refused)).not.toMatch(/do not add up/);
    expect(await carried(itemId)).toMatchObject({ applied: 21600 });
    // The same writes on a line with room for them are taken (checked, then rolled back): what refused
    // them above was the cap, not the parts rule.
    const rollback = new Error('rolled back on purpose');
    const taken = await h.db.db.transaction(async (tx) => {
      await tx.execute(sql`update order_items set line_total = 400 where id = ${itemId}`);
      await raiseBoth(tx, 32500);
      throw rollback;
    }).then(() => null, (error: unknown) => error);
    expect(taken).toBe(rollback);
    expect(await carried(itemId)).toMatchObject({ applied: 21600 });
  });
});

/** The messages of an error and its causes (drivers' errors arrive wrapped in the ORM's). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { message, constraint, constraint_name: constraintName } = e as { message?: string; constraint?: string; constraint_name?: string };
    parts.push(message ?? '', constraint ?? '', constraintName ?? '');
  }
  return parts.join(' | ');
}
