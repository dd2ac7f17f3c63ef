import { permanentRedirect as nextPermanentRedirect, redirect as nextRedirect } from 'next/navigation';
import { getPathname, type PathArgs } from './locale-href';

type RedirectType = Parameters<typeof nextRedirect>[1];

/**
 * The storefront's navigation: links, paths and redirects with the locale's prefix, writing the same
 * URLs as next-intl's navigation helpers for our routing (`locale-href.ts`). Nothing here imports
 * next-intl's own Link, whose client component would otherwise join every page's first load even
 * where it is never rendered (ADR 0045). Client components take the hooks from `client-navigation.ts`.
 */
export { Link } from './adaptive-link';
export { getPathname } from './locale-href';

/** next/navigation's redirect to a storefront path in a locale. */
export function redirect(args: PathArgs, type?: RedirectType): never {
  return nextRedirect(getPathname(args), type);
}

/** next/navigation's permanent redirect to a storefront path in a locale. */
export function permanentRedirect(args: PathArgs, type?: RedirectType): never {
  return nextPermanentRedirect(getPathname(args), type);
}
