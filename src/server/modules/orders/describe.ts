import 'server-only';
import type { Lang } from '@/lib/lang';
import { serverMessages } from '@/server/messages';
import { fillTemplate } from '@/server/modules/mail/templates';
import type { ApprovalMatch } from './rules';

const amount = (value: string) => Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Why an order needs approval, in the reader's language. */
export function describeMatch(lang: Lang, match: ApprovalMatch): string {
  const t = serverMessages(lang).orders.match;
  switch (match.kind) {
    case 'total_above':
      return fillTemplate(t.total_above, { amount: amount(match.amount) });
    case 'hazardous':
      return fillTemplate(t.hazardous, { items: match.itemNos.join(', ') });
    case 'controlled':
      return fillTemplate(t.controlled, { items: match.itemNos.join(', ') });
    case 'monthly_limit':
      return fillTemplate(t.monthly_limit, { limit: amount(match.limit), spent: amount(match.spent) });
  }
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The detail of a timeline row: a quantity change or a removed line, in the reader's language. */
export function describeLog(lang: Lang, action: string, data: Record<string, unknown> | null): string {
  const t = serverMessages(lang).orders.logDetail;
  if (!data) return '';
  if (action === 'change') return fillTemplate(t.change, { item: text(data.itemNo), size: text(data.size), from: text(data.from), to: text(data.to) });
  if (action === 'remove') return fillTemplate(t.remove, { item: text(data.itemNo), size: text(data.size), num: text(data.num) });
  if (action === 'submit' && Array.isArray(data.matches) && data.matches.length > 0) {
    return (data.matches as ApprovalMatch[]).map((m) => describeMatch(lang, m)).join('; ');
  }
  if (action === 'submit') return t.noRule;
  if (action === 'fulfil' && typeof data.shipmentNo === 'string') {
    const state = (serverMessages(lang).orders.fulfilment as Record<string, string>)[text(data.fulfilment)] ?? '';
    const params = { shipmentNo: data.shipmentNo, carrier: text(lang === 'en' ? data.carrierEn : data.carrierZh), trackingNo: text(data.trackingNo), state };
    return fillTemplate(data.delivered === true ? t.delivered : t.shipped, params);
  }
  const moved = { item: text(data.itemNo), size: text(data.size), quantity: text(data.quantity), fromLot: text(data.fromLot), toLot: text(data.toLot), num: text(data.num) };
  if (action === 'allocationMove') return fillTemplate(t.allocationMove, moved);
  if (action === 'allocationRelease') return fillTemplate(t.allocationRelease, moved);
  if (action === 'cancelLine') return fillTemplate(t.cancelLine, moved);
  const states: Record<string, string> = serverMessages(lang).orders.fulfilment;
  if (action === 'hold') return fillTemplate(t.hold, { reason: (serverMessages(lang).orders.holdReason as Record<string, string>)[text(data.holdReason)] ?? '' });
  if ((action === 'fulfil' || action === 'release') && typeof data.fulfilment === 'string') return fillTemplate(t.fulfilment, { state: states[data.fulfilment] ?? data.fulfilment });
  if (action === 'invoice') return fillTemplate(data.kind === 'red' ? t.invoiceRed : t.invoiceBlue, { no: text(data.invoiceNo), amount: text(data.amount), corrects: text(data.correctsNo) });
  return '';
}
