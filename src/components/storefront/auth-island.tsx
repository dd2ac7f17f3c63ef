'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { Toast } from '@/components/ui/toaster';
import { localizePath } from '@/i18n/client-navigation';
import { onUiEvent, openLoginDialog } from '@/lib/ui-events';
import { useHydrated } from '@/lib/use-hydrated';
import { useVisitor } from '@/lib/visitor-islands';

// The dialogs (with the sign-out they may lead to), the toasts' markup and the API client load when
// first needed: most visits never sign in or see a toast here, and their code is no part of a page's
// first load (the storefront's ≤ 150 KB budget, ADR 0045). React.lazy rather than next/dynamic: they
// only ever render after a client event.
const AuthDialogs = lazy(() => import('./auth-dialogs').then((m) => ({ default: m.AuthDialogs })));
const ToastList = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.ToastList })));

let nextToastId = 0;

/** Signs out on the server, forgets the token and user, then goes home (docs/requirements/account.md#sign-in). */
async function logout(home: string) {
  const { signOut } = await import('@/lib/api-client');
  await signOut();
  window.location.assign(home);
}

/**
 * The storefront's sign-in island, mounted once in the shell: toasts, and the login dialog and the
 * single "login confirmation" box of the API client (docs/requirements/api.md#error-catalogue), whose code (`AuthDialogs`) loads with
 * the first request for either (login link, guest cart, the box) or a `login` parameter for a guest.
 * It also runs the header's server-rendered account controls (`data-auth-action`): the login link and
 * the guest's cart open the dialog in place, the sign-out button signs out. `phoneCodes`: whether the shop
 * texts codes to mobile numbers (the dialog offers them only then).
 */
export function AuthIsland({ phoneCodes }: { phoneCodes: boolean }) {
  // Who is signed in comes with the visitor's answer (ADR 0076); the page itself is the same for everyone.
  const visitor = useVisitor();
  const userId = visitor.status === 'ready' ? (visitor.user?.id ?? null) : null;
  const signedIn = userId !== null;
  const t = useTranslations('apiClient');
  const locale = useLocale();
  const wantsLogin = useSearchParams().has('login');
  // Only in the browser, after hydration: the page's HTML stays the same for everyone.
  const hydrated = useHydrated();
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Which request loaded the dialogs ('url' for a guest's `?login`); they listen themselves from then on.
  const [dialogs, setDialogs] = useState<'open-login' | 'confirm-login' | 'url' | null>(null);
  if (dialogs === null && hydrated && wantsLogin && visitor.status === 'ready' && !signedIn) setDialogs('url');

  useEffect(() => {
    if (dialogs !== null) return;
    const stopOpen = onUiEvent('open-login', () => setDialogs('open-login'));
    const stopConfirm = onUiEvent('confirm-login', () => setDialogs('confirm-login'));
    return () => {
      stopOpen();
      stopConfirm();
    };
  }, [dialogs]);

  useEffect(() => {
    const home = localizePath('/', locale);
    const onClick = (event: MouseEvent) => {
      const control = (event.target as Element | null)?.closest?.('[data-auth-action]');
      if (!control) return;
      if (control.getAttribute('data-auth-action') === 'logout') {
        void logout(home);
        return;
      }
      // A new tab or window for the link goes to /?login there.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      openLoginDialog();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [locale]);

  /** Short messages at the top of the page, each for its own duration (errors 5 s, a sign-in 1 s); four at most. */
  const dismissToast = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  useEffect(
    () =>
      onUiEvent('toast', (request) => {
        const id = ++nextToastId;
        setToasts((list) => [...list.slice(-3), { ...request, id }]);
        window.setTimeout(() => dismissToast(id), request.durationMs);
      }),
    [dismissToast],
  );

  return (
    <>
      <div className="pointer-events-none fixed inset-x-0 top-3 z-[1100] flex flex-col items-center gap-2 px-3" role="region" aria-label={t('notifications')}>
        {toasts.length > 0 && (
          <Suspense fallback={null}>
            <ToastList toasts={toasts} onDismiss={dismissToast} />
          </Suspense>
        )}
      </div>
      {dialogs !== null && (
        <Suspense fallback={null}>
          <AuthDialogs userId={userId} first={dialogs === 'url' ? null : dialogs} phoneCodes={phoneCodes} />
        </Suspense>
      )}
    </>
  );
}
