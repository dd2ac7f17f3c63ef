/** Timing helpers shared by the benchmarks: nearest-rank percentiles of sorted samples, and a timed loop. */

/** The nearest-rank percentile `p` (0–100) of ascending samples; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export interface Percentiles { p50: number; p95: number; p99: number }

/** Runs `run` five times to warm up, then `iterations` times, timing each: p50, p95 and p99 in ms. */
export async function time(iterations: number, run: (i: number) => Promise<unknown>): Promise<Percentiles> {
  for (let i = 0; i < 5; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run(i);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

/** Milliseconds as the tables print them: two decimals under 10, one above. */
export const ms = (v: number): string => (v < 10 ? v.toFixed(2) : v.toFixed(1));
