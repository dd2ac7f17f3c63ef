import type { ComplaintStatusName } from '@/contracts/complaints';

/** The tag colour of each complaint state (list, board, record page, customer record tab). */
export const COMPLAINT_COLOURS: Record<ComplaintStatusName, string> = {
  reviewing: 'gold', approving: 'processing', passed: 'blue', rejected: 'red', resolved: 'green', withdrawn: 'default',
};
