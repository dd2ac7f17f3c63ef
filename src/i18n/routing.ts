import { defineRouting } from 'next-intl/routing';
import type { Lang } from '@/lib/lang';

/** The spec's three variants: no prefix ("cn", carried as zh-CN, default), /zh and /en. */
export const routing = defineRouting({
  locales: ['zh-CN', 'zh', 'en'],
  defaultLocale: 'zh-CN',
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});

export type Locale = (typeof routing.locales)[number];

/** Both Chinese variants read the Chinese messages. */
export function messagesFor(locale: Locale): Lang {
  return locale === 'en' ? 'en' : 'zh';
}

/** The valid language tag for `<html lang>` and hreflang. */
export function htmlLang(locale: Locale): 'zh-CN' | 'en-US' {
  return locale === 'en' ? 'en-US' : 'zh-CN';
}
