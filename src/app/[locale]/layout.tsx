import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { pickMessages, SHELL_CLIENT_NAMESPACES } from '@/i18n/client-messages';
import { htmlLang, routing, type Locale } from '@/i18n/routing';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: { default: t('siteTitle'), template: `%s | ${t('siteName')}` }, description: t('siteDescription') };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  // Every page renders per request, so that its scripts carry this response's CSP nonce (ADR 0028):
  // a page rendered once and kept would serve a stale nonce that the new policy refuses.
  await headers();
  setRequestLocale(locale);
  // The frame's client components read a few namespaces; a page that needs more hands them over itself
  // (ClientMessages); the account area and the back-office hand theirs every message (their layouts), ADR 0046.
  const messages = pickMessages(await getMessages(), SHELL_CLIENT_NAMESPACES);
  return (
    <html lang={htmlLang(locale as Locale)}>
      <body>
        <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
