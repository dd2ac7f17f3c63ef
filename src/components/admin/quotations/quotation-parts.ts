'use client';

import { App } from 'antd';
import { useTranslations } from 'next-intl';
import { centsText, type QuotationStateName } from '@/contracts/quotations';
import { useApiMutation } from '@/lib/api/query';
import { money } from '../common/keyset-list';
import { APPROVAL_INBOX } from '../approvals/approval-parts';

/** What a change of a quotation changes: its record and the lists of quotations. */
/** A quotation's move may send it for approval (or take it back): the inbox changes too. */
export const QUOTATION_CHANGED = ['/api/admin/quotations/{id}', '/api/admin/quotations', ...APPROVAL_INBOX] as const;

/**
 * A quotation's move to another state (record page buttons, board cards): the success message once the
 * quotation and its list are loaded again; a refused move shows the server's message, and `refused`
 * loads what is on screen again.
 */
export function useQuotationMove(refused: () => Promise<unknown>) {
  const t = useTranslations('adminQuotations');
  const { message } = App.useApp();
  const state = useApiMutation('put', '/api/admin/quotations/{id}/state', { invalidates: QUOTATION_CHANGED });
  return async (id: number, to: QuotationStateName): Promise<void> => {
    if (await state.send({ params: { path: { id } }, body: { to } })) void message.success(t('moved', { status: t(`status.${to}`) }));
    else await refused();
  };
}

/** The tag colour of each quotation state (list, board, record page). */
export const STATE_COLOURS: Record<QuotationStateName, string> = {
  requested: 'purple', draft: 'default', pending_approval: 'gold', approved: 'cyan', rejected: 'red', sent: 'blue',
  accepted: 'geekblue', declined: 'volcano', renegotiation: 'orange', expired: 'default', converted: 'green',
};

/** Integer cents as ¥1,234.50. */
export const yuan = (cents: number) => `¥${money(centsText(cents))}`;
