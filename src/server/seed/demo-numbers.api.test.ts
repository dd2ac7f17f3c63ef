import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { businessToday, businessZoneSql } from '@/server/business-time';
import { fileApiHarness } from '../../../test/api';

/**
 * The demo's records are made with their own (backdated) dates, and each is numbered on that date by the
 * module's own number generator (ADR 0067): a number's date part is its record's creation day in the
 * business time zone (ADR 0066), never the day the demo was seeded.
 */

const h = fileApiHarness();

const NUMBERED = [
  { table: 'orders', column: 'order_no', prefix: 'SO', digits: 6 },
  { table: 'quotations', column: 'quote_no', prefix: 'QT', digits: 8 },
  { table: 'contracts', column: 'contract_no', prefix: 'HT', digits: 8 },
  { table: 'complaints', column: 'complaint_no', prefix: 'CP', digits: 8 },
  { table: 'credit_notes', column: 'credit_no', prefix: 'CN', digits: 8 },
  { table: 'expenses', column: 'expense_no', prefix: 'EX', digits: 8 },
  { table: 'testing_cases', column: 'case_no', prefix: 'TS', digits: 8 },
  { table: 'shipments', column: 'shipment_no', prefix: 'DN', digits: 6, stamp: 'shipped_at' },
] as const;

describe('demo business numbers', () => {
  it.each(NUMBERED)('carry the creation day of each $table row', async (numbered) => {
    const { table, column, prefix, digits } = numbered;
    const stamp = 'stamp' in numbered ? numbered.stamp : 'created_at';
    const rows = rowsOf<{ no: string; day: string }>(await h.db.db.execute(sql`
      select ${sql.identifier(column)} as no, to_char(${sql.identifier(stamp)} at time zone ${businessZoneSql()}, 'YYYYMMDD') as day from ${sql.identifier(table)} order by id`));
    expect(rows.length).toBeGreaterThan(0);
    const datePart = (no: string) => {
      expect(no.startsWith(prefix), no).toBe(true);
      const part = no.slice(prefix.length, prefix.length + digits);
      return digits === 6 ? `20${part}` : part;
    };
    expect(rows.map((r) => `${r.no} ${datePart(r.no)}`)).toEqual(rows.map((r) => `${r.no} ${r.day}`));
    // The demo's records are dated before the day it was seeded, so the check above compares backdated days.
    expect(rows.some((r) => r.day !== businessToday().replaceAll('-', ''))).toBe(true);
  });
});
