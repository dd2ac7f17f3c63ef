import { centsText, type QuotationStateName } from '@/contracts/quotations';
import { money } from '../common/keyset-list';

/** The tag colour of each quotation state (list, board, record page). */
export const STATE_COLOURS: Record<QuotationStateName, string> = {
  requested: 'purple', draft: 'default', pending_approval: 'gold', approved: 'cyan', rejected: 'red', sent: 'blue',
  accepted: 'geekblue', declined: 'volcano', renegotiation: 'orange', expired: 'default', converted: 'green',
};

/** Integer cents as ¥1,234.50. */
export const yuan = (cents: number) => `¥${money(centsText(cents))}`;
