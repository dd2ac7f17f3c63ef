import 'server-only';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCommentDto, AdminCommentListInput, CommentAction } from '@/contracts/content-moderation';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { contentComments, contentItems } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { toPlainText } from '@/server/modules/content/sanitize';
import { commentActions, commentStatusOf, transitionComment } from './comment-status';

const columns = {
  id: contentComments.id, contentId: contentComments.contentId, contentKind: contentItems.kind,
  contentTitleZh: contentItems.titleZh, contentTitleEn: contentItems.titleEn, author: contentComments.authorName,
  body: contentComments.body, status: contentComments.status, reply: contentComments.reply,
  replyStaffName: contentComments.replyStaffName, repliedAt: contentComments.repliedAt, createdAt: contentComments.createdAt,
};

interface Row {
  id: number; contentId: number; contentKind: string; contentTitleZh: string; contentTitleEn: string; author: string; body: string;
  status: string; reply: string | null; replyStaffName: string | null; repliedAt: Date | null; createdAt: Date;
}

function toDto(r: Row): AdminCommentDto {
  const status = commentStatusOf(r.status);
  return {
    id: r.id, contentId: r.contentId, contentKind: r.contentKind, contentTitleZh: r.contentTitleZh, contentTitleEn: r.contentTitleEn,
    author: r.author, body: r.body, status, reply: r.reply, replyStaffName: r.replyStaffName,
    repliedAt: r.repliedAt ? r.repliedAt.toISOString() : null, createdAt: r.createdAt.toISOString(), actions: commentActions(status),
  };
}

/**
 * The moderation queue (ADR 0036): comments of every item with a status filter and a search over the
 * comment, its author and the item's titles, newest or oldest first, one page; with the number of
 * comments waiting for a decision.
 */
export async function listAdminComments(db: Db, input: AdminCommentListInput): Promise<{ total: number; pending: number; items: AdminCommentDto[] }> {
  const where: SQL[] = [];
  if (input.status) where.push(eq(contentComments.status, input.status));
  if (input.key) {
    const like = `%${escapeLike(input.key)}%`;
    const match = or(ilike(contentComments.body, like), ilike(contentComments.authorName, like), ilike(contentItems.titleZh, like), ilike(contentItems.titleEn, like));
    if (match) where.push(match);
  }
  const order = input.sort === 'createdAt' ? [asc(contentComments.createdAt), asc(contentComments.id)] : [desc(contentComments.createdAt), desc(contentComments.id)];
  const [rows, [total], [pending]] = await Promise.all([
    db.select(columns).from(contentComments).innerJoin(contentItems, eq(contentItems.id, contentComments.contentId))
      .where(and(...where)).orderBy(...order).limit(input.limit).offset((input.offset - 1) * input.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(contentComments).innerJoin(contentItems, eq(contentItems.id, contentComments.contentId)).where(and(...where)),
    db.select({ n: sql<number>`count(*)::int` }).from(contentComments).where(eq(contentComments.status, 'pending')),
  ]);
  return { total: Number(total?.n ?? 0), pending: Number(pending?.n ?? 0), items: rows.map(toDto) };
}

async function loadComment(db: Db, id: number): Promise<AdminCommentDto> {
  const [row] = await db.select(columns).from(contentComments).innerJoin(contentItems, eq(contentItems.id, contentComments.contentId)).where(eq(contentComments.id, id));
  if (!row) throw new AppError(404, 'commentNotFound');
  return toDto(row);
}

/**
 * Approves, hides or answers a comment through the transition function, audited in the same
 * transaction. A reply (plain text) is shown under the comment on the storefront and approves a
 * pending comment; answering again replaces the reply.
 */
export async function moderateComment(
  db: Db,
  params: { actor: AuditActor; id: number; action: CommentAction; reply?: string },
): Promise<{ comment: AdminCommentDto; contentId: number }> {
  const reply = params.action === 'reply' ? toPlainText(params.reply ?? '').slice(0, 1000) : undefined;
  if (params.action === 'reply' && !reply) throw new AppError(400, 'badRequest', [{ field: 'reply', message: 'commentReplyRequired' }]);
  const contentId = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: contentComments.status, contentId: contentComments.contentId, reply: contentComments.reply })
      .from(contentComments).where(eq(contentComments.id, params.id)).for('update');
    if (!row) throw new AppError(404, 'commentNotFound');
    const from = commentStatusOf(row.status);
    const to = transitionComment(from, params.action);
    const now = new Date();
    await tx.update(contentComments).set({
      status: to,
      moderatedAt: now,
      ...(reply !== undefined ? { reply, replyStaffName: params.actor.name, repliedAt: now } : {}),
    }).where(eq(contentComments.id, params.id));
    await recordAudit(tx, params.actor, {
      action: params.action, entity: 'comment', entityId: params.id,
      before: { status: from, ...(reply !== undefined ? { reply: row.reply } : {}) },
      after: { status: to, ...(reply !== undefined ? { reply } : {}) },
    });
    return row.contentId;
  });
  return { comment: await loadComment(db, params.id), contentId };
}
