import type { Formats } from 'next-intl';

/**
 * The named formats of the site (`format.number(x, 'money')`, `format.dateTime(d, 'day')`), for
 * server and client components alike: prices in yuan, days as 2026-01-31 / 2026/01/31, and a
 * date with its time for comments.
 */
export const formats = {
  number: {
    money: { style: 'currency', currency: 'CNY' },
  },
  dateTime: {
    day: { year: 'numeric', month: '2-digit', day: '2-digit' },
    stamp: { dateStyle: 'medium', timeStyle: 'short' },
  },
} satisfies Formats;

/**
 * English pages write days the ISO way (2026-01-31, 2026-01-31, 10:00) rather than the US order that
 * `en` defaults to: a lab reads lot, expiry and order dates in one unambiguous form.
 */
const englishFormats = {
  number: formats.number,
  dateTime: {
    day: { calendar: 'iso8601', year: 'numeric', month: '2-digit', day: '2-digit' },
    stamp: { calendar: 'iso8601', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  },
} satisfies Formats;

/** The named formats of a locale: the same names in every language. */
export function formatsFor(locale: string): typeof formats {
  return locale === 'en' ? (englishFormats as unknown as typeof formats) : formats;
}

declare module 'next-intl' {
  interface AppConfig {
    Formats: typeof formats;
  }
}
