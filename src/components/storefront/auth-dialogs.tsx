'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { SessionUser } from '@/contracts/auth';
import { localizePath, useRouter } from '@/i18n/client-navigation';
import type { Locale } from '@/i18n/routing';
import { onUiEvent } from '@/lib/ui-events';
import { useHydrated } from '@/lib/use-hydrated';

const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));
const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** Whether the browser held a session token, and the sign-out under way (which never rejects). */
async function signOut(): Promise<{ hadToken: boolean; done: Promise<void> }> {
  try {
    const [{ signOut: apiSignOut }, { getToken }] = await Promise.all([import('@/lib/api-client'), import('@/lib/session-store')]);
    return { hadToken: getToken() !== null, done: apiSignOut() };
  } catch {
    return { hadToken: false, done: Promise.resolve() };
  }
}

/**
 * The login dialog and the single "login confirmation" box of the API client (docs/requirements/api.md#error-catalogue), loaded by
 * the sign-in island with the first request for either (`first`) or with a `login` parameter. The
 * dialog opens when the URL has a `login` parameter and nobody is signed in, and on request.
 *
 * Opened from the box (the page's session ended mid-use), the dialog signs the same user in again over
 * the page (ADR 0064): it closes, the page stays as it was — a half-filled form included — and the user
 * presses save again. Another account signing in gets the page loaded afresh, as any sign-in does;
 * closing the dialog goes back to the box, whose Cancel signs out.
 */
export function AuthDialogs({ userId, first, phoneCodes }: { userId: number | null; first: 'open-login' | 'confirm-login' | null; phoneCodes: boolean }) {
  const signedIn = userId !== null;
  const t = useTranslations('apiClient');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const wantsLogin = useSearchParams().has('login');
  // The dialog never renders on the server (nor while the page hydrates): a guest page stays the same
  // for every address, and a field typed into before hydration would lose its text.
  const hydrated = useHydrated();
  const [requested, setRequested] = useState(first === 'open-login');
  const [dismissed, setDismissed] = useState(false);
  const [confirming, setConfirming] = useState(first === 'confirm-login');
  // The dialog was opened from the box: a sign-in of the same user keeps the page.
  const [again, setAgain] = useState(false);

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

  const open = hydrated && !dismissed && (requested || (wantsLogin && !signedIn));
  const home = localizePath('/', locale);

  /** Closing: the password is dropped with the dialog; go to /, forget the session, log out (docs/requirements/account.md#login-dialog). */
  const close = useCallback(async () => {
    setDismissed(true);
    setRequested(false);
    const { hadToken, done } = await signOut();
    const hadSession = signedIn || hadToken;
    await done;
    if (hadSession) window.location.assign(home);
    else router.push('/');
  }, [signedIn, home, router]);

  const backToConfirm = useCallback(() => {
    setRequested(false);
    setAgain(false);
    setConfirming(true);
  }, []);

  /** Whether the sign-in was taken in place: the same user again, over a page that stays. */
  const signedInAgain = useCallback((user: SessionUser) => {
    if (!again || userId === null || user.id !== userId) return false;
    setRequested(false);
    setAgain(false);
    return true;
  }, [again, userId]);

  const cancelConfirm = useCallback(async () => {
    setConfirming(false);
    await (await signOut()).done;
    // A full load: the header and every server-rendered part must show the signed-out state.
    window.location.assign(new URL(`${home}?login`, window.location.origin).toString());
  }, [home]);

  return (
    <Suspense fallback={null}>
      {open && <LoginDialog onClose={again ? backToConfirm : close} onSignedIn={signedInAgain} phoneCodes={phoneCodes} />}
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
            setAgain(true);
          }}
          onCancel={cancelConfirm}
          testId="login-confirm"
        />
      )}
    </Suspense>
  );
}
