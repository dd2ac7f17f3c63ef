'use client';

import { useLocale } from 'next-intl';
import type { ReactNode } from 'react';
import { localizePath } from '@/i18n/client-navigation';
import type { Locale } from '@/i18n/routing';

/** Signs out on the server, forgets the token and user, then goes home (spec §4 "Auth token"). */
export function LogoutButton({ label, icon }: { label: string; icon: ReactNode }) {
  const locale = useLocale() as Locale;
  async function logout() {
    const { signOut } = await import('@/lib/api-client');
    await signOut();
    window.location.assign(localizePath('/', locale));
  }
  return (
    <button type="button" onClick={logout} className="flex items-center gap-1 hover:text-white" data-testid="logout">
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}
