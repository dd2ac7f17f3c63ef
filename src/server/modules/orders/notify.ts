import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { log } from '@/server/log';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
import { siteUrl } from '@/lib/seo';
import type { Lang } from '@/lib/lang';
import { approversOf, companyAdministrator } from './access';

export interface StepNotice {
  orderId: number;
  orderNo: string;
  buyerId: number;
  companyId: number;
  /** submit (with the status it got), approve, reject, cancel, place. */
  action: 'submit' | 'approve' | 'reject' | 'cancel' | 'place';
  status: string;
  reason: string;
  actorName: string;
  /** The user who made the step: never mailed about it as an approver. */
  actorId: number;
}

const mailbox = (u: { email: string | null; loginName?: string }) => u.email ?? (u.loginName?.includes('@') ? u.loginName : null);

/** The order's page in the account area, absolute from SITE_URL (never the host a request named). */
export function orderLink(orderId: number, lang: Lang): string {
  return `${siteUrl()}${lang === 'en' ? '/en' : ''}/order/detail?id=${orderId}&default=1`;
}

interface Recipient { to: string; name: string; role: 'buyer' | 'approver' }

/** One mail of a step: to whom, its subject (the order's new state) and its text, greeting the recipient by name. */
export function orderStepMail(notice: StepNotice, recipient: Recipient, buyerName: string, lang: Lang): { to: string; subject: string; text: string } {
  const t = serverMessages(lang).orders.mail;
  const statuses: Record<string, string> = serverMessages(lang).orders.status;
  const params = {
    orderNo: notice.orderNo, actor: notice.actorName, status: statuses[notice.status] ?? notice.status, reason: notice.reason,
    buyer: buyerName, name: recipient.name, link: orderLink(notice.orderId, lang),
  };
  const state = fillTemplate(t.states[notice.action], params);
  const lead = recipient.role === 'buyer' ? t.buyerLead : notice.action === 'submit' && notice.status === 'reviewing' ? t.approverLead : t.copyLead;
  const step = fillTemplate(recipient.role === 'buyer' ? t.steps[notice.action] : t.copySteps[notice.action], params);
  const reason = notice.reason ? `\n\n${fillTemplate(notice.action === 'reject' ? t.reason : t.comment, params)}` : '';
  const text = `${fillTemplate(lead, params)}\n\n${step}${reason}\n\n${fillTemplate(t.link, params)}`;
  return { to: recipient.to, subject: fillTemplate(t.subject, { ...params, state }), text };
}

/**
 * Mails the buyer and the approvers (or the company administrator when there is no other approver)
 * about a step of an order, after its transaction has committed: each greeted by their own name, the
 * subject naming the order's new state, the text linking to the order. The user who made the step is
 * not mailed about it as an approver. A failed mail is logged and does not undo the step.
 */
export async function notifyOrderStep(db: Db, notice: StepNotice, lang: Lang): Promise<void> {
  try {
    const [buyer] = await db.select({ name: users.name, email: users.email, loginName: users.loginName }).from(users).where(eq(users.id, notice.buyerId));
    let approvers = await approversOf(db, notice.companyId, notice.buyerId);
    if (approvers.length === 0) {
      const admin = await companyAdministrator(db, notice.companyId);
      approvers = admin && admin.id !== notice.buyerId ? [admin] : [];
    }
    const recipients: Recipient[] = [
      ...(buyer && mailbox(buyer) ? [{ to: mailbox(buyer)!, name: buyer.name, role: 'buyer' as const }] : []),
      ...approvers.filter((a) => a.email && a.id !== notice.actorId).map((a) => ({ to: a.email!, name: a.name, role: 'approver' as const })),
    ];
    const seen = new Set<string>();
    for (const r of recipients) {
      if (seen.has(r.to)) continue;
      seen.add(r.to);
      const mail = orderStepMail(notice, r, buyer?.name ?? '', lang);
      await sendMail({ ...mail, html: mailHtml(mail.text) });
    }
  } catch (error) {
    log('warn', 'orders.notify_failed', { orderId: notice.orderId, error: error instanceof Error ? error.message : String(error) });
  }
}
