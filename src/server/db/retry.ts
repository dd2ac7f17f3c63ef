import 'server-only';

/** SQLSTATEs worth running a whole transaction again for: serialization failure, deadlock. */
const TRANSIENT = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, also when Drizzle wraps it (`DrizzleQueryError.cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function isTransientConflict(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && TRANSIENT.has(code);
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first retry waits up to this long; each further one up to twice as long as the one before. */
  baseMs: number;
  /** At most this long, whatever the attempt. */
  capMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: Number(process.env.DB_RETRY_ATTEMPTS ?? 5),
  baseMs: 10,
  capMs: 500,
};

/**
 * The wait before retry `n` (1-based): "full jitter", a uniform draw from 0 to the exponential
 * bound, so that transactions that collided do not collide again in step.
 */
export function retryDelayMs(n: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const bound = Math.min(policy.capMs, policy.baseMs * 2 ** (n - 1));
  return Math.floor(random() * bound);
}

/**
 * Runs `fn` (one whole transaction) again when PostgreSQL aborts it for a serialization failure or
 * a deadlock, after a jittered wait; any other error, or the last attempt's, goes to the caller.
 */
export async function retryTransient<T>(fn: () => Promise<T>, policy: RetryPolicy = DEFAULT_RETRY, onRetry?: (n: number, error: unknown) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= policy.attempts) throw error;
      onRetry?.(attempt, error);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt, policy)));
    }
  }
}
