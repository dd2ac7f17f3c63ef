/**
 * A stand-in for Next.js's data cache with the same contract, for tests that run the storefront's loaders
 * outside the web server: results kept under key parts and arguments with their tags (as JSON, as Next
 * keeps them), dropped by `revalidateTag`, which is recorded. Use it as
 *   vi.mock('next/cache', () => import('../../../test/next-cache-double').then((m) => m.nextCacheDouble));
 * and read `dataCache` from the same module.
 */
export const dataCache = { entries: new Map<string, { tags: string[]; value: unknown }>(), dropped: [] as string[] };

export const nextCacheDouble = {
  revalidateTag: (tag: string) => {
    dataCache.dropped.push(tag);
    for (const [key, entry] of dataCache.entries) if (entry.tags.includes(tag)) dataCache.entries.delete(key);
  },
  unstable_cache: <A extends unknown[], R>(fn: (...args: A) => Promise<R>, keyParts: string[], options: { tags: string[] }) =>
    async (...args: A): Promise<R> => {
      const key = JSON.stringify([keyParts, args]);
      const kept = dataCache.entries.get(key);
      if (kept) return kept.value as R;
      const value = await fn(...args);
      dataCache.entries.set(key, { tags: options.tags, value: JSON.parse(JSON.stringify(value)) as unknown });
      return value;
    },
};
