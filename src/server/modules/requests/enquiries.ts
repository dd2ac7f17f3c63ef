import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { EnquiryInput } from '@/contracts/requests';
import { WEB_SETTING_TYPES } from '@/contracts/site-settings';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { contactEnquiries, products, webSettings } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { getRateLimits, type QuotaPolicy } from '@/server/modules/rate-limit/limits';
import { serverMessages } from '@/server/messages';

/**
 * Enquiries per client address: the same allowance as the "could not find it" requests
 * (`FEEDBACK_PER_ADDRESS`), counted apart so that one form does not use up the other.
 */
export const ENQUIRY_PER_ADDRESS: QuotaPolicy = { name: 'contact-enquiry', points: 5, durationSeconds: 3600 };

/** The sales address of the web settings (type 5), where enquiries are mailed; null when none is set. */
async function salesAddress(db: Db): Promise<string | null> {
  const [row] = await db.select({ content: webSettings.content }).from(webSettings)
    .where(eq(webSettings.type, WEB_SETTING_TYPES.salesEmail)).orderBy(webSettings.sort, webSettings.id).limit(1);
  return row?.content.trim() || null;
}

/**
 * Stores an enquiry from the contact page (rationed per client address; unknown addresses share one
 * allowance), then mails it to the sales address of the web settings. An item number must name a
 * product (400 naming `itemNo`). A failed mail is logged: the enquiry is in the staff list anyway.
 */
export async function addEnquiry(
  db: Db,
  params: EnquiryInput & { lang: Lang; userId: number | null; address: string },
): Promise<{ id: number }> {
  const wait = await getRateLimits().take(ENQUIRY_PER_ADDRESS, params.address || 'unknown');
  if (wait > 0) throw new AppError(429, 'feedbackTooMany', { retryAfter: wait });
  let product: { id: number; itemNo: string; nameZh: string; nameEn: string } | undefined;
  if (params.itemNo) {
    [product] = await db.select({ id: products.id, itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn }).from(products)
      // As written or in capitals (how item numbers are stored), through the unique index: never a scan of the catalogue.
      .where(inArray(products.itemNo, [...new Set([params.itemNo, params.itemNo.toUpperCase()])])).limit(1);
    if (!product) throw new AppError(400, 'badRequest', [{ field: 'itemNo', message: 'enquiryItemNoUnknown' }]);
  }
  const [row] = await db.insert(contactEnquiries).values({
    name: params.name,
    company: params.company,
    email: params.email || null,
    phone: params.phone || null,
    message: params.message,
    itemNo: product?.itemNo ?? null,
    productId: product?.id ?? null,
    lang: params.lang,
    userId: params.userId,
    clientAddress: params.address,
  }).returning({ id: contactEnquiries.id });
  if (!row) throw new AppError(500);

  const to = await salesAddress(db);
  if (!to) {
    log('warn', 'requests.enquiry_no_sales_address', { id: row.id });
    return { id: row.id };
  }
  try {
    // Sales read Chinese: the mail is in Chinese, with the language the visitor wrote in.
    const t = serverMessages('zh').requestMail;
    const values = {
      id: String(row.id), name: params.name, company: params.company || '—', email: params.email || '—', phone: params.phone || '—',
      product: product ? `${product.itemNo} ${product.nameZh}` : '—', message: params.message, lang: params.lang === 'en' ? 'English' : '中文',
    };
    const body = fillTemplate(t.enquiryBody, values);
    await sendMail({ to, subject: fillTemplate(t.enquirySubject, values), text: body, html: mailHtml(body) });
  } catch (error) {
    log('warn', 'requests.enquiry_mail_failed', { id: row.id, error: error instanceof Error ? error.message : String(error) });
  }
  return { id: row.id };
}
