import 'server-only';
import { revalidateTag } from 'next/cache';
import { bumpPageGeneration } from './page-cache';

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
 * How many times each tag was revalidated in this process, on `globalThis` because the route handlers
 * and the pages may hold separate instances of this module. A shared loader's key carries the
 * generations of its tags (`tagGenerations`): a read that started before a save and ends after it
 * stores its result under the old key, which nobody asks for again. Without it Next.js's data cache
 * keeps that result as fresh, since it is written after the tag was revalidated — the save's change
 * then stays off the storefront for STOREFRONT_CACHE_SECONDS.
 */
const TAG_GENERATIONS_KEY = Symbol.for('reagent.storefront.tagGenerations');

function generations(): Map<string, number> {
  const store = globalThis as { [TAG_GENERATIONS_KEY]?: Map<string, number> };
  store[TAG_GENERATIONS_KEY] ??= new Map();
  return store[TAG_GENERATIONS_KEY];
}

function bumpTagGenerations(tags: readonly string[]): void {
  const map = generations();
  for (const tag of tags) map.set(tag, (map.get(tag) ?? 0) + 1);
}

/** The generations of `tags` now, as one key part (`storefront:content@2`). */
export function tagGenerations(tags: readonly string[]): string {
  const map = generations();
  return tags.map((tag) => `${tag}@${map.get(tag) ?? 0}`).join(',');
}

/**
 * Call after every write that a storefront page shows (back-office saves, the seed, the catalogue
 * generator): the next request of this process reads the data afresh. Other processes behind the
 * load balancer, and changes made outside the web server (scripts), are seen within
 * STOREFRONT_CACHE_SECONDS. Answers whether the tags were revalidated: false outside a Next.js
 * request (a script), where there is no cache of this process to drop. The whole pages kept for
 * guests by this process (./page-cache.ts) are dropped too.
 */
export function revalidateStorefront(...changes: StorefrontChange[]): boolean {
  const tags = [...new Set(changes.flatMap(tagsOf))];
  bumpPageGeneration();
  bumpTagGenerations(tags);
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.includes('static generation store missing')) return false;
    throw error;
  }
}
