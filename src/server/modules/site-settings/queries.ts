import 'server-only';
import { asc } from 'drizzle-orm';
import { WEB_SETTING_TYPES, type SellerDetails, type SiteContact, type WebSettingDto } from '@/contracts/site-settings';
import { isLinkUrl, settingHref } from '@/lib/link-url';
import type { Db } from '@/server/db/client';
import { webSettings } from '@/server/db/schema';
import { getLicenceScanUrls } from './licences';

/** A page of web settings; `offset` is the 1-based page number, as the calls send it (docs/requirements/api.md#paging). */
export async function listWebSettings(db: Db, params: { limit: number; offset: number }): Promise<WebSettingDto[]> {
  return db
    .select({ type: webSettings.type, content: webSettings.content })
    .from(webSettings)
    .orderBy(asc(webSettings.type), asc(webSettings.sort), asc(webSettings.id))
    .limit(params.limit)
    .offset((params.offset - 1) * params.limit);
}

const linkOrNull = (value: string | null): string | null => (value !== null && isLinkUrl(value) ? value : null);

/**
 * The contact data the header, footer and service panel show, read in one query. The links among
 * them (English site, chat link, QR target) are left out when they fail the link rule of
 * `@/lib/link-url`: a database may hold values saved before the rule.
 */
export async function getSiteContact(db: Db): Promise<SiteContact> {
  const [rows, scans] = await Promise.all([
    db.select({ type: webSettings.type, content: webSettings.content }).from(webSettings)
      .orderBy(asc(webSettings.type), asc(webSettings.sort), asc(webSettings.id)),
    getLicenceScanUrls(db),
  ]);
  const first = (type: number) => rows.find((r) => r.type === type)?.content ?? null;
  return {
    englishSite: settingHref(first(1)) === null ? null : first(1),
    hotlines: rows.filter((r) => r.type === 2 || r.type === 3).map((r) => r.content),
    chatContact: first(4),
    salesEmail: first(5),
    chatLink: linkOrNull(first(6)),
    address: first(7),
    qrCodeUrl: linkOrNull(first(8)),
    workingHours: first(9),
    licences: {
      icpNumber: first(10),
      businessLicence: { number: first(11), scanUrl: scans.businessLicence },
      hazardousLicence: { number: first(12), scanUrl: scans.hazardousLicence },
    },
    catalogueClaim: { zh: first(WEB_SETTING_TYPES.catalogueClaim), en: first(WEB_SETTING_TYPES.catalogueClaimEn) },
  };
}

/** The seller's details for the letterhead of generated documents, read from the web settings in one query. */
export async function getSellerDetails(db: Db): Promise<SellerDetails> {
  const rows = await db.select({ type: webSettings.type, content: webSettings.content }).from(webSettings)
    .orderBy(asc(webSettings.type), asc(webSettings.sort), asc(webSettings.id));
  const first = (type: number) => rows.find((r) => r.type === type)?.content ?? null;
  return {
    companyName: first(WEB_SETTING_TYPES.companyName), address: first(WEB_SETTING_TYPES.address), phone: first(WEB_SETTING_TYPES.hotline),
    email: first(WEB_SETTING_TYPES.salesEmail), taxNumber: first(WEB_SETTING_TYPES.taxNumber), bankName: first(WEB_SETTING_TYPES.bankName),
    bankAccount: first(WEB_SETTING_TYPES.bankAccount),
  };
}

