import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { GENERATION_KEY } from './page-cache';
import {
  applyStorefrontChangeMessage, bumpStorefrontEpoch, followStorefrontChanges, STOREFRONT_CHANGES_CHANNEL, storefrontChangeMessage,
  storefrontProcessId, tagGenerations,
} from './storefront-changes';
import { revalidateStorefront, storefrontChangesAnnounced, storefrontTags } from './storefront';

vi.mock('next/cache', () => import('../../../test/next-cache-double').then((m) => m.nextCacheDouble));

const pageGeneration = () => (globalThis as { [GENERATION_KEY]?: number })[GENERATION_KEY] ?? 0;
const otherProcess = (tags: unknown) => JSON.stringify({ from: 'another-instance', tags });

describe('storefront changes of other processes (ADR 0096)', () => {
  it('an announcement of another process moves the named tags and drops the kept pages', () => {
    const before = tagGenerations([storefrontTags.content, storefrontTags.shell]);
    const pages = pageGeneration();
    expect(applyStorefrontChangeMessage(otherProcess([storefrontTags.content]))).toBe('applied');
    const after = tagGenerations([storefrontTags.content, storefrontTags.shell]);
    expect(after).not.toBe(before);
    // Only the named tag moved.
    expect(after.split(',')[2]).toBe(before.split(',')[2]);
    expect(pageGeneration()).toBe(pages + 1);
  });

  it("ignores this process's own announcements and messages that are not announcements", () => {
    const before = tagGenerations([storefrontTags.catalogue]);
    const pages = pageGeneration();
    expect(applyStorefrontChangeMessage(storefrontChangeMessage([storefrontTags.catalogue]))).toBe('own');
    for (const bad of ['', 'not json', 'null', '[]', '{"tags":["storefront:catalogue"]}', otherProcess([]), otherProcess('storefront:catalogue'),
      otherProcess([1]), otherProcess(Array.from({ length: 101 }, () => 'x')), otherProcess(['x'.repeat(201)])]) {
      expect(applyStorefrontChangeMessage(bad), bad).toBe('ignored');
    }
    expect(tagGenerations([storefrontTags.catalogue])).toBe(before);
    expect(pageGeneration()).toBe(pages);
  });

  it('the epoch changes every key and drops the kept pages', () => {
    const before = tagGenerations([storefrontTags.product(7)]);
    const pages = pageGeneration();
    bumpStorefrontEpoch();
    expect(tagGenerations([storefrontTags.product(7)])).not.toBe(before);
    expect(tagGenerations([])).toMatch(/^#\d+$/);
    expect(pageGeneration()).toBe(pages + 1);
  });

  it('announces nothing without REDIS_URL, and a save whose announcement fails still counts here', async () => {
    delete process.env.REDIS_URL;
    revalidateStorefront('content');
    await storefrontChangesAnnounced();

    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    process.env.LOG_LEVEL = 'warn';
    try {
      const before = tagGenerations([storefrontTags.content]);
      revalidateStorefront('content');
      expect(tagGenerations([storefrontTags.content])).not.toBe(before);
      await storefrontChangesAnnounced();
      const lines = written.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('storefront_changes.announce_failed'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 'warn', tags: [storefrontTags.content] });
    } finally {
      delete process.env.REDIS_URL;
      process.env.LOG_LEVEL = 'silent';
      written.mockRestore();
    }
  });
});

// The Redis path runs where a Redis is reachable (REDIS_URL, or the local one CI starts); CI requires it (REQUIRE_REDIS=1).
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 1000, retryStrategy: () => null });
const redisUp = await probe.connect().then(() => true, () => false);
if (!redisUp && process.env.REQUIRE_REDIS === '1') throw new Error(`storefront changes: REQUIRE_REDIS=1, but no Redis answers at ${redisUrl}`);
if (!redisUp) console.info(`storefront changes: Redis at ${redisUrl} unreachable — the Redis path is not tested`);

const silent = () => {};

describe.skipIf(!redisUp)('storefront changes over Redis', () => {
  afterAll(async () => {
    await probe.quit();
  });

  it("a save is announced with this process's id and its tags", async () => {
    const listener = new Redis(redisUrl, { lazyConnect: true });
    await listener.connect();
    const heard: string[] = [];
    listener.on('message', (_channel: string, text: string) => heard.push(text));
    await listener.subscribe(STOREFRONT_CHANGES_CHANNEL);
    process.env.REDIS_URL = redisUrl;
    try {
      revalidateStorefront('catalogue', { product: 42 });
      revalidateStorefront('shell');
      await storefrontChangesAnnounced();
      await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0));
      const said = heard.map((text) => JSON.parse(text) as { from: string; tags: string[] });
      expect(said.every((m) => m.from === storefrontProcessId())).toBe(true);
      expect(said.flatMap((m) => m.tags).sort()).toEqual([storefrontTags.catalogue, storefrontTags.product(42), storefrontTags.shell].sort());
    } finally {
      delete process.env.REDIS_URL;
      await listener.quit();
    }
  });

  it("a follower applies another process's announcement, and drops everything after a broken connection", async () => {
    const follower = followStorefrontChanges({ redisUrl, log: silent });
    await follower.ready;
    try {
      const before = tagGenerations([storefrontTags.content]);
      await probe.publish(STOREFRONT_CHANGES_CHANNEL, otherProcess([storefrontTags.content]));
      await vi.waitFor(() => expect(tagGenerations([storefrontTags.content])).not.toBe(before));

      // The connection breaks (Redis restarted, a network cut): what was said meanwhile is lost, so
      // the follower drops every kept page and shared read when it is back, and still follows.
      const epochBefore = tagGenerations([]);
      const pages = pageGeneration();
      await probe.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      await vi.waitFor(() => expect(tagGenerations([])).not.toBe(epochBefore), { timeout: 5_000 });
      expect(pageGeneration()).toBeGreaterThan(pages);
      const again = tagGenerations([storefrontTags.shell]);
      await vi.waitFor(async () => {
        await probe.publish(STOREFRONT_CHANGES_CHANNEL, otherProcess([storefrontTags.shell]));
        expect(tagGenerations([storefrontTags.shell])).not.toBe(again);
      }, { timeout: 5_000 });
    } finally {
      await follower.close();
    }
  });
});
afterAll(() => {
  if (!redisUp) probe.disconnect();
});
