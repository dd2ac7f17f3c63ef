import { z } from 'zod';
import { isLinkUrl } from '@/lib/link-url';
import { idSchema, optionalIdSchema, pageParams, wholeNumber } from './numbers';
import { productCardSchema } from './catalog-browse';
import { COMMENT_MAX, NICKNAME_MAX } from './content-limits';

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

/**
 * Contracts of the back-office's content administration (ADR 0033): news items (drafts and published)
 * and banners. Messages are keys under `api.errors` in messages/*.json.
 */
export const CONTENT_FIELD_ERRORS = {
  title: 'contentTitleInvalid',
  summary: 'contentSummaryInvalid',
  body: 'contentBodyInvalid',
  publishedAt: 'contentDateInvalid',
  subtitle: 'contentSubtitleInvalid',
  link: 'contentLinkInvalid',
  sort: 'contentSortInvalid',
  position: 'contentPositionInvalid',
  source: 'contentSourceInvalid',
  typeName: 'contentTypeNameInvalid',
} as const;

// ---- content items of every kind (ADR 0033, 0035) --------------------------------------------

/** The kinds of editorial content (the `content_items.kind` values). */
export const ADMIN_CONTENT_KINDS = ['news', 'application', 'citation', 'support', 'resource'] as const;
export type AdminContentKind = (typeof ADMIN_CONTENT_KINDS)[number];

/** The back-office's content pages, as they appear in the API's paths (`/api/admin/content/<section>`). */
export const CONTENT_SECTIONS = ['news', 'applications', 'citations', 'support', 'resources', 'brand-articles'] as const;
export type ContentSectionName = (typeof CONTENT_SECTIONS)[number];

/** What a section edits: which kinds it lists (the first is a new item's), and the fields its items have. */
export interface ContentSectionSpec {
  kinds: readonly AdminContentKind[];
  /** Whether the section keeps its own categories (the kind's types); brand articles use their kind's. */
  categories: boolean;
  brand: 'none' | 'optional' | 'required';
  summary: boolean;
  body: boolean;
  featured: boolean;
  /** A citation's journal (`source`, `source_en`) and its example flag. */
  source: boolean;
  /** A downloadable PDF (resources). */
  file: boolean;
}

export const CONTENT_SECTION_SPECS: Record<ContentSectionName, ContentSectionSpec> = {
  news: { kinds: ['news'], categories: true, brand: 'none', summary: true, body: true, featured: true, source: false, file: false },
  applications: { kinds: ['application'], categories: true, brand: 'optional', summary: true, body: true, featured: true, source: false, file: false },
  citations: { kinds: ['citation'], categories: true, brand: 'none', summary: true, body: true, featured: true, source: true, file: false },
  support: { kinds: ['support'], categories: true, brand: 'none', summary: true, body: true, featured: true, source: false, file: false },
  resources: { kinds: ['resource'], categories: true, brand: 'none', summary: true, body: true, featured: true, source: false, file: true },
  'brand-articles': { kinds: ['application', 'news'], categories: false, brand: 'required', summary: true, body: true, featured: true, source: false, file: false },
};

/** The section whose own pages show a kind's items (for categories and previews). */
export const SECTION_OF_KIND: Record<AdminContentKind, ContentSectionName> = {
  news: 'news', application: 'applications', citation: 'citations', support: 'support', resource: 'resources',
};

export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export type ContentItemStatus = NewsStatus;

/** The largest body kept per language (characters of HTML, under the API's 1 MiB body limit for both). */
export const NEWS_BODY_MAX = 200_000;

/** The largest resource PDF taken (its route sets its own body limit, ADR 0035). */
export const RESOURCE_PDF_MAX_BYTES = 10 * 1024 * 1024;

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });
const requiredText = (max: number, message: string) => text(max, message).min(1, { message });
const searchKey = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());
const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const emptyAsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const NEWS_SORTS = ['-publishedAt', 'publishedAt', '-views', 'views'] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

export const adminContentListInputSchema = z.object({
  /** Matches the Chinese or English title. */
  key: searchKey,
  /** A category (type) of the section's kind. */
  categoryId: optionalIdSchema,
  status: z.preprocess(emptyAsUndefined, z.enum(NEWS_STATUSES).optional()),
  /** Recommended (featured) items only, or only the others. */
  featured: z.preprocess(emptyAsUndefined, flag.optional()),
  /** Items tied to one brand. */
  brandId: optionalIdSchema,
  sort: z.enum(NEWS_SORTS).default('-publishedAt'),
  limit: wholeNumber(z.number().int().min(1).max(50)).default(10),
  /** The `nextCursor` of the page before (opaque). */
  cursor: z.preprocess(emptyAsUndefined, z.string().max(200).regex(/^[A-Za-z0-9_-]+$/).optional()),
});
export type AdminContentListInput = z.infer<typeof adminContentListInputSchema>;
export const adminNewsListInputSchema = adminContentListInputSchema;
export type AdminNewsListInput = AdminContentListInput;

export const adminContentRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ADMIN_CONTENT_KINDS),
  categoryId: z.number().int().nullable(),
  categoryNameZh: z.string().nullable(),
  categoryNameEn: z.string().nullable(),
  brandId: z.number().int().nullable(),
  brandNameZh: z.string().nullable(),
  brandNameEn: z.string().nullable(),
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  /** A citation's journal, as the Chinese pages show it; `sourceEn` the English pages' (empty: the same). */
  source: z.string(),
  sourceEn: z.string(),
  featured: z.boolean(),
  /** An illustration, labelled so on the storefront (the seeded citations). */
  example: z.boolean(),
  /** The resource's PDF: its file name, or null. */
  fileName: z.string().nullable(),
  /** Where the storefront serves the PDF (published items only), or null. */
  fileUrl: z.string().nullable(),
  status: z.enum(NEWS_STATUSES),
  /** ISO 8601; the date the storefront shows and sorts by. */
  publishedAt: z.string(),
  views: z.number().int(),
});
export type AdminContentRowDto = z.infer<typeof adminContentRowSchema>;
export const adminNewsRowSchema = adminContentRowSchema;
export type AdminNewsRowDto = AdminContentRowDto;

export const adminContentListSchema = z.object({
  total: z.number().int(),
  items: z.array(adminContentRowSchema),
  nextCursor: z.string().nullable(),
});
export const adminNewsListSchema = adminContentListSchema;

export const adminContentSchema = adminContentRowSchema.extend({
  /** Sanitised HTML (ADR 0033: sanitised when saved and again when shown). */
  bodyZh: z.string(),
  bodyEn: z.string(),
});
export type AdminContentDto = z.infer<typeof adminContentSchema>;
export const adminNewsSchema = adminContentSchema;
export type AdminNewsDto = AdminContentDto;

/** An item's fields; a section stores those its items have (the others keep their values). */
export const adminContentInputSchema = z.object({
  /** Brand articles only, for a new item: news or application (default: application). */
  kind: z.preprocess(emptyAsUndefined, z.enum(ADMIN_CONTENT_KINDS, { message: 'contentKindInvalid' }).optional()),
  categoryId: z.preprocess(emptyAsNull, idSchema.nullable()),
  brandId: z.preprocess(emptyAsNull, idSchema.nullable()),
  titleZh: requiredText(200, CONTENT_FIELD_ERRORS.title),
  titleEn: requiredText(200, CONTENT_FIELD_ERRORS.title),
  summaryZh: text(1000, CONTENT_FIELD_ERRORS.summary).default(''),
  summaryEn: text(1000, CONTENT_FIELD_ERRORS.summary).default(''),
  bodyZh: z.string({ message: CONTENT_FIELD_ERRORS.body }).max(NEWS_BODY_MAX, { message: CONTENT_FIELD_ERRORS.body }).default(''),
  bodyEn: z.string({ message: CONTENT_FIELD_ERRORS.body }).max(NEWS_BODY_MAX, { message: CONTENT_FIELD_ERRORS.body }).default(''),
  source: text(300, CONTENT_FIELD_ERRORS.source).default(''),
  sourceEn: text(300, CONTENT_FIELD_ERRORS.source).default(''),
  featured: flag.default(false),
  example: flag.default(false),
  /** When absent: now (a new item) or unchanged (an update). */
  publishedAt: z.preprocess(emptyAsUndefined, z.iso.datetime({ offset: true, message: CONTENT_FIELD_ERRORS.publishedAt }).optional()),
});
export type AdminContentInput = z.infer<typeof adminContentInputSchema>;
export const adminNewsInputSchema = adminContentInputSchema;
export type AdminNewsInput = AdminContentInput;

/** A category (type) of a kind, with how many items use it. */
export const adminContentTypeSchema = z.object({
  id: z.number().int(), kind: z.enum(ADMIN_CONTENT_KINDS), nameZh: z.string(), nameEn: z.string(), sort: z.number().int(), items: z.number().int(),
});
export type AdminContentTypeDto = z.infer<typeof adminContentTypeSchema>;
export const adminNewsTypeSchema = adminContentTypeSchema;
export type AdminNewsTypeDto = AdminContentTypeDto;

export const adminContentTypeInputSchema = z.object({
  nameZh: requiredText(50, CONTENT_FIELD_ERRORS.typeName),
  nameEn: requiredText(50, CONTENT_FIELD_ERRORS.typeName),
});
export type AdminContentTypeInput = z.infer<typeof adminContentTypeInputSchema>;

/** A section's categories in their new order (every category of the kind, once). */
export const adminContentTypeOrderSchema = z.object({ ids: z.array(idSchema).min(1).max(200) });

/** Brands to tie an item to (the searchable select). */
export const adminContentBrandInputSchema = z.object({ key: searchKey, id: optionalIdSchema });
export const adminContentBrandSchema = z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() });
export type AdminContentBrandDto = z.infer<typeof adminContentBrandSchema>;

/** An image uploaded for a rich-text body: the URL to put in `<img src>`. */
export const contentImageSchema = z.object({ url: z.string() });

// ---- banners -----------------------------------------------------------------------------------

/** Where banners appear on the storefront (the positions its pages read). */
export const BANNER_POSITIONS = ['home-slideshow', 'home-why', 'news-slideshow', 'news-poster', 'promotion'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];

/** A banner's link: empty, or a link under the rule of `@/lib/link-url` (an http(s) URL, or a path of this site: `/…`, never `//…`). */
export function isBannerLink(value: string): boolean {
  return value === '' || (isLinkUrl(value) && !/[<>"]/.test(value));
}

export const adminBannerListInputSchema = z.object({
  position: z.preprocess(emptyAsUndefined, z.enum(BANNER_POSITIONS).optional()),
});

export const adminBannerSchema = z.object({
  id: z.number().int(),
  position: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  subtitleZh: z.string(),
  subtitleEn: z.string(),
  /** The uploaded image, or null. */
  imageUrl: z.string().nullable(),
  link: z.string(),
  sort: z.number().int(),
  /** Shown on the storefront; a banner that is not active is a draft. */
  active: z.boolean(),
});
export type AdminBannerDto = z.infer<typeof adminBannerSchema>;
export const adminBannerListSchema = z.object({ total: z.number().int(), items: z.array(adminBannerSchema) });

export const adminBannerInputSchema = z.object({
  position: z.enum(BANNER_POSITIONS, { message: CONTENT_FIELD_ERRORS.position }),
  titleZh: requiredText(100, CONTENT_FIELD_ERRORS.title),
  titleEn: requiredText(100, CONTENT_FIELD_ERRORS.title),
  subtitleZh: text(300, CONTENT_FIELD_ERRORS.subtitle).default(''),
  subtitleEn: text(300, CONTENT_FIELD_ERRORS.subtitle).default(''),
  link: z.string({ message: CONTENT_FIELD_ERRORS.link }).trim().max(500, { message: CONTENT_FIELD_ERRORS.link })
    .refine(isBannerLink, { message: CONTENT_FIELD_ERRORS.link }).default(''),
  sort: wholeNumber(z.number().int().min(0, { message: CONTENT_FIELD_ERRORS.sort }).max(999_999, { message: CONTENT_FIELD_ERRORS.sort })).default(0),
  active: flag.default(true),
});
export type AdminBannerInput = z.infer<typeof adminBannerInputSchema>;

/** A position's banners in their new order (every banner of the position, once). */
export const adminBannerOrderSchema = z.object({
  position: z.enum(BANNER_POSITIONS, { message: CONTENT_FIELD_ERRORS.position }),
  ids: z.array(idSchema).min(1).max(200),
});

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

// ---- channels' categories and tags -------------------------------------------------------------

/** The content channels (fixed): each has its categories (`content_categories.kind`). */
export const CHANNELS = ['news', 'application', 'citation', 'support', 'resource'] as const;
export type Channel = (typeof CHANNELS)[number];

const name = (message: string) => z.string({ message }).trim().min(1, { message }).max(60, { message });
const sort = wholeNumber(z.number().int().min(0).max(100_000, { message: 'taxonomySortInvalid' }));

export const adminCategoryListInputSchema = z.object({
  channel: z.preprocess(emptyAsUndefined, z.enum(CHANNELS).optional()),
  key: searchKey,
});
export const adminContentCategorySchema = z.object({
  id: z.number().int(), channel: z.enum(CHANNELS), nameZh: z.string(), nameEn: z.string(), sort: z.number().int(),
  /** Content items filed under it: a category in use cannot be deleted. */
  items: z.number().int(),
});
export type AdminContentCategoryDto = z.infer<typeof adminContentCategorySchema>;
export const adminContentCategoryInputSchema = z.object({
  channel: z.enum(CHANNELS, { message: 'channelInvalid' }),
  nameZh: name('taxonomyNameInvalid'),
  nameEn: name('taxonomyNameInvalid'),
  sort: sort.default(0),
});

export const adminTagListInputSchema = z.object({ key: searchKey });
export const adminTagSchema = z.object({
  id: z.number().int(), slug: z.string(), nameZh: z.string(), nameEn: z.string(), sort: z.number().int(),
  /** Content items tagged with it: a tag in use cannot be deleted. */
  items: z.number().int(),
});
export type AdminTagDto = z.infer<typeof adminTagSchema>;
export const adminTagInputSchema = z.object({
  slug: z.string({ message: 'tagSlugInvalid' }).trim().toLowerCase().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'tagSlugInvalid' }).max(40, { message: 'tagSlugInvalid' }),
  nameZh: name('taxonomyNameInvalid'),
  nameEn: name('taxonomyNameInvalid'),
  sort: sort.default(0),
});

// ---- the about page ----------------------------------------------------------------------------

export const ABOUT_BODY_MAX = 100_000;
export const aboutInputSchema = z.object({
  titleZh: z.string({ message: 'aboutTitleInvalid' }).trim().min(1, { message: 'aboutTitleInvalid' }).max(100, { message: 'aboutTitleInvalid' }),
  titleEn: z.string({ message: 'aboutTitleInvalid' }).trim().min(1, { message: 'aboutTitleInvalid' }).max(100, { message: 'aboutTitleInvalid' }),
  bodyZh: z.string({ message: 'aboutBodyTooLong' }).max(ABOUT_BODY_MAX, { message: 'aboutBodyTooLong' }),
  bodyEn: z.string({ message: 'aboutBodyTooLong' }).max(ABOUT_BODY_MAX, { message: 'aboutBodyTooLong' }),
});
export type AboutInput = z.infer<typeof aboutInputSchema>;
export const aboutSchema = aboutInputSchema.extend({ updatedAt: z.string().nullable() });
export type AboutDto = z.infer<typeof aboutSchema>;
export const aboutPreviewInputSchema = aboutInputSchema.pick({ bodyZh: true, bodyEn: true });
export const aboutPreviewSchema = z.object({ bodyZh: z.string(), bodyEn: z.string() });
