import { defineRouting } from 'next-intl/routing';
import type { Lang } from '@/lib/lang';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from './locales';

/** The three variants of docs/requirements/storefront.md#languages: no prefix ("cn", carried as zh-CN, default), /zh and /en. */
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: LOCALE_COOKIE,
});

export type { Locale };

/** Both Chinese variants read the Chinese messages. */
export function messagesFor(locale: Locale): Lang {
  return locale === 'en' ? 'en' : 'zh';
}

/** The valid language tag for `<html lang>` and hreflang. */
export function htmlLang(locale: Locale): 'zh-CN' | 'en-US' {
  return locale === 'en' ? 'en-US' : 'zh-CN';
}
