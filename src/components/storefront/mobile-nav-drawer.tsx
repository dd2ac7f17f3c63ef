'use client';

import { ChevronRight, Headset, Phone, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Link } from '@/i18n/client-navigation';
import { categoryHref } from '@/lib/category-links';
import { NAV_ITEMS } from './nav-items';
import { useProductMenu } from './use-product-menu';

/**
 * The phone's navigation drawer, loaded and rendered only once the menu button opens it (its links
 * are the bar's and the mega menu's, which every page already carries): the whole navigation, the
 * three-level product menu as folding groups, and the service numbers. Every link closes it; so does
 * Escape, which also hands focus back to the button (`onClose(true)`).
 */
export function MobileNavDrawer({ id, hotlines, onClose: close }: { id: string; hotlines: string[]; onClose: (refocus?: boolean) => void }) {
  const t = useTranslations('mobileNav');
  const tb = useTranslations('navBar');
  const tn = useTranslations('nav');
  const menu = useProductMenu(useLocale());
  const productMenu = menu.status === 'ready' ? menu.tree : [];
  const closeButton = useRef<HTMLButtonElement>(null);
  const onClose = () => close();

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [close]);

  return (
    <div id={id} className="fixed inset-0 z-[1000] md:hidden" data-testid="mobile-menu">
      <button type="button" tabIndex={-1} aria-hidden onClick={onClose} className="absolute inset-0 h-full w-full bg-black/40" />
      <div role="dialog" aria-modal="true" aria-label={t('title')} className="absolute inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <span className="font-semibold">{t('title')}</span>
          <button ref={closeButton} type="button" onClick={onClose} aria-label={t('close')} className="rounded p-1 hover:bg-gray-100" data-testid="mobile-menu-close">
            <X aria-hidden size={20} />
          </button>
        </div>
        <nav aria-label={tb('label')} className="flex-1 overflow-y-auto overscroll-contain px-2 py-2 text-sm">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                {item.key === 'product' ? (
                  <div className="border-y border-line py-1">
                    <Link href={item.href} onClick={onClose} className="block rounded px-2 py-2.5 font-medium hover:bg-brand-50">{tb(item.key)}</Link>
                    {menu.status === 'loading' && <p role="status" className="px-4 py-2 text-muted" data-testid="mobile-product-menu-loading">{tn('menuLoading')}</p>}
                    {menu.status === 'failed' && (
                      <p role="alert" className="flex flex-wrap items-center gap-2 px-4 py-2 text-muted" data-testid="mobile-product-menu-failed">
                        {tn('menuFailed')}
                        <button type="button" onClick={menu.retry} className="rounded border border-line px-2 py-0.5 text-brand-700">{tn('menuRetry')}</button>
                      </p>
                    )}
                    <ul data-testid="mobile-product-menu">
                      {productMenu.map((top) => (
                        <li key={top.id}>
                          {top.secondJson.length === 0 ? (
                            <Link href={categoryHref(top)} onClick={onClose} className="block rounded px-4 py-2 hover:bg-brand-50">{top.classify}</Link>
                          ) : (
                            <details className="group">
                              <summary className="flex cursor-pointer list-none items-center justify-between rounded px-4 py-2 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
                                {top.classify}
                                <ChevronRight aria-hidden size={14} className="transition-transform group-open:rotate-90" />
                              </summary>
                              <ul className="mb-1 ml-4 border-l border-line pl-2">
                                <li><Link href={categoryHref(top)} onClick={onClose} className="block rounded px-2 py-1.5 text-brand-700 hover:bg-brand-50">{t('allOf', { name: top.classify })}</Link></li>
                                {top.secondJson.map((sub) => (
                                  <li key={sub.id}>
                                    <Link href={categoryHref(sub)} onClick={onClose} className="block rounded px-2 py-1.5 hover:bg-brand-50">{sub.classify}</Link>
                                    {sub.secondJson.length > 0 && (
                                      <ul className="ml-3">
                                        {sub.secondJson.map((leaf) => (
                                          <li key={leaf.id}><Link href={categoryHref(leaf)} onClick={onClose} className="block rounded px-2 py-1 text-muted hover:bg-brand-50 hover:text-brand-700">{leaf.classify}</Link></li>
                                        ))}
                                      </ul>
                                    )}
                                  </li>
                                ))}
                              </ul>
                            </details>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : (
                  <Link href={item.href} onClick={onClose} className="block rounded px-2 py-2.5 font-medium hover:bg-brand-50">{tb(item.key)}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-line px-4 py-3 text-sm" data-testid="mobile-menu-service">
          <p className="mb-1 flex items-center gap-2 font-medium"><Headset aria-hidden size={16} />{t('service')}</p>
          {hotlines.slice(0, 2).map((h) => (
            <a key={h} href={`tel:${h}`} className="flex items-center gap-2 py-1 text-brand-700"><Phone aria-hidden size={14} />{h}</a>
          ))}
          <Link href="/contact/contact#service" onClick={onClose} className="block py-1 text-brand-700 hover:underline">{t('contact')}</Link>
        </div>
      </div>
    </div>
  );
}
