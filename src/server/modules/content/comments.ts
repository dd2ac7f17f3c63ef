import 'server-only';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { CommentDto, CommentPage } from '@/contracts/content';
import type { Db } from '@/server/db/client';
import { cmsUsers, contentComments, contentItems, contentTips } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { toPlainText } from '@/server/modules/content/sanitize';
import { getRateLimits } from '@/server/modules/rate-limit/limits';
import { LIKES_PER_ADDRESS_ITEM } from '@/server/modules/rate-limit/policies';

/**
 * Comment rate limits, kept in PostgreSQL so every app instance sees the same counts: per visitor
 * and per client address (a script that drops its cookie is still one address), and per item.
 */
export const COMMENT_LIMITS = { minIntervalMs: 15_000, windowMs: 10 * 60_000, perWindow: 5, perAddressPerWindow: 10, perItemPerWindow: 30 } as const;

/**
 * Who is acting on content: a signed-in customer, or a browser known by its visitor cookie; and
 * the client address ('' when unknown).
 */
export type ContentActor = { visitorId: string; ip: string; user: { id: number; name: string } | null };

async function requireContent(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: contentItems.id }).from(contentItems).where(and(eq(contentItems.id, id), eq(contentItems.status, 'published')));
  if (!row) throw new AppError(404, 'contentNotFound');
}

async function countTips(db: Db, contentId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contentTips).where(eq(contentTips.contentId, contentId));
  return Number(row?.n ?? 0);
}

/**
 * Likes an item once per visitor (a signed-in customer counts once whatever the browser). Visitors
 * without an account count at most LIKES_PER_ADDRESS_ITEM times a day per address and item, so a
 * client that drops its cookie cannot inflate the figure; past that the like is simply not counted.
 */
export async function addTip(db: Db, params: { contentId: number; actor: ContentActor }): Promise<{ tips: number; counted: boolean }> {
  await requireContent(db, params.contentId);
  const voterKey = params.actor.user ? `u:${params.actor.user.id}` : `v:${params.actor.visitorId}`;
  const [already] = await db
    .select({ key: contentTips.voterKey })
    .from(contentTips)
    .where(and(eq(contentTips.contentId, params.contentId), eq(contentTips.voterKey, voterKey)));
  const capped = !already && !params.actor.user && params.actor.ip !== ''
    && (await getRateLimits().take(LIKES_PER_ADDRESS_ITEM, `${params.actor.ip}|${params.contentId}`)) > 0;
  if (already || capped) return { tips: await countTips(db, params.contentId), counted: false };
  const inserted = await db.insert(contentTips).values({ contentId: params.contentId, voterKey }).onConflictDoNothing().returning({ key: contentTips.voterKey });
  return { tips: await countTips(db, params.contentId), counted: inserted.length > 0 };
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
 * Stores a comment as plain text (`toPlainText`), pending: the storefront shows it once staff approve
 * it (ADR 0036). Needs a signed-in customer or
 * a visitor who chose a name; limited to one every 15 s and five per 10 minutes per visitor, one
 * every 15 s and ten per 10 minutes per client address, and 30 per 10 minutes on one item.
 */
export async function addComment(db: Db, params: { contentId: number; body: string; actor: ContentActor; now: Date }): Promise<CommentDto> {
  const body = toPlainText(params.body).slice(0, 500);
  if (body.length < 2) throw new AppError(400, 'commentEmpty');
  await requireContent(db, params.contentId);
  const cmsUser = params.actor.user ? null : await findCmsUser(db, { visitorId: params.actor.visitorId });
  if (!params.actor.user && !cmsUser) throw new AppError(400, 'nicknameRequired');
  const author = params.actor.user?.name ?? cmsUser?.nickname ?? '';

  const windowStart = new Date(params.now.getTime() - COMMENT_LIMITS.windowMs);
  // The latest comments of this visitor or this address: the first rows of either kind decide.
  const { visitorId, ip } = params.actor;
  const recent = await db
    .select({ createdAt: contentComments.createdAt, visitorId: contentComments.visitorId, ip: contentComments.ip })
    .from(contentComments)
    .where(and(
      ip ? or(eq(contentComments.visitorId, visitorId), eq(contentComments.ip, ip)) : eq(contentComments.visitorId, visitorId),
      gt(contentComments.createdAt, windowStart),
    ))
    .orderBy(desc(contentComments.createdAt))
    .limit(COMMENT_LIMITS.perWindow + COMMENT_LIMITS.perAddressPerWindow);
  const tooFast = (rows: typeof recent, cap: number) =>
    rows.length >= cap || (rows[0] !== undefined && params.now.getTime() - rows[0].createdAt.getTime() < COMMENT_LIMITS.minIntervalMs);
  if (tooFast(recent.filter((r) => r.visitorId === visitorId), COMMENT_LIMITS.perWindow)
    || (ip && tooFast(recent.filter((r) => r.ip === ip), COMMENT_LIMITS.perAddressPerWindow))) {
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
      visitorId,
      ip,
      authorName: author,
      body,
      status: 'pending',
      createdAt: params.now,
    })
    .returning();
  if (!row) throw new AppError(500);
  return { id: row.id, author: row.authorName, body: row.body, createdAt: row.createdAt.toISOString(), approved: false, reply: null };
}

/** The approved comments of an item with the shop's replies, newest first (through `content_comments_shown_idx`). */
export async function listComments(db: Db, params: { contentId: number; limit: number; offset: number }): Promise<CommentPage> {
  await requireContent(db, params.contentId);
  const shown = and(eq(contentComments.contentId, params.contentId), eq(contentComments.status, 'approved'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: contentComments.id, author: contentComments.authorName, body: contentComments.body, createdAt: contentComments.createdAt,
        reply: contentComments.reply, replyStaffName: contentComments.replyStaffName, repliedAt: contentComments.repliedAt,
      })
      .from(contentComments)
      .where(shown)
      .orderBy(desc(contentComments.createdAt), desc(contentComments.id))
      .limit(params.limit)
      .offset((params.offset - 1) * params.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(contentComments).where(shown),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id, author: r.author, body: r.body, createdAt: r.createdAt.toISOString(), approved: true,
      reply: r.reply ? { body: r.reply, staffName: r.replyStaffName ?? '', at: (r.repliedAt ?? r.createdAt).toISOString() } : null,
    })),
    total: Number(total?.n ?? 0),
    limit: params.limit,
    offset: params.offset,
  };
}
