'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/contracts/auth-rules';
import { apiPostWithMessage } from '@/lib/api-client';
import { sha256Hex } from '@/lib/sha256';
import { showToast } from '@/lib/ui-events';

type Field = 'oldPassword' | 'password' | 'repeatPwd';
const EMPTY: Record<Field, string> = { oldPassword: '', password: '', repeatPwd: '' };

/**
 * Changes the password through the API client (so a lapsed session gets the login confirmation
 * box). Only SHA-256 digests leave the browser; the server ends every other session.
 */
export function ChangePasswordForm() {
  const t = useTranslations('password');
  const ta = useTranslations('auth');
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [tips, setTips] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setTips((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.oldPassword) found.oldPassword = ta('tips.password');
    if (values.password.length < PASSWORD_MIN_LENGTH || values.password.length > PASSWORD_MAX_LENGTH) found.password = ta('tips.password');
    if (values.repeatPwd !== values.password) found.repeatPwd = ta('tips.repeatPwd');
    setTips(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const [oldPassword, password, repeatPwd] = await Promise.all([sha256Hex(values.oldPassword), sha256Hex(values.password), sha256Hex(values.repeatPwd)]);
      const { msg } = await apiPostWithMessage('/api/web/auth/changePassword', { oldPassword, password, repeatPwd });
      setValues(EMPTY);
      showToast({ kind: 'success', text: msg || ta('success'), durationMs: 3000 });
    } catch {
      // The API client has shown the error (toast or login confirmation).
    } finally {
      setBusy(false);
    }
  }

  const fields: { name: Field; autoComplete: string }[] = [
    { name: 'oldPassword', autoComplete: 'current-password' },
    { name: 'password', autoComplete: 'new-password' },
    { name: 'repeatPwd', autoComplete: 'new-password' },
  ];
  return (
    <form noValidate onSubmit={submit} className="max-w-sm space-y-4" data-testid="change-password-form">
      {fields.map(({ name, autoComplete }) => (
        <div key={name}>
          <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm text-muted">{t(name)}</label>
          <input
            id={`${id}-${name}`}
            type="password"
            autoComplete={autoComplete}
            maxLength={PASSWORD_MAX_LENGTH}
            value={values[name]}
            onChange={(e) => change(name, e.target.value)}
            aria-invalid={tips[name] ? true : undefined}
            aria-describedby={tips[name] ? `${id}-${name}-tip` : undefined}
            className="h-9 w-full rounded border border-line px-2.5 text-sm outline-none focus:border-brand-500 aria-[invalid=true]:border-red-500"
          />
          {tips[name] && <p id={`${id}-${name}-tip`} role="alert" className="mt-1 text-xs text-red-600">{tips[name]}</p>}
        </div>
      ))}
      <p className="text-xs text-muted">{t('hint')}</p>
      <button type="submit" disabled={busy} className="h-9 rounded bg-brand-500 px-6 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60">
        {busy ? ta('working') : t('submit')}
      </button>
    </form>
  );
}
