import 'server-only';
import { sql } from 'drizzle-orm';
import type { ApprovalEntityType, InboxRowDto } from '@/contracts/approvals';
import { rowsOf, type Db } from '@/server/db/client';
import { waitsFor, type Approver } from './engine';

/** "Waiting for me": the pending steps this member may decide now, oldest first (at most 200). */
export async function listInbox(db: Db, me: Approver, entityType?: ApprovalEntityType): Promise<{ total: number; items: InboxRowDto[] }> {
  const rows = rowsOf<{
    step_id: number; seq: number; tiers: number; request_id: number; entity_type: ApprovalEntityType; entity_id: number; subject: string; amount: string;
    applicant_name: string; activated_at: string | Date;
  }>(await db.execute(sql`
    select s.id as step_id, s.seq, (select count(*)::int from staff_approval_steps x where x.request_id = r.id) as tiers, r.id as request_id,
      r.entity_type, r.entity_id, r.subject, r.amount::text as amount, a.name as applicant_name, s.activated_at
    from staff_approval_steps s join staff_approval_requests r on r.id = s.request_id join staff a on a.id = r.applicant_id
    where r.status = 'pending' and ${waitsFor(me)} ${entityType ? sql`and r.entity_type = ${entityType}` : sql``}
    order by s.activated_at asc, s.id asc limit 200`));
  return {
    total: rows.length,
    items: rows.map((r) => ({
      stepId: Number(r.step_id), seq: Number(r.seq), tiers: Number(r.tiers), requestId: Number(r.request_id), entityType: r.entity_type,
      entityId: Number(r.entity_id), subject: r.subject, amount: r.amount, applicantName: r.applicant_name, waitingSince: new Date(r.activated_at).toISOString(),
    })),
  };
}

/** How many steps wait for this member (the header's badge). */
export async function countInbox(db: Db, me: Approver): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`
    select count(*)::int as n from staff_approval_steps s join staff_approval_requests r on r.id = s.request_id
    where r.status = 'pending' and ${waitsFor(me)}`));
  return Number(rows[0]?.n ?? 0);
}
