import type { ShopLicences } from '@/contracts/site-settings';

/** Where the ICP filing number links to: the MIIT filing site, as the filing rules ask. */
export const ICP_FILING_SITE = 'https://beian.miit.gov.cn/';

/** The licences with a number or a scan, in the order the storefront shows them. */
export function shownLicences(licences: ShopLicences) {
  return [
    { kind: 'businessLicence' as const, ...licences.businessLicence },
    { kind: 'hazardousLicence' as const, ...licences.hazardousLicence },
  ].filter((l) => l.number !== null || l.scanUrl !== null);
}
