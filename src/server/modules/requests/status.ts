import 'server-only';
import { REQUEST_TRANSITIONS, REQUEST_STATUSES, type RequestStatus } from '@/contracts/requests';
import { AppError } from '@/server/errors';

/** A stored status as one of the list's (anything unknown counts as new). */
export function requestStatusOf(value: string): RequestStatus {
  return (REQUEST_STATUSES as readonly string[]).includes(value) ? (value as RequestStatus) : 'new';
}

/**
 * The one transition function of customer requests: answers the new status, or refuses a change the
 * table `REQUEST_TRANSITIONS` does not allow with 409 (`requestTransitionInvalid`).
 */
export function transitionRequest(from: RequestStatus, to: RequestStatus): RequestStatus {
  if (!REQUEST_TRANSITIONS[from].includes(to)) throw new AppError(409, 'requestTransitionInvalid', { from, to });
  return to;
}
