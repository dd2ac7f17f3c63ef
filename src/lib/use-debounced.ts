'use client';

import { useEffect, useState } from 'react';

/**
 * A value as it was `ms` after it last changed (at once when `immediate` says so): what a search sends
 * once the typing has paused, so that each key does not become a request.
 */
export function useDebounced<T>(value: T, ms: number, immediate: (value: T) => boolean = () => false): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), immediate(value) ? 0 : ms);
    return () => clearTimeout(timer);
    // `immediate` is a rule of the caller's, not a value to follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, ms]);
  return settled;
}
