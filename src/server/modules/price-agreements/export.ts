import 'server-only';
import type { AgreementListInput, AgreementRowDto } from '@/contracts/price-agreements';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import type { Db } from '@/server/db/client';
import { businessCellTime } from '@/server/business-time';
import { serverMessages } from '@/server/messages';
import { EXPORT_PAGE, keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { listAgreements } from './queries';

/** The agreements of a list's filters that the member sees (the expiry report among them), in the list's order, as a streamed workbook. */
export function exportAgreements(db: Db, actor: ScopedStaff, input: Omit<AgreementListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminAgreements;
  return streamXlsx<AgreementRowDto>({
    name: 'price_agreements', sheet: m.title,
    pages: keysetPages((cursor) => listAgreements(db, actor, { ...input, cursor, limit: EXPORT_PAGE })),
    columns: [
      { header: m.col.agreementNo, width: 18, value: (r) => r.agreementNo },
      { header: m.col.customer, width: 30, value: (r) => r.companyName },
      { header: m.col.name, width: 24, value: (r) => r.name },
      { header: m.col.validFrom, width: 12, value: (r) => r.validFrom },
      { header: m.col.validTo, width: 12, value: (r) => r.validTo },
      { header: m.col.rules, width: 8, value: (r) => r.ruleCount },
      { header: m.col.state, width: 12, value: (r) => m.status[r.state] },
      { header: m.col.owner, width: 10, value: (r) => r.ownerName ?? '' },
      { header: m.col.created, width: 12, format: 'yyyy-mm-dd', value: (r) => businessCellTime(r.createdAt) },
    ],
  });
}
