import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { rowsOf } from '@/server/db/client';
import { fileTestDatabase } from '../../../../test/test-db';
const t = fileTestDatabase();
it('dumps', async () => {
  const a = rowsOf(await t.db.execute(sql`select entity, action, count(*)::int n from audit_log group by 1,2 order by 1,2`));
  const f = rowsOf(await t.db.execute(sql`select entity, k, count(*)::int n, min(coalesce(data->'changes'->k->>'to', data->'changes'->k->>'from')) ex from audit_log, jsonb_object_keys(coalesce(data->'changes','{}'::jsonb)) k group by 1,2 order by 1,2`));
  const n = rowsOf(await t.db.execute(sql`select entity, k, count(*)::int n, min(data->'note'->>k) ex from audit_log, jsonb_object_keys(coalesce(data->'note','{}'::jsonb)) k group by 1,2 order by 1,2`));
  writeFileSync('/tmp/audit-probe/out.json', JSON.stringify({ a, f, n }, null, 1));
});
