import 'server-only';
import { unstable_cache } from 'next/cache';
import { STOREFRONT_CACHE_SECONDS } from '@/server/cache/storefront';
import { tagGenerations } from '@/server/cache/storefront-changes';

/**
 * A loader's function whose result is the same for every visitor, cached across requests under
 * `tags` (revalidated by `revalidateStorefront`, ADR 0025) and for at most STOREFRONT_CACHE_SECONDS.
 * Never wrap anything that reads the request (cookies, the signed-in user, the cart): the arguments,
 * the tags and their generations are the whole key. Results pass through JSON: plain DTOs only (no Date, Map, undefined).
 */
export function sharedCache<A extends unknown[], R>(
  name: string,
  tags: readonly string[] | ((...args: A) => string[]),
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  if (STOREFRONT_CACHE_SECONDS === 0) return fn;
  const tagsOf = typeof tags === 'function' ? tags : () => [...tags];
  // The key holds the tags' generations as the read starts: a read that overlaps a save of one of its
  // tags is stored under a key no later read uses (see tagGenerations).
  return (...args: A) => {
    const keyTags = tagsOf(...args);
    return unstable_cache(fn, ['storefront', name, tagGenerations(keyTags)], { tags: keyTags, revalidate: STOREFRONT_CACHE_SECONDS })(...args);
  };
}
