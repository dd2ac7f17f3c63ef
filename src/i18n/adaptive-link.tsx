'use client';

import NextLink from 'next/link';
import { useLocale } from 'next-intl';
import { useSyncExternalStore, type ComponentProps, type MouseEvent } from 'react';
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
 * Link writes it, that does not prefetch on 2g or data-saver connections (spec §9). The server
 * render and hydration never prefetch; the browser's own check then enables it where it fits.
 */
export function Link({ href, locale, prefetch, onClick, ...rest }: Props) {
  const current = useLocale() as Locale;
  const allowed = useSyncExternalStore(subscribe, () => !shouldSkipPrefetch((navigator as NavigatorWithConnection).connection), () => false);
  const target = locale ?? current;
  const force = locale !== undefined || undefined;
  const localized = typeof href === 'string' ? localizePath(href, target, force) : { ...href, pathname: localizePath(href.pathname, target, force) };
  if (locale !== undefined && locale !== current) {
    const remember = (event: MouseEvent<HTMLAnchorElement>) => {
      rememberLocale(current, locale);
      onClick?.(event);
    };
    return <NextLink hrefLang={locale} {...rest} href={localized} onClick={remember} prefetch={false} />;
  }
  return <NextLink {...rest} href={localized} onClick={onClick} prefetch={allowed ? prefetch : false} />;
}
