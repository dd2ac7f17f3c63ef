'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { Toast } from '@/components/ui/toaster';
import { localizePath, useRouter } from '@/i18n/client-navigation';
import type { Locale } from '@/i18n/routing';
import { onUiEvent } from '@/lib/ui-events';
import { useHydrated } from '@/lib/use-hydrated';

// The dialogs, the toasts' markup and the API client load when first needed: most visits never sign
// in or see a toast here, and their code is no part of a page's first load (the storefront's ≤ 150 KB
// budget, ADR 0045). React.lazy rather than next/dynamic: they only ever render after a client event.
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));
const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));
const ToastList = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.ToastList })));

/** Whether the browser held a session token, and the sign-out under way (which never rejects). */
async function signOut(): Promise<{ hadToken: boolean; done: Promise<void> }> {
  try {
    const [{ signOut: apiSignOut }, { getToken }] = await Promise.all([import('@/lib/api-client'), import('@/lib/session-store')]);
    return { hadToken: getToken() !== null, done: apiSignOut() };
  } catch {
    return { hadToken: false, done: Promise.resolve() };
  }
}

let nextToastId = 0;

/**
 * The storefront's sign-in island, mounted once in the shell: toasts, the login dialog and the
 * single "login confirmation" box of the API client (spec §8). The dialog opens when the URL has
 * a `login` parameter and nobody is signed in, and on request (login link, guest cart, the box).
 */
export function AuthIsland({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations('apiClient');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const wantsLogin = useSearchParams().has('login');
  // The dialog never renders on the server (nor while the page hydrates): a guest page stays the same
  // for every address, and a field typed into before hydration would lose its text.
  const hydrated = useHydrated();
  const [requested, setRequested] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [toasts, setToasts] = useState<Toast[]>([]);

  // A new `?login` after the dialog was closed opens it again.
  const [seenWants, setSeenWants] = useState(wantsLogin);
  if (seenWants !== wantsLogin) {
    setSeenWants(wantsLogin);
    if (wantsLogin) setDismissed(false);
  }

  useEffect(() => onUiEvent('open-login', () => {
    setDismissed(false);
    setRequested(true);
  }), []);
  // setState(true) on an open box changes nothing: one box at a time.
  useEffect(() => onUiEvent('confirm-login', () => setConfirming(true)), []);

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

  const open = hydrated && !dismissed && (requested || (wantsLogin && !signedIn));
  const home = localizePath('/', locale);

  /** Closing: the password is dropped with the dialog; go to /, forget the session, log out (spec §4). */
  const close = useCallback(async () => {
    setDismissed(true);
    setRequested(false);
    const { hadToken, done } = await signOut();
    const hadSession = signedIn || hadToken;
    await done;
    if (hadSession) window.location.assign(home);
    else router.push('/');
  }, [signedIn, home, router]);

  const cancelConfirm = useCallback(async () => {
    setConfirming(false);
    await (await signOut()).done;
    // A full load: the header and every server-rendered part must show the signed-out state.
    window.location.assign(new URL(`${home}?login`, window.location.origin).toString());
  }, [home]);

  return (
    <>
      <div className="pointer-events-none fixed inset-x-0 top-3 z-[1100] flex flex-col items-center gap-2 px-3" role="region" aria-label={t('notifications')}>
        {toasts.length > 0 && (
          <Suspense fallback={null}>
            <ToastList toasts={toasts} onDismiss={dismissToast} />
          </Suspense>
        )}
      </div>
      <Suspense fallback={null}>
        {open && <LoginDialog onClose={close} />}
        {confirming && (
          <ConfirmDialog
            title={t('confirmTitle')}
            text={t('confirmText')}
            confirmLabel={t('confirmLogin')}
            cancelLabel={t('confirmCancel')}
            onConfirm={() => {
              setConfirming(false);
              setDismissed(false);
              setRequested(true);
            }}
            onCancel={cancelConfirm}
            testId="login-confirm"
          />
        )}
      </Suspense>
    </>
  );
}
