import './zod-config';
import { z } from 'zod';
import { emptyAsUndefined, searchKey } from './fields';
import { idSchema, pageParams } from './numbers';

/**
 * Contracts of the back-office's comment moderation and linked items (ADR 0036). Messages are keys
 * under `api.errors` in messages/*.json.
 */

// ---- comment moderation ------------------------------------------------------------------------

export const COMMENT_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_ACTIONS = ['approve', 'hide', 'reply'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

/**
 * What each action does from each status (absent: refused with 409). A reply is shown under the
 * comment, so replying to a pending comment approves it; a hidden comment takes no reply until it is
 * approved again.
 */
export const COMMENT_TRANSITIONS: Record<CommentStatus, Partial<Record<CommentAction, CommentStatus>>> = {
  pending: { approve: 'approved', hide: 'hidden', reply: 'approved' },
  approved: { hide: 'hidden', reply: 'approved' },
  hidden: { approve: 'approved' },
};

export const COMMENT_REPLY_MAX = 1000;


export const adminCommentListInputSchema = z.object({
  /** Matches the comment, its author or the item's title. */
  key: searchKey,
  status: z.preprocess(emptyAsUndefined, z.enum(COMMENT_STATUSES).optional()),
  sort: z.enum(['-createdAt', 'createdAt']).default('-createdAt'),
  ...pageParams(20),
});
export type AdminCommentListInput = z.infer<typeof adminCommentListInputSchema>;

export const adminCommentSchema = z.object({
  id: z.number().int(),
  contentId: z.number().int(),
  contentKind: z.string(),
  contentTitleZh: z.string(),
  contentTitleEn: z.string(),
  author: z.string(),
  body: z.string(),
  status: z.enum(COMMENT_STATUSES),
  reply: z.string().nullable(),
  replyStaffName: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The actions the comment's status allows. */
  actions: z.array(z.enum(COMMENT_ACTIONS)),
});
export type AdminCommentDto = z.infer<typeof adminCommentSchema>;
export const adminCommentListSchema = z.object({
  total: z.number().int(),
  /** Comments waiting for a decision, whatever the filters. */
  pending: z.number().int(),
  items: z.array(adminCommentSchema),
});

export const commentActionInputSchema = z.object({ id: idSchema, action: z.enum(['approve', 'hide'], { message: 'commentActionInvalid' }) });
export const commentReplyInputSchema = z.object({
  id: idSchema,
  reply: z.string({ message: 'commentReplyRequired' }).trim().min(1, { message: 'commentReplyRequired' }).max(COMMENT_REPLY_MAX, { message: 'commentReplyTooLong' }),
});

// ---- linked items ------------------------------------------------------------------------------

export const LINK_MAX = 50;

export const linkedProductSchema = z.object({ id: z.number().int(), itemNo: z.string(), nameZh: z.string(), nameEn: z.string() });
export const linkedContentSchema = z.object({ id: z.number().int(), kind: z.string(), titleZh: z.string(), titleEn: z.string(), published: z.boolean() });
export type LinkedProductDto = z.infer<typeof linkedProductSchema>;
export type LinkedContentDto = z.infer<typeof linkedContentSchema>;

/** The links of one product or one content item, each list in the order shown on the storefront. */
export const linksSchema = z.object({ products: z.array(linkedProductSchema), content: z.array(linkedContentSchema) });
export type LinksDto = z.infer<typeof linksSchema>;

export const LINK_OWNERS = ['product', 'content'] as const;
export type LinkOwner = (typeof LINK_OWNERS)[number];
export const LINK_TARGETS = ['product', 'content'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

export const linkOwnerParamSchema = z.object({ owner: z.enum(LINK_OWNERS), id: idSchema });
export const linkInputSchema = linkOwnerParamSchema.extend({
  target: z.enum(LINK_TARGETS, { message: 'linkTargetInvalid' }),
  targetId: idSchema,
});
export const linkOrderInputSchema = linkOwnerParamSchema.extend({
  target: z.enum(LINK_TARGETS, { message: 'linkTargetInvalid' }),
  /** Every linked id of that target, in the new order. */
  ids: z.array(idSchema).min(1).max(LINK_MAX),
});

/** What the pickers offer: products by item number or name, content by title. */
export const linkSearchInputSchema = z.object({
  target: z.enum(LINK_TARGETS, { message: 'linkTargetInvalid' }),
  key: z.string().trim().min(1).max(50),
});
export const linkCandidatesSchema = z.object({ products: z.array(linkedProductSchema), content: z.array(linkedContentSchema) });
