import type { CaseStatusName } from '@/contracts/cases';

/** The tag colour of each testing-case state, the same in the list, the board, the record and the customer's tab. */
export const CASE_COLOURS: Record<CaseStatusName, string> = { reviewing: 'gold', passed: 'blue', rejected: 'red', test_finished: 'cyan', resolved: 'green', lost: 'default' };
