'use client';

import { useTimeZone } from 'next-intl';
import { businessDayOf, DEFAULT_BUSINESS_TIME_ZONE } from './business-day';

/** The business time zone the page was given (next-intl's `timeZone`, set from `BUSINESS_TIME_ZONE`). */
export function useBusinessTimeZone(): string {
  return useTimeZone() ?? DEFAULT_BUSINESS_TIME_ZONE;
}

/** A function of an instant to its business day (`YYYY-MM-DD`), whatever the browser's clock zone. */
export function useBusinessDay(): (instant: Date | string) => string {
  const zone = useBusinessTimeZone();
  return (instant) => businessDayOf(instant, zone);
}
