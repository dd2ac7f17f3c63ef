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

declare module 'next-intl' {
  interface AppConfig {
    Formats: typeof formats;
  }
}
