import 'server-only';
import { sql } from 'drizzle-orm';
import type { ShipmentDto } from '@/contracts/shipments';
import type { Lang } from '@/lib/lang';
import { siteUrl } from '@/lib/seo';
import { businessDay } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import { fillTemplate } from '@/server/modules/mail/templates';
import { loadLetterhead } from '@/server/modules/site-settings/letterhead';
import { renderPdf } from '@/server/pdf/document';
import type { OrderRef } from './shipments';

/**
 * A shipment's packing list (装箱单) as a PDF in one language, on the seller's letterhead: the shipment,
 * order, receiver and carrier; a row per lot with item number, product, size, lot, quantity, the lot's COA
 * and the handling it needs; the filings of controlled lines.
 */
export async function packingListPdf(db: Db, order: OrderRef, shipment: ShipmentDto, lang: Lang): Promise<{ bytes: Buffer; name: string }> {
  const t = serverMessages(lang).orders.packingList;
  const [o] = rowsOf<{ company_name: string; receiver: string; phone: string; region: string; address_detail: string }>(await db.execute(sql`
    select co.name as company_name, o.receiver, o.phone, o.region, o.address_detail from orders o join companies co on co.id = o.company_id where o.id = ${order.id}`));
  const notes = (l: ShipmentDto['lines'][number]) => [
    l.hazardous ? t.hazardous : '', l.coldChain ? t.coldChain : '', l.controlClass ? t.control[l.controlClass] : '',
  ].filter(Boolean).join(t.separator) || '—';
  const handling = [shipment.dangerousGoods ? t.hazardous : '', shipment.coldChain ? t.coldChain : '', shipment.controlled ? t.controlled : ''].filter(Boolean);
  const bytes = await renderPdf({
    letterhead: await loadLetterhead(db, lang), lang,
    title: t.title, subtitle: fillTemplate(t.subtitle, { shipmentNo: shipment.shipmentNo, orderNo: order.orderNo }), author: 'YouReagent',
    facts: [
      [t.shipmentNo, shipment.shipmentNo],
      [t.orderNo, order.orderNo],
      [t.date, businessDay(shipment.shippedAt)],
      [t.customer, o?.company_name ?? ''],
      [t.receiver, `${o?.receiver ?? ''} ${o?.phone ?? ''}`.trim()],
      [t.address, `${o?.region ?? ''} ${o?.address_detail ?? ''}`.trim()],
      [t.carrier, shipment.carrierName],
      [t.trackingNo, shipment.trackingNo],
      [t.handling, handling.length > 0 ? handling.join(t.separator) : t.ordinary],
      ...(shipment.controlled ? [[t.buyerLicence, shipment.buyerLicence], [t.transportFiling, shipment.transportFiling]] as [string, string][] : []),
    ],
    columns: [
      { title: t.itemNo, width: 0.13 }, { title: t.product, width: 0.25 }, { title: t.size, width: 0.09 }, { title: t.lotNo, width: 0.12 },
      { title: t.quantity, width: 0.07, align: 'right' }, { title: t.coa, width: 0.18 }, { title: t.notes, width: 0.16 },
    ],
    rows: shipment.lines.map((l) => [l.itemNo, l.name, l.size, l.lotNo, String(l.quantity), l.coaUrl ? `${siteUrl()}${l.coaUrl}` : t.noCoa, notes(l)]),
    totals: [[t.units, String(shipment.lines.reduce((s, l) => s + l.quantity, 0))]],
    paragraphs: [t.footer],
    footer: `${t.title} ${shipment.shipmentNo}`,
  });
  return { bytes, name: `${shipment.shipmentNo}${lang === 'en' ? '-en' : ''}.pdf` };
}
