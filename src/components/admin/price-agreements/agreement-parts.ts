'use client';

import type { AgreementStateName } from '@/contracts/price-agreements';
import { centsText } from '@/contracts/quotations';
import { money } from '../common/keyset-list';
import { APPROVAL_INBOX } from '../approvals/approval-parts';

/** What a change of an agreement changes: its record, the lists of agreements, and (a submission below the floor) the approvals inbox. */
export const AGREEMENT_CHANGED = ['/api/admin/price-agreements/{id}', '/api/admin/price-agreements', ...APPROVAL_INBOX] as const;

/** The tag colour of each agreement state (list, record page, customer tab). */
export const AGREEMENT_COLOURS: Record<AgreementStateName, string> = {
  draft: 'default', pending_approval: 'gold', active: 'green', rejected: 'red', withdrawn: 'default',
};

/** Integer cents as ¥1,234.50. */
export const yuan = (cents: number) => `¥${money(centsText(cents))}`;
