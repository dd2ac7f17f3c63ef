'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import type { RegistrationType } from '@/contracts/auth';
import { localizePath } from '@/i18n/client-navigation';
import type { Locale } from '@/i18n/routing';
import type { LoginMethod, LoginMode } from '@/lib/login-form';

/** Signing in by password or by code: two toggle buttons. */
export function LoginMethodTabs({ method, onSelect }: { method: LoginMethod; onSelect: (method: LoginMethod) => void }) {
  const t = useTranslations('auth');
  return (
    <div role="group" aria-label={t('loginMethod')} className="grid grid-cols-2 rounded-md bg-gray-100 p-0.5 text-sm">
      {(['password', 'code'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={method === m}
          onClick={() => onSelect(m)}
          className={`h-7 rounded ${method === m ? 'bg-white font-medium text-brand-600 shadow-sm' : 'text-muted hover:text-ink'}`}
        >
          {m === 'password' ? t('byPassword') : t('byCode')}
        </button>
      ))}
    </div>
  );
}

/** Registering a customer or an employee; an employee is told what follows. */
export function AccountTypeChoice({ accountType, onChange }: { accountType: RegistrationType; onChange: (type: RegistrationType) => void }) {
  const t = useTranslations('auth');
  return (
    <fieldset>
      <legend className="sr-only">{t('accountType')}</legend>
      <div className="grid grid-cols-2 gap-2 text-sm">
        {(['user', 'employee'] as const).map((type) => (
          <label key={type} className={`flex h-8 cursor-pointer items-center justify-center gap-1.5 rounded border ${accountType === type ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-line text-muted'}`}>
            <input type="radio" name="accountType" value={type} checked={accountType === type} onChange={() => onChange(type)} className="accent-brand-500" />
            {type === 'user' ? t('typeUser') : t('typeEmployee')}
          </label>
        ))}
      </div>
      {accountType === 'employee' && <p className="mt-1.5 text-xs leading-relaxed text-muted">{t('employeeHint')}</p>}
    </fieldset>
  );
}

/** Sends a code; disabled while sending and while the countdown runs, which it shows. */
export function SendCodeButton({ countdown, sending, onClick }: { countdown: number; sending: boolean; onClick: () => void }) {
  const t = useTranslations('auth');
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={countdown > 0 || sending}
      aria-label={countdown > 0 ? t('countdownLabel', { seconds: countdown }) : undefined}
      className="h-9 w-[6.5rem] shrink-0 rounded border border-brand-500 px-1 text-xs text-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-line disabled:text-muted disabled:hover:bg-transparent"
      data-testid="send-code"
    >
      {countdown > 0 ? t('countdown', { seconds: countdown }) : t('sendCode')}
    </button>
  );
}

/** Below the submit button: to registering and to resetting the password from the login, else back to the login. */
export function LoginModeLinks({ mode, onSwitch }: { mode: LoginMode; onSwitch: (mode: LoginMode) => void }) {
  const t = useTranslations('auth');
  return (
    <div className="flex items-center justify-between text-xs">
      {mode === 'login' ? (
        <>
          <button type="button" onClick={() => onSwitch('register')} className="text-brand-600 hover:underline">{t('toRegister')}</button>
          <button type="button" onClick={() => onSwitch('reset')} className="text-muted hover:text-brand-600 hover:underline">{t('toReset')}</button>
        </>
      ) : (
        <button type="button" onClick={() => onSwitch('login')} className="text-brand-600 hover:underline">{t('toLogin')}</button>
      )}
    </div>
  );
}

/** The storefront's privacy policy, which the consent to a text message refers to. */
const PRIVACY_PATH = '/privacy';

/**
 * Consent to a code by text message and to the privacy policy (个人信息保护法), asked before a code goes to a
 * mobile number; the policy opens in a new tab so that the dialog keeps what was typed.
 */
export function SmsConsentBox({ checked, onChange, tip }: { checked: boolean; onChange: (checked: boolean) => void; tip: string | null }) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const tipId = useId();
  return (
    <div>
      <label className="flex items-start gap-1.5 text-xs leading-relaxed text-muted">
        <input
          type="checkbox"
          name="smsConsent"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={tip ? true : undefined}
          aria-describedby={tip ? tipId : undefined}
          className="mt-0.5 accent-brand-500"
          data-testid="sms-consent"
        />
        <span>
          {t.rich('smsConsent', {
            privacy: (chunks) => <a href={localizePath(PRIVACY_PATH, locale)} target="_blank" rel="noopener" className="text-brand-600 hover:underline">{chunks}</a>,
          })}
        </span>
      </label>
      {tip && <p id={tipId} role="alert" className="mt-1 text-xs text-red-600" data-testid="tip-smsConsent">{tip}</p>}
    </div>
  );
}
