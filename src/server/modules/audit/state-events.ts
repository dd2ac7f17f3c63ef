import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';

/** One row of a record's history as its page shows it: who did what, and the state it moved between. */
export interface StateEvent {
  at: string;
  action: string;
  who: string;
  from: string | null;
  to: string | null;
  comment: string;
}

/** A record's newest 100 audit rows (quotations, price agreements), with the state change and comment each carries. */
export async function stateEvents(db: Db, entity: string, id: number): Promise<StateEvent[]> {
  const rows = rowsOf<{ created_at: string | Date; action: string; actor_name: string; data: { changes?: Record<string, { from: unknown; to: unknown }>; note?: Record<string, unknown> } }>(
    await db.execute(sql`select created_at, action, actor_name, data from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id desc limit 100`));
  return rows.map((r) => {
    const state = r.data.changes?.state;
    const comment = r.data.note?.comment;
    return {
      at: new Date(r.created_at).toISOString(), action: r.action, who: r.actor_name,
      from: typeof state?.from === 'string' ? state.from : null, to: typeof state?.to === 'string' ? state.to : null, comment: typeof comment === 'string' ? comment : '',
    };
  });
}
