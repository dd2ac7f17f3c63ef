'use client';

import { Globe } from 'lucide-react';
import { Link, usePathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** Switches between the Chinese default and English, keeping the page. */
export function LanguageSwitch({ locale, label }: { locale: Locale; label: string }) {
  const pathname = usePathname();
  const target: Locale = locale === 'en' ? 'zh-CN' : 'en';
  return (
    <Link href={pathname} locale={target} className="flex items-center gap-1 hover:text-white" hrefLang={target === 'en' ? 'en-US' : 'zh-CN'} data-testid="language-switch">
      <Globe aria-hidden size={13} />
      {label}
    </Link>
  );
}
