import './zod-config';
import { z } from 'zod';
import { linkUrlKind } from '@/lib/link-url';
import { CONTENT_FIELD_ERRORS } from './content-editing';
import { idSchema } from './numbers';

/**
 * Contracts of the partners page's administration (ADR 0042). A partner is a draft until published;
 * only published partners are on the storefront's partners page, in the order staff gave them.
 * Messages are keys under `api.errors` in messages/*.json.
 */
export const PARTNER_STATUSES = ['draft', 'published'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/** A partner's own site: empty, or an absolute http(s) URL under the rule of `@/lib/link-url`. */
export function isPartnerLink(value: string): boolean {
  return value === '' || (linkUrlKind(value) === 'absolute' && !/[<>"]/.test(value));
}

const searchKey = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));
const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });

export const adminPartnerListInputSchema = z.object({
  /** Matches either name. */
  key: searchKey,
  status: z.preprocess(emptyAsUndefined, z.enum(PARTNER_STATUSES).optional()),
});
export type AdminPartnerListInput = z.infer<typeof adminPartnerListInputSchema>;

export const adminPartnerSchema = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  country: z.string(),
  brandId: z.number().int().nullable(),
  /** The brand's name in the caller's language (null without a brand). */
  brandName: z.string().nullable(),
  link: z.string(),
  /** The uploaded logo (served only once published), or null. */
  logoUrl: z.string().nullable(),
  sort: z.number().int(),
  status: z.enum(PARTNER_STATUSES),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminPartnerDto = z.infer<typeof adminPartnerSchema>;
/** Every partner in the page's order (a partners page has tens, not thousands). */
export const adminPartnerListSchema = z.object({ total: z.number().int(), items: z.array(adminPartnerSchema) });
export type AdminPartnerListDto = z.infer<typeof adminPartnerListSchema>;

export const adminPartnerInputSchema = z.object({
  nameZh: text(100, CONTENT_FIELD_ERRORS.title).min(1, { message: CONTENT_FIELD_ERRORS.title }),
  nameEn: text(100, CONTENT_FIELD_ERRORS.title).min(1, { message: CONTENT_FIELD_ERRORS.title }),
  descriptionZh: text(1000, CONTENT_FIELD_ERRORS.summary).default(''),
  descriptionEn: text(1000, CONTENT_FIELD_ERRORS.summary).default(''),
  country: z.string({ message: 'contentCountryInvalid' }).trim().toUpperCase().regex(/^([A-Z]{2})?$/, { message: 'contentCountryInvalid' }).default(''),
  brandId: z.preprocess((v) => (v === '' || v === undefined ? null : v), idSchema.nullable()),
  link: z.string({ message: CONTENT_FIELD_ERRORS.link }).trim().max(500, { message: CONTENT_FIELD_ERRORS.link })
    .refine(isPartnerLink, { message: CONTENT_FIELD_ERRORS.link }).default(''),
});
export type AdminPartnerInput = z.infer<typeof adminPartnerInputSchema>;

export const adminPartnerOrderSchema = z.object({ ids: z.array(idSchema).min(1).max(500) });

export const adminPartnerStatusSchema = z.object({ id: idSchema, status: z.enum(PARTNER_STATUSES, { message: 'contentPartnerTransitionInvalid' }) });

/** A partner as the storefront's partners page shows it. */
export interface PartnerCardDto {
  id: number;
  name: string;
  description: string;
  country: string;
  /** The partner's brand page in this shop, or null. */
  brandId: number | null;
  link: string;
  logoUrl: string | null;
}
