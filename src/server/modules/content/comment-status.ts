import 'server-only';
import { COMMENT_STATUSES, COMMENT_TRANSITIONS, type CommentAction, type CommentStatus } from '@/contracts/content-moderation';
import { AppError } from '@/server/errors';

/** A stored status as one of the list's (anything unknown counts as pending: not shown). */
export function commentStatusOf(value: string): CommentStatus {
  return (COMMENT_STATUSES as readonly string[]).includes(value) ? (value as CommentStatus) : 'pending';
}

/** The actions a comment in this status allows. */
export function commentActions(status: CommentStatus): CommentAction[] {
  return Object.keys(COMMENT_TRANSITIONS[status]) as CommentAction[];
}

/**
 * The one transition function of comments: answers the status an action leads to, or refuses an
 * action the table `COMMENT_TRANSITIONS` does not allow from `from` with 409 (`commentTransitionInvalid`).
 */
export function transitionComment(from: CommentStatus, action: CommentAction): CommentStatus {
  const to = COMMENT_TRANSITIONS[from][action];
  if (!to) throw new AppError(409, 'commentTransitionInvalid', { from, action });
  return to;
}
