import 'server-only';
import type { Context } from 'hono';
import {
  adminCommentListInputSchema, adminCommentListSchema, adminCommentSchema, commentActionInputSchema, commentReplyInputSchema,
  linkCandidatesSchema, linkInputSchema, linkOrderInputSchema, linkOwnerParamSchema, linkSearchInputSchema, linksSchema,
} from '@/contracts/cms-admin';
import type { Permission } from '@/server/auth/permissions';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { listAdminComments, moderateComment } from './comments';
import { addLink, getLinks, orderLinks, removeLink, searchLinkCandidates, type LinkChange } from './links';

export const cmsAdminRouter = createRouter('/api/admin/cms');

const tags = ['admin: content'];
const guard: { audience: 'staff'; permissions: Permission[] } = { audience: 'staff', permissions: ['CONTENT.EDIT'] };
const actorOf = (c: Context<AppEnv>) => auditActorOf(c.get('actor'), clientInfo(c).ip);

// ---- comment moderation ------------------------------------------------------------------------

// GET /api/admin/cms/comments — the moderation queue: status filter, search, sort, one page
cmsAdminRouter.endpoint(
  { method: 'get', path: '/comments', tags, summary: 'List comments for moderation', input: adminCommentListInputSchema, output: adminCommentListSchema, ...guard },
  async (input, c) => listAdminComments(c.get('db'), input),
);

// POST /api/admin/cms/comments/:id/status — approve (shown on the storefront) or hide a comment
cmsAdminRouter.endpoint(
  {
    method: 'post', path: '/comments/:id/status', tags, summary: 'Approve or hide a comment', input: commentActionInputSchema, output: adminCommentSchema, ...guard,
    description: 'Through the comment transition table (409 `commentTransitionInvalid` for a move it does not allow); audited.',
  },
  async (input, c) => {
    const { comment } = await moderateComment(c.get('db'), { actor: actorOf(c), id: input.id, action: input.action });
    revalidateStorefront('content');
    return comment;
  },
);

// POST /api/admin/cms/comments/:id/reply — a staff reply shown under the comment (approves a pending one)
cmsAdminRouter.endpoint(
  { method: 'post', path: '/comments/:id/reply', tags, summary: 'Reply to a comment', input: commentReplyInputSchema, output: adminCommentSchema, ...guard },
  async (input, c) => {
    const { comment } = await moderateComment(c.get('db'), { actor: actorOf(c), id: input.id, action: 'reply', reply: input.reply });
    revalidateStorefront('content');
    return comment;
  },
);

// ---- linked items ------------------------------------------------------------------------------

function revalidateLinks(change: LinkChange): void {
  revalidateStorefront('content', ...change.productIds.map((product) => ({ product })));
}

// GET /api/admin/cms/links/search — products by item number or name, or content items by title, for a picker
cmsAdminRouter.endpoint(
  { method: 'get', path: '/links/search', tags, summary: 'Find products or content items to link', input: linkSearchInputSchema, output: linkCandidatesSchema, ...guard },
  async (input, c) => searchLinkCandidates(c.get('db'), input),
);

// GET /api/admin/cms/links/:owner/:id — the products and content linked to a product or a content item
cmsAdminRouter.endpoint(
  { method: 'get', path: '/links/:owner/:id', tags, summary: 'Links of a product or content item', input: linkOwnerParamSchema, output: linksSchema, ...guard },
  async (input, c) => getLinks(c.get('db'), { owner: input.owner, id: input.id }),
);

// POST /api/admin/cms/links/:owner/:id — link a product or content item to this one (both sides see it)
cmsAdminRouter.endpoint(
  { method: 'post', path: '/links/:owner/:id', tags, summary: 'Add a link', input: linkInputSchema, output: linksSchema, ...guard },
  async (input, c) => {
    const ref = { owner: input.owner, id: input.id };
    revalidateLinks(await addLink(c.get('db'), { actor: actorOf(c), ref, target: input.target, targetId: input.targetId }));
    return getLinks(c.get('db'), ref);
  },
);

// DELETE /api/admin/cms/links/:owner/:id — remove a link (from both sides)
cmsAdminRouter.endpoint(
  { method: 'delete', path: '/links/:owner/:id', tags, summary: 'Remove a link', input: linkInputSchema, output: linksSchema, ...guard },
  async (input, c) => {
    const ref = { owner: input.owner, id: input.id };
    revalidateLinks(await removeLink(c.get('db'), { actor: actorOf(c), ref, target: input.target, targetId: input.targetId }));
    return getLinks(c.get('db'), ref);
  },
);

// PUT /api/admin/cms/links/:owner/:id/order — the order this side shows its linked content in
cmsAdminRouter.endpoint(
  { method: 'put', path: '/links/:owner/:id/order', tags, summary: 'Order the linked content of a product or content item', input: linkOrderInputSchema, output: linksSchema, ...guard },
  async (input, c) => {
    const ref = { owner: input.owner, id: input.id };
    revalidateLinks(await orderLinks(c.get('db'), { actor: actorOf(c), ref, target: input.target, ids: input.ids }));
    return getLinks(c.get('db'), ref);
  },
);
