'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';

type Area = 'local' | 'session';
const EVENT = 'stored-value-change';

function storageOf(area: Area): Storage {
  return area === 'local' ? window.localStorage : window.sessionStorage;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

/**
 * A JSON value kept in browser storage, shared by every component that reads the same key.
 * The server render (and a value that fails to parse) sees the fallback.
 */
export function useStoredValue<T>(area: Area, key: string, fallback: T): [T, (next: T) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => storageOf(area).getItem(key),
    () => null,
  );
  const value = useMemo(() => {
    if (raw === null) return fallback;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return fallback;
    }
    // The fallback is a constant of the caller; re-parsing only when the stored text changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw]);
  const set = useCallback(
    (next: T) => {
      storageOf(area).setItem(key, JSON.stringify(next));
      window.dispatchEvent(new Event(EVENT));
    },
    [area, key],
  );
  return [value, set];
}
