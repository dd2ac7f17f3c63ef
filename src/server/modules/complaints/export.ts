import 'server-only';
import type { ComplaintListInput, ComplaintRowDto } from '@/contracts/complaints';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import type { Approver } from '@/server/modules/approvals/engine';
import { EXPORT_PAGE, keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { listComplaints } from './queries';
import { businessCellTime } from '@/server/business-time';

/** The complaints of a list's filters that the member sees, newest first, as a streamed Excel workbook (every row). */
export function exportComplaints(db: Db, me: Approver, input: Omit<ComplaintListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminComplaints;
  const money = (v: string | null) => (v === null ? null : Number(v));
  return streamXlsx<ComplaintRowDto>({
    name: 'complaints', sheet: m.title,
    pages: keysetPages((cursor) => listComplaints(db, me, { ...input, cursor, limit: EXPORT_PAGE })),
    columns: [
      { header: m.col.no, width: 18, value: (r) => r.complaintNo },
      { header: m.col.customer, width: 30, value: (r) => r.companyName },
      { header: m.col.order, width: 18, value: (r) => r.orderNo },
      { header: m.col.description, width: 40, value: (r) => r.description },
      { header: m.col.applied, width: 12, format: '#,##0.00', value: (r) => money(r.appliedRefund) },
      { header: m.col.approved, width: 12, format: '#,##0.00', value: (r) => money(r.approvedRefund) },
      { header: m.col.status, width: 12, value: (r) => m.status[r.status] },
      { header: m.reviewFailureReason, width: 30, value: (r) => r.reviewFailureReason },
      { header: m.col.owner, width: 10, value: (r) => r.ownerName },
      { header: m.filedBy, width: 10, value: (r) => r.filedBy },
      { header: m.col.createdAt, width: 12, format: 'yyyy-mm-dd', value: (r) => businessCellTime(r.createdAt) },
    ],
  });
}
