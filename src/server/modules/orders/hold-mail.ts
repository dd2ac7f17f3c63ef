import 'server-only';
import { eq } from 'drizzle-orm';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { log } from '@/server/log';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
import type { HoldReason } from './credit-hold';
import { orderLink } from './notify';

/** The buyer's mail about an order held for credit at placement: why, and whom to ask. In the buyer's language (the request's). */
export function holdMail(order: { orderId: number; orderNo: string }, buyer: { name: string }, reason: HoldReason, lang: Lang): { subject: string; text: string } {
  const m = serverMessages(lang).orders;
  const params = { orderNo: order.orderNo, name: buyer.name, reason: m.holdReason[reason], link: orderLink(order.orderId, lang) };
  return { subject: fillTemplate(m.holdMail.subject, params), text: fillTemplate(m.holdMail.text, params) };
}

/** Mails the buyer that the order waits for finance, after its transaction has committed; a failed mail is logged and does not undo the order. */
export async function notifyOrderHeld(db: Db, order: { orderId: number; orderNo: string; buyerId: number }, reason: HoldReason, lang: Lang): Promise<void> {
  try {
    const [buyer] = await db.select({ name: users.name, email: users.email, loginName: users.loginName }).from(users).where(eq(users.id, order.buyerId));
    const to = buyer?.email ?? (buyer?.loginName.includes('@') ? buyer.loginName : null);
    if (!buyer || !to) return;
    const mail = holdMail(order, buyer, reason, lang);
    await sendMail({ to, ...mail, html: mailHtml(mail.text) });
  } catch (error) {
    log('warn', 'orders.hold_mail_failed', { orderId: order.orderId, error: error instanceof Error ? error.message : String(error) });
  }
}
