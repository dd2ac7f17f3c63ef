import { useLocale } from 'next-intl';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useMemo } from 'react';
import { hrefToString, localizePath, rememberLocale, unprefixPath, type LocaleHref } from './locale-href';
import type { Locale } from './locales';

/**
 * Navigation for the storefront's browser code: the same URLs as next-intl's navigation helpers
 * (`@/i18n/navigation`) for our routing, without their code in the pages' first load (ADR 0045).
 */
export { Link } from './adaptive-link';
export { getPathname, localizePath } from './locale-href';

/** The page's path without its locale prefix. */
export function usePathname(): string {
  const locale = useLocale() as Locale;
  return unprefixPath(useNextPathname(), locale);
}

interface NavigateOptions {
  /** Another language: the path gets that locale's prefix and the choice is remembered. */
  locale?: Locale;
  scroll?: boolean;
}

/** next/navigation's router whose `push` and `replace` take storefront paths (prefixed for the page's locale). */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocale() as Locale;
  return useMemo(() => {
    const go = (method: 'push' | 'replace') => (href: LocaleHref, { locale, ...options }: NavigateOptions = {}) => {
      const target = localizePath(hrefToString(href), locale ?? current, locale !== undefined || undefined);
      if (locale !== undefined) rememberLocale(current, locale);
      router[method](target, options);
    };
    return { ...router, push: go('push'), replace: go('replace') };
  }, [router, current]);
}
