import 'server-only';
import { revalidateTag } from 'next/cache';
import { Redis } from 'ioredis';
import { log } from '@/server/log';
import { bumpStorefrontGenerations, STOREFRONT_CHANGES_CHANNEL, storefrontChangeMessage } from './storefront-changes';

/**
 * The storefront's shared cache (ADR 0025): what every visitor sees alike (the shell, the
 * home blocks, category, brand and content pages, product details) is read through `unstable_cache`
 * in the page layer's loaders under these tags, for at most STOREFRONT_CACHE_SECONDS.
 */
export const STOREFRONT_CACHE_SECONDS = cacheSeconds(process.env.STOREFRONT_CACHE_SECONDS);

/** STOREFRONT_CACHE_SECONDS: a whole number of seconds ≥ 1 (default 60); 0 turns the shared cache off. */
function cacheSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 60;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`STOREFRONT_CACHE_SECONDS must be a whole number of seconds, got ${value}`);
  return n;
}

export const storefrontTags = {
  /** Navigation menus, web settings (contact, QR code), footer and other site blocks, visitor figure. */
  shell: 'storefront:shell',
  /** Products, packs, prices, stock, brands and categories: home blocks, lists, brand and category pages, details. */
  catalogue: 'storefront:catalogue',
  /** Articles (news, applications, citations, support, resources), banners and home blocks of text. */
  content: 'storefront:content',
  /** One product's detail page. */
  product: (id: number) => `storefront:product:${id}`,
} as const;

/** What changed: a part of the site, or one product (its detail page only; lists go with 'catalogue'). */
export type StorefrontChange = 'shell' | 'catalogue' | 'content' | 'all' | { product: number };

function tagsOf(change: StorefrontChange): string[] {
  if (typeof change === 'object') return [storefrontTags.product(change.product)];
  if (change === 'all') return [storefrontTags.shell, storefrontTags.catalogue, storefrontTags.content];
  return [storefrontTags[change]];
}

/**
 * Announces a change to the other processes of the stack (ADR 0096), when REDIS_URL is set: they bump
 * the same generations (`followStorefrontChanges`, started by scripts/serve.mjs). Changes announced
 * while one is on its way go out together after it. Each announcement uses a connection of its own,
 * closed after it, so that a script that revalidates (the catalogue generator) ends as before; saves
 * are rare. A failure is logged and changes nothing here: the others see the change within their cache
 * times, as without Redis.
 */
const ANNOUNCER_KEY = Symbol.for('reagent.storefront.announcer');

interface Announcer {
  pending: Set<string>;
  running: Promise<void> | null;
}

function announcer(): Announcer {
  const store = globalThis as { [ANNOUNCER_KEY]?: Announcer };
  store[ANNOUNCER_KEY] ??= { pending: new Set(), running: null };
  return store[ANNOUNCER_KEY];
}

function announce(tags: readonly string[]): void {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) return;
  const state = announcer();
  for (const tag of tags) state.pending.add(tag);
  state.running ??= (async () => {
    const redis = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => {});
    let batch: string[] = [];
    try {
      await redis.connect();
      while (state.pending.size > 0) {
        batch = [...state.pending];
        state.pending.clear();
        await redis.publish(STOREFRONT_CHANGES_CHANNEL, storefrontChangeMessage(batch));
      }
    } catch (error) {
      log('warn', 'storefront_changes.announce_failed', { error: error instanceof Error ? error.message : String(error), tags: [...new Set([...batch, ...state.pending])] });
      state.pending.clear();
    } finally {
      state.running = null;
      redis.disconnect();
    }
  })();
}

/** Resolves when the announcements under way have gone out (tests, scripts that exit at once). */
export async function storefrontChangesAnnounced(): Promise<void> {
  await announcer().running;
}

/**
 * Call after every write that a storefront page shows (back-office saves, the seed, the catalogue
 * generator): the next request of this process reads the data afresh, and the whole pages it keeps
 * (./page-cache.ts) are dropped. With REDIS_URL the change is announced to the other processes of the
 * stack, scripts included, which do the same at once (ADR 0096); without it they see it within
 * STOREFRONT_CACHE_SECONDS and PAGE_CACHE_SECONDS. Answers whether Next.js's tags were revalidated:
 * false outside a Next.js request (a script), where there is no cache of this process to drop.
 */
export function revalidateStorefront(...changes: StorefrontChange[]): boolean {
  const tags = [...new Set(changes.flatMap(tagsOf))];
  bumpStorefrontGenerations(tags);
  announce(tags);
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.includes('static generation store missing')) return false;
    throw error;
  }
}
