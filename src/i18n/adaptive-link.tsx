'use client';

import { useSyncExternalStore, type ComponentProps } from 'react';
import { shouldSkipPrefetch, type ConnectionInfo } from '@/lib/front-behaviour';
import { BaseLink } from './base-navigation';

type NavigatorWithConnection = Navigator & { connection?: ConnectionInfo & EventTarget };

function subscribe(onChange: () => void): () => void {
  const connection = (navigator as NavigatorWithConnection).connection;
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

/**
 * next-intl's Link that does not prefetch on 2g or data-saver connections (spec §9). The server
 * render and hydration never prefetch; the browser's own check then enables it where it fits.
 */
export function Link(props: ComponentProps<typeof BaseLink>) {
  const allowed = useSyncExternalStore(subscribe, () => !shouldSkipPrefetch((navigator as NavigatorWithConnection).connection), () => false);
  return <BaseLink {...props} prefetch={allowed ? props.prefetch : false} />;
}
