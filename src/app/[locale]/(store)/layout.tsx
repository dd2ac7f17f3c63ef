import type { ReactNode } from 'react';
import { StoreShell } from '@/components/storefront/store-shell';
import { loadShellData } from '@/server/modules/settings/shell';

/** Layout 1: header, search bar, navigation bar, side widget, footer. */
export default async function StoreLayout({ children }: { children: ReactNode }) {
  return <StoreShell data={await loadShellData()} withNav>{children}</StoreShell>;
}
