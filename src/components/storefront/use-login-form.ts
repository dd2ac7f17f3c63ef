'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import type { LoginOutput, RegistrationType, SessionUser } from '@/contracts/auth';
import type { ApiBody } from '@/lib/api/types';
import { ApiError, ERROR_TOAST_MS, apiPost, apiPostWithMessage } from '@/lib/api-client';
import { invalidFields, isPhoneLoginName, sendsCode, textMessageProblem, type LoginField, type LoginFormValues, type LoginMethod, type LoginMode, type LoginTip } from '@/lib/login-form';
import { dropPendingCartLine, takePendingCartLine } from '@/lib/pending-cart';
import { afterSignIn } from '@/lib/return-path';
import { saveSession } from '@/lib/session-store';
import { sha256Hex } from '@/lib/sha256';
import { showToast } from '@/lib/ui-events';

/** The calls that sign in (or register, or reset the password) and answer the user. */
type SignInPath = '/api/web/register/loginByCode' | '/api/web/auth/login' | '/api/web/auth/register' | '/api/web/auth/resetPassword';

export const CODE_COUNTDOWN_SECONDS = 60;
const SUCCESS_TOAST_MS = 1000;

const EMPTY: LoginFormValues = { loginName: '', password: '', repeatPwd: '', verifyCode: '' };

/**
 * The login dialog's state and actions: mode, method, account type, values and inline tips, the code's countdown,
 * sending a code and submitting. Closing drops the passwords. `phoneCodes`: whether the shop texts codes to
 * mobile numbers (not in production without an SMS provider); a code by text message needs the consent box.
 * Once signed in, the pack a guest asked to add to the cart is added (`pending-cart`), and the page loads again
 * (the header and every server-rendered part show the account), unless `onSignedIn` takes the sign-in in place.
 */
export function useLoginForm(onClose: () => void, phoneCodes: boolean, onSignedIn?: (user: SessionUser) => boolean) {
  const t = useTranslations('auth');
  const [mode, setMode] = useState<LoginMode>('login');
  const [method, setMethod] = useState<LoginMethod>('password');
  const [accountType, setAccountType] = useState<RegistrationType>('user');
  const [values, setValues] = useState<LoginFormValues>(EMPTY);
  /** Each field's tip (a key of `auth.tips`), and the consent box's. */
  const [tips, setTips] = useState<Partial<Record<LoginField | 'smsConsent', LoginTip>>>({});
  const [smsConsent, setSmsConsentState] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [countdown, setCountdown] = useCountdown();

  function close() {
    setValues((v) => ({ ...v, password: '', repeatPwd: '' }));
    // The guest did not sign in: the pack asked for before is not added later.
    dropPendingCartLine();
    onClose();
  }

  function change(field: LoginField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setTips((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function setSmsConsent(value: boolean) {
    setSmsConsentState(value);
    setTips((current) => (current.smsConsent ? { ...current, smsConsent: undefined } : current));
  }

  /** Shows why a code cannot go by text message to the name typed; answers whether there was a reason. */
  function blockedTextMessage(): boolean {
    const problem = textMessageProblem(mode, method, values.loginName, { phoneCodes, smsConsent });
    if (problem === null) return false;
    setTips((current) => (problem === 'phoneUnavailable' ? { ...current, loginName: problem } : { ...current, smsConsent: problem }));
    return true;
  }

  function selectMethod(next: LoginMethod) {
    setMethod(next);
    setTips({});
  }

  function switchMode(next: LoginMode) {
    setMode(next);
    setTips({});
    setValues((v) => ({ ...EMPTY, loginName: v.loginName }));
  }

  async function sendCode() {
    if (invalidFields('login', 'code', { ...values, verifyCode: '000000' }).includes('loginName')) {
      setTips((current) => ({ ...current, loginName: 'loginName' }));
      return;
    }
    if (blockedTextMessage()) return;
    setSending(true);
    try {
      const purpose = mode === 'login' ? 'login' : mode;
      const { data, msg } = await apiPostWithMessage('/api/web/auth/sendCode', { loginName: values.loginName, purpose, accountType, smsConsent }, { silent: true });
      setCountdown(data.cooldown || CODE_COUNTDOWN_SECONDS);
      showToast({ kind: 'info', text: msg || t('success'), durationMs: 3000 });
    } catch (error) {
      const retryAfter = error instanceof ApiError ? (error.data as { retryAfter?: unknown } | null)?.retryAfter : undefined;
      if (error instanceof ApiError && error.code === 429 && typeof retryAfter === 'number' && retryAfter <= CODE_COUNTDOWN_SECONDS) setCountdown(retryAfter);
      showFailure(error, undefined);
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = invalidFields(mode, method, values);
    if (invalid.length > 0) {
      setTips(Object.fromEntries(invalid.map((f) => [f, f])));
      return;
    }
    // A code cannot have reached a mobile number here: say why rather than "wrong code".
    if (!phoneCodes && textMessageProblem(mode, method, values.loginName, { phoneCodes, smsConsent }) !== null && blockedTextMessage()) return;
    setBusy(true);
    try {
      const result = await signIn(mode, method, values, accountType);
      if (!result.user?.token) throw new ApiError('error', '');
      saveSession(result.user);
      setValues(EMPTY);
      await addPendingCartLine();
      showToast({ kind: 'success', text: result.msg || t('success'), durationMs: SUCCESS_TOAST_MS });
      if (onSignedIn?.(result.user)) {
        setBusy(false);
        return;
      }
      window.setTimeout(() => window.location.replace(afterSignIn(window.location.href)), SUCCESS_TOAST_MS);
    } catch (error) {
      showFailure(error, t('loginNetwork'));
      setBusy(false);
    }
  }

  // The consent box shows while a code would go by text message to the number typed.
  const asksConsent = phoneCodes && sendsCode(mode, method) && isPhoneLoginName(values.loginName);
  const emailOnly = !phoneCodes && sendsCode(mode, method);
  return {
    mode, method, accountType, values, tips, busy, sending, countdown, smsConsent, asksConsent, emailOnly,
    close, change, selectMethod, switchMode, setAccountType, setSmsConsent, sendCode, submit,
  };
}

/**
 * Adds the pack a guest asked for before signing in to the now signed-in buyer's cart, through the cart's add
 * (merged with a line of the same pack). A refusal (the pack withdrawn, an account without a cart) shows
 * its message and does not stop the sign-in.
 */
async function addPendingCartLine(): Promise<void> {
  const line = takePendingCartLine();
  if (line === null) return;
  try {
    await apiPost('/api/app/api/order/shopcart/item/add', line);
  } catch {
    // The API client has shown the error.
  }
}

/** Seconds left before another code may be sent; counts down by one a second. */
function useCountdown() {
  const [countdown, setCountdown] = useState(0);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown]);
  return [countdown, setCountdown] as const;
}

/**
 * A failed call: the network line (the login's own, `networkText`, on a sign-in call; docs/requirements/api.md#error-catalogue)
 * or the server's message (or "error"), for 5 s.
 */
function showFailure(error: unknown, networkText: string | undefined) {
  if (error instanceof ApiError && error.isNetwork) {
    showToast({ kind: 'error', text: networkText, messageKey: 'network', durationMs: ERROR_TOAST_MS });
  } else {
    showToast({ kind: 'error', text: error instanceof ApiError && error.message ? error.message : 'error', durationMs: ERROR_TOAST_MS });
  }
}

/** The call of the mode; answers the user and the server's message. */
async function signIn(mode: LoginMode, method: LoginMethod, values: LoginFormValues, accountType: RegistrationType): Promise<{ user: LoginOutput['user'] | undefined; msg: string }> {
  const post = async <P extends SignInPath>(path: P, data: ApiBody<'post', P> & ApiBody<'post', SignInPath>) => {
    const { data: answer, msg } = await apiPostWithMessage<SignInPath>(path, data, { silent: true });
    return { user: answer && 'user' in answer ? answer.user : undefined, msg };
  };
  const loginName = values.loginName.trim();
  if (mode === 'login' && method === 'code') {
    return post('/api/web/register/loginByCode', { data: { loginName, verifyCode: values.verifyCode.trim() } });
  }
  const password = await sha256Hex(values.password);
  if (mode === 'login') return post('/api/web/auth/login', { loginName, password });
  const form = { loginName, password, repeatPwd: await sha256Hex(values.repeatPwd), verifyCode: values.verifyCode.trim() };
  return mode === 'register' ? post('/api/web/auth/register', { ...form, accountType }) : post('/api/web/auth/resetPassword', form);
}
