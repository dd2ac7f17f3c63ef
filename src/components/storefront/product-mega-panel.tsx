'use client';

import { ChevronRight } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/i18n/client-navigation';
import { categoryHref } from '@/lib/category-links';
import { useProductMenu } from './use-product-menu';

/** Moves focus among the links of a column: ArrowUp/ArrowDown, Home/End; answers true when it moved. */
function moveFocus(links: HTMLElement[], current: Element | null, key: string): boolean {
  if (links.length === 0) return false;
  const at = links.findIndex((el) => el === current);
  let next = at;
  if (key === 'ArrowDown') next = at < 0 ? 0 : (at + 1) % links.length;
  else if (key === 'ArrowUp') next = at <= 0 ? links.length - 1 : at - 1;
  else if (key === 'Home') next = 0;
  else if (key === 'End') next = links.length - 1;
  else return false;
  links[next]?.focus();
  return true;
}

type Menu = ReturnType<typeof useProductMenu>;
type MenuNode = Extract<Menu, { status: 'ready' }>['tree'][number];

/** The right column: the active category's sub- and sub-subcategories, or the menu's loading or failed state. */
function PanelChildren({ menu, current, close }: { menu: Menu; current: MenuNode | undefined; close: () => void }) {
  const t = useTranslations('nav');
  return menu.status === 'loading' ? (
    <p role="status" className="px-2 py-1 text-sm text-muted" data-testid="nav-panel-product-loading">{t('menuLoading')}</p>
  ) : menu.status === 'failed' ? (
    <p role="alert" className="flex flex-wrap items-center gap-2 px-2 py-1 text-sm text-muted" data-testid="nav-panel-product-failed">
      {t('menuFailed')}
      <button type="button" onClick={menu.retry} className="rounded border border-line px-2 py-0.5 text-brand-700 hover:border-brand-500">{t('menuRetry')}</button>
    </p>
  ) : current && current.secondJson.length > 0 ? (
    <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
      {current.secondJson.map((sub) => (
        <div key={sub.id} className="min-w-0">
          <Link href={categoryHref(sub)} data-level="2" onClick={close} className="mb-1 block rounded px-2 py-1 text-sm font-semibold text-brand-700 hover:underline">
            {sub.classify}
          </Link>
          {sub.secondJson.length > 0 && (
            <ul>
              {sub.secondJson.map((leaf) => (
                <li key={leaf.id}>
                  <Link href={categoryHref(leaf)} data-level="3" onClick={close} className="block rounded px-2 py-1 text-sm hover:bg-brand-50 hover:text-brand-700">
                    {leaf.classify}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  ) : current ? (
    <Link href={categoryHref(current)} data-level="2" onClick={close} className="block rounded px-2 py-1 text-sm text-brand-700 hover:underline">
      {t('viewCategory', { name: current.classify })}
    </Link>
  ) : null;
}

interface Props {
  id: string;
  open: boolean;
  top: number;
  /** Counts the openings from the keyboard: each one selects and focuses the first category. */
  focusRequest: number;
  onClose: (focusToggle: boolean) => void;
}

/**
 * The panel of the PRODUCT menu, loaded when the menu first opens: first-level categories on the
 * left; the pointed or focused one shows its sub- and sub-subcategories on the right. Arrows move
 * (Left/Right between the columns), Escape closes and gives focus back to the toggle. A leaf goes to
 * the product list (typeId, fatherId, classify), a category with children to the second-level page.
 * The categories arrive with the panel's code (`useProductMenu`); until then the panel says so.
 */
export function ProductMegaPanel({ id, open, top, focusRequest, onClose }: Props) {
  const t = useTranslations('nav');
  const menu = useProductMenu(useLocale());
  const tree = menu.status === 'ready' ? menu.tree : [];
  const [active, setActive] = useState(0);
  const firstColumn = useRef<HTMLUListElement>(null);
  const secondColumn = useRef<HTMLDivElement>(null);
  /** The last keyboard opening whose focus move was made (or given up by closing the panel). */
  const focusServed = useRef(0);

  const firstLinks = () => Array.from(firstColumn.current?.querySelectorAll<HTMLElement>('a[data-level="1"]') ?? []);
  const secondLinks = () => Array.from(secondColumn.current?.querySelectorAll<HTMLElement>('a') ?? []);

  // A keyboard opening focuses the first category (which makes it the active one, its onFocus), once
  // the categories are there; closed before they came, the panel does not take focus later.
  const ready = menu.status === 'ready';
  useEffect(() => {
    if (!open) {
      focusServed.current = focusRequest;
      return;
    }
    if (!ready || focusRequest <= focusServed.current) return;
    focusServed.current = focusRequest;
    firstColumn.current?.querySelector<HTMLElement>('a[data-level="1"]')?.focus();
  }, [focusRequest, open, ready]);

  function onPanelKey(e: KeyboardEvent<HTMLDivElement>) {
    const target = e.target as HTMLElement;
    const level = target.dataset.level;
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
      return;
    }
    if (level === '1') {
      if (e.key === 'ArrowRight') {
        const links = secondLinks();
        if (links.length > 0) {
          e.preventDefault();
          links[0]?.focus();
        }
        return;
      }
      if (moveFocus(firstLinks(), target, e.key)) e.preventDefault();
      return;
    }
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      firstLinks()[active]?.focus();
      return;
    }
    if (moveFocus(secondLinks(), target, e.key)) e.preventDefault();
  }

  const close = () => onClose(false);
  const current = tree[active];
  return (
    <div
      id={id}
      hidden={!open}
      style={{ top, maxHeight: `calc(100dvh - ${top}px)` }}
      onKeyDown={onPanelKey}
      className="scroll-shadows fixed inset-x-0 z-50 overflow-y-auto overscroll-contain whitespace-normal border-b border-line bg-white text-left text-ink shadow-xl"
      data-testid="nav-panel-product"
    >
      <div className="container-page grid gap-4 py-5 md:grid-cols-[16rem_1fr]">
        <div>
          <p className="mb-2 text-xs font-semibold uppercase text-muted">{t('productMenu')}</p>
          <ul ref={firstColumn} className="flex flex-col">
            {tree.map((node, i) => (
              <li key={node.id}>
                <Link
                  href={categoryHref(node)}
                  data-level="1"
                  aria-current={i === active ? 'true' : undefined}
                  onMouseEnter={() => setActive(i)}
                  onFocus={() => setActive(i)}
                  onClick={close}
                  className={`flex items-center justify-between rounded px-2 py-1.5 text-sm ${i === active ? 'bg-brand-50 font-medium text-brand-700' : 'hover:bg-brand-50'}`}
                >
                  <span>{node.classify}</span>
                  {!node.leaf && <ChevronRight aria-hidden size={14} />}
                </Link>
              </li>
            ))}
            <li className="mt-2 border-t border-line pt-2">
              <Link href="/product/children/cat_list_1st" data-level="1" onClick={close} className="block rounded px-2 py-1.5 text-sm text-brand-700 hover:bg-brand-50">
                {t('allCategories')}
              </Link>
            </li>
          </ul>
        </div>
        <div ref={secondColumn} className="min-w-0" data-testid="nav-panel-product-children">
          <PanelChildren menu={menu} current={current} close={close} />
        </div>
      </div>
    </div>
  );
}
