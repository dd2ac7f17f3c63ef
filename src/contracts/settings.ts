import { z } from 'zod';
import { pageParams } from './numbers';

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
