import 'server-only';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { getRateLimits } from '@/server/modules/rate-limit/limits';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, CODES_PER_ADDRESS, CODES_PER_TARGET } from '@/server/modules/rate-limit/policies';

/** Errors that mean "wrong secret": they count towards the backoff of the account and the address. */
const CREDENTIAL_FAILURES = new Set(['badCredentials', 'codeInvalid', 'oldPasswordWrong']);

let warnedNoAddress = false;

function noteMissingAddress(address: string): void {
  if (address || warnedNoAddress) return;
  warnedNoAddress = true;
  log('warn', 'auth.client_address_unknown', { hint: 'serve through npm start (scripts/serve.mjs) or set TRUST_PROXY; per-address throttling is off for requests without an address' });
}

function tooMany(retryAfter: number): AppError {
  return new AppError(429, 'tooManyAttempts', { retryAfter });
}

/**
 * Runs one sign-in-like attempt under the backoff of its account (the login name as typed,
 * known or not) and of the client address. Wrong secrets count; a success clears the account's
 * count (never the address's, so one good account cannot launder an address).
 */
export async function throttledAttempt<T>(account: string, address: string, attempt: () => Promise<T>): Promise<T> {
  const limits = getRateLimits();
  const key = account.trim().toLowerCase();
  noteMissingAddress(address);
  const waits = await Promise.all([limits.waitFor(ACCOUNT_FAILURES, key), address ? limits.waitFor(ADDRESS_FAILURES, address) : 0]);
  const wait = Math.max(...waits);
  if (wait > 0) throw tooMany(wait);
  try {
    const result = await attempt();
    await limits.clearFailures(ACCOUNT_FAILURES, key);
    return result;
  } catch (error) {
    if (error instanceof AppError && CREDENTIAL_FAILURES.has(error.messageKey)) {
      await Promise.all([limits.recordFailure(ACCOUNT_FAILURES, key), address ? limits.recordFailure(ADDRESS_FAILURES, address) : 0]);
    }
    throw error;
  }
}

/** Rations code requests per client address and per target (on top of the 60-second cooldown). */
export async function rationCodeRequest(target: string, address: string): Promise<void> {
  const limits = getRateLimits();
  noteMissingAddress(address);
  const byAddress = address ? await limits.take(CODES_PER_ADDRESS, address) : 0;
  if (byAddress > 0) throw new AppError(429, 'tooManyCodes', { retryAfter: byAddress });
  const byTarget = await limits.take(CODES_PER_TARGET, target);
  if (byTarget > 0) throw new AppError(429, 'tooManyCodes', { retryAfter: byTarget });
}
