import type { ReactNode } from 'react';
import { StoreShell } from '@/components/storefront/store-shell';
import { loadShellData } from '@/server/modules/settings/shell';

/** Layout 2: the default layout without the navigation bar. */
export default async function PlainLayout({ children }: { children: ReactNode }) {
  return <StoreShell data={await loadShellData()} withNav={false}>{children}</StoreShell>;
}
