import 'server-only';
import type { Lang } from '@/lib/lang';
import { serverMessages } from '@/server/messages';

/** The language of an API answer: the site's locale cookie, else Accept-Language, else Chinese. */
export function apiLang(cookieLocale: string | undefined, acceptLanguage: string | undefined): Lang {
  if (cookieLocale) return cookieLocale === 'en' ? 'en' : 'zh';
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

/** An API message from messages/*.json (`api.errors.*` or `api.messages.*`), in the answer's language. */
export function apiText(lang: Lang, group: 'errors' | 'messages', key: string): string {
  const table = serverMessages(lang).api[group] as Record<string, string>;
  return table[key] ?? key;
}
