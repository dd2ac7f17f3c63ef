import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { SavedViewDto } from '@/contracts/customers';
import type { Db } from '@/server/db/client';
import { savedViews } from '@/server/db/schema';
import { AppError } from '@/server/errors';

const toDto = (r: typeof savedViews.$inferSelect): SavedViewDto => ({ id: r.id, listKey: r.listKey, name: r.name, query: r.query, createdAt: r.createdAt.toISOString() });

/** A member's own saved views of one list, by name. */
export async function listSavedViews(db: Db, staffId: number, listKey: string): Promise<SavedViewDto[]> {
  const rows = await db.select().from(savedViews).where(and(eq(savedViews.staffId, staffId), eq(savedViews.listKey, listKey))).orderBy(asc(savedViews.name)).limit(100);
  return rows.map(toDto);
}

/** Saves a view under a name, replacing the member's view of that name. */
export async function saveView(db: Db, staffId: number, input: { listKey: string; name: string; query: Record<string, string> }): Promise<SavedViewDto> {
  const [row] = await db.insert(savedViews).values({ staffId, ...input })
    .onConflictDoUpdate({ target: [savedViews.staffId, savedViews.listKey, savedViews.name], set: { query: input.query } })
    .returning();
  if (!row) throw new Error('Saved view was not written');
  return toDto(row);
}

/** Deletes one of the member's own views (another member's answers 404, as one that does not exist). */
export async function deleteSavedView(db: Db, staffId: number, id: number): Promise<void> {
  const [row] = await db.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.staffId, staffId))).returning({ id: savedViews.id });
  if (!row) throw new AppError(404, 'crmSavedViewNotFound');
}
