import 'server-only';

/** Rows per INSERT: far below PostgreSQL's 65,535 bind parameters even for the widest table. */
export const BATCH_SIZE = 500;

export function chunk<T>(rows: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<number> {
  for (const batch of chunk(rows)) await insert(batch);
  return rows.length;
}
