import { describe, expect, it, vi } from 'vitest';
import { revalidateStorefront, storefrontTags } from '@/server/cache/storefront';
import { dataCache } from '../../../../test/next-cache-double';
import { sharedCache } from './shared-cache';

/*
 * A shared loader read while a back-office save runs: the read starts before the save (it sees the
 * draft, so the item is not there), the save revalidates the content tag, then the read ends and is
 * stored. Next.js's data cache stores it with the time it was written, after the revalidation, so the
 * next visitor would get the draft's answer for STOREFRONT_CACHE_SECONDS. The stand-in of the data
 * cache has the same contract: an entry written after its tag was dropped is kept.
 */
vi.mock('next/cache', () => import('../../../../test/next-cache-double').then((m) => m.nextCacheDouble));

function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => { open = resolve; });
  return { wait, open };
}

describe('the shared cache across a save', () => {
  it('does not keep a read that overlapped a revalidation of its tag', async () => {
    let published = false;
    let hold: Promise<void> | null = null;
    const load = sharedCache('overlap-test', [storefrontTags.content], async (id: number) => {
      const seen = published ? { id, title: 'published' } : null;
      if (hold) await hold;
      return seen;
    });

    const during = gate();
    hold = during.wait;
    const overlapping = load(7);
    published = true;
    expect(revalidateStorefront('content')).toBe(true);
    expect(dataCache.dropped).toContain(storefrontTags.content);
    during.open();
    // The read that started before the save answers what it saw then.
    expect(await overlapping).toBeNull();

    hold = null;
    expect(await load(7)).toEqual({ id: 7, title: 'published' });
  });

  it('still answers from the cache between saves, and a save of another tag keeps it', async () => {
    let calls = 0;
    const load = sharedCache('kept-test', [storefrontTags.content], async (id: number) => ({ id, calls: ++calls }));
    expect(await load(1)).toEqual({ id: 1, calls: 1 });
    expect(await load(1)).toEqual({ id: 1, calls: 1 });
    revalidateStorefront({ product: 1 });
    expect(await load(1)).toEqual({ id: 1, calls: 1 });
    revalidateStorefront('content');
    expect(await load(1)).toEqual({ id: 1, calls: 2 });
  });
});
