'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode, type Ref } from 'react';
import type { LoginField, LoginMode } from '@/lib/login-form';

interface LoginFormFieldProps {
  field: LoginField;
  mode: LoginMode;
  value: string;
  tip: string | null;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  codeButton?: ReactNode;
  /** The login name takes an e-mail address only (no codes by text message here): says so in the placeholder. */
  emailOnly?: boolean;
}

/** A labelled input of the login form, with its inline tip; the code field carries the send-code button. */
export function LoginFormField({ field, mode, value, tip, onChange, inputRef, codeButton, emailOnly = false }: LoginFormFieldProps) {
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
      placeholder={t(emailOnly ? 'emailPlaceholder' : field === 'password' && mode !== 'login' ? 'newPasswordPlaceholder' : `${field}Placeholder`)}
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
