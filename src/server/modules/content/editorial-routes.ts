import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { aboutInputSchema, aboutPreviewInputSchema, aboutPreviewSchema, aboutSchema } from '@/contracts/content-editing';
import {
  adminCommentListInputSchema, adminCommentListSchema, adminCommentSchema, commentActionInputSchema,
  commentReplyInputSchema, linkCandidatesSchema, linkInputSchema, linkOrderInputSchema, linkOwnerParamSchema,
  linkSearchInputSchema, linksSchema,
} from '@/contracts/content-moderation';
import {
  adminCategoryListInputSchema, adminContentCategoryInputSchema, adminContentCategorySchema, adminTagInputSchema,
  adminTagListInputSchema, adminTagSchema,
} from '@/contracts/content-taxonomy';
import type { Permission } from '@/server/auth/permissions';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { getAbout, getPageBlock, previewAbout, saveAbout, savePageBlock } from './about';
import { listAdminComments, moderateComment } from './comment-moderation';
import { deleteContentCategory, deleteTag, listContentCategories, listTagsForAdmin, saveContentCategory, saveTag } from './taxonomy';
import { addLink, getLinks, orderLinks, removeLink, searchLinkCandidates, type LinkChange } from './links';

export const editorialAdminRouter = createRouter('/api/admin/cms');

const tags = ['admin: content'];
const guard: { audience: 'staff'; permissions: Permission[] } = { audience: 'staff', permissions: ['CONTENT.EDIT'] };
const actorOf = (c: Context<AppEnv>) => auditActorOf(c.get('actor'), clientInfo(c).ip);

// ---- comment moderation ------------------------------------------------------------------------

// GET /api/admin/cms/comments — the moderation queue: status filter, search, sort, one page
editorialAdminRouter.endpoint(
  { method: 'get', path: '/comments', tags, summary: 'List comments for moderation', input: adminCommentListInputSchema, output: adminCommentListSchema, ...guard },
  async (input, c) => listAdminComments(c.get('db'), input),
);

// POST /api/admin/cms/comments/:id/status — approve (shown on the storefront) or hide a comment
editorialAdminRouter.endpoint(
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
editorialAdminRouter.endpoint(
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
editorialAdminRouter.endpoint(
  { method: 'get', path: '/links/search', tags, summary: 'Find products or content items to link', input: linkSearchInputSchema, output: linkCandidatesSchema, ...guard },
  async (input, c) => searchLinkCandidates(c.get('db'), input),
);

// GET /api/admin/cms/links/:owner/:id — the products and content linked to a product or a content item
editorialAdminRouter.endpoint(
  { method: 'get', path: '/links/:owner/:id', tags, summary: 'Links of a product or content item', input: linkOwnerParamSchema, output: linksSchema, ...guard },
  async (input, c) => getLinks(c.get('db'), { owner: input.owner, id: input.id }),
);

// POST /api/admin/cms/links/:owner/:id — link a product or content item to this one (both sides see it)
editorialAdminRouter.endpoint(
  { method: 'post', path: '/links/:owner/:id', tags, summary: 'Add a link', input: linkInputSchema, output: linksSchema, ...guard },
  async (input, c) => {
    const ref = { owner: input.owner, id: input.id };
    revalidateLinks(await addLink(c.get('db'), { actor: actorOf(c), ref, target: input.target, targetId: input.targetId }));
    return getLinks(c.get('db'), ref);
  },
);

// DELETE /api/admin/cms/links/:owner/:id — remove a link (from both sides)
editorialAdminRouter.endpoint(
  { method: 'delete', path: '/links/:owner/:id', tags, summary: 'Remove a link', input: linkInputSchema, output: linksSchema, ...guard },
  async (input, c) => {
    const ref = { owner: input.owner, id: input.id };
    revalidateLinks(await removeLink(c.get('db'), { actor: actorOf(c), ref, target: input.target, targetId: input.targetId }));
    return getLinks(c.get('db'), ref);
  },
);

// PUT /api/admin/cms/links/:owner/:id/order — the order this side shows its linked content in
editorialAdminRouter.endpoint(
  { method: 'put', path: '/links/:owner/:id/order', tags, summary: 'Order the linked content of a product or content item', input: linkOrderInputSchema, output: linksSchema, ...guard },
  async (input, c) => {
    const ref = { owner: input.owner, id: input.id };
    revalidateLinks(await orderLinks(c.get('db'), { actor: actorOf(c), ref, target: input.target, ids: input.ids }));
    return getLinks(c.get('db'), ref);
  },
);

// ---- channels' categories and tags -------------------------------------------------------------

const deleted = z.object({ deleted: z.boolean() });

// GET /api/admin/cms/categories — the channels' categories with the items filed under each
editorialAdminRouter.endpoint(
  { method: 'get', path: '/categories', tags, summary: 'Content categories by channel', input: adminCategoryListInputSchema, output: z.array(adminContentCategorySchema), ...guard },
  async (input, c) => listContentCategories(c.get('db'), input),
);

// POST /api/admin/cms/categories — add a category to a channel
editorialAdminRouter.endpoint(
  { method: 'post', path: '/categories', tags, summary: 'Add a content category', input: adminContentCategoryInputSchema, output: adminContentCategorySchema, ...guard },
  async (input, c) => {
    const saved = await saveContentCategory(c.get('db'), { actor: actorOf(c), category: input });
    revalidateStorefront('content', 'shell');
    return saved;
  },
);

// PUT /api/admin/cms/categories/:id — rename, reorder or move a category (moving one in use: 409)
editorialAdminRouter.endpoint(
  { method: 'put', path: '/categories/:id', tags, summary: 'Update a content category', input: adminContentCategoryInputSchema.extend(idParamSchema.shape), output: adminContentCategorySchema, ...guard },
  async ({ id, ...category }, c) => {
    const saved = await saveContentCategory(c.get('db'), { actor: actorOf(c), id, category });
    revalidateStorefront('content', 'shell');
    return saved;
  },
);

// DELETE /api/admin/cms/categories/:id — delete a category no item is filed under (409 `categoryInUse` otherwise)
editorialAdminRouter.endpoint(
  { method: 'delete', path: '/categories/:id', tags, summary: 'Delete an unused content category', input: idParamSchema, output: deleted, ...guard },
  async (input, c) => {
    await deleteContentCategory(c.get('db'), { actor: actorOf(c), id: input.id });
    revalidateStorefront('content', 'shell');
    return { deleted: true };
  },
);

// GET /api/admin/cms/tags — the tags with the items tagged with each
editorialAdminRouter.endpoint(
  { method: 'get', path: '/tags', tags, summary: 'Content tags', input: adminTagListInputSchema, output: z.array(adminTagSchema), ...guard },
  async (input, c) => listTagsForAdmin(c.get('db'), input),
);

// POST /api/admin/cms/tags — add a tag (slug unique: 409 `tagSlugTaken`)
editorialAdminRouter.endpoint(
  { method: 'post', path: '/tags', tags, summary: 'Add a tag', input: adminTagInputSchema, output: adminTagSchema, ...guard },
  async (input, c) => {
    const saved = await saveTag(c.get('db'), { actor: actorOf(c), tag: input });
    revalidateStorefront('content');
    return saved;
  },
);

// PUT /api/admin/cms/tags/:id — rename or reorder a tag
editorialAdminRouter.endpoint(
  { method: 'put', path: '/tags/:id', tags, summary: 'Update a tag', input: adminTagInputSchema.extend(idParamSchema.shape), output: adminTagSchema, ...guard },
  async ({ id, ...tag }, c) => {
    const saved = await saveTag(c.get('db'), { actor: actorOf(c), id, tag });
    revalidateStorefront('content');
    return saved;
  },
);

// DELETE /api/admin/cms/tags/:id — delete a tag no item carries (409 `tagInUse` otherwise)
editorialAdminRouter.endpoint(
  { method: 'delete', path: '/tags/:id', tags, summary: 'Delete an unused tag', input: idParamSchema, output: deleted, ...guard },
  async (input, c) => {
    await deleteTag(c.get('db'), { actor: actorOf(c), id: input.id });
    revalidateStorefront('content');
    return { deleted: true };
  },
);

// ---- the about page ----------------------------------------------------------------------------

// GET /api/admin/cms/about — the about page's titles and bodies as stored
editorialAdminRouter.endpoint(
  { method: 'get', path: '/about', tags, summary: 'The about page', output: aboutSchema, ...guard },
  async (_input, c) => getAbout(c.get('db')),
);

// POST /api/admin/cms/about/preview — both bodies as the storefront will render them (sanitised); writes nothing
editorialAdminRouter.endpoint(
  { method: 'post', path: '/about/preview', tags, summary: 'Preview the about page bodies (sanitised)', input: aboutPreviewInputSchema, output: aboutPreviewSchema, ...guard },
  async (input) => previewAbout(input),
);

// PUT /api/admin/cms/about — store the about page (bodies sanitised before they are stored)
editorialAdminRouter.endpoint(
  { method: 'put', path: '/about', tags, summary: 'Save the about page', input: aboutInputSchema, output: aboutSchema, ...guard },
  async (input, c) => {
    const saved = await saveAbout(c.get('db'), { actor: actorOf(c), about: input });
    revalidateStorefront('shell', 'content');
    return saved;
  },
);

// ---- the privacy policy (kept beside the about page, shown at /privacy) ------------------------

// GET /api/admin/cms/privacy — the privacy policy's titles and bodies as stored (all empty until first saved)
editorialAdminRouter.endpoint(
  { method: 'get', path: '/privacy', tags, summary: 'The privacy policy page', output: aboutSchema, ...guard },
  async (_input, c) => getPageBlock(c.get('db'), 'privacy'),
);

// PUT /api/admin/cms/privacy — store the privacy policy (bodies sanitised before they are stored; preview through /about/preview)
editorialAdminRouter.endpoint(
  { method: 'put', path: '/privacy', tags, summary: 'Save the privacy policy page', input: aboutInputSchema, output: aboutSchema, ...guard },
  async (input, c) => {
    const saved = await savePageBlock(c.get('db'), { actor: actorOf(c), key: 'privacy', page: input });
    revalidateStorefront('content');
    return saved;
  },
);
