'use client';

import { useLocale } from 'next-intl';
import { lazy, Suspense, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '@/i18n/client-navigation';
import { loadProductMenu } from './product-menu-data';
import { useNavPanel } from './use-nav-panel';

// The panel (three levels of categories and their keyboard moves) loads when the menu first opens,
// and its categories beside it.
const ProductMegaPanel = lazy(() => import('./product-mega-panel').then((m) => ({ default: m.ProductMegaPanel })));

interface Props {
  label: string;
  href: string;
  /** The toggle's accessible name. */
  toggleLabel: string;
  /** The toggle's chevron, rendered on the server. */
  icon: ReactNode;
}

/**
 * The PRODUCT entry of the nav bar with its three-level menu (docs/requirements/storefront.md#product-menu). Opens on hover, and from the
 * toggle with Enter, Space or ArrowDown (which also focuses the first category); Escape in the panel
 * closes it and gives focus back to the toggle.
 */
export function ProductMegaMenu({ label, href, toggleLabel, icon }: Props) {
  const { open, setOpen, top, root, toggle, panelId, show, close, hideSoon, hoverOpen, toggleClick } = useNavPanel({ escapeCloses: false });
  const locale = useLocale();
  const [opened, setOpened] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  if (open && !opened) setOpened(true);
  // The categories are asked for as the panel's code loads, not after it (a failure shows in the panel).
  useEffect(() => {
    if (opened) loadProductMenu(locale).catch(() => {});
  }, [opened, locale]);

  function onToggleKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      if (open && e.key !== 'ArrowDown') {
        close(false);
        return;
      }
      show();
      setFocusRequest((n) => n + 1);
    }
  }

  return (
    <div
      ref={root}
      className="flex items-stretch"
      onMouseEnter={hoverOpen}
      onMouseLeave={hideSoon}
      onBlur={(e) => {
        if (open && root.current && e.relatedTarget instanceof Node && !root.current.contains(e.relatedTarget)) setOpen(false);
      }}
      data-testid="nav-menu-product"
    >
      <Link href={href} className="block py-3 pl-3 pr-1 font-medium hover:bg-brand-700 lg:pl-4">{label}</Link>
      <button
        ref={toggle}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={toggleLabel}
        onClick={(e) => {
          // Keyboard activation is handled in onKeyDown; a click with detail 0 is the keyboard's echo.
          if (e.detail === 0) return;
          toggleClick();
        }}
        onKeyDown={onToggleKey}
        className="flex items-center pr-2 hover:bg-brand-700 lg:pr-3"
        data-testid="nav-menu-toggle-product"
      >
        <span aria-hidden className={`flex transition-transform ${open ? 'rotate-180' : ''}`}>{icon}</span>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <ProductMegaPanel id={panelId} open={open} top={top} focusRequest={focusRequest} onClose={close} />
        </Suspense>
      ) : (
        <div id={panelId} hidden data-testid="nav-panel-product" />
      )}
    </div>
  );
}
