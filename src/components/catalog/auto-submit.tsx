'use client';

import { useEffect, useRef } from 'react';

/**
 * Submits the surrounding filter form when a control changes. Without JavaScript the form still
 * works through its Apply button; with it, that button is only a fallback.
 */
export function AutoSubmit() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = marker.current?.closest('form');
    if (!form) return;
    const onChange = () => form.requestSubmit();
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }, []);
  return <span ref={marker} hidden />;
}
