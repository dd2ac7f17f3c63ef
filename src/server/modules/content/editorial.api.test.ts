import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_ACTIONS, COMMENT_STATUSES, COMMENT_TRANSITIONS, type AdminCommentDto, type LinksDto } from '@/contracts/content-moderation';
import type { CommentPage, ContentDetail } from '@/contracts/content';
import type { ProductLinkedPageDto } from '@/contracts/product-detail';
import { rowsOf } from '@/server/db/client';
import { contentComments, contentItems, contentLinks, productArticles, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { writeProbe } from '../../../../test/db-writes';
import { transitionComment } from './comment-status';

const h = fileApiHarness({ products: 20 });
const matrix = authorisationMatrix(h);
const en = { 'accept-language': 'en' };
let admin: string;

beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
});

async function auditActions(entity: string, id: number): Promise<string[]> {
  const rows = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`));
  return rows.map((r) => r.action);
}

async function firstOf(kind: 'news' | 'application' | 'support', offset = 0): Promise<number> {
  const [row] = await h.db.db.select({ id: contentItems.id }).from(contentItems).where(and(eq(contentItems.kind, kind), eq(contentItems.status, 'published')))
    .orderBy(asc(contentItems.id)).limit(1).offset(offset);
  return row?.id as number;
}

/** A guest browser that chose a nickname: its cookies are kept between calls. */
async function commenter(nickname: string): Promise<(path: string, json: unknown) => Promise<{ status: number; data: unknown }>> {
  let cookie = '';
  const call = async (path: string, json: unknown) => {
    const res = await h.call('POST', path, { json, headers: cookie ? { cookie } : {} });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(/,(?=\s*\w+=)/).map((c) => c.split(';')[0]?.trim()).filter(Boolean).join('; ');
    return { status: res.status, data: res.body.data };
  };
  expect((await call('/api/cms/addUser', { nickname })).status).toBe(200);
  return call;
}

describe('comment transitions', () => {
  it('allows exactly the moves of the table and refuses every other with 409', () => {
    const legal: string[] = [];
    for (const from of COMMENT_STATUSES) {
      for (const action of COMMENT_ACTIONS) {
        const to = COMMENT_TRANSITIONS[from][action];
        if (to) {
          expect(transitionComment(from, action)).toBe(to);
          legal.push(`${from} -${action}-> ${to}`);
        } else {
          expect(() => transitionComment(from, action)).toThrow(expect.objectContaining({ code: 409 }));
        }
      }
    }
    expect(legal).toEqual([
      'pending -approve-> approved', 'pending -hide-> hidden', 'pending -reply-> approved',
      'approved -hide-> hidden', 'approved -reply-> approved',
      'hidden -approve-> approved',
    ]);
  });
});

describe('comment moderation', () => {
  it('holds a new comment until approved; the storefront then shows it with the staff reply; hiding takes it away', async () => {
    const id = await firstOf('support', 1);
    const c = await commenter('实验员小周');
    const added = await c('/api/cms/addComment', { id, body: '<b>溶解度</b>是多少？' });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ approved: false, reply: null, body: '溶解度是多少？' });
    const commentId = (added.data as { id: number }).id;
    const shown = async () => (await h.call('POST', '/api/cms/getComment', { json: { id } })).body.data as CommentPage;
    expect((await shown()).list.map((x) => x.id)).not.toContain(commentId);
    const detail = async () => (await h.call('POST', '/api/cms/getContentDetail', { json: { id } })).body.data as ContentDetail;
    const before = (await detail()).comments;

    const queue = await h.call('GET', '/api/admin/cms/comments?status=pending&key=溶解度', { token: admin });
    expect(queue.status).toBe(200);
    const row = (queue.body.data as { items: AdminCommentDto[]; pending: number }).items.find((x) => x.id === commentId);
    expect(row).toMatchObject({ status: 'pending', actions: ['approve', 'hide', 'reply'], contentId: id });

    const approved = await h.call('POST', `/api/admin/cms/comments/${commentId}/status`, { token: admin, json: { action: 'approve' } });
    expect(approved.status).toBe(200);
    expect((approved.body.data as AdminCommentDto).status).toBe('approved');
    expect((await shown()).list.find((x) => x.id === commentId)).toMatchObject({ approved: true, reply: null });
    expect((await detail()).comments).toBe(before + 1);

    const replied = await h.call('POST', `/api/admin/cms/comments/${commentId}/reply`, { token: admin, json: { reply: '<script>x</script>常温下约 50 mg/mL。' } });
    expect(replied.status).toBe(200);
    expect((await shown()).list.find((x) => x.id === commentId)?.reply).toMatchObject({ body: '常温下约 50 mg/mL。', staffName: expect.any(String) });

    const hidden = await h.call('POST', `/api/admin/cms/comments/${commentId}/status`, { token: admin, json: { action: 'hide' } });
    expect((hidden.body.data as AdminCommentDto).status).toBe('hidden');
    expect((await shown()).list.map((x) => x.id)).not.toContain(commentId);
    expect(await auditActions('comment', commentId)).toEqual(['approve', 'reply', 'hide']);
  });

  it('a reply approves a pending comment; an illegal move is refused with 409 and writes nothing', async () => {
    const id = await firstOf('support', 2);
    const c = await commenter('Lab user');
    const added = (await c('/api/cms/addComment', { id, body: 'Shelf life after opening?' })).data as { id: number };
    const replied = await h.call('POST', `/api/admin/cms/comments/${added.id}/reply`, { token: admin, json: { reply: 'Twelve months at 2–8 °C.' }, headers: en });
    expect((replied.body.data as AdminCommentDto).status).toBe('approved');
    const again = await h.call('POST', `/api/admin/cms/comments/${added.id}/status`, { token: admin, json: { action: 'approve' }, headers: en });
    expect(again.status).toBe(409);
    await h.call('POST', `/api/admin/cms/comments/${added.id}/status`, { token: admin, json: { action: 'hide' } });
    const replyHidden = await h.call('POST', `/api/admin/cms/comments/${added.id}/reply`, { token: admin, json: { reply: 'more' } });
    expect(replyHidden.status).toBe(409);
    const [stored] = await h.db.db.select().from(contentComments).where(eq(contentComments.id, added.id));
    expect(stored).toMatchObject({ status: 'hidden', reply: 'Twelve months at 2–8 °C.' });
  });

  it('lists the seeded comments in every state with filters and paging', async () => {
    const all = (await h.call('GET', '/api/admin/cms/comments?limit=50', { token: admin })).body.data as { total: number; pending: number; items: AdminCommentDto[] };
    expect(new Set(all.items.map((x) => x.status))).toEqual(new Set(['pending', 'approved', 'hidden']));
    expect(all.pending).toBeGreaterThan(0);
    const hidden = (await h.call('GET', '/api/admin/cms/comments?status=hidden', { token: admin })).body.data as { items: AdminCommentDto[] };
    expect(hidden.items.every((x) => x.status === 'hidden')).toBe(true);
    const one = (await h.call('GET', '/api/admin/cms/comments?limit=1&offset=2&sort=createdAt', { token: admin })).body.data as { total: number; items: AdminCommentDto[] };
    expect(one.items).toHaveLength(1);
    expect(one.total).toBe(all.total);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const [row] = await h.db.db.select({ id: contentComments.id }).from(contentComments).where(eq(contentComments.status, 'pending')).limit(1);
    const id = row?.id as number;
    const probe = await writeProbe(h.db.db);
    const before = await probe.snapshot();
    const badAction = await h.call('POST', `/api/admin/cms/comments/${id}/status`, { token: admin, json: { action: 'delete' }, headers: en });
    expect(badAction.status).toBe(400);
    expect(badAction.body.data).toEqual([{ field: 'action', message: expect.any(String) }]);
    const empty = await h.call('POST', `/api/admin/cms/comments/${id}/reply`, { token: admin, json: { reply: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([{ field: 'reply', message: '请输入回复内容' }]);
    expect((await h.call('POST', `/api/admin/cms/comments/${id}/reply`, { token: admin, json: { reply: 'x'.repeat(1001) } })).status).toBe(400);
    expect((await h.call('POST', '/api/admin/cms/comments/abc/status', { token: admin, json: { action: 'approve' } })).status).toBe(400);
    expect((await h.call('POST', '/api/admin/cms/comments/99999999/status', { token: admin, json: { action: 'approve' } })).status).toBe(404);
    expect((await h.call('GET', '/api/admin/cms/comments?status=gone', { token: admin })).status).toBe(400);
    expect(probe.changed(before, await probe.snapshot())).toEqual([]);
  });
});

describe('linked items', () => {
  it('links a Q&A entry to a case from either side, kept symmetric, and removes it from the other side', async () => {
    const caseId = await firstOf('application', 3);
    const qaId = await firstOf('support', 4);
    const added = await h.call('POST', `/api/admin/cms/links/content/${caseId}`, { token: admin, json: { target: 'content', targetId: qaId } });
    expect(added.status).toBe(200);
    expect((added.body.data as LinksDto).content.map((x) => x.id)).toContain(qaId);
    const other = (await h.call('GET', `/api/admin/cms/links/content/${qaId}`, { token: admin })).body.data as LinksDto;
    expect(other.content.map((x) => x.id)).toContain(caseId);
    const stored = await h.db.db.select().from(contentLinks).where(sql`(${contentLinks.contentId} = ${caseId} and ${contentLinks.linkedId} = ${qaId}) or (${contentLinks.contentId} = ${qaId} and ${contentLinks.linkedId} = ${caseId})`);
    expect(stored).toHaveLength(2);
    // Adding again changes nothing.
    await h.call('POST', `/api/admin/cms/links/content/${qaId}`, { token: admin, json: { target: 'content', targetId: caseId } });
    expect(await h.db.db.select().from(contentLinks).where(eq(contentLinks.contentId, caseId))).toHaveLength(1);
    const page = (await h.call('POST', '/api/cms/getContentDetail', { json: { id: caseId } })).body.data as ContentDetail;
    expect(page.linkedContent).toEqual([expect.objectContaining({ id: qaId, kind: 'support' })]);

    const removed = await h.call('DELETE', `/api/admin/cms/links/content/${qaId}`, { token: admin, json: { target: 'content', targetId: caseId } });
    expect(removed.status).toBe(200);
    expect((removed.body.data as LinksDto).content.map((x) => x.id)).not.toContain(caseId);
    expect(await h.db.db.select().from(contentLinks).where(sql`${contentLinks.contentId} in (${caseId}, ${qaId}) and ${contentLinks.linkedId} in (${caseId}, ${qaId})`)).toHaveLength(0);
    expect(await auditActions('contentLink', caseId)).toEqual(['link']);
    expect(await auditActions('contentLink', qaId)).toEqual(['unlink']);
    expect((await h.call('DELETE', `/api/admin/cms/links/content/${qaId}`, { token: admin, json: { target: 'content', targetId: caseId } })).status).toBe(404);
  });

  it('links a Q&A entry to a product: the product page lists it in its order, the Q&A page lists the product', async () => {
    const [product] = await h.db.db.select({ id: products.id, itemNo: products.itemNo }).from(products).where(eq(products.active, true)).orderBy(asc(products.id)).limit(1);
    const productId = product?.id as number;
    const qaId = await firstOf('support', 5);
    const newsId = await firstOf('news', 2);
    expect((await h.call('POST', `/api/admin/cms/links/product/${productId}`, { token: admin, json: { target: 'content', targetId: qaId } })).status).toBe(200);
    const fromContent = await h.call('POST', `/api/admin/cms/links/content/${newsId}`, { token: admin, json: { target: 'product', targetId: productId } });
    expect((fromContent.body.data as LinksDto).products.map((p) => p.id)).toContain(productId);
    const links = (await h.call('GET', `/api/admin/cms/links/product/${productId}`, { token: admin })).body.data as LinksDto;
    const ids = links.content.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([qaId, newsId]));

    const reversed = [...ids].reverse();
    const ordered = await h.call('PUT', `/api/admin/cms/links/product/${productId}/order`, { token: admin, json: { target: 'content', ids: reversed } });
    expect(ordered.status).toBe(200);
    expect((ordered.body.data as LinksDto).content.map((x) => x.id)).toEqual(reversed);
    const storefront = (await h.call('POST', '/api/web/product/linked/list', { json: { id: productId, type: 'article', limit: 50 } })).body.data as ProductLinkedPageDto;
    expect(storefront.list.map((x) => x.id)).toEqual(reversed.filter((id) => storefront.list.some((x) => x.id === id)));
    expect(storefront.list.map((x) => x.id)).toContain(qaId);
    const qaPage = (await h.call('POST', '/api/cms/getContentDetail', { json: { id: qaId } })).body.data as ContentDetail;
    expect(qaPage.linkedProducts).toEqual([expect.objectContaining({ id: productId, itemNo: product?.itemNo })]);

    // A stale order (not every linked id) is refused and changes nothing.
    expect((await h.call('PUT', `/api/admin/cms/links/product/${productId}/order`, { token: admin, json: { target: 'content', ids: [qaId] } })).status).toBe(409);
    expect((await h.call('DELETE', `/api/admin/cms/links/content/${qaId}`, { token: admin, json: { target: 'product', targetId: productId } })).status).toBe(200);
    expect(await h.db.db.select().from(productArticles).where(and(eq(productArticles.productId, productId), eq(productArticles.contentId, qaId)))).toHaveLength(0);
  });

  it('finds products by item number and content by title for the pickers', async () => {
    const [product] = await h.db.db.select({ id: products.id, itemNo: products.itemNo }).from(products).where(eq(products.active, true)).orderBy(asc(products.id)).limit(1);
    const found = (await h.call('GET', `/api/admin/cms/links/search?target=product&key=${encodeURIComponent(product?.itemNo ?? '')}`, { token: admin })).body.data as LinksDto;
    expect(found.products.map((p) => p.id)).toContain(product?.id);
    const [qa] = await h.db.db.select({ id: contentItems.id, titleZh: contentItems.titleZh }).from(contentItems).where(eq(contentItems.kind, 'support')).limit(1);
    const byTitle = (await h.call('GET', `/api/admin/cms/links/search?target=content&key=${encodeURIComponent((qa?.titleZh ?? '').slice(0, 6))}`, { token: admin })).body.data as LinksDto;
    expect(byTitle.content.map((x) => x.id)).toContain(qa?.id);
  });

  it('refuses bad input with 400 or 404, writing nothing', async () => {
    const caseId = await firstOf('application');
    const probe = await writeProbe(h.db.db);
    const before = await probe.snapshot();
    const self = await h.call('POST', `/api/admin/cms/links/content/${caseId}`, { token: admin, json: { target: 'content', targetId: caseId } });
    expect(self.status).toBe(400);
    expect(self.body.data).toEqual([{ field: 'targetId', message: '不能把内容与自身关联' }]);
    const badTarget = await h.call('POST', `/api/admin/cms/links/content/${caseId}`, { token: admin, json: { target: 'brand', targetId: 1 }, headers: en });
    expect(badTarget.status).toBe(400);
    expect(badTarget.body.data).toEqual([{ field: 'target', message: 'Choose a product or a content item to link' }]);
    expect((await h.call('POST', '/api/admin/cms/links/brand/1', { token: admin, json: { target: 'content', targetId: caseId } })).status).toBe(400);
    expect((await h.call('POST', `/api/admin/cms/links/content/${caseId}`, { token: admin, json: { target: 'content', targetId: 'x' } })).status).toBe(400);
    expect((await h.call('POST', `/api/admin/cms/links/content/${caseId}`, { token: admin, json: { target: 'content', targetId: 99999999 } })).status).toBe(404);
    expect((await h.call('POST', '/api/admin/cms/links/product/1', { token: admin, json: { target: 'product', targetId: 2 } })).status).toBe(400);
    expect((await h.call('PUT', `/api/admin/cms/links/content/${caseId}/order`, { token: admin, json: { target: 'content', ids: [] } })).status).toBe(400);
    expect((await h.call('GET', '/api/admin/cms/links/search?target=content&key=', { token: admin })).status).toBe(400);
    expect(probe.changed(before, await probe.snapshot())).toEqual([]);
  });
});

describe('authorisation', () => {
  it('lets staff who may edit content moderate and link; others get 401 or 403', async () => {
    const [row] = await h.db.db.select({ id: contentComments.id }).from(contentComments).where(eq(contentComments.status, 'pending')).limit(1);
    const commentId = row?.id as number;
    const caseId = await firstOf('application');
    const refused = { guest: 401, buyerA: 401, staffSales: 403 } as const;
    await matrix.expect([
      { method: 'GET', path: '/api/admin/cms/comments', expect: { ...refused, staffOps: 200, staffAdmin: 200 } },
      { method: 'POST', path: `/api/admin/cms/comments/${commentId}/status`, json: { action: 'approve' }, expect: refused },
      { method: 'POST', path: `/api/admin/cms/comments/${commentId}/reply`, json: { reply: 'hi' }, expect: refused },
      { method: 'GET', path: `/api/admin/cms/links/content/${caseId}`, expect: { ...refused, staffOps: 200 } },
      { method: 'GET', path: '/api/admin/cms/links/search?target=content&key=a', expect: { ...refused, staffOps: 200 } },
      { method: 'POST', path: `/api/admin/cms/links/content/${caseId}`, json: { target: 'product', targetId: 1 }, expect: refused },
      { method: 'DELETE', path: `/api/admin/cms/links/content/${caseId}`, json: { target: 'product', targetId: 1 }, expect: refused },
      { method: 'PUT', path: `/api/admin/cms/links/content/${caseId}/order`, json: { target: 'content', ids: [1] }, expect: refused },
    ]);
    const [still] = await h.db.db.select({ status: contentComments.status }).from(contentComments).where(eq(contentComments.id, commentId));
    expect(still?.status).toBe('pending');
  });
});
