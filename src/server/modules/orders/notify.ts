import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { log } from '@/server/log';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
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
}

const mailbox = (u: { email: string | null; loginName?: string }) => u.email ?? (u.loginName?.includes('@') ? u.loginName : null);

/**
 * Mails the buyer and the approvers (or the company administrator when there is no other approver)
 * about a step of an order, after its transaction has committed. A failed mail is logged and does
 * not undo the step.
 */
export async function notifyOrderStep(db: Db, notice: StepNotice, lang: Lang): Promise<void> {
  try {
    const [buyer] = await db.select({ name: users.name, email: users.email, loginName: users.loginName }).from(users).where(eq(users.id, notice.buyerId));
    let approvers = await approversOf(db, notice.companyId, notice.buyerId);
    if (approvers.length === 0) {
      const admin = await companyAdministrator(db, notice.companyId);
      approvers = admin && admin.id !== notice.buyerId ? [admin] : [];
    }
    const t = serverMessages(lang).orders.mail;
    const statuses: Record<string, string> = serverMessages(lang).orders.status;
    const statusLabel = statuses[notice.status] ?? notice.status;
    const params = { orderNo: notice.orderNo, actor: notice.actorName, status: statusLabel, reason: notice.reason, buyer: buyer?.name ?? '' };
    const step = fillTemplate(t.steps[notice.action], params);
    const reason = notice.reason ? `\n\n${fillTemplate(t.reason, params)}` : '';
    const recipients = [
      ...(buyer && mailbox(buyer) ? [{ to: mailbox(buyer)!, role: 'buyer' as const }] : []),
      ...approvers.filter((a) => a.email).map((a) => ({ to: a.email!, role: 'approver' as const })),
    ];
    const seen = new Set<string>();
    for (const r of recipients) {
      if (seen.has(r.to)) continue;
      seen.add(r.to);
      const lead = r.role === 'approver' && notice.action === 'submit' && notice.status === 'reviewing' ? t.approverLead : t.buyerLead;
      const body = `${fillTemplate(lead, params)}\n\n${step}${reason}\n\n${fillTemplate(t.link, params)}`;
      await sendMail({ to: r.to, subject: fillTemplate(t.subject, { ...params, step }), text: body, html: mailHtml(body) });
    }
  } catch (error) {
    log('warn', 'orders.notify_failed', { orderId: notice.orderId, error: error instanceof Error ? error.message : String(error) });
  }
}
