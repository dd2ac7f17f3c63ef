import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { formatsFor } from './formats';
import { messagesFor, routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const messages = (await import(`../../messages/${messagesFor(locale)}.json`)).default;
  return { locale, messages, formats: formatsFor(locale), timeZone: 'Asia/Shanghai' };
});
