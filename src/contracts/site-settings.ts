import './zod-config';
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
  /** ICP备案号, linked to the MIIT filing site (电子商务法 §15). */
  icpNumber: 10,
  /** 营业执照: its number (统一社会信用代码); the scan is a licence scan. */
  businessLicence: 11,
  /** 危险化学品经营许可证: its number; the scan is a licence scan. */
  hazardousLicence: 12,
  /** The seller's registered name, printed on the letterhead of quotations and credit notes. */
  companyName: 13,
  /** The seller's tax number (纳税人识别号 / 统一社会信用代码) on the letterhead. */
  taxNumber: 14,
  /** The seller's bank (开户行) on the letterhead. */
  bankName: 15,
  /** The seller's bank account number on the letterhead. */
  bankAccount: 16,
  /** The header's and footer's claim of the catalogue's size, in Chinese (the spec's "约 1300 万种产品" when unset). */
  catalogueClaim: 17,
  /** The same claim in English ("About 13 million products" when unset). */
  catalogueClaimEn: 18,
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
  /** What a Chinese shop must show (电子商务法 §15): the ICP filing and the two licences; null parts are left out. */
  licences: ShopLicences;
  /** The catalogue-size claim of the header and footer per language; null: the default wording of the messages. */
  catalogueClaim: { zh: string | null; en: string | null };
}

/** The seller's details on the letterhead of generated documents (quotations, credit notes); null parts are left out. */
export interface SellerDetails {
  companyName: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  taxNumber: string | null;
  bankName: string | null;
  bankAccount: string | null;
}

/** The licences a shop shows, by kind (web settings 11, 12 and a scan each). */
export const LICENCE_KINDS = ['businessLicence', 'hazardousLicence'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

/** The ICP filing number and each licence's number and scan address (`/api/web/files/licence/...`), null when not set. */
export interface ShopLicences {
  icpNumber: string | null;
  businessLicence: { number: string | null; scanUrl: string | null };
  hazardousLicence: { number: string | null; scanUrl: string | null };
}

/** The address a licence scan is served at: the stored file's name is part of it, so a new scan is a new address. */
export function licenceScanUrl(kind: LicenceKind, name: string): string {
  return `/api/web/files/licence/${kind}/${encodeURIComponent(name)}`;
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
export type WebSettingFormat = 'siteAddress' | 'url' | 'phone' | 'email' | 'icp' | 'licence' | 'text';

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
  icpNumber: 'icp',
  businessLicence: 'licence',
  hazardousLicence: 'licence',
  companyName: 'text',
  taxNumber: 'licence',
  bankName: 'text',
  bankAccount: 'text',
  catalogueClaim: 'text',
  catalogueClaimEn: 'text',
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
/** An ICP filing (备案) or licence (经营许可证) number: `沪ICP备12345678号-1`, `京ICP证000000号`. */
const ICP = /^[\u4e00-\u9fff]{1,2}ICP[备证]\d{4,12}号(?:-\d{1,4})?$/;
/**
 * A licence number as printed: letters, digits, CJK characters and the brackets, hyphens and slashes that provincial
 * numbers use (`沪（浦）应急管危经许〔2024〕000000号`, `91310000MA0000000X`); at most 80 characters.
 */
const LICENCE = /^[0-9A-Za-z\u4e00-\u9fff（）()〔〕［］[\]【】\-—/·. ]{4,80}$/;
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
    case 'icp': return ICP.test(value) ? null : 'webSettingIcpInvalid';
    case 'licence': return LICENCE.test(value) && /[0-9]/.test(value) ? null : 'webSettingLicenceInvalid';
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
  format: z.enum(['siteAddress', 'url', 'phone', 'email', 'icp', 'licence', 'text']),
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

export const licenceKindParamSchema = z.object({
  kind: z.enum(LICENCE_KINDS, { message: 'licenceKindInvalid' }),
});

export const adminSiteSettingsSchema = z.object({
  settings: z.array(adminWebSettingSchema),
  footer: footerSchema,
  showVisitorCount: z.boolean(),
  /** Each licence's scan address, or null without one. */
  licenceScans: z.object({ businessLicence: z.string().nullable(), hazardousLicence: z.string().nullable() }),
});
export type AdminSiteSettingsDto = z.infer<typeof adminSiteSettingsSchema>;
