import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { compiledMessages } from './compiled-messages';
import { formatsFor } from './formats';
import { messagesFor, routing } from './routing';
import { businessTimeZone } from '@/server/business-time';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const lang = messagesFor(locale);
  const messages = compiledMessages(lang, (await import(`../../messages/${lang}.json`)).default);
  return { locale, messages, formats: formatsFor(locale), timeZone: businessTimeZone() };
});
