import 'server-only';
import { eq } from 'drizzle-orm';
import type { ShipmentDto } from '@/contracts/shipments';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { log } from '@/server/log';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
import { orderLink } from './notify';
import type { OrderRef } from './shipments';
import { shipmentOf } from './shipments';

/** The mail of a shipment leaving or being received, in the language the buyer placed the order in. */
export function shipmentMail(order: OrderRef, shipment: ShipmentDto, kind: 'shipped' | 'delivered', buyerName: string): { subject: string; text: string } {
  const t = serverMessages(order.lang).orders.shipmentMail;
  const params = {
    orderNo: order.orderNo, shipmentNo: shipment.shipmentNo, carrier: shipment.carrierName, trackingNo: shipment.trackingNo, name: buyerName,
    link: orderLink(order.id, order.lang),
  };
  const lines = shipment.lines.map((l) => fillTemplate(t.line, { itemNo: l.itemNo, product: l.name, size: l.size, lotNo: l.lotNo, quantity: String(l.quantity) })).join('\n');
  const tracking = shipment.trackingLink ? `\n${fillTemplate(t.tracking, { url: shipment.trackingLink })}` : '';
  const body = kind === 'shipped' ? `${fillTemplate(t.shippedBody, params)}${tracking}\n\n${lines}` : fillTemplate(t.deliveredBody, params);
  return { subject: fillTemplate(kind === 'shipped' ? t.shippedSubject : t.deliveredSubject, params), text: `${fillTemplate(t.greeting, params)}\n\n${body}\n\n${fillTemplate(t.link, params)}` };
}

/**
 * Mails the order's buyer that a shipment left or was received, after its transaction committed, in the
 * order's language. A failed mail is logged and does not undo the shipment.
 */
export async function notifyShipment(db: Db, order: OrderRef, shipmentId: number, kind: 'shipped' | 'delivered'): Promise<void> {
  try {
    const [buyer] = await db.select({ name: users.name, email: users.email, loginName: users.loginName }).from(users).where(eq(users.id, order.userId));
    const to = buyer?.email ?? (buyer?.loginName.includes('@') ? buyer.loginName : null);
    if (!buyer || !to) return;
    const shipment = await shipmentOf(db, order, shipmentId, order.lang);
    const mail = shipmentMail(order, shipment, kind, buyer.name);
    await sendMail({ to, ...mail, html: mailHtml(mail.text) });
  } catch (error) {
    log('warn', 'orders.shipment_notify_failed', { orderId: order.id, shipmentId, error: error instanceof Error ? error.message : String(error) });
  }
}
