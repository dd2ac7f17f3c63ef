import './zod-config';
import { z } from 'zod';
import { idSchema, optionalIdSchema, pageParams, wholeNumber } from './numbers';
import { productCardSchema } from './catalog-browse';
import { COMMENT_MAX, NICKNAME_MAX } from './content-limits';

/**
 * The storefront's content: what its pages read (items, categories, banners, documents), visitors' comments
 * and subscriptions. The back-office's contracts are `content-editing.ts`, `content-moderation.ts` and
 * `content-taxonomy.ts`.
 */

const keyword = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(50).optional());

export const CONTENT_CHANNELS = ['news', 'application', 'citation', 'support', 'resource'] as const;
export type ContentChannel = (typeof CONTENT_CHANNELS)[number];

// ---- inputs ----

export const idInputSchema = z.object({ id: idSchema });
export const limitInputSchema = z.object({ limit: wholeNumber(z.number().int().min(1).max(50)).default(6) });
export const typePageInputSchema = z.object({ ...pageParams(10, 100) });
export const supportTypePageInputSchema = z.object({ ...pageParams(6, 100) });
export const contentPageInputSchema = z.object({ typeId: optionalIdSchema, keyword, ...pageParams(10) });
export const applicationPageInputSchema = z.object({ typeId: optionalIdSchema, keyword, ...pageParams(15) });
export const applicationTypeIdInputSchema = z.object({ typeId: idSchema, ...pageParams(15) });
export const linkedListInputSchema = z.object({ brandId: idSchema, ...pageParams(10) });
export const qaListInputSchema = z.object({ typeId: optionalIdSchema, limit: wholeNumber(z.number().int().min(1).max(50)).default(10) });
export const bannerPageInputSchema = z.object({ position: z.string().max(40).regex(/^[a-z-]+$/).optional(), ...pageParams(10) });
export const documentKindSchema = z.enum(['coa', 'msds', 'protocol']);
export const documentListInputSchema = z.object({ kind: documentKindSchema, keyword, ...pageParams(10) });
export const coaLookupInputSchema = z.object({
  itemNo: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1).max(40)),
  lotNo: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1).max(40)),
});
export const coaYearInputSchema = z.object({ year: wholeNumber(z.number().int().min(1990).max(2100)), keyword, ...pageParams(20) });

export const channelInputSchema = z.object({ channel: z.enum(CONTENT_CHANNELS) });
export const optionalChannelInputSchema = z.object({ channel: z.enum(CONTENT_CHANNELS).optional() });
export const contentListInputSchema = z.object({
  channel: z.enum(CONTENT_CHANNELS).optional(),
  cateId: optionalIdSchema,
  tagId: optionalIdSchema,
  keyword,
  sort: z.enum(['latest', 'popular']).default('latest'),
  ...pageParams(10),
});
export const resListInputSchema = z.object({ cateId: optionalIdSchema, keyword, ...pageParams(10) });
export const commentListInputSchema = z.object({ id: idSchema, ...pageParams(10) });

export { COMMENT_MAX, NICKNAME_MAX };
export const commentAddInputSchema = z.object({
  id: idSchema,
  body: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(2).max(COMMENT_MAX)),
});
export const cmsUserInputSchema = z.object({
  nickname: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(2).max(NICKNAME_MAX)),
  email: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v), z.email().max(120).optional()),
});

// ---- outputs ----

export const contentTypeSchema = z.object({ id: z.number().int(), type: z.string(), count: z.number().int() });
export type ContentTypeDto = z.infer<typeof contentTypeSchema>;

export const contentSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_CHANNELS),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  brandId: z.number().int().nullable(),
  publishedAt: z.string(),
  views: z.number().int(),
  fileUrl: z.string().nullable(),
  /** An illustration, not a real record (the seeded citations): shown with an "example" label. */
  example: z.boolean(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export const contentPageSchema = z.object({
  list: z.array(contentSummarySchema),
  /** Exact up to 10,000; "10,000+" lists report 10001. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const tagSchema = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export type TagDto = z.infer<typeof tagSchema>;

const neighbourSchema = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const contentDetailSchema = contentSummarySchema.extend({
  /** Sanitised HTML, safe to render. */
  body: z.string(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tips: z.number().int(),
  comments: z.number().int(),
  prev: neighbourSchema,
  next: neighbourSchema,
  related: z.array(z.object({ id: z.number().int(), title: z.string(), publishedAt: z.string() })),
  /** Content staff linked to this item (cases, Q&A, news), in the order they chose (ADR 0036). */
  linkedContent: z.array(z.object({ id: z.number().int(), kind: z.string(), title: z.string() })),
  /** Products linked to this item. */
  linkedProducts: z.array(z.object({ id: z.number().int(), itemNo: z.string(), name: z.string() })),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

export const applicationTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cases: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ApplicationTypeDto = z.infer<typeof applicationTypeSchema>;

export const supportTypeSchema = z.object({ id: z.number().int(), type: z.string() });
export const supportTypeDetailSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  items: z.array(contentSummarySchema),
});
export const qaSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), typeId: z.number().int().nullable() });
export type QaDto = z.infer<typeof qaSchema>;

export const bannerSchema = z.object({
  id: z.number().int(), position: z.string(), title: z.string(), subtitle: z.string(), link: z.string(),
  /** The banner's image (uploaded in the back-office), or null. */
  imageUrl: z.string().nullable(),
});
export type BannerDto = z.infer<typeof bannerSchema>;
export const bannerPageSchema = z.object({ list: z.array(bannerSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

export const textBlockSchema = z.object({ title: z.string(), content: z.string() });
export type TextBlockDto = z.infer<typeof textBlockSchema>;
export const footerSchema = z.object({ content: z.string() });
export const uvSchema = z.object({ uv: z.number().int() });

export const productDocumentSchema = z.object({
  id: z.number().int(),
  kind: documentKindSchema,
  productId: z.number().int(),
  itemNo: z.string(),
  productName: z.string(),
  cas: z.string().nullable(),
  brandName: z.string(),
  lotNo: z.string().nullable(),
  lang: z.string(),
  title: z.string(),
  issuedAt: z.string(),
  url: z.string(),
  /** False when the file is missing from the store: shown as unavailable, with no link. */
  available: z.boolean(),
});
export type ProductDocumentDto = z.infer<typeof productDocumentSchema>;
export const productDocumentPageSchema = z.object({ list: z.array(productDocumentSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export type ProductDocumentPage = z.infer<typeof productDocumentPageSchema>;

export const navChannelSchema = z.object({
  channel: z.enum(CONTENT_CHANNELS),
  name: z.string(),
  href: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), href: z.string() })),
});
export type NavChannelDto = z.infer<typeof navChannelSchema>;
export const channelSchema = z.object({
  channel: z.enum(CONTENT_CHANNELS),
  name: z.string(),
  total: z.number().int(),
  categories: z.array(contentTypeSchema),
});

export const resourceFileSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  fileName: z.string(),
  url: z.string(),
  publishedAt: z.string(),
});
export const resourceFilePageSchema = z.object({ list: z.array(resourceFileSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

export const tipsSchema = z.object({ tips: z.number().int(), counted: z.boolean() });
export const cmsUserSchema = z.object({ id: z.number().int(), nickname: z.string() });
export const commentSchema = z.object({
  id: z.number().int(), author: z.string(), body: z.string(), createdAt: z.string(),
  /** False for a comment just written: it is shown once staff approve it (ADR 0036). */
  approved: z.boolean(),
  /** The shop's answer shown under the comment, if any. */
  reply: z.object({ body: z.string(), staffName: z.string(), at: z.string() }).nullable(),
});
export type CommentDto = z.infer<typeof commentSchema>;
export const commentPageSchema = z.object({ list: z.array(commentSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export type CommentPage = z.infer<typeof commentPageSchema>;

export const subscriptionInputSchema = z.object({
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.email().max(120)),
});
/** The same answer for new, pending and confirmed addresses: only the mailbox learns which it was. */
export const subscriptionSchema = z.object({ email: z.string() });
export const subscriptionConfirmInputSchema = z.object({ token: z.string().min(16).max(100).regex(/^[A-Za-z0-9_-]+$/) });

/** Navigation menus of docs/requirements/storefront.md#content-menus, for the nav bar. */
export interface NavMenusDto {
  resources: { id: number; name: string }[];
  support: { id: number; name: string }[];
  applications: ApplicationTypeDto[];
}

/** A product card of the home page's hot, new and special lists: the catalogue's card. */
export const homeProductSchema = productCardSchema;
export const yearListSchema = z.array(z.number().int());
