import 'server-only';
import { unstable_cache } from 'next/cache';
import { STOREFRONT_CACHE_SECONDS } from '@/server/cache/storefront';

/**
 * A loader's function whose result is the same for every visitor, cached across requests under
 * `tags` (revalidated by `revalidateStorefront`, ADR 0025) and for at most STOREFRONT_CACHE_SECONDS.
 * Never wrap anything that reads the request (cookies, the signed-in user, the cart): the arguments
 * and the tags are the whole key. Results pass through JSON: plain DTOs only (no Date, Map, undefined).
 */
export function sharedCache<A extends unknown[], R>(
  name: string,
  tags: readonly string[] | ((...args: A) => string[]),
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  if (STOREFRONT_CACHE_SECONDS === 0) return fn;
  if (typeof tags !== 'function') return unstable_cache(fn, ['storefront', name], { tags: [...tags], revalidate: STOREFRONT_CACHE_SECONDS });
  // Tags that depend on the arguments (one product's page): the key is still the name and the arguments.
  return (...args: A) => unstable_cache(fn, ['storefront', name], { tags: tags(...args), revalidate: STOREFRONT_CACHE_SECONDS })(...args);
}
