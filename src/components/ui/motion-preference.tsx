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

const current = () => window.matchMedia(QUERY).matches;

/**
 * Whether the visitor asked their system for less motion; `false` on the server. The browser's first render
 * (hydration) already reads the real preference: it only chooses contexts and renders no markup of its own,
 * so the page's HTML is the same either way, and no change of the motion context reaches views that have not
 * hydrated yet (an urgent change above them would make React render them again from scratch, dropping their
 * server HTML and whatever was typed into it).
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => (typeof window === 'undefined' ? false : current()));
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
