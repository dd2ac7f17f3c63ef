import 'server-only';
import { sql } from 'drizzle-orm';
import { centsText } from '@/contracts/quotations';
import type { Lang } from '@/lib/lang';
import { siteUrl } from '@/lib/seo';
import { rowsOf, type Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import { log } from '@/server/log';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';

/**
 * Mails the customer that a version was sent: to the requesting account, else the company
 * administrator; nothing when neither has an address. Links are under the site's public address
 * (`SITE_URL`), never the host a request named. A failed delivery is logged, not undone — the
 * offer is binding once sent and stays in the customer's account.
 */
export async function mailSentVersion(db: Db, id: number, lang: Lang): Promise<string | null> {
  const [row] = rowsOf<{ quote_no: string; email: string | null; name: string | null; total_cents: number; valid_until: string | Date; version: number }>(await db.execute(sql`
    select q.quote_no, coalesce(u.email, a.email) as email, coalesce(u.name, a.name) as name, v.total_cents, v.valid_until, v.version
    from quotations q join companies c on c.id = q.company_id left join users u on u.id = q.user_id left join users a on a.id = c.admin_user_id
    join quotation_versions v on v.quotation_id = q.id and v.version = q.current_version where q.id = ${id}`));
  if (!row?.email) return null;
  const t = serverMessages(lang).accountQuotations.mail;
  const validUntil = typeof row.valid_until === 'string' ? row.valid_until.slice(0, 10) : row.valid_until.toISOString().slice(0, 10);
  const origin = siteUrl();
  const values = {
    name: row.name ?? '', quoteNo: row.quote_no, version: String(row.version), total: centsText(Number(row.total_cents)), validUntil,
    link: `${origin}${lang === 'en' ? '/en' : ''}/account/quotations?id=${id}`,
    pdf: `${origin}/api/app/quotations/${id}/pdf?version=${row.version}&lang=${lang}`,
  };
  const body = fillTemplate(t.sentBody, values);
  try {
    await sendMail({ to: row.email, subject: fillTemplate(t.sentSubject, values), text: body, html: mailHtml(body) });
  } catch (error) {
    log('warn', 'quotation_mail_failed', { quotation: id, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
  return row.email;
}
