import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentComments, contentItems, contentLinks } from '@/server/db/schema';
import { BASE_DATE } from './random';

/**
 * Demo comments in each moderation state (ADR 0036) on the newest news item, one answered by the
 * shop; and an application case linked both ways to the first two Q&A entries.
 */
export async function seedCommentsAndLinks(db: Db): Promise<{ comments: number; contentLinks: number }> {
  const [news] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, 'news')).orderBy(desc(contentItems.id)).limit(1);
  const [caseItem] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, 'application')).orderBy(asc(contentItems.id)).limit(1);
  const qa = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, 'support')).orderBy(asc(contentItems.id)).limit(2);
  let comments = 0;
  if (news) {
    const at = (hours: number) => new Date(BASE_DATE.getTime() + hours * 3_600_000);
    const rows = [
      { authorName: '复旦课题组王老师', body: '这批试剂纯度很稳定，实验重复性很好。', status: 'approved' as const, reply: '感谢王老师的反馈！如需批次 COA 可随时在资源中心查询。', replyStaffName: '运营小张', repliedAt: at(30), createdAt: at(24) },
      { authorName: 'Lab manager', body: 'Is dry-ice shipping available to Chengdu?', status: 'pending' as const, reply: null, replyStaffName: null, repliedAt: null, createdAt: at(48) },
      { authorName: '推广账号', body: '低价代购各类试剂，加微信联系。', status: 'hidden' as const, reply: null, replyStaffName: null, repliedAt: null, createdAt: at(50) },
    ];
    await db.insert(contentComments).values(rows.map((r, i) => ({ ...r, contentId: news.id, visitorId: `seed-comment-${i}`, moderatedAt: r.status === 'pending' ? null : r.createdAt })));
    comments = rows.length;
  }
  const links = caseItem ? qa.flatMap((q, i) => [
    { contentId: caseItem.id, linkedId: q.id, sort: i + 1 },
    { contentId: q.id, linkedId: caseItem.id, sort: 1 },
  ]) : [];
  if (links.length) await db.insert(contentLinks).values(links);
  return { comments, contentLinks: links.length };
}
