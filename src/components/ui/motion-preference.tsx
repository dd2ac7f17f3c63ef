'use client';

import { Provider as MotionProvider } from '@rc-component/motion';
import { ConfigProvider } from 'antd';
import { useSyncExternalStore, type ReactNode } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the visitor asked their system for less motion; `false` on the server and while hydrating. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}

/**
 * antd's dialogs, menus, messages and the click ripple without their motion for a visitor whose system asks
 * for reduced motion (WCAG 2.3.3): they appear and go at once. The design tokens stay as they are, so the
 * styles already in the page are kept; only the motion's context and the ripple change.
 */
export function MotionPreference({ children }: { children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  return (
    <MotionProvider motion={!reduced}>
      <ConfigProvider wave={{ disabled: reduced }}>{children}</ConfigProvider>
    </MotionProvider>
  );
}
