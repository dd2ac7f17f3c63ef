import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { WEB_SETTING_TYPES, type LicenceKind } from '@/contracts/site-settings';
import type { Db } from '@/server/db/client';
import { siteBlocks, webSettings } from '@/server/db/schema';
import type { FileStore } from '@/server/modules/files/store';
import { getLicenceScanKeys } from '@/server/modules/site-settings/licences';

/** The doctor's findings about what a Chinese shop must show (电子商务法 §15, 个人信息保护法). */
export interface ShopFinding {
  check: 'icpNumber' | 'businessLicence' | 'hazardousLicence' | 'privacyPolicy';
  ok: boolean;
  detail: string;
}

const WHERE = 'back-office: 系统设置 → 网站设置';
const LICENCE_NAMES: Record<LicenceKind, string> = {
  businessLicence: 'business licence (营业执照)',
  hazardousLicence: 'hazardous chemicals trading licence (危险化学品经营许可证)',
};

/**
 * The ICP filing number, each licence's number and scan (whose file must be in the store) and a written privacy
 * policy: each missing one is a finding to do, naming where to set it.
 */
export async function shopFindings(db: Db, store: FileStore): Promise<ShopFinding[]> {
  const types = [WEB_SETTING_TYPES.icpNumber, WEB_SETTING_TYPES.businessLicence, WEB_SETTING_TYPES.hazardousLicence];
  const [rows, scans, [privacy]] = await Promise.all([
    db.select({ type: webSettings.type, content: webSettings.content }).from(webSettings).where(inArray(webSettings.type, types)),
    getLicenceScanKeys(db),
    db.select({ bodyZh: siteBlocks.bodyZh, bodyEn: siteBlocks.bodyEn }).from(siteBlocks).where(eq(siteBlocks.key, 'privacy')),
  ]);
  const numberOf = (type: number) => rows.find((r) => r.type === type && r.content.trim() !== '')?.content.trim() ?? null;
  const findings: ShopFinding[] = [];
  const icp = numberOf(WEB_SETTING_TYPES.icpNumber);
  findings.push(icp
    ? { check: 'icpNumber', ok: true, detail: `ICP filing number ${icp}` }
    : { check: 'icpNumber', ok: false, detail: `no ICP filing number (ICP备案号), which the footer must show: set it in the ${WHERE}` });
  for (const kind of ['businessLicence', 'hazardousLicence'] as const) {
    const number = numberOf(WEB_SETTING_TYPES[kind]);
    const scan = scans[kind];
    const scanStored = scan !== null && (await store.exists(scan));
    const missing = [number ? null : 'number', scan === null ? 'scan' : scanStored ? null : `scan file (${scan} is not in ${store.root})`]
      .filter((m): m is string => m !== null);
    findings.push(missing.length === 0
      ? { check: kind, ok: true, detail: `${LICENCE_NAMES[kind]} ${number}, with its scan` }
      : { check: kind, ok: false, detail: `the ${LICENCE_NAMES[kind]} has no ${missing.join(' and no ')}: set it in the ${WHERE}` });
  }
  const written = privacy !== undefined && privacy.bodyZh.trim() !== '' && privacy.bodyEn.trim() !== '';
  findings.push(written
    ? { check: 'privacyPolicy', ok: true, detail: 'the privacy policy is written in both languages' }
    : { check: 'privacyPolicy', ok: false, detail: 'no privacy policy in both languages (/privacy says none is published): write it in the back-office: 内容管理 → 关于我们 → 隐私政策' });
  return findings;
}
