import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { StoreShell } from '@/components/storefront/store-shell';
import { loadShellData } from '@/app/[locale]/_lib/load-shell-data';

/** Layout 2: the default layout without the navigation bar. */
export default async function PlainLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return <StoreShell data={await loadShellData()} withNav={false}>{children}</StoreShell>;
}
