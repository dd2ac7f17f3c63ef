import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AdminProviders } from '@/components/admin/admin-providers';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin');
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** Layout 4: the staff back-office (antd). */
export default async function AdminLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Every message: the back-office's client components read most of them (ADR 0046).
  return (
    <NextIntlClientProvider>
      <AdminProviders english={locale === 'en'}>{children}</AdminProviders>
    </NextIntlClientProvider>
  );
}
