/**
 * The storefront's locales and their URL rules, as constants that browser code can read without the
 * routing library's navigation helpers (ADR 0045). `routing.ts` builds next-intl's routing from them.
 */
export const LOCALES = ['zh-CN', 'zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** The "cn" variant (docs/requirements/storefront.md#languages): served without a prefix. */
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALE_COOKIE = { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' } as const;
