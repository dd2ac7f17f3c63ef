import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { LICENCE_KINDS, licenceScanUrl, type LicenceKind } from '@/contracts/site-settings';
import type { Db } from '@/server/db/client';
import { siteOptions } from '@/server/db/schema';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { acceptUpload, recordUpload } from '@/server/modules/files/upload';

/**
 * The scans of the shop's licences (营业执照, 危险化学品经营许可证; 电子商务法 §15): one image per kind, stored
 * through the files module's upload pipeline under `licence/<kind>/<uuid>.<ext>`, its key kept in the site
 * option `<kind>Scan`. The licence numbers are web settings 11 and 12 (`WEB_SETTING_TYPES`).
 */

/** The largest scan taken (under the API's 1 MiB body limit, so the answer is this module's 413). */
export const LICENCE_SCAN_MAX_BYTES = 900 * 1024;
/** Scans are scaled down to fit this many pixels on their longer side: a licence stays legible. */
const SCAN_SIDE = 2000;

const optionKey = (kind: LicenceKind) => `${kind}Scan`;

/** The stored key of each licence's scan, or null. */
export async function getLicenceScanKeys(db: Db): Promise<Record<LicenceKind, string | null>> {
  const rows = await db.select().from(siteOptions).where(inArray(siteOptions.key, LICENCE_KINDS.map(optionKey)));
  const keyOf = (kind: LicenceKind) => {
    const value = rows.find((r) => r.key === optionKey(kind))?.value;
    return typeof value === 'string' && value.startsWith(`licence/${kind}/`) ? value : null;
  };
  return { businessLicence: keyOf('businessLicence'), hazardousLicence: keyOf('hazardousLicence') };
}

/** The file name part of a stored key (`licence/<kind>/<name>`). */
const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** Each licence's scan address, or null. */
export async function getLicenceScanUrls(db: Db): Promise<Record<LicenceKind, string | null>> {
  const keys = await getLicenceScanKeys(db);
  const url = (kind: LicenceKind) => { const key = keys[kind]; return key ? licenceScanUrl(kind, nameOf(key)) : null; };
  return { businessLicence: url('businessLicence'), hazardousLicence: url('hazardousLicence') };
}

/** The stored key of a licence's current scan when `name` names it (an older scan's address answers 404). */
export async function getLicenceScanPath(db: Db, params: { kind: LicenceKind; name: string }): Promise<string | null> {
  const key = (await getLicenceScanKeys(db))[params.kind];
  return key && nameOf(key) === params.name ? key : null;
}

/**
 * Stores a licence's scan: PNG, JPEG or WebP as the file's first bytes say (anything else 415), decoded and
 * written anew; the site option and its audit row change in one transaction. The previous scan's file stays
 * in the store (the audit log names it).
 */
export async function storeLicenceScan(db: Db, params: { actor: AuditActor; kind: LicenceKind; bytes: Uint8Array }): Promise<void> {
  const { key, size } = await acceptUpload(params.bytes, {
    accept: 'image', maxBytes: LICENCE_SCAN_MAX_BYTES, tooLarge: 'licenceScanTooLarge', refused: 'licenceScanTypeRefused', side: SCAN_SIDE,
    place: (name) => `licence/${params.kind}/${name}`,
  });
  await recordUpload({ key }, () => db.transaction(async (tx) => {
    const [before] = await tx.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, optionKey(params.kind))).for('update');
    await tx.insert(siteOptions).values({ key: optionKey(params.kind), value: key })
      .onConflictDoUpdate({ target: siteOptions.key, set: { value: key, updatedAt: new Date() } });
    await recordAudit(tx, params.actor, {
      action: 'setScan', entity: 'siteOption', entityId: optionKey(params.kind), before: before ? { scan: String(before.value) } : null, after: { scan: key }, note: { size },
    });
  }));
}

/** Takes a licence's scan away (the storefront then shows the number alone). Audited. */
export async function removeLicenceScan(db: Db, params: { actor: AuditActor; kind: LicenceKind }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, optionKey(params.kind))).for('update');
    if (!before) return;
    await tx.delete(siteOptions).where(eq(siteOptions.key, optionKey(params.kind)));
    await recordAudit(tx, params.actor, { action: 'removeScan', entity: 'siteOption', entityId: optionKey(params.kind), before: { scan: String(before.value) }, after: null });
  });
}
