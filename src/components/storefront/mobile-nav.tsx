'use client';

import { useLocale, useTranslations } from 'next-intl';
import { lazy, Suspense, useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { loadProductMenu } from './product-menu-data';

const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer').then((m) => ({ default: m.MobileNavDrawer })));

/**
 * The phone's navigation (below 768 px, where the bar is hidden): a menu button that opens a drawer
 * with the whole navigation, the three-level product menu as folding groups, and the service numbers
 * (the floating service button stays off phones so that it covers nothing). The drawer is loaded and
 * rendered when first opened, its categories asked for at the same time: pages carry no second copy of
 * the navigation. The icon is server-rendered.
 */
export function MobileNav({ hotlines, icon }: { hotlines: string[]; icon: ReactNode }) {
  const t = useTranslations('mobileNav');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const close = useCallback((refocus?: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => {
          loadProductMenu(locale).catch(() => {});
          setOpen(true);
        }}
        aria-expanded={open}
        aria-controls={drawerId}
        className="inline-flex h-10 items-center gap-1 rounded-md border border-line px-3 text-sm font-medium text-ink md:hidden"
        data-testid="mobile-menu-button"
      >
        {icon}{t('open')}
      </button>
      {open && <Suspense fallback={null}><MobileNavDrawer id={drawerId} hotlines={hotlines} onClose={close} /></Suspense>}
    </>
  );
}
