'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import type { LoginOutput, RegistrationType } from '@/contracts/auth';
import type { ApiBody } from '@/lib/api/types';
import { ApiError, ERROR_TOAST_MS, apiPostWithMessage } from '@/lib/api-client';
import { fieldsOf, invalidFields, type LoginField, type LoginFormValues, type LoginMethod, type LoginMode } from '@/lib/login-form';
import { saveSession } from '@/lib/session-store';
import { sha256Hex } from '@/lib/sha256';
import { showToast } from '@/lib/ui-events';
import { useModal } from '@/components/ui/use-modal';

/** The calls that sign in (or register, or reset the password) and answer the user. */
type SignInPath = '/api/web/register/loginByCode' | '/api/web/auth/login' | '/api/web/auth/register' | '/api/web/auth/resetPassword';

export const CODE_COUNTDOWN_SECONDS = 60;
const SUCCESS_TOAST_MS = 1000;

const EMPTY: LoginFormValues = { loginName: '', password: '', repeatPwd: '', verifyCode: '' };

interface Props {
  onClose: () => void;
}

/**
 * The login dialog (docs/requirements/account.md#login-dialog): 300 px wide; sign in by password or code, register a
 * customer or an employee, or reset the password. The password leaves the browser only as its
 * SHA-256 digest. Inline tips show on submit and clear when their field changes.
 */
export function LoginDialog({ onClose }: Props) {
  const t = useTranslations('auth');
  const ref = useRef<HTMLDivElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [mode, setMode] = useState<LoginMode>('login');
  const [method, setMethod] = useState<LoginMethod>('password');
  const [accountType, setAccountType] = useState<RegistrationType>('user');
  const [values, setValues] = useState<LoginFormValues>(EMPTY);
  const [tips, setTips] = useState<Partial<Record<LoginField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [countdown, setCountdown] = useState(0);

  function close() {
    setValues((v) => ({ ...v, password: '', repeatPwd: '' }));
    onClose();
  }
  useModal(ref, true, close, firstField);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  function change(field: LoginField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setTips((current) => (current[field] ? { ...current, [field]: false } : current));
  }

  function switchMode(next: LoginMode) {
    setMode(next);
    setTips({});
    setValues((v) => ({ ...EMPTY, loginName: v.loginName }));
  }

  async function sendCode() {
    if (invalidFields('login', 'code', { ...values, verifyCode: '000000' }).includes('loginName')) {
      setTips((current) => ({ ...current, loginName: true }));
      return;
    }
    setSending(true);
    try {
      const purpose = mode === 'login' ? 'login' : mode;
      const { data, msg } = await apiPostWithMessage('/api/web/auth/sendCode', { loginName: values.loginName, purpose, accountType }, { silent: true });
      setCountdown(data.cooldown || CODE_COUNTDOWN_SECONDS);
      showToast({ kind: 'info', text: msg || t('success'), durationMs: 3000 });
    } catch (error) {
      const retryAfter = error instanceof ApiError ? (error.data as { retryAfter?: unknown } | null)?.retryAfter : undefined;
      if (error instanceof ApiError && error.code === 429 && typeof retryAfter === 'number' && retryAfter <= CODE_COUNTDOWN_SECONDS) setCountdown(retryAfter);
      fail(error, false);
    } finally {
      setSending(false);
    }
  }

  /** A failed call: the network line of the login (docs/requirements/api.md#error-catalogue) or the server's message (or "error"), for 5 s. */
  function fail(error: unknown, loginCall: boolean) {
    if (error instanceof ApiError && error.isNetwork) {
      showToast({ kind: 'error', text: loginCall ? t('loginNetwork') : undefined, messageKey: 'network', durationMs: ERROR_TOAST_MS });
    } else {
      showToast({ kind: 'error', text: error instanceof ApiError && error.message ? error.message : 'error', durationMs: ERROR_TOAST_MS });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = invalidFields(mode, method, values);
    if (invalid.length > 0) {
      setTips(Object.fromEntries(invalid.map((f) => [f, true])));
      return;
    }
    setBusy(true);
    try {
      const result = await call();
      if (!result.user?.token) throw new ApiError('error', '');
      saveSession(result.user);
      setValues(EMPTY);
      showToast({ kind: 'success', text: result.msg || t('success'), durationMs: SUCCESS_TOAST_MS });
      window.setTimeout(() => {
        const url = new URL(window.location.href);
        url.searchParams.delete('login');
        window.location.replace(url.toString());
      }, SUCCESS_TOAST_MS);
    } catch (error) {
      fail(error, true);
      setBusy(false);
    }
  }

  /** The call of the current mode; answers the user and the server's message. */
  async function call(): Promise<{ user: LoginOutput['user'] | undefined; msg: string }> {
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

  const fields = fieldsOf(mode, method);
  const title = mode === 'login' ? t('loginTitle') : mode === 'register' ? t('registerTitle') : t('resetTitle');
  const submitLabel = mode === 'login' ? t('submitLogin') : mode === 'register' ? t('submitRegister') : t('submitReset');

  return (
    <div className="fixed inset-0 z-[1000] flex items-center justify-center bg-black/45 p-4">
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="login-dialog" data-mode={mode} className="w-[300px] max-w-full rounded-lg bg-white shadow-xl">
        <div className="flex items-center justify-between px-5 pb-1 pt-4">
          <h2 id={titleId} className="text-base font-semibold text-ink">{title}</h2>
          <button type="button" onClick={close} aria-label={t('close')} className="-mr-1 rounded p-1 text-muted hover:bg-gray-100 hover:text-ink" data-testid="login-close">
            <X aria-hidden size={18} />
          </button>
        </div>
        <form noValidate onSubmit={submit} className="space-y-3 px-5 pb-5 pt-2">
          {mode === 'login' && (
            <div role="group" aria-label={t('loginMethod')} className="grid grid-cols-2 rounded-md bg-gray-100 p-0.5 text-sm">
              {(['password', 'code'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={method === m}
                  onClick={() => { setMethod(m); setTips({}); }}
                  className={`h-7 rounded ${method === m ? 'bg-white font-medium text-brand-600 shadow-sm' : 'text-muted hover:text-ink'}`}
                >
                  {m === 'password' ? t('byPassword') : t('byCode')}
                </button>
              ))}
            </div>
          )}
          {mode === 'register' && (
            <fieldset>
              <legend className="sr-only">{t('accountType')}</legend>
              <div className="grid grid-cols-2 gap-2 text-sm">
                {(['user', 'employee'] as const).map((type) => (
                  <label key={type} className={`flex h-8 cursor-pointer items-center justify-center gap-1.5 rounded border ${accountType === type ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-line text-muted'}`}>
                    <input type="radio" name="accountType" value={type} checked={accountType === type} onChange={() => setAccountType(type)} className="accent-brand-500" />
                    {type === 'user' ? t('typeUser') : t('typeEmployee')}
                  </label>
                ))}
              </div>
              {accountType === 'employee' && <p className="mt-1.5 text-xs leading-relaxed text-muted">{t('employeeHint')}</p>}
            </fieldset>
          )}
          {fields.map((field) => (
            <Field
              key={field}
              field={field}
              mode={mode}
              value={values[field]}
              tip={tips[field] ? t(`tips.${field}`) : null}
              onChange={(value) => change(field, value)}
              inputRef={field === 'loginName' ? firstField : undefined}
              codeButton={
                field === 'verifyCode' ? (
                  <button
                    type="button"
                    onClick={sendCode}
                    disabled={countdown > 0 || sending}
                    aria-label={countdown > 0 ? t('countdownLabel', { seconds: countdown }) : undefined}
                    className="h-9 w-[6.5rem] shrink-0 rounded border border-brand-500 px-1 text-xs text-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-line disabled:text-muted disabled:hover:bg-transparent"
                    data-testid="send-code"
                  >
                    {countdown > 0 ? t('countdown', { seconds: countdown }) : t('sendCode')}
                  </button>
                ) : undefined
              }
            />
          ))}
          <button type="submit" disabled={busy} className="h-9 w-full rounded bg-brand-500 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60" data-testid="login-submit">
            {busy ? t('working') : submitLabel}
          </button>
          <div className="flex items-center justify-between text-xs">
            {mode === 'login' ? (
              <>
                <button type="button" onClick={() => switchMode('register')} className="text-brand-600 hover:underline">{t('toRegister')}</button>
                <button type="button" onClick={() => switchMode('reset')} className="text-muted hover:text-brand-600 hover:underline">{t('toReset')}</button>
              </>
            ) : (
              <button type="button" onClick={() => switchMode('login')} className="text-brand-600 hover:underline">{t('toLogin')}</button>
            )}
          </div>
        </form>
      </div>
    </div>
  );
}

interface FieldProps {
  field: LoginField;
  mode: LoginMode;
  value: string;
  tip: string | null;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  codeButton?: ReactNode;
}

function Field({ field, mode, value, tip, onChange, inputRef, codeButton }: FieldProps) {
  const t = useTranslations('auth');
  const id = useId();
  const tipId = `${id}-tip`;
  const isPassword = field === 'password' || field === 'repeatPwd';
  const input = (
    <input
      ref={inputRef}
      id={id}
      name={field}
      type={isPassword ? 'password' : 'text'}
      inputMode={field === 'verifyCode' ? 'numeric' : undefined}
      maxLength={field === 'verifyCode' ? 6 : field === 'loginName' ? 120 : 64}
      autoComplete={field === 'loginName' ? 'username' : field === 'verifyCode' ? 'one-time-code' : mode === 'login' ? 'current-password' : 'new-password'}
      placeholder={t(field === 'password' && mode !== 'login' ? 'newPasswordPlaceholder' : `${field}Placeholder`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={tip ? true : undefined}
      aria-describedby={tip ? tipId : undefined}
      className="h-9 w-full min-w-0 rounded border border-line px-2.5 text-sm outline-none placeholder:text-gray-400 focus:border-brand-500 aria-[invalid=true]:border-red-500"
    />
  );
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-muted">{t(field)}</label>
      {codeButton ? <div className="flex gap-2">{input}{codeButton}</div> : input}
      {tip && <p id={tipId} role="alert" className="mt-1 text-xs text-red-600" data-testid={`tip-${field}`}>{tip}</p>}
    </div>
  );
}
