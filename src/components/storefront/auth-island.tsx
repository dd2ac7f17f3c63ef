'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { getPathname, useRouter } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { signOut } from '@/lib/api-client';
import { getToken } from '@/lib/session-store';
import { onUiEvent } from '@/lib/ui-events';

// The dialogs load when they first open: most visits never sign in here, and their code is no part
// of a page's first load (the storefront's ≤ 150 KB budget, ADR 0025).
const LoginDialog = dynamic(() => import('./login-dialog').then((m) => m.LoginDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });

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
  const [requested, setRequested] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [confirming, setConfirming] = useState(false);

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

  const open = !dismissed && (requested || (wantsLogin && !signedIn));
  const home = getPathname({ href: '/', locale });

  /** Closing: the password is dropped with the dialog; go to /, forget the session, log out (spec §4). */
  const close = useCallback(async () => {
    setDismissed(true);
    setRequested(false);
    const hadSession = signedIn || getToken() !== null;
    await signOut();
    if (hadSession) window.location.assign(home);
    else router.push('/');
  }, [signedIn, home, router]);

  const cancelConfirm = useCallback(async () => {
    setConfirming(false);
    await signOut();
    // A full load: the header and every server-rendered part must show the signed-out state.
    window.location.assign(new URL(`${home}?login`, window.location.origin).toString());
  }, [home]);

  return (
    <>
      <Toaster />
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
    </>
  );
}
