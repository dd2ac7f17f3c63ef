import 'server-only';
import type { ContractListInput, ContractRowDto } from '@/contracts/contracts';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import type { Approver } from '@/server/modules/approvals/engine';
import { EXPORT_PAGE, keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { listContracts } from './queries';
import { businessCellTime } from '@/server/business-time';

/** The contracts of a list's filters that the member sees, in the list's order, as a streamed Excel workbook (every row). */
export function exportContracts(db: Db, me: Approver, input: Omit<ContractListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminContracts;
  const day = (v: string | null) => (v === null ? null : new Date(`${v}T00:00:00Z`));
  return streamXlsx<ContractRowDto>({
    name: 'contracts', sheet: m.title,
    pages: keysetPages((cursor) => listContracts(db, me, { ...input, cursor, limit: EXPORT_PAGE })),
    columns: [
      { header: m.col.no, width: 18, value: (r) => r.contractNo },
      { header: m.col.title, width: 30, value: (r) => r.title },
      { header: m.col.customer, width: 30, value: (r) => r.companyName },
      { header: m.col.quotation, width: 18, value: (r) => r.quoteNo ?? '' },
      { header: m.col.amount, width: 14, format: '#,##0.00', value: (r) => Number(r.amount) },
      { header: m.col.state, width: 12, value: (r) => m.state[r.state] },
      { header: m.col.signingDate, width: 12, format: 'yyyy-mm-dd', value: (r) => day(r.signingDate) },
      { header: m.col.endDate, width: 12, format: 'yyyy-mm-dd', value: (r) => day(r.endDate) },
      { header: m.col.owner, width: 10, value: (r) => r.ownerName },
      { header: m.col.createdAt, width: 12, format: 'yyyy-mm-dd', value: (r) => businessCellTime(r.createdAt) },
    ],
  });
}
