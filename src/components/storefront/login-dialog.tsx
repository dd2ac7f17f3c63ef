'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useRef } from 'react';
import type { SessionUser } from '@/contracts/auth';
import { fieldsOf } from '@/lib/login-form';
import { useModal } from '@/components/ui/use-modal';
import { LoginFormField } from './login-form-field';
import { AccountTypeChoice, LoginMethodTabs, LoginModeLinks, SendCodeButton, SmsConsentBox } from './login-form-parts';
import { useLoginForm } from './use-login-form';

interface Props {
  onClose: () => void;
  /** Whether the shop texts codes to mobile numbers; without it the code modes take e-mail addresses only. */
  phoneCodes: boolean;
  /** Told of a successful sign-in; answers true when it is taken in place (no page load follows). */
  onSignedIn?: (user: SessionUser) => boolean;
}

/**
 * The login dialog (docs/requirements/account.md#login-dialog): 300 px wide; sign in by password or code, register a
 * customer or an employee, or reset the password. The password leaves the browser only as its
 * SHA-256 digest. Inline tips show on submit and clear when their field changes.
 */
export function LoginDialog({ onClose, phoneCodes, onSignedIn }: Props) {
  const t = useTranslations('auth');
  const ref = useRef<HTMLDivElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const form = useLoginForm(onClose, phoneCodes, onSignedIn);
  useModal(ref, true, form.close, firstField);

  const { mode, tips } = form;
  const fields = fieldsOf(mode, form.method);
  const title = mode === 'login' ? t('loginTitle') : mode === 'register' ? t('registerTitle') : t('resetTitle');
  const submitLabel = mode === 'login' ? t('submitLogin') : mode === 'register' ? t('submitRegister') : t('submitReset');

  return (
    <div className="fixed inset-0 z-[1000] flex items-center justify-center bg-black/45 p-4">
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="login-dialog" data-mode={mode} className="w-[300px] max-w-full rounded-lg bg-white shadow-xl">
        <div className="flex items-center justify-between px-5 pb-1 pt-4">
          <h2 id={titleId} className="text-base font-semibold text-ink">{title}</h2>
          <button type="button" onClick={form.close} aria-label={t('close')} className="-mr-1 rounded p-1 text-muted hover:bg-gray-100 hover:text-ink" data-testid="login-close">
            <X aria-hidden size={18} />
          </button>
        </div>
        <form noValidate onSubmit={form.submit} className="space-y-3 px-5 pb-5 pt-2">
          {mode === 'login' && <LoginMethodTabs method={form.method} onSelect={form.selectMethod} />}
          {mode === 'register' && <AccountTypeChoice accountType={form.accountType} onChange={form.setAccountType} />}
          {fields.map((field) => (
            <LoginFormField
              key={field}
              field={field}
              mode={mode}
              value={form.values[field]}
              tip={tips[field] ? t(`tips.${tips[field]}`) : null}
              emailOnly={field === 'loginName' && form.emailOnly}
              onChange={(value) => form.change(field, value)}
              inputRef={field === 'loginName' ? firstField : undefined}
              codeButton={field === 'verifyCode' ? <SendCodeButton countdown={form.countdown} sending={form.sending} onClick={form.sendCode} /> : undefined}
            />
          ))}
          {form.asksConsent && (
            <SmsConsentBox checked={form.smsConsent} onChange={form.setSmsConsent} tip={tips.smsConsent ? t(`tips.${tips.smsConsent}`) : null} />
          )}
          <button type="submit" disabled={form.busy} className="h-9 w-full rounded bg-brand-500 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60" data-testid="login-submit">
            {form.busy ? t('working') : submitLabel}
          </button>
          <LoginModeLinks mode={mode} onSwitch={form.switchMode} />
        </form>
      </div>
    </div>
  );
}
