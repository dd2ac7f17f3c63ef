import 'server-only';
import { and, asc } from 'drizzle-orm';
import type { CustomerListInput } from '@/contracts/customers';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { companies } from '@/server/db/schema';
import { serverMessages } from '@/server/messages';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { EXPORT_PAGE, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { customerListCondition } from './customers';
import { sql } from 'drizzle-orm';
import { businessCellTime } from '@/server/business-time';

/**
 * The customers of a list's filters that the member sees, by name, as a streamed Excel workbook (every
 * row, read a keyset page at a time; text cells escaped against formulas by the shared writer).
 */
export function exportCustomers(db: Db, actor: ScopedStaff, input: Omit<CustomerListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const columns = {
    id: companies.id, name: companies.name, kind: companies.crmKind, level: companies.level, taxNo: companies.taxNo, phone: companies.phone,
    owner: sql<string | null>`(select s.name from staff s where s.id = "companies"."owner_staff_id")`,
    team: sql<string | null>`(select ${lang === 'en' ? sql`t.name_en` : sql`t.name_zh`} from staff s join staff_teams t on t.id = s.team_id where s.id = "companies"."owner_staff_id")`,
    tags: companies.tags, creditDays: companies.creditDays, creditLimit: companies.creditLimit, createdAt: companies.createdAt,
  };
  type Row = { id: number; name: string; kind: 'customer' | 'prospect'; level: string; taxNo: string; phone: string; owner: string | null; team: string | null; tags: string[]; creditDays: number; creditLimit: string; createdAt: Date };
  async function* pages(): AsyncGenerator<Row[]> {
    let last: { name: string; id: number } | null = null;
    for (;;) {
      const after = last ? sql`(${companies.name}, ${companies.id}) > (${last.name}::text, ${last.id}::int)` : sql`true`;
      const rows: Row[] = await db.select(columns).from(companies).where(and(customerListCondition(actor, input), after))
        .orderBy(asc(companies.name), asc(companies.id)).limit(EXPORT_PAGE);
      if (rows.length) yield rows;
      const end = rows[rows.length - 1];
      if (rows.length < EXPORT_PAGE || !end) return;
      last = { name: end.name, id: end.id };
    }
  }
  const m = serverMessages(lang).adminCustomers.exportSheet;
  return streamXlsx<Row>({
    name: 'customers', sheet: m.sheet, pages: pages(),
    columns: [
      { header: m.name, width: 36, value: (r) => r.name },
      { header: m.kind, width: 10, value: (r) => m.kinds[r.kind] },
      { header: m.level, width: 6, value: (r) => r.level },
      { header: m.taxNo, width: 22, value: (r) => r.taxNo },
      { header: m.phone, width: 16, value: (r) => r.phone },
      { header: m.owner, width: 12, value: (r) => r.owner },
      { header: m.team, width: 16, value: (r) => r.team },
      { header: m.tags, width: 24, value: (r) => r.tags.join(', ') },
      { header: m.creditDays, width: 10, value: (r) => r.creditDays },
      { header: m.creditLimit, width: 14, format: '#,##0.00', value: (r) => Number(r.creditLimit) },
      { header: m.createdAt, width: 12, format: 'yyyy-mm-dd', value: (r) => businessCellTime(r.createdAt) },
    ],
  });
}
