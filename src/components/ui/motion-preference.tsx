'use client';

import { Provider as MotionProvider } from '@rc-component/motion';
import { ConfigProvider } from 'antd';
import { startTransition, useEffect, useState, type ReactNode } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the visitor asked their system for less motion; `false` on the server and while hydrating. The
 * browser's answer comes as a transition: an urgent update above a part of the page that has not hydrated yet
 * (a back-office view loads in its own chunk) makes React throw that part's server HTML away and render it
 * again, with whatever had been typed into it; a transition waits until the part has hydrated.
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const follow = () => startTransition(() => setReduced(media.matches));
    follow();
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  return reduced;
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
