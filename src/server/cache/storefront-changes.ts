// What the storefront's caches of one process know of changes (ADR 0025, 0039, 0096): the generation of
// each shared-data tag, which the shared loaders' keys carry, and the generation of the kept pages. A
// save bumps them in its own process (`revalidateStorefront`) and announces its tags on a Redis channel;
// every other process of the stack follows that channel (`followStorefrontChanges`, started by
// scripts/serve.mjs) and bumps the same generations, so a save reaches every instance at once instead of
// after their cache times.
// No `import 'server-only'` and no import of other app modules but the page cache: scripts/serve.mjs
// loads this file outside Next.js (ADR 0023). The generations live on `globalThis`, because the app's
// bundle and serve.mjs load their own copies of these modules in the same process.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { bumpPageGeneration } from './page-cache';

/** The Redis channel of storefront changes. */
export const STOREFRONT_CHANGES_CHANNEL = 'reagent:storefront:changes';

/** What a process announces: the tags it revalidated, and who it is (a process ignores its own). */
export interface StorefrontChangeMessage {
  from: string;
  tags: string[];
}

const TAG_GENERATIONS_KEY = Symbol.for('reagent.storefront.tagGenerations');
const EPOCH_KEY = Symbol.for('reagent.storefront.epoch');
const PROCESS_ID_KEY = Symbol.for('reagent.storefront.processId');

const store = globalThis as {
  [TAG_GENERATIONS_KEY]?: Map<string, number>;
  [EPOCH_KEY]?: number;
  [PROCESS_ID_KEY]?: string;
};

function generations(): Map<string, number> {
  store[TAG_GENERATIONS_KEY] ??= new Map();
  return store[TAG_GENERATIONS_KEY];
}

/** This process's id in the announcements (one per process, whichever copy of the module asks). */
export function storefrontProcessId(): string {
  store[PROCESS_ID_KEY] ??= randomUUID();
  return store[PROCESS_ID_KEY];
}

/**
 * The generations of `tags` now, as one key part (`#0,storefront:content@2`). A shared loader's key
 * carries them: a read that started before a save and ends after it stores its result under the old
 * key, which nobody asks for again. Without it Next.js's data cache keeps that result as fresh, since it
 * is written after the tag was revalidated — the save's change then stays off the storefront for
 * STOREFRONT_CACHE_SECONDS. The epoch in front changes when changes may have been missed (below).
 */
export function tagGenerations(tags: readonly string[]): string {
  const map = generations();
  return [`#${store[EPOCH_KEY] ?? 0}`, ...tags.map((tag) => `${tag}@${map.get(tag) ?? 0}`)].join(',');
}

/** A change of `tags` in this process: their shared data is read afresh and every kept page dropped. */
export function bumpStorefrontGenerations(tags: readonly string[]): void {
  const map = generations();
  for (const tag of tags) map.set(tag, (map.get(tag) ?? 0) + 1);
  bumpPageGeneration();
}

/** Everything may have changed (announcements were missed): every shared read and kept page is dropped. */
export function bumpStorefrontEpoch(): void {
  store[EPOCH_KEY] = (store[EPOCH_KEY] ?? 0) + 1;
  bumpPageGeneration();
}

/** The message of a change of `tags` by this process. */
export function storefrontChangeMessage(tags: readonly string[]): string {
  return JSON.stringify({ from: storefrontProcessId(), tags: [...tags] } satisfies StorefrontChangeMessage);
}

/**
 * Applies an announcement of another process; answers what it did. A message that does not parse, or
 * names no tags as strings, is ignored; one from this process too (its save bumped already).
 */
export function applyStorefrontChangeMessage(text: string): 'applied' | 'own' | 'ignored' {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return 'ignored';
  }
  if (typeof message !== 'object' || message === null) return 'ignored';
  const { from, tags } = message as Partial<StorefrontChangeMessage>;
  if (typeof from !== 'string' || !Array.isArray(tags) || tags.length === 0 || tags.length > 100 || !tags.every((t) => typeof t === 'string' && t.length <= 200)) return 'ignored';
  if (from === storefrontProcessId()) return 'own';
  bumpStorefrontGenerations(tags);
  return 'applied';
}

export interface StorefrontChangesFollower {
  /** Resolves once the subscription is in place (or failed: the log says so, and retries go on). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Follows the other processes' changes on Redis. While the connection is down announcements are lost,
 * so when it comes back (not the first time) everything is dropped once (`bumpStorefrontEpoch`).
 */
export function followStorefrontChanges(options: {
  redisUrl: string;
  log: (level: 'info' | 'warn', event: string, fields?: Record<string, unknown>) => void;
}): StorefrontChangesFollower {
  const redis = new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: null, lazyConnect: true });
  let connections = 0;
  let closed = false;
  redis.on('error', (error: Error) => options.log('warn', 'storefront_changes.redis_error', { error: error.message }));
  redis.on('message', (_channel: string, text: string) => applyStorefrontChangeMessage(text));
  // ioredis connects again by itself after a break, and subscribes again (autoResubscribe); the first
  // subscription is made on the first 'ready', whenever that comes (Redis may be down at the start).
  let subscribed: Promise<void> | null = null;
  const subscribe = () => {
    subscribed ??= redis.subscribe(STOREFRONT_CHANGES_CHANNEL).then(
      () => options.log('info', 'storefront_changes.following', { channel: STOREFRONT_CHANGES_CHANNEL }),
      (error: Error) => options.log('warn', 'storefront_changes.unavailable', { error: error.message }),
    );
    return subscribed;
  };
  redis.on('ready', () => {
    connections += 1;
    if (connections === 1) void subscribe();
    else if (!closed) {
      bumpStorefrontEpoch();
      options.log('warn', 'storefront_changes.reconnected', { note: 'changes of other instances may have been missed: kept pages and shared reads dropped' });
    }
  });
  const ready = redis.connect().then(subscribe, (error: Error) => {
    options.log('warn', 'storefront_changes.unavailable', { error: error.message, note: 'retrying; until then other instances\' saves show within the cache times' });
  });
  return {
    ready,
    async close() {
      closed = true;
      redis.disconnect();
    },
  };
}
