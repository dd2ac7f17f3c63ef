import './zod-config';
import { z } from 'zod';
import { isLinkUrl } from '@/lib/link-url';
import { emptyAsUndefined, searchKey } from './fields';
import { idSchema, optionalIdSchema, wholeNumber } from './numbers';

/**
 * Contracts of the back-office's content administration (ADR 0033): content items of every kind (drafts and
 * published), banners and the about page. Messages are keys under `api.errors` in messages/*.json.
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
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());
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

// ---- the about page ----------------------------------------------------------------------------

export const ABOUT_BODY_MAX = 100_000;
export const aboutInputSchema = z.object({
  titleZh: z.string({ message: 'aboutTitleInvalid' }).trim().min(1, { message: 'aboutTitleInvalid' }).max(100, { message: 'aboutTitleInvalid' }),
  titleEn: z.string({ message: 'aboutTitleInvalid' }).trim().min(1, { message: 'aboutTitleInvalid' }).max(100, { message: 'aboutTitleInvalid' }),
  bodyZh: z.string({ message: 'aboutBodyTooLong' }).max(ABOUT_BODY_MAX, { message: 'aboutBodyTooLong' }),
  bodyEn: z.string({ message: 'aboutBodyTooLong' }).max(ABOUT_BODY_MAX, { message: 'aboutBodyTooLong' }),
});
export type AboutInput = z.infer<typeof aboutInputSchema>;
/** The about page as stored: all empty, and `updatedAt` null, until staff first save it (a new shop). */
export const aboutSchema = z.object({ titleZh: z.string(), titleEn: z.string(), bodyZh: z.string(), bodyEn: z.string(), updatedAt: z.string().nullable() });
export type AboutDto = z.infer<typeof aboutSchema>;
export const aboutPreviewInputSchema = aboutInputSchema.pick({ bodyZh: true, bodyEn: true });
export const aboutPreviewSchema = z.object({ bodyZh: z.string(), bodyEn: z.string() });
