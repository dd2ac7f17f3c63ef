import 'server-only';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { log } from '@/server/log';

/** Consecutive failures under one key: `free` are allowed, then each one blocks for longer. */
export interface BackoffPolicy {
  name: string;
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  /** Failures are forgotten this long after the first one of a series. */
  windowSeconds: number;
}

/** At most `points` actions per key in `durationSeconds`. */
export interface QuotaPolicy {
  name: string;
  points: number;
  durationSeconds: number;
}

/** The wait after the n-th consecutive failure (n counted from 1). */
export function backoffSeconds(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.baseSeconds * 2 ** (failures - policy.free), policy.maxSeconds);
}

export interface RateLimits {
  readonly store: 'memory' | 'redis';
  /** Seconds until `key` may try again (0: now). */
  waitFor(policy: BackoffPolicy, key: string): Promise<number>;
  /** Records a failure; answers the wait it imposes (0 while failures are free). */
  recordFailure(policy: BackoffPolicy, key: string): Promise<number>;
  clearFailures(policy: BackoffPolicy, key: string): Promise<void>;
  /** Takes one point; answers 0, or the seconds until a point is free again. */
  take(policy: QuotaPolicy, key: string): Promise<number>;
  /** Resolves once the store answers (at once in memory). Until then Redis counters fall back to memory. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  /** Shared counters for several app instances; in-process counters without it. */
  redisUrl?: string;
  /** Key prefix in Redis (tests use their own and delete it). */
  prefix?: string;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** rate-limiter-flexible counters, in process memory or in Redis (with memory as insurance). */
export function createRateLimits(options: RateLimitOptions = {}): RateLimits {
  const prefix = options.prefix ?? 'rl';
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : null;
  redis?.on('error', (error: Error) => log('warn', 'rate_limit.redis_error', { error: error.message }));
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiter(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
    const id = `${prefix}:${keyPrefix}`;
    let found = limiters.get(id);
    if (!found) {
      const memory = new RateLimiterMemory({ keyPrefix: id, points, duration });
      found = redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: id, points, duration, rejectIfRedisNotReady: true, insuranceLimiter: memory })
        : memory;
      limiters.set(id, found);
    }
    return found;
  }
  const counter = (p: BackoffPolicy) => limiter(`${p.name}:fail`, 1_000_000, p.windowSeconds);
  const blocker = (p: BackoffPolicy) => limiter(`${p.name}:block`, 1, 1);

  return {
    store: redis ? 'redis' : 'memory',
    async waitFor(policy, key) {
      const res = await blocker(policy).get(key);
      return res && res.consumedPoints > 1 && res.msBeforeNext > 0 ? seconds(res.msBeforeNext) : 0;
    },
    async recordFailure(policy, key) {
      const res = await counter(policy).consume(key);
      const wait = backoffSeconds(policy, res.consumedPoints);
      if (wait > 0) await blocker(policy).block(key, wait);
      return wait;
    },
    async clearFailures(policy, key) {
      await Promise.all([counter(policy).delete(key), blocker(policy).delete(key)]);
    },
    async take(policy, key) {
      try {
        await limiter(policy.name, policy.points, policy.durationSeconds).consume(key);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return seconds(rejection.msBeforeNext);
        throw rejection;
      }
    },
    async ready() {
      if (redis && redis.status !== 'ready') await new Promise<void>((resolve, reject) => {
        redis.once('ready', () => resolve());
        redis.once('end', () => reject(new Error('Redis connection ended')));
      });
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

const globalForLimits = globalThis as unknown as { __rateLimits?: RateLimits };

/** The process's counters: Redis when REDIS_URL is set (required for several instances), else memory. */
export function getRateLimits(): RateLimits {
  globalForLimits.__rateLimits ??= createRateLimits({ redisUrl: process.env.REDIS_URL || undefined, prefix: process.env.RATE_LIMIT_PREFIX || 'rl' });
  return globalForLimits.__rateLimits;
}

/** Tests: forget every counter of this process. */
export async function resetRateLimits(): Promise<void> {
  const old = globalForLimits.__rateLimits;
  globalForLimits.__rateLimits = undefined;
  await old?.close();
}
