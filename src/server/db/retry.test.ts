import { describe, expect, it } from 'vitest';
import { isTransientConflict, retryDelayMs, retryTransient, type RetryPolicy } from './retry';

const fast: RetryPolicy = { attempts: 4, baseMs: 1, capMs: 2 };
const conflict = (code: string) => Object.assign(new Error(code), { code });

describe('retry of serialization failures and deadlocks', () => {
  it('knows the transient SQLSTATEs and nothing else', () => {
    expect(isTransientConflict(conflict('40001'))).toBe(true);
    expect(isTransientConflict(conflict('40P01'))).toBe(true);
    expect(isTransientConflict(Object.assign(new Error('Failed query'), { cause: conflict('40P01') }))).toBe(true);
    for (const other of [conflict('23505'), conflict('57014'), new Error('x'), null, 'text']) expect(isTransientConflict(other)).toBe(false);
  });

  it('waits a uniform draw below an exponential bound (full jitter), capped', () => {
    const policy: RetryPolicy = { attempts: 9, baseMs: 10, capMs: 500 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, policy, () => 0.999999))).toEqual([9, 19, 39, 79, 159, 319, 499]);
    expect(retryDelayMs(3, policy, () => 0)).toBe(0);
    expect(retryDelayMs(3, policy, () => 0.5)).toBe(20);
    const draws = new Set(Array.from({ length: 50 }, () => retryDelayMs(6, policy)));
    expect(draws.size).toBeGreaterThan(1);
  });

  it('runs the transaction again after a conflict, and answers its result', async () => {
    const codes = ['40001', '40P01'];
    let calls = 0;
    const retried: number[] = [];
    const result = await retryTransient(async () => {
      calls += 1;
      const code = codes.shift();
      if (code) throw conflict(code);
      return 'done';
    }, fast, (n) => retried.push(n));
    expect(result).toBe('done');
    expect(calls).toBe(3);
    expect(retried).toEqual([1, 2]);
  });

  it('gives up after the last attempt, and never retries other errors', async () => {
    let calls = 0;
    await expect(retryTransient(async () => {
      calls += 1;
      throw conflict('40001');
    }, fast)).rejects.toMatchObject({ code: '40001' });
    expect(calls).toBe(4);
    calls = 0;
    await expect(retryTransient(async () => {
      calls += 1;
      throw conflict('23505');
    }, fast)).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
