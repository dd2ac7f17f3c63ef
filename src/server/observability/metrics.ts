import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import { rowsOf, type Db } from '@/server/db/client';
import { observability } from './observability';

const KEY = Symbol.for('reagent.observability.database');

/** Database gauges, filled at each scrape: reachable, round-trip time, the pool's size, the queues' depth. */
function databaseGauges() {
  const holder = globalThis as unknown as Record<symbol, ReturnType<typeof create> | undefined>;
  const created = holder[KEY] ?? create();
  holder[KEY] = created;
  return created;
}

function create() {
  const registers = [observability().registry];
  return {
    up: new client.Gauge({ name: 'reagent_db_up', help: '1 when the database answered the scrape’s round trip', registers }),
    ping: new client.Gauge({ name: 'reagent_db_ping_seconds', help: 'Time of the scrape’s database round trip', registers }),
    pool: new client.Gauge({ name: 'reagent_db_pool_max_connections', help: 'PostgreSQL connections the process may open (DATABASE_POOL_SIZE; 1 for embedded PGlite)', registers }),
    depth: new client.Gauge({ name: 'reagent_queue_depth', help: 'Work waiting, by queue: catalogue import jobs queued or running; approval steps waiting for a decision', labelNames: ['queue'], registers }),
    oldest: new client.Gauge({ name: 'reagent_queue_oldest_seconds', help: 'Age of the oldest waiting item, by queue (0 when none waits)', labelNames: ['queue'], registers }),
  };
}

/** The queues' depth and oldest age, read in one statement through their partial indexes. */
async function readQueues(db: Db, gauges: ReturnType<typeof create>): Promise<void> {
  const rows = rowsOf<{ queue: string; depth: number; oldest: number | null }>(await db.execute(sql`
    select 'catalogue_import' as queue, count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest
      from import_jobs where status in ('queued', 'running')
    union all
    select 'approval_steps', count(*)::int, extract(epoch from now() - min(activated_at))::float8
      from staff_approval_steps where status = 'pending'`));
  for (const row of rows) {
    gauges.depth.set({ queue: row.queue }, Number(row.depth));
    gauges.oldest.set({ queue: row.queue }, Math.max(0, Number(row.oldest ?? 0)));
  }
}

/** The metrics in Prometheus's text format, after a database round trip. */
export async function metricsText(db: Db): Promise<{ contentType: string; text: string }> {
  const gauges = databaseGauges();
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    gauges.up.set(1);
    await readQueues(db, gauges);
  } catch {
    gauges.up.set(0);
  }
  gauges.ping.set((performance.now() - started) / 1000);
  gauges.pool.set(process.env.DATABASE_URL ? Number(process.env.DATABASE_POOL_SIZE ?? 10) : 1);
  const registry = observability().registry;
  return { contentType: registry.contentType, text: await registry.metrics() };
}

/** `Authorization: Bearer <token>` (or the bare token), compared in constant time. */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from((header ?? '').replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
