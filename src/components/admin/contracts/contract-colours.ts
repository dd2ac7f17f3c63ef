import type { ContractStateName } from '@/contracts/contracts';

/** The tag colour of each contract state (list, record page, customer tab). */
export const CONTRACT_COLOURS: Record<ContractStateName, string> = {
  draft: 'default', pending_approval: 'processing', approved: 'blue', rejected: 'red', sent: 'gold', signed: 'green', cancelled: 'default',
};
