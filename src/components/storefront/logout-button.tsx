'use client';

import { LogOut } from 'lucide-react';
import { useLocale } from 'next-intl';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { signOut } from '@/lib/api-client';

/** Signs out on the server, forgets the token and user, then goes home (spec §4 "Auth token"). */
export function LogoutButton({ label }: { label: string }) {
  const locale = useLocale() as Locale;
  async function logout() {
    await signOut();
    window.location.assign(getPathname({ href: '/', locale }));
  }
  return (
    <button type="button" onClick={logout} className="flex items-center gap-1 hover:text-white" data-testid="logout">
      <LogOut aria-hidden size={13} className="sm:hidden" />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}
