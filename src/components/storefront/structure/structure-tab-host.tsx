'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { STRUCTURE_SLOT_ID } from '@/lib/structure-query';

// The panel (mode, paste, recent searches) loads when the tab is first clicked, and the canvas editor
// with it on a wide screen.
const StructureSearchPanel = lazy(() => import('./structure-search-panel').then((m) => ({ default: m.StructureSearchPanel })));

/** The structure tabs of the page (one search bar; its Suspense fallback may briefly be the one shown). */
function tabs(): NodeListOf<HTMLElement> {
  return document.querySelectorAll<HTMLElement>('[data-structure-tab]');
}

/**
 * Opens and closes the search bar's structure panel (ADR 0075) when its server-rendered tab is clicked,
 * in the shell's place for it below the bar, and keeps the tab's `aria-expanded`. Part of the behaviours
 * loaded once the page has hydrated, so that the tab adds nothing to a page's first load.
 */
export function StructureTabHost() {
  const t = useTranslations('search.structure');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.('[data-structure-tab]')) setOpen((o) => !o);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    for (const tab of tabs()) tab.setAttribute('aria-expanded', String(open));
  }, [open]);

  // Mounted only in the browser, after hydration (SiteBehaviour): the shell's place is in the document.
  const slot = open ? document.getElementById(STRUCTURE_SLOT_ID) : null;
  if (!slot) return null;
  return createPortal(
    <Suspense fallback={<p className="container-page pb-4 text-sm text-muted" role="status">{t('loading')}</p>}>
      <StructureSearchPanel onClose={() => setOpen(false)} />
    </Suspense>,
    slot,
  );
}
