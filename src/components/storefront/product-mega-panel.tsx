'use client';

import { ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CategoryNode } from '@/contracts/catalog-browse';
import { Link } from '@/i18n/client-navigation';
import { categoryHref } from '@/lib/category-links';

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

interface Props {
  id: string;
  open: boolean;
  top: number;
  tree: CategoryNode[];
  /** Counts the openings from the keyboard: each one selects and focuses the first category. */
  focusRequest: number;
  onClose: (focusToggle: boolean) => void;
}

/**
 * The panel of the PRODUCT menu, loaded when the menu first opens: first-level categories on the
 * left; the pointed or focused one shows its sub- and sub-subcategories on the right. Arrows move
 * (Left/Right between the columns), Escape closes and gives focus back to the toggle. A leaf goes to
 * the product list (typeId, fatherId, classify), a category with children to the second-level page.
 */
export function ProductMegaPanel({ id, open, top, tree, focusRequest, onClose }: Props) {
  const t = useTranslations('nav');
  const [active, setActive] = useState(0);
  const firstColumn = useRef<HTMLUListElement>(null);
  const secondColumn = useRef<HTMLDivElement>(null);

  const firstLinks = () => Array.from(firstColumn.current?.querySelectorAll<HTMLElement>('a[data-level="1"]') ?? []);
  const secondLinks = () => Array.from(secondColumn.current?.querySelectorAll<HTMLElement>('a') ?? []);

  // Focusing the first category also makes it the active one (its onFocus).
  useEffect(() => {
    if (focusRequest > 0) firstColumn.current?.querySelector<HTMLElement>('a[data-level="1"]')?.focus();
  }, [focusRequest]);

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
          {current && current.secondJson.length > 0 ? (
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
          ) : null}
        </div>
      </div>
    </div>
  );
}
