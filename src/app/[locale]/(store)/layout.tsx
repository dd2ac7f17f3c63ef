import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { StoreShell } from '@/components/storefront/store-shell';
import { loadShellData } from '@/app/[locale]/_lib/load-shell-data';

/** Layout 1: header, search bar, navigation bar, side widget, footer. */
export default async function StoreLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return <StoreShell data={await loadShellData()} withNav>{children}</StoreShell>;
}
