'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the page hydrates, true once the component runs in the browser:
 * a control whose handler only exists after hydration stays disabled until then, instead of
 * swallowing an early click.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
