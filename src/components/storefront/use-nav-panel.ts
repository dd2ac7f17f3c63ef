'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * The behaviour the navigation bar's drop-down panels share: open on hover or from the toggle, a short
 * delay before closing when the pointer leaves, a panel fixed just below the bar (so the bar's own
 * horizontal scrolling never clips it), and closing on a click outside, on scroll and on resize.
 * With `escapeCloses` a document-wide Escape closes the panel and returns focus to the toggle.
 */
export function useNavPanel({ escapeCloses }: { escapeCloses: boolean }) {
  const [open, setOpen] = useState(false);
  const [top, setTop] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  /** When hover last opened the panel: a click right after it must not close it again. */
  const hoverOpenedAt = useRef(0);
  const panelId = useId();

  const place = useCallback(() => {
    const bar = root.current?.closest('nav') ?? root.current;
    setTop(bar ? bar.getBoundingClientRect().bottom : 0);
  }, []);
  const show = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    place();
    setOpen(true);
  }, [place]);
  const close = useCallback((focusToggle: boolean) => {
    window.clearTimeout(closeTimer.current);
    setOpen(false);
    if (focusToggle) toggle.current?.focus();
  }, []);
  const hideSoon = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), 150);
  }, []);
  /** Hover opens; remember when, for the click that usually follows it. */
  const hoverOpen = useCallback(() => {
    if (!open) hoverOpenedAt.current = Date.now();
    show();
  }, [open, show]);
  /** A click on the toggle: closes an open panel unless hover opened it a moment ago. */
  const toggleClick = useCallback(() => {
    if (open && Date.now() - hoverOpenedAt.current > 600) close(false);
    else show();
  }, [open, close, show]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onScroll = () => setOpen(false);
    if (escapeCloses) document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [open, escapeCloses, close]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  return { open, setOpen, top, root, toggle, panelId, show, close, hideSoon, hoverOpen, toggleClick };
}
