import { z } from 'zod';
import { linkUrlKind } from '@/lib/link-url';
import { pageParams, wholeNumber } from './numbers';

/** Web-setting types (docs/requirements/storefront.md#web-settings): 1 English-site address, 4 customer-service contact. */
export const WEB_SETTING_TYPES = {
  englishSite: 1,
  hotline: 2,
  hotline2: 3,
  chatContact: 4,
  salesEmail: 5,
  chatLink: 6,
  address: 7,
  qrCodeUrl: 8,
  workingHours: 9,
} as const;

export const pageQuerySchema = z.object({
  ...pageParams(10, 100),
});

export const webSettingSchema = z.object({
  type: z.number().int(),
  content: z.string(),
});
export type WebSettingDto = z.infer<typeof webSettingSchema>;

export const webSettingListSchema = z.array(webSettingSchema);

/** The contact data the header, footer and service panel show. */
export interface SiteContact {
  englishSite: string | null;
  hotlines: string[];
  chatContact: string | null;
  salesEmail: string | null;
  chatLink: string | null;
  address: string | null;
  qrCodeUrl: string | null;
  workingHours: string | null;
}

/**
 * Contracts of the back-office's site settings (ADR 0031): the web settings (docs/requirements/storefront.md#web-settings) by type, the
 * footer content and whether the footer shows the visitor count. Messages are keys under
 * `api.errors` in messages/*.json.
 */

export type WebSettingKey = keyof typeof WEB_SETTING_TYPES;

/**
 * What a type's content must be: an http(s) address (or, for the English site, this site's path), a phone number, an e-mail or text.
 * Addresses follow the link rule of `@/lib/link-url` (an absolute http(s) URL, or a path starting with exactly one `/`).
 */
export type WebSettingFormat = 'siteAddress' | 'url' | 'phone' | 'email' | 'text';

export const WEB_SETTING_FORMATS: Record<WebSettingKey, WebSettingFormat> = {
  englishSite: 'siteAddress',
  hotline: 'phone',
  hotline2: 'phone',
  chatContact: 'phone',
  salesEmail: 'email',
  chatLink: 'url',
  address: 'text',
  qrCodeUrl: 'url',
  workingHours: 'text',
};

/** The longest content of a web setting. */
export const WEB_SETTING_MAX = 300;
/** The longest footer content (HTML) of one language. */
export const FOOTER_MAX = 5000;

export const WEB_SETTING_KEYS = Object.keys(WEB_SETTING_TYPES) as WebSettingKey[];

export function webSettingKeyOf(type: number): WebSettingKey | undefined {
  return WEB_SETTING_KEYS.find((k) => WEB_SETTING_TYPES[k] === type);
}

const HTTP_URL = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;
const SITE_PATH = /^\/[A-Za-z0-9\-._~/]*$/;
/** Digits with optional spaces, hyphens, brackets, a leading + and an extension (`转 8001` / `ext. 8001`); 5 to 20 digits. */
const PHONE = /^\+?[0-9(][0-9 ()\-]{3,28}[0-9](?:\s*(?:转|ext\.?|x)\s*[0-9]{1,6})?$/i;
export const EMAIL = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[A-Za-z]{2,}$/;

/** Whether a content fits its format; the message key of the fault otherwise (also used by the form). */
export function webSettingFault(format: WebSettingFormat, content: string): string | null {
  const value = content.trim();
  if (value === '') return 'webSettingRequired';
  if (value.length > WEB_SETTING_MAX) return 'webSettingTooLong';
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'webSettingTextInvalid';
  switch (format) {
    case 'siteAddress': {
      const kind = linkUrlKind(value);
      return (kind === 'absolute' && HTTP_URL.test(value)) || (kind === 'path' && SITE_PATH.test(value)) ? null : 'webSettingSiteAddressInvalid';
    }
    case 'url': return linkUrlKind(value) === 'absolute' && HTTP_URL.test(value) ? null : 'webSettingUrlInvalid';
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return PHONE.test(value) && digits >= 5 && digits <= 26 ? null : 'webSettingPhoneInvalid';
    }
    case 'email': return EMAIL.test(value) && value.length <= 120 ? null : 'webSettingEmailInvalid';
    default: return null;
  }
}

export const webSettingTypeParamSchema = z.object({
  type: wholeNumber(z.number().int().min(1, 'webSettingTypeInvalid').max(WEB_SETTING_KEYS.length, 'webSettingTypeInvalid')),
});

export const webSettingInputSchema = webSettingTypeParamSchema.extend({
  /** Checked against the type's format by the module (400 naming `content`). */
  content: z.string({ message: 'webSettingRequired' }).max(WEB_SETTING_MAX * 2, 'webSettingTooLong'),
});

export const adminWebSettingSchema = z.object({
  type: z.number().int(),
  key: z.string(),
  format: z.enum(['siteAddress', 'url', 'phone', 'email', 'text']),
  /** The content, or null when the type has no row (the storefront then leaves it out). */
  content: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminWebSettingDto = z.infer<typeof adminWebSettingSchema>;

export const footerInputSchema = z.object({
  bodyZh: z.string({ message: 'footerTooLong' }).max(FOOTER_MAX, 'footerTooLong'),
  bodyEn: z.string({ message: 'footerTooLong' }).max(FOOTER_MAX, 'footerTooLong'),
});
export type FooterInput = z.infer<typeof footerInputSchema>;

export const footerSchema = z.object({ bodyZh: z.string(), bodyEn: z.string() });

const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ message: 'visitorCountInvalid' }));
export const visitorCountInputSchema = z.object({ show: flag });
export const visitorCountSchema = z.object({ show: z.boolean() });

export const adminSiteSettingsSchema = z.object({
  settings: z.array(adminWebSettingSchema),
  footer: footerSchema,
  showVisitorCount: z.boolean(),
});
export type AdminSiteSettingsDto = z.infer<typeof adminSiteSettingsSchema>;
