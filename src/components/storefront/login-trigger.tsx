'use client';

import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@/i18n/client-navigation';
import { openLoginDialog } from '@/lib/ui-events';

interface Props {
  children: ReactNode;
  className?: string;
  testId?: string;
}

function open(event: MouseEvent) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  openLoginDialog();
}

/** The header's login link: opens the dialog in place (without scripts it goes to /?login). */
export function LoginLink({ children, className, testId }: Props) {
  return (
    <Link href="/?login" onClick={open} className={className} data-testid={testId}>
      {children}
    </Link>
  );
}

/** The cart for a visitor who is not signed in: opening it opens the login dialog instead (spec §2). */
export function GuestCartLink({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Link href="/?login" onClick={open} className="flex items-center gap-1 hover:text-white" data-testid="guest-cart">
      {icon}
      {label}
    </Link>
  );
}
