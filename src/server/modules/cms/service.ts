import 'server-only';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { CommentDto, CommentPage } from '@/contracts/content';
import type { Db } from '@/server/db/client';
import { cmsUsers, contentComments, contentItems, contentTips } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
import { toPlainText } from '@/server/modules/content/sanitize';

/** Comment rate limits, kept in PostgreSQL so every app instance sees the same counts. */
export const COMMENT_LIMITS = { minIntervalMs: 15_000, windowMs: 10 * 60_000, perWindow: 5, perItemPerWindow: 30 } as const;

/** Who is acting on content: a signed-in customer, or a browser known by its visitor cookie. */
export type ContentActor = { visitorId: string; user: { id: number; name: string } | null };

async function requireContent(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.id, id));
  if (!row) throw new AppError(404, 'contentNotFound');
}

/** Likes an item once per visitor (a signed-in customer counts once whatever the browser). */
export async function addTip(db: Db, params: { contentId: number; actor: ContentActor }): Promise<{ tips: number; counted: boolean }> {
  await requireContent(db, params.contentId);
  const voterKey = params.actor.user ? `u:${params.actor.user.id}` : `v:${params.actor.visitorId}`;
  const inserted = await db.insert(contentTips).values({ contentId: params.contentId, voterKey }).onConflictDoNothing().returning({ key: contentTips.voterKey });
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contentTips).where(eq(contentTips.contentId, params.contentId));
  return { tips: Number(row?.n ?? 0), counted: inserted.length > 0 };
}

/** The name a visitor comments under (addUser): created once per visitor cookie, renamed on a second call. */
export async function saveCmsUser(db: Db, params: { visitorId: string; nickname: string; email?: string }): Promise<{ id: number; nickname: string }> {
  const nickname = toPlainText(params.nickname).slice(0, 20);
  if (nickname.length < 2) throw new AppError(400, 'nicknameInvalid');
  const [row] = await db
    .insert(cmsUsers)
    .values({ visitorId: params.visitorId, nickname, email: params.email ?? null })
    .onConflictDoUpdate({ target: cmsUsers.visitorId, set: { nickname, email: params.email ?? null, updatedAt: new Date() } })
    .returning({ id: cmsUsers.id, nickname: cmsUsers.nickname });
  if (!row) throw new AppError(500);
  return row;
}

export async function findCmsUser(db: Db, params: { visitorId: string }): Promise<{ id: number; nickname: string } | null> {
  const [row] = await db.select({ id: cmsUsers.id, nickname: cmsUsers.nickname }).from(cmsUsers).where(eq(cmsUsers.visitorId, params.visitorId));
  return row ?? null;
}

/**
 * Stores a comment as plain text (tags removed), visible at once. Needs a signed-in customer or
 * a visitor who chose a name; limited to one every 15 s and five per 10 minutes per visitor, and
 * 30 per 10 minutes on one item.
 */
export async function addComment(db: Db, params: { contentId: number; body: string; actor: ContentActor; now: Date }): Promise<CommentDto> {
  const body = toPlainText(params.body).slice(0, 500);
  if (body.length < 2) throw new AppError(400, 'commentEmpty');
  await requireContent(db, params.contentId);
  const cmsUser = params.actor.user ? null : await findCmsUser(db, { visitorId: params.actor.visitorId });
  if (!params.actor.user && !cmsUser) throw new AppError(400, 'nicknameRequired');
  const author = params.actor.user?.name ?? cmsUser?.nickname ?? '';

  const windowStart = new Date(params.now.getTime() - COMMENT_LIMITS.windowMs);
  const recent = await db
    .select({ createdAt: contentComments.createdAt })
    .from(contentComments)
    .where(and(eq(contentComments.visitorId, params.actor.visitorId), gt(contentComments.createdAt, windowStart)))
    .orderBy(desc(contentComments.createdAt))
    .limit(COMMENT_LIMITS.perWindow);
  const last = recent[0]?.createdAt;
  if (recent.length >= COMMENT_LIMITS.perWindow || (last && params.now.getTime() - last.getTime() < COMMENT_LIMITS.minIntervalMs)) {
    throw new AppError(429, 'commentTooFast');
  }
  // A backstop against scripts that drop the visitor cookie: a cap per item and window, whoever writes.
  const [onItem] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contentComments)
    .where(and(eq(contentComments.contentId, params.contentId), gt(contentComments.createdAt, windowStart)));
  if (Number(onItem?.n ?? 0) >= COMMENT_LIMITS.perItemPerWindow) throw new AppError(429, 'commentTooFast');
  const [row] = await db
    .insert(contentComments)
    .values({
      contentId: params.contentId,
      cmsUserId: cmsUser?.id ?? null,
      userId: params.actor.user?.id ?? null,
      visitorId: params.actor.visitorId,
      authorName: author,
      body,
      createdAt: params.now,
    })
    .returning();
  if (!row) throw new AppError(500);
  return { id: row.id, author: row.authorName, body: row.body, createdAt: row.createdAt.toISOString() };
}

/** Comments of an item, newest first. */
export async function listComments(db: Db, params: { contentId: number; limit: number; offset: number }): Promise<CommentPage> {
  await requireContent(db, params.contentId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: contentComments.id, author: contentComments.authorName, body: contentComments.body, createdAt: contentComments.createdAt })
      .from(contentComments)
      .where(eq(contentComments.contentId, params.contentId))
      .orderBy(desc(contentComments.createdAt), desc(contentComments.id))
      .limit(params.limit)
      .offset((params.offset - 1) * params.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(contentComments).where(eq(contentComments.contentId, params.contentId)),
  ]);
  return {
    list: rows.map((r) => ({ id: r.id, author: r.author, body: r.body, createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    limit: params.limit,
    offset: params.offset,
  };
}
