'use client';

import type { MouseEvent, ReactNode } from 'react';
import { Link, usePathname, useRouter } from '@/i18n/client-navigation';
import type { Locale } from '@/i18n/routing';

/**
 * Switches between the Chinese default and English, keeping the page and its query (`?default=2`,
 * a search). The query is read at click time rather than with useSearchParams, which would make every
 * page that shows the header render on the client; without JavaScript the link keeps the page only.
 */
export function LanguageSwitch({ locale, label, icon }: { locale: Locale; label: string; icon: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const target: Locale = locale === 'en' ? 'zh-CN' : 'en';
  function keepQuery(event: MouseEvent<HTMLAnchorElement>) {
    const { search } = window.location;
    if (!search || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    router.push({ pathname, query: Object.fromEntries(new URLSearchParams(search)) }, { locale: target });
  }
  return (
    <Link href={pathname} locale={target} onClick={keepQuery} className="flex items-center gap-1 hover:text-white" hrefLang={target === 'en' ? 'en-US' : 'zh-CN'} data-testid="language-switch">
      {icon}
      {label}
    </Link>
  );
}
