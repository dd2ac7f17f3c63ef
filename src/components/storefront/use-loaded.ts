'use client';

import { useEffect, useEffectEvent, useState } from 'react';

/** What `useLoaded` holds for its key: nothing yet, a failure, or the value. */
export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * A value the storefront loads in the browser after the page. The storefront ships no query library (its
 * first-load budget): this is its one way to load, for the account area's and the back-office's is
 * `@/lib/api/query`. `load(signal)` runs when the component mounts and again whenever `key` (what is loaded:
 * a language, an attempt) changes; the signal aborts when the key changes or the component goes, and the
 * outcome of a load so overtaken is dropped. Until the load of the current key settles: loading.
 */
export function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [outcome, setOutcome] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  const start = useEffectEvent((signal: AbortSignal) => load(signal));
  useEffect(() => {
    const controller = new AbortController();
    const settle = (loaded: Loaded<T>): void => {
      if (!controller.signal.aborted) setOutcome({ key, loaded });
    };
    start(controller.signal).then(
      (data) => settle({ status: 'ready', data }),
      () => settle({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [key]);
  return outcome?.key === key ? outcome.loaded : { status: 'loading' };
}
