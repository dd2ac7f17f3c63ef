import 'server-only';
import { asc } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import type { CustomerListInput } from '@/contracts/customers';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { companies } from '@/server/db/schema';
import { serverMessages } from '@/server/messages';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { customerListCondition } from './customers';
import { sql } from 'drizzle-orm';

/** At most this many customers go into one export. */
export const CUSTOMER_EXPORT_MAX = 10_000;

/**
 * A text cell that a spreadsheet could take for a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return first) gets a leading apostrophe, so that it is shown as the text it is.
 */
export function cellText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The customers of a list's filters that the member sees, by name, as an Excel workbook (capped). */
export async function exportCustomers(db: Db, actor: ScopedStaff, input: Omit<CustomerListInput, 'cursor' | 'limit'>, lang: Lang): Promise<Buffer> {
  const rows = await db.select({
    name: companies.name, kind: companies.crmKind, level: companies.level, taxNo: companies.taxNo, phone: companies.phone,
    owner: sql<string | null>`(select s.name from staff s where s.id = "companies"."owner_staff_id")`,
    team: sql<string | null>`(select ${lang === 'en' ? sql`t.name_en` : sql`t.name_zh`} from staff s join staff_teams t on t.id = s.team_id where s.id = "companies"."owner_staff_id")`,
    tags: companies.tags, creditDays: companies.creditDays, creditLimit: companies.creditLimit, createdAt: companies.createdAt,
  }).from(companies).where(customerListCondition(actor, input)).orderBy(asc(companies.name), asc(companies.id)).limit(CUSTOMER_EXPORT_MAX);
  const m = serverMessages(lang).adminCustomers.exportSheet;
  const header = [m.name, m.kind, m.level, m.taxNo, m.phone, m.owner, m.team, m.tags, m.creditDays, m.creditLimit, m.createdAt]
    .map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = rows.map((r) => [
    cellText(r.name),
    m.kinds[r.kind],
    r.level,
    cellText(r.taxNo),
    cellText(r.phone),
    cellText(r.owner ?? ''),
    cellText(r.team ?? ''),
    cellText(r.tags.join(', ')),
    r.creditDays,
    { value: Number(r.creditLimit), type: Number, format: '#,##0.00' },
    { value: r.createdAt, type: Date, format: 'yyyy-mm-dd' },
  ]);
  return writeXlsxFile([header, ...data], {
    sheet: m.sheet,
    columns: [{ width: 36 }, { width: 10 }, { width: 6 }, { width: 22 }, { width: 16 }, { width: 12 }, { width: 16 }, { width: 24 }, { width: 10 }, { width: 14 }, { width: 12 }],
    stickyRowsCount: 1,
  }).toBuffer();
}
