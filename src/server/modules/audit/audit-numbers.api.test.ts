import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '@/contracts/admin';
import type { InboxRowDto } from '@/contracts/approvals';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

type AuditPage = { total: number; items: AuditEntryDto[] };
const audit = async (token: string, query: string) => (await h.call('GET', `/api/admin/audit?${query}`, { token })).body.data as AuditPage;

describe('business numbers: assigned once, the same everywhere', () => {
  it('a complaint waiting for its refund approval has one number in the inbox, the audit log and the complaint list', async () => {
    const finance = await h.loginStaff('finance', 'Finance#2026');
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const inbox = (await h.call('GET', '/api/admin/approvals/inbox', { token: finance })).body.data as { items: InboxRowDto[] };
    const refund = inbox.items.find((r) => r.entityType === 'refund');
    expect(refund).toBeDefined();
    const list = (await h.call('GET', '/api/admin/complaints?limit=100', { token: finance })).body.data as { items: { id: number; complaintNo: string }[] };
    const complaint = list.items.find((c) => c.id === refund!.entityId);
    expect(complaint).toBeDefined();
    const number = complaint!.complaintNo;
    expect(refund!.subject.startsWith(`${number} `)).toBe(true);

    const own = await audit(admin, `entity=complaint&entityId=${complaint!.id}`);
    expect(own.items.length).toBeGreaterThan(0);
    for (const row of own.items) expect(row.record).toEqual({ kind: 'complaint', id: complaint!.id, number });
    // The number written when it was filed is the number it has.
    const created = own.items.find((r) => r.action === 'create');
    expect(created?.changes.complaintNo?.to).toBe(number);
    const request = await audit(admin, `entity=approval_request&entityId=${refund!.requestId}`);
    expect(request.items.map((r) => r.record)).toEqual(request.items.map(() => ({ kind: 'complaint', id: complaint!.id, number })));
  });

  it('every contract has one number in the audit log (as written and as linked) and in the contract list', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const list = (await h.call('GET', '/api/admin/contracts?limit=100', { token: admin })).body.data as { items: { id: number; contractNo: string }[] };
    expect(list.items.length).toBeGreaterThan(3);
    const log = await audit(admin, 'entity=contract&limit=100');
    for (const c of list.items) {
      const rows = log.items.filter((r) => r.entityId === String(c.id));
      expect(rows.length, c.contractNo).toBeGreaterThan(0);
      for (const row of rows) expect(row.record?.number).toBe(c.contractNo);
      expect(rows.find((r) => r.action === 'create')?.changes.contractNo?.to, c.contractNo).toBe(c.contractNo);
    }
  });

  it('approval subjects and the order numbers complaints recorded are the stored ones (no record renumbered after it was made)', async () => {
    const subjects = rowsOf<{ subject: string; no: string | null }>(await h.db.db.execute(sql`
      select r.subject, coalesce(q.quote_no, c.contract_no, k.complaint_no, e.expense_no) as no from staff_approval_requests r
      left join quotations q on r.entity_type = 'quotation' and q.id = r.entity_id left join contracts c on r.entity_type = 'contract' and c.id = r.entity_id
      left join complaints k on r.entity_type = 'refund' and k.id = r.entity_id left join expenses e on r.entity_type = 'expense' and e.id = r.entity_id`));
    expect(subjects.length).toBeGreaterThan(3);
    for (const s of subjects) expect(s.subject.split(' ')[0]).toBe(s.no);
    const orders = rowsOf<{ order_no: string; complaint_order_no: string }>(await h.db.db.execute(sql`
      select o.order_no, l.data->'changes'->'orderNo'->>'to' as complaint_order_no from audit_log l
      join complaints k on l.entity = 'complaint' and l.action = 'create' and k.id = l.entity_id::int join orders o on o.id = k.order_id`));
    expect(orders.length).toBeGreaterThan(0);
    for (const o of orders) expect(o.complaint_order_no).toBe(o.order_no);
  });
});
