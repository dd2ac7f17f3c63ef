'use client';

import { useLocale } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useRef, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';
import { routesLinkClick, shouldSkipPrefetch, type ConnectionInfo } from '@/lib/link-behaviour';
import { hrefToString, localizePath, rememberLocale, type LocaleHref } from './locale-href';
import type { Locale } from './locales';

type Props = Omit<ComponentProps<'a'>, 'href'> & {
  href: LocaleHref;
  /** Links to the same page in another language: that locale's prefix, and the choice remembered on click. */
  locale?: Locale;
  /** `false`: never prefetched, even when reached for. */
  prefetch?: boolean;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** `false`: the page keeps its scroll position after the navigation. */
  scroll?: boolean;
};

/**
 * The storefront's link: an `<a>` whose path is prefixed for the page's locale (or for `locale`), as
 * next-intl's Link writes it, followed by the app router (`router.push`) instead of reloading the page,
 * as next/link does. next/link itself is not used: with its URL formatting, its visibility observer
 * and Next's shared utilities it was about 3 KB of every page's first-load scripts, for a prefetch on
 * sight the storefront turns off anyway (ADR 0073).
 *
 * It prefetches its page once the visitor reaches for it (pointer over it, focus, touch), not when it
 * scrolls into view: a list page shows dozens of links (cards, filters, sorts, menus), and prefetching
 * them all cost the phone's main thread and the server a render each (ADR 0050). Never on 2g or
 * data-saver connections (docs/requirements/storefront.md#page-behaviour), never for a link to the
 * other language. The server render and hydration never prefetch.
 */
export function Link({ href, locale, prefetch, replace, scroll, onClick, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const current = useLocale() as Locale;
  const router = useRouter();
  const prefetched = useRef(false);
  const target = locale ?? current;
  const force = locale !== undefined || undefined;
  const url = hrefToString(typeof href === 'string' ? localizePath(href, target, force) : { ...href, pathname: localizePath(href.pathname, target, force) });
  const otherLanguage = locale !== undefined && locale !== current;

  /** The anchor as the click rule reads it (its `href` resolved by the browser). */
  const link = (anchor: HTMLAnchorElement) => ({ href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') });

  function reach(anchor: HTMLAnchorElement): void {
    if (prefetched.current || otherLanguage || prefetch === false) return;
    if (shouldSkipPrefetch((navigator as Navigator & { connection?: ConnectionInfo }).connection)) return;
    if (!routesLinkClick(link(anchor), window.location.origin, { button: 0, meta: false, ctrl: false, shift: false, alt: false })) return;
    prefetched.current = true;
    router.prefetch(url);
  }

  function click(event: MouseEvent<HTMLAnchorElement>): void {
    if (otherLanguage) rememberLocale(current, locale);
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (!routesLinkClick(link(event.currentTarget), window.location.origin, { button: event.button, meta: event.metaKey, ctrl: event.ctrlKey, shift: event.shiftKey, alt: event.altKey })) return;
    event.preventDefault();
    router[replace ? 'replace' : 'push'](url, { scroll });
  }

  return (
    <a
      hrefLang={otherLanguage ? locale : undefined}
      {...rest}
      href={url}
      onClick={click}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => { reach(event.currentTarget); onMouseEnter?.(event); }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => { reach(event.currentTarget); onFocus?.(event); }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => { reach(event.currentTarget); onTouchStart?.(event); }}
    />
  );
}
