import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { backoffSeconds, createRateLimits, type BackoffPolicy, type RateLimits } from './limits';

const policy: BackoffPolicy = { name: 'test', free: 3, baseSeconds: 10, maxSeconds: 40, windowSeconds: 600 };

describe('backoffSeconds', () => {
  it('is free up to the allowance, then doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffSeconds(policy, n))).toEqual([0, 0, 10, 20, 40, 40, 40]);
  });
});

async function exercise(limits: RateLimits, key: string) {
  expect(await limits.waitFor(policy, key)).toBe(0);
  expect(await limits.recordFailure(policy, key)).toBe(0);
  expect(await limits.recordFailure(policy, key)).toBe(0);
  expect(await limits.recordFailure(policy, key)).toBe(10);
  const wait = await limits.waitFor(policy, key);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(10);
  expect(await limits.waitFor(policy, `${key}-other`)).toBe(0);
  await limits.clearFailures(policy, key);
  expect(await limits.waitFor(policy, key)).toBe(0);
  const quota = { name: 'q', points: 2, durationSeconds: 60 };
  expect(await limits.take(quota, key)).toBe(0);
  expect(await limits.take(quota, key)).toBe(0);
  expect(await limits.take(quota, key)).toBeGreaterThan(0);
}

describe('in-process limits', () => {
  it('count failures, block with backoff, clear, and ration quotas', async () => {
    const limits = createRateLimits();
    expect(limits.store).toBe('memory');
    await exercise(limits, 'someone@example.com');
    await limits.close();
  });
});

// The Redis path runs where a Redis is reachable (REDIS_URL, or the local one CI starts); CI requires it (REQUIRE_REDIS=1).
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 1000, retryStrategy: () => null });
const redisUp = await probe.connect().then(() => true, () => false);
if (!redisUp && process.env.REQUIRE_REDIS === '1') throw new Error(`rate limits: REQUIRE_REDIS=1, but no Redis answers at ${redisUrl}`);
if (!redisUp) console.info(`rate limits: Redis at ${redisUrl} unreachable — the Redis path is not tested`);

describe.skipIf(!redisUp)('Redis limits', () => {
  const prefix = `i5test:${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const keys = await probe.keys(`${prefix}*`);
    if (keys.length) await probe.del(...keys);
    await probe.quit();
  });

  it('keep their counters in Redis under the prefix, shared by two instances', async () => {
    const a = createRateLimits({ redisUrl, prefix });
    const b = createRateLimits({ redisUrl, prefix });
    expect(a.store).toBe('redis');
    await Promise.all([a.ready(), b.ready()]);
    await exercise(a, 'shared@example.com');
    await a.recordFailure(policy, 'both');
    await a.recordFailure(policy, 'both');
    expect(await b.recordFailure(policy, 'both')).toBe(10);
    expect(await b.waitFor(policy, 'both')).toBeGreaterThan(0);
    expect((await probe.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    await Promise.all([a.close(), b.close()]);
  });
});
afterAll(async () => {
  if (!redisUp) probe.disconnect();
});
