import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  WEB_SETTING_FORMATS, WEB_SETTING_KEYS, webSettingFault, webSettingKeyOf, type AdminSiteSettingsDto, type FooterInput,
} from '@/contracts/site-settings';
import { WEB_SETTING_TYPES } from '@/contracts/site-settings';
import type { Db } from '@/server/db/client';
import { siteBlocks, siteOptions, webSettings } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { sanitizeRichText } from '@/server/modules/content/sanitize';
import { getLicenceScanUrls } from './licences';

/** The site option that hides the footer's visitor count (absent: shown, as docs/requirements/storefront.md#footer has it). */
export const VISITOR_COUNT_KEY = 'footerVisitorCount';
const FOOTER_KEY = 'footer';

/** Labels a new row of a type gets (the table keeps them beside the content). */
const LABELS: Record<keyof typeof WEB_SETTING_TYPES, [string, string]> = {
  englishSite: ['英文站地址', 'English site'],
  hotline: ['全国服务热线', 'Hotline'],
  hotline2: ['技术支持热线', 'Technical support line'],
  chatContact: ['在线客服号码', 'Customer-service chat number'],
  salesEmail: ['销售邮箱', 'Sales e-mail'],
  chatLink: ['在线客服链接', 'Chat link'],
  address: ['公司地址', 'Company address'],
  qrCodeUrl: ['二维码内容', 'QR code target'],
  workingHours: ['工作时间', 'Working hours'],
  icpNumber: ['ICP备案号', 'ICP filing number'],
  businessLicence: ['营业执照', 'Business licence'],
  hazardousLicence: ['危险化学品经营许可证', 'Hazardous chemicals trading licence'],
  companyName: ['公司名称', 'Company name'],
  taxNumber: ['纳税人识别号', 'Tax number'],
  bankName: ['开户银行', 'Bank'],
  bankAccount: ['银行账号', 'Bank account'],
  catalogueClaim: ['产品数量说明（中文）', 'Catalogue claim (Chinese)'],
  catalogueClaimEn: ['产品数量说明（英文）', 'Catalogue claim (English)'],
};

/** Whether the storefront's footer shows the visitor count. */
export async function showsVisitorCount(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, VISITOR_COUNT_KEY));
  return row?.value !== false;
}

/** Every type of web setting (its first row's content, or null), the footer content, the visitor-count display and the licence scans. */
export async function getSiteSettings(db: Db): Promise<AdminSiteSettingsDto> {
  const [rows, [footer], show, licenceScans] = await Promise.all([
    db.select().from(webSettings).orderBy(asc(webSettings.type), asc(webSettings.sort), asc(webSettings.id)),
    db.select({ bodyZh: siteBlocks.bodyZh, bodyEn: siteBlocks.bodyEn }).from(siteBlocks).where(eq(siteBlocks.key, FOOTER_KEY)),
    showsVisitorCount(db),
    getLicenceScanUrls(db),
  ]);
  return {
    settings: WEB_SETTING_KEYS.map((key) => {
      const row = rows.find((r) => r.type === WEB_SETTING_TYPES[key]);
      return { type: WEB_SETTING_TYPES[key], key, format: WEB_SETTING_FORMATS[key], content: row?.content ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
    }),
    footer: { bodyZh: footer?.bodyZh ?? '', bodyEn: footer?.bodyEn ?? '' },
    showVisitorCount: show,
    licenceScans,
  };
}

function keyOf(type: number) {
  const key = webSettingKeyOf(type);
  if (!key) throw new AppError(400, 'badRequest', [{ field: 'type', message: 'webSettingTypeInvalid' }]);
  return key;
}

/**
 * Sets a type's content after checking it against the type's format (400 naming `content`): the
 * type's first row changes (or one is added); further rows of the type, which the storefront never
 * shows, are left as they are. Audited in the same transaction.
 */
export async function setWebSetting(db: Db, params: { actor: AuditActor; type: number; content: string }): Promise<void> {
  const key = keyOf(params.type);
  const content = params.content.trim();
  const fault = webSettingFault(WEB_SETTING_FORMATS[key], content);
  if (fault) throw new AppError(400, 'badRequest', [{ field: 'content', message: fault }]);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(webSettings).where(eq(webSettings.type, params.type))
      .orderBy(asc(webSettings.sort), asc(webSettings.id)).limit(1).for('update');
    if (row) {
      if (row.content === content) return;
      await tx.update(webSettings).set({ content, updatedAt: new Date() }).where(eq(webSettings.id, row.id));
    } else {
      const [labelZh, labelEn] = LABELS[key];
      await tx.insert(webSettings).values({ type: params.type, content, labelZh, labelEn, sort: params.type * 10 });
    }
    await recordAudit(tx, params.actor, { action: row ? 'update' : 'create', entity: 'webSetting', entityId: params.type, before: row ? { content: row.content } : null, after: { content } });
  });
}

/** Removes every row of a type: the storefront then leaves that item out (a chat link, say). Audited. */
export async function clearWebSetting(db: Db, params: { actor: AuditActor; type: number }): Promise<void> {
  keyOf(params.type);
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(webSettings).where(eq(webSettings.type, params.type)).for('update');
    if (rows.length === 0) return;
    await tx.delete(webSettings).where(and(eq(webSettings.type, params.type), inArray(webSettings.id, rows.map((r) => r.id))));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'webSetting', entityId: params.type, before: { content: rows[0]!.content } });
  });
}

/** Sets the footer content of both languages, sanitised as rich text before it is stored. Audited. */
export async function setFooter(db: Db, params: { actor: AuditActor; footer: FooterInput }): Promise<FooterInput> {
  const after = { bodyZh: sanitizeRichText(params.footer.bodyZh.trim()), bodyEn: sanitizeRichText(params.footer.bodyEn.trim()) };
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(siteBlocks).where(eq(siteBlocks.key, FOOTER_KEY)).for('update');
    if (row && row.bodyZh === after.bodyZh && row.bodyEn === after.bodyEn) return;
    if (row) await tx.update(siteBlocks).set({ ...after, updatedAt: new Date() }).where(eq(siteBlocks.id, row.id));
    else await tx.insert(siteBlocks).values({ key: FOOTER_KEY, ...after });
    await recordAudit(tx, params.actor, { action: row ? 'update' : 'create', entity: 'siteBlock', entityId: FOOTER_KEY, before: row ? { bodyZh: row.bodyZh, bodyEn: row.bodyEn } : null, after });
  });
  return after;
}

/** Shows or hides the footer's visitor count. Audited. */
export async function setVisitorCountShown(db: Db, params: { actor: AuditActor; show: boolean }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, VISITOR_COUNT_KEY)).for('update');
    const before = row?.value !== false;
    if (before === params.show && row) return params.show;
    await tx.insert(siteOptions).values({ key: VISITOR_COUNT_KEY, value: params.show })
      .onConflictDoUpdate({ target: siteOptions.key, set: { value: params.show, updatedAt: new Date() } });
    await recordAudit(tx, params.actor, { action: 'update', entity: 'siteOption', entityId: VISITOR_COUNT_KEY, before: { show: before }, after: { show: params.show } });
    return params.show;
  });
}
