import 'server-only';
import { sql } from 'drizzle-orm';
import type { GettingStartedDto } from '@/contracts/admin';
import { rowsOf, type Db } from '@/server/db/client';

/**
 * The getting-started list of the dashboard, read from what the shop holds: each step is done once its rows
 * exist (a site setting with content, a brand, a category, an import that succeeded, a second active staff
 * member), so the list ticks itself off as staff work and never needs to be dismissed.
 */
export async function loadGettingStarted(db: Db): Promise<GettingStartedDto> {
  const [row] = rowsOf<{ site_settings: boolean; brands: boolean; categories: boolean; import: boolean; staff: boolean }>(await db.execute(sql`select
    exists (select 1 from web_settings where content <> '') as site_settings,
    exists (select 1 from brands) as brands,
    exists (select 1 from categories) as categories,
    exists (select 1 from import_jobs where status = 'succeeded') as import,
    (select count(*) from staff where active) > 1 as staff`));
  if (!row) throw new Error('the getting-started query answered no row');
  return {
    steps: [
      { key: 'siteSettings', done: row.site_settings },
      { key: 'brands', done: row.brands },
      { key: 'categories', done: row.categories },
      { key: 'import', done: row.import },
      { key: 'staff', done: row.staff },
    ],
  };
}
