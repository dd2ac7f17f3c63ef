import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';

/** A label code: `C` and seven digits, so that codes sort as their numbers do (up to 9,999,999 per company). */
export const CODE_PATTERN = /^C\d{7}$/;

export function codeOf(n: number): string {
  return `C${String(n).padStart(7, '0')}`;
}

/**
 * The next `count` label codes of the company (ADR 0089): numbered on from the highest code of the
 * pattern, under a lock of the company's numbering for the transaction, so that two receipts at the same
 * time never take the same code (the unique index would refuse it anyway). Codes of another shape
 * (imported labels) are left alone.
 */
export async function nextCodes(tx: Db, companyId: number, count: number): Promise<string[]> {
  if (count <= 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`inventory-code:${companyId}`}))`);
  const [row] = rowsOf<{ code: string }>(await tx.execute(sql`
    select code from inventory_containers where company_id = ${companyId} and code like 'C%' and code ~ '^C[0-9]{7}$'
    order by code desc limit 1`));
  const last = row ? Number(row.code.slice(1)) : 0;
  return Array.from({ length: count }, (_, i) => codeOf(last + 1 + i));
}
