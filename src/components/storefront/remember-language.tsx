'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { decideLanguage, rememberLanguage } from '@/lib/site-language';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Stores the page's language in browser storage under `lang` (docs/requirements/storefront.md#languages), decided
 * from the address in the browser's bar by the rule the proxy served the page with (`decideLanguage`), so
 * that the stored value is the language the page is in. Renders nothing and never navigates.
 */
export function RememberLanguage({ englishSite }: { englishSite: string | null }) {
  const pathname = usePathname();
  useEffect(() => {
    rememberLanguage(localStorageOrNull(), decideLanguage(englishSite, new URL(window.location.href)).lang);
  }, [englishSite, pathname]);
  return null;
}
