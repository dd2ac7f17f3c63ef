'use client';

import NextLink from 'next/link';
import { useLocale } from 'next-intl';
import { useState, useSyncExternalStore, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';
import { shouldSkipPrefetch, type ConnectionInfo } from '@/lib/front-behaviour';
import { localizePath, rememberLocale, type LocaleHref } from './locale-href';
import type { Locale } from './locales';

type NavigatorWithConnection = Navigator & { connection?: ConnectionInfo & EventTarget };

function subscribe(onChange: () => void): () => void {
  const connection = (navigator as NavigatorWithConnection).connection;
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

type Props = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & {
  href: LocaleHref;
  /** Links to the same page in another language: that locale's prefix, and the choice remembered on click. */
  locale?: Locale;
};

/**
 * The storefront's link: a path prefixed for the page's locale (or for `locale`), as next-intl's
 * Link writes it. It prefetches its page once the visitor reaches for it (pointer over it, focus,
 * touch), not when it scrolls into view: a list page shows dozens of links (cards, filters, sorts,
 * menus), and prefetching them all cost the phone's main thread and the server a render each (ADR 0050).
 * Never on 2g or data-saver connections (docs/requirements/storefront.md#page-behaviour). The server render and hydration never prefetch.
 */
export function Link({ href, locale, prefetch, onClick, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const current = useLocale() as Locale;
  const [reached, setReached] = useState(false);
  const allowed = useSyncExternalStore(subscribe, () => !shouldSkipPrefetch((navigator as NavigatorWithConnection).connection), () => false);
  const intent = {
    onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => { setReached(true); onMouseEnter?.(event); },
    onFocus: (event: FocusEvent<HTMLAnchorElement>) => { setReached(true); onFocus?.(event); },
    onTouchStart: (event: TouchEvent<HTMLAnchorElement>) => { setReached(true); onTouchStart?.(event); },
  };
  const target = locale ?? current;
  const force = locale !== undefined || undefined;
  const localized = typeof href === 'string' ? localizePath(href, target, force) : { ...href, pathname: localizePath(href.pathname, target, force) };
  if (locale !== undefined && locale !== current) {
    const remember = (event: MouseEvent<HTMLAnchorElement>) => {
      rememberLocale(current, locale);
      onClick?.(event);
    };
    return <NextLink hrefLang={locale} {...rest} onMouseEnter={onMouseEnter} onFocus={onFocus} onTouchStart={onTouchStart} href={localized} onClick={remember} prefetch={false} />;
  }
  return <NextLink {...rest} {...intent} href={localized} onClick={onClick} prefetch={allowed && reached ? prefetch : false} />;
}
