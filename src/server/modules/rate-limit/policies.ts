import 'server-only';
import type { BackoffPolicy, QuotaPolicy } from './limits';

/**
 * Failed sign-ins, code checks, registrations and resets of one account (login name, known or
 * not — unknown names are counted the same, so the answers reveal nothing): 5 free, then
 * 15 s, 30 s, 60 s … up to 15 minutes.
 */
export const ACCOUNT_FAILURES: BackoffPolicy = { name: 'auth-account', free: 5, baseSeconds: 15, maxSeconds: 900, windowSeconds: 3600 };

/** The same failures per client address, across accounts: 20 free, then 30 s doubling up to an hour. */
export const ADDRESS_FAILURES: BackoffPolicy = { name: 'auth-address', free: 20, baseSeconds: 30, maxSeconds: 3600, windowSeconds: 3600 };

/** Verification codes sent on behalf of one client address. */
export const CODES_PER_ADDRESS: QuotaPolicy = { name: 'code-address', points: 20, durationSeconds: 3600 };

/** Verification codes sent to one target (besides the 60-second cooldown between two). */
export const CODES_PER_TARGET: QuotaPolicy = { name: 'code-target', points: 10, durationSeconds: 86_400 };

/** Likes from one client address: a script that drops its visitor cookie cannot inflate counts past this. */
export const LIKES_PER_ADDRESS: QuotaPolicy = { name: 'like-address', points: 30, durationSeconds: 3600 };

/** Likes of one item from one client address by visitors without an account (one per visitor besides). */
export const LIKES_PER_ADDRESS_ITEM: QuotaPolicy = { name: 'like-address-item', points: 3, durationSeconds: 86_400 };

/** Notices to the owner of a login that a company tried to add: beyond these, further attempts are not told. */
export const TAKEN_LOGIN_NOTICES_PER_TARGET: QuotaPolicy = { name: 'taken-login-notice', points: 3, durationSeconds: 86_400 };
