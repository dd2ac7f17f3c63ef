import 'server-only';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { LISTS_PER_USER_MAX, type ListSummaryDto } from '@/contracts/requisition-lists';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/errors';
import { requisitionListLines, requisitionLists, users, type RequisitionList } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { mayEditList, mayViewList, type ListUser } from './rules';

const nameTaken = () => new AppError(409, 'listNameTaken', [{ field: 'name', message: 'listNameTaken' }]);

/**
 * One list the user may see, for `need`: `view`, or a change of its `lines` or `settings` (mayEditList).
 * Another company's list, or a private list of someone else, does not exist for them (404); one they
 * see but may not change answers 403. With `lock`, the row is locked for the transaction.
 */
export async function loadList(db: Db, user: ListUser, id: number, need: 'view' | 'lines' | 'settings', lock = false): Promise<RequisitionList> {
  const query = db.select().from(requisitionLists).where(and(eq(requisitionLists.id, id), eq(requisitionLists.companyId, user.companyId)));
  const [list] = lock ? await query.for('update') : await query;
  if (!list || !mayViewList(user, list)) throw new AppError(404, 'listNotFound');
  if (need !== 'view' && !mayEditList(user, list, need)) throw new AppError(403, 'listForbidden');
  return list;
}

function summary(user: ListUser, l: RequisitionList & { ownerName: string; lineCount: number }): ListSummaryDto {
  return {
    id: l.id, name: l.name, shared: l.shared, ownerName: l.ownerName, mine: l.ownerId === user.userId,
    canEdit: mayEditList(user, l, 'lines'), canManage: mayEditList(user, l, 'settings'), lineCount: l.lineCount, updatedAt: l.updatedAt.toISOString(),
  };
}

const lineCount = sql<number>`(select count(*)::int from ${requisitionListLines} where ${requisitionListLines.listId} = ${requisitionLists.id})`;

async function summaries(db: Db, user: ListUser, where: ReturnType<typeof and>): Promise<ListSummaryDto[]> {
  const rows = await db
    .select({ list: requisitionLists, ownerName: users.name, lineCount })
    .from(requisitionLists)
    .innerJoin(users, eq(users.id, requisitionLists.ownerId))
    .where(where)
    .orderBy(desc(requisitionLists.updatedAt), desc(requisitionLists.id));
  return rows.map((r) => summary(user, { ...r.list, ownerName: r.ownerName, lineCount: Number(r.lineCount) }));
}

/** The user's own lists and the lists shared with their company, most recently changed first, with their line counts. */
export async function listLists(db: Db, user: ListUser): Promise<ListSummaryDto[]> {
  return summaries(db, user, and(eq(requisitionLists.companyId, user.companyId), or(eq(requisitionLists.ownerId, user.userId), eq(requisitionLists.shared, true))));
}

export async function listSummary(db: Db, user: ListUser, id: number): Promise<ListSummaryDto> {
  const [one] = await summaries(db, user, and(eq(requisitionLists.id, id), eq(requisitionLists.companyId, user.companyId)));
  if (!one) throw new AppError(404, 'listNotFound');
  return one;
}

async function assertRoom(db: Db, user: ListUser): Promise<void> {
  const [row] = await db.select({ n: count() }).from(requisitionLists).where(eq(requisitionLists.ownerId, user.userId));
  if (Number(row?.n ?? 0) >= LISTS_PER_USER_MAX) throw new AppError(409, 'listTooMany');
}

/** A new empty list of the user's; a name they already use answers 409. */
export async function createList(db: Db, user: ListUser, params: { name: string; shared: boolean }): Promise<ListSummaryDto> {
  await assertRoom(db, user);
  try {
    const [made] = await db.insert(requisitionLists).values({ companyId: user.companyId, ownerId: user.userId, name: params.name, shared: params.shared }).returning({ id: requisitionLists.id });
    if (!made) throw new AppError(500);
    return listSummary(db, user, made.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Renames a list, or shares or unshares it (its settings: mayEditList). */
export async function updateList(db: Db, user: ListUser, params: { id: number; name?: string; shared?: boolean }): Promise<ListSummaryDto> {
  await loadList(db, user, params.id, 'settings');
  try {
    await db.update(requisitionLists)
      .set({ ...(params.name !== undefined ? { name: params.name } : {}), ...(params.shared !== undefined ? { shared: params.shared } : {}), updatedAt: sql`now()` })
      .where(and(eq(requisitionLists.id, params.id), eq(requisitionLists.companyId, user.companyId)));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return listSummary(db, user, params.id);
}

/** Deletes a list with its lines. */
export async function deleteList(db: Db, user: ListUser, id: number): Promise<void> {
  await loadList(db, user, id, 'settings');
  await db.delete(requisitionLists).where(and(eq(requisitionLists.id, id), eq(requisitionLists.companyId, user.companyId)));
}

/** A copy of a list the user sees, as a new list of theirs with every line (and its snapshot), in one transaction. */
export async function copyList(db: Db, user: ListUser, params: { id: number; name: string; shared: boolean }): Promise<ListSummaryDto> {
  await loadList(db, user, params.id, 'view');
  await assertRoom(db, user);
  try {
    const id = await db.transaction(async (tx) => {
      const [made] = await tx.insert(requisitionLists).values({ companyId: user.companyId, ownerId: user.userId, name: params.name, shared: params.shared }).returning({ id: requisitionLists.id });
      if (!made) throw new AppError(500);
      await tx.execute(sql`
        insert into requisition_list_lines (list_id, product_id, pack_id, num, note, sort, item_no, name_zh, name_en, size_added, price_added, added_at)
        select ${made.id}, product_id, pack_id, num, note, sort, item_no, name_zh, name_en, size_added, price_added, added_at
        from requisition_list_lines where list_id = ${params.id} order by sort, id`);
      return made.id;
    });
    return listSummary(db, user, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}
