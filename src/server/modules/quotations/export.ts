import 'server-only';
import type { QuotationListInput, QuotationRowDto } from '@/contracts/quotations';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import type { Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import { EXPORT_PAGE, keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { listQuotationsWhere, staffSees } from './queries';
import { businessCellTime } from '@/server/business-time';

/** The quotations of a list's filters that the member sees, in the list's order, as a streamed Excel workbook (every row). */
export function exportQuotations(db: Db, actor: ScopedStaff, input: Omit<QuotationListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminQuotations;
  return streamXlsx<QuotationRowDto>({
    name: 'quotations', sheet: m.title,
    pages: keysetPages((cursor) => listQuotationsWhere(db, staffSees(actor), { ...input, cursor, limit: EXPORT_PAGE })),
    columns: [
      { header: m.col.quoteNo, width: 18, value: (r) => r.quoteNo },
      { header: m.col.customer, width: 30, value: (r) => r.companyName },
      { header: m.col.requester, width: 12, value: (r) => r.userName ?? '' },
      { header: m.col.version, width: 8, value: (r) => r.currentVersion },
      { header: m.col.total, width: 14, format: '#,##0.00', value: (r) => r.totalCents / 100 },
      { header: m.col.validUntil, width: 12, value: (r) => r.validUntil ?? '' },
      { header: m.col.state, width: 12, value: (r) => m.status[r.state] },
      { header: m.col.owner, width: 10, value: (r) => r.ownerName ?? '' },
      { header: m.col.created, width: 12, format: 'yyyy-mm-dd', value: (r) => businessCellTime(r.createdAt) },
    ],
  });
}
