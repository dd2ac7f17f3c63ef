import { z } from 'zod';
import { idSchema, optionalIdSchema, wholeNumber } from './numbers';

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
} as const;

export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** The largest body kept per language (characters of HTML, under the API's 1 MiB body limit for both). */
export const NEWS_BODY_MAX = 200_000;

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });
const requiredText = (max: number, message: string) => text(max, message).min(1, { message });
const searchKey = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());
const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

// ---- news --------------------------------------------------------------------------------------

export const NEWS_SORTS = ['-publishedAt', 'publishedAt', '-views', 'views'] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

export const adminNewsListInputSchema = z.object({
  /** Matches the Chinese or English title. */
  key: searchKey,
  /** A news type (content category of the news kind). */
  categoryId: optionalIdSchema,
  status: z.preprocess(emptyAsUndefined, z.enum(NEWS_STATUSES).optional()),
  /** Recommended (featured) items only, or only the others. */
  featured: z.preprocess(emptyAsUndefined, flag.optional()),
  sort: z.enum(NEWS_SORTS).default('-publishedAt'),
  limit: wholeNumber(z.number().int().min(1).max(50)).default(10),
  /** The `nextCursor` of the page before (opaque). */
  cursor: z.preprocess(emptyAsUndefined, z.string().max(200).regex(/^[A-Za-z0-9_-]+$/).optional()),
});
export type AdminNewsListInput = z.infer<typeof adminNewsListInputSchema>;

export const adminNewsRowSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int().nullable(),
  categoryNameZh: z.string().nullable(),
  categoryNameEn: z.string().nullable(),
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  featured: z.boolean(),
  status: z.enum(NEWS_STATUSES),
  /** ISO 8601; the date the storefront shows and sorts by. */
  publishedAt: z.string(),
  views: z.number().int(),
});
export type AdminNewsRowDto = z.infer<typeof adminNewsRowSchema>;

export const adminNewsListSchema = z.object({
  total: z.number().int(),
  items: z.array(adminNewsRowSchema),
  nextCursor: z.string().nullable(),
});

export const adminNewsSchema = adminNewsRowSchema.extend({
  /** Sanitised HTML (ADR 0033: sanitised when saved and again when shown). */
  bodyZh: z.string(),
  bodyEn: z.string(),
});
export type AdminNewsDto = z.infer<typeof adminNewsSchema>;

export const adminNewsInputSchema = z.object({
  categoryId: z.preprocess((v) => (v === '' || v === undefined ? null : v), idSchema.nullable()),
  titleZh: requiredText(200, CONTENT_FIELD_ERRORS.title),
  titleEn: requiredText(200, CONTENT_FIELD_ERRORS.title),
  summaryZh: text(1000, CONTENT_FIELD_ERRORS.summary).default(''),
  summaryEn: text(1000, CONTENT_FIELD_ERRORS.summary).default(''),
  bodyZh: z.string({ message: CONTENT_FIELD_ERRORS.body }).max(NEWS_BODY_MAX, { message: CONTENT_FIELD_ERRORS.body }).default(''),
  bodyEn: z.string({ message: CONTENT_FIELD_ERRORS.body }).max(NEWS_BODY_MAX, { message: CONTENT_FIELD_ERRORS.body }).default(''),
  featured: flag.default(false),
  /** When absent: now (a new item) or unchanged (an update). */
  publishedAt: z.preprocess(emptyAsUndefined, z.iso.datetime({ offset: true, message: CONTENT_FIELD_ERRORS.publishedAt }).optional()),
});
export type AdminNewsInput = z.infer<typeof adminNewsInputSchema>;

export const adminNewsTypeSchema = z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() });
export type AdminNewsTypeDto = z.infer<typeof adminNewsTypeSchema>;

/** An image uploaded for a rich-text body: the URL to put in `<img src>`. */
export const contentImageSchema = z.object({ url: z.string() });

// ---- banners -----------------------------------------------------------------------------------

/** Where banners appear on the storefront (the positions its pages read). */
export const BANNER_POSITIONS = ['home-slideshow', 'home-why', 'news-slideshow', 'news-poster', 'promotion'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];

/** A banner's link: empty, an http(s) URL, or a path of this site (`/…`, not `//…`). */
export function isBannerLink(value: string): boolean {
  if (value === '') return true;
  if (/^\/(?![/\\])/.test(value)) return !/[\s<>"]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/[\s<>"]/.test(value);
  } catch {
    return false;
  }
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
