'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiError, apiPost } from '@/lib/api-client';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]{2,}$/;

/** Newsletter subscription: the address then gets a confirmation link (or a note that it is subscribed already). */
export function SubscribeForm({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const t = useTranslations('subscribe');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value) || value.length > 120) {
      setMessage({ kind: 'error', text: t('invalid') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await apiPost('/api/web/subscription/add', { email: value }, { silent: true });
      setMessage({ kind: 'ok', text: t('done') });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError && !error.isNetwork ? error.message : t('failed') });
    } finally {
      setBusy(false);
    }
  }

  const dark = tone === 'dark';
  return (
    <form onSubmit={submit} noValidate data-testid="subscribe-form">
      <label htmlFor={`subscribe-${tone}`} className={`mb-2 block text-sm ${dark ? 'text-gray-300' : 'text-gray-600'}`}>{t('label')}</label>
      <div className="flex gap-2">
        <input id={`subscribe-${tone}`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={120} autoComplete="email" placeholder={t('placeholder')}
          className={`h-9 min-w-0 flex-1 rounded-md border px-3 text-sm outline-none focus:border-brand-500 ${dark ? 'border-gray-700 bg-gray-800 text-white placeholder:text-gray-500' : 'border-line bg-white'}`} />
        <button type="submit" disabled={busy} className="h-9 shrink-0 rounded-md bg-brand-500 px-3 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60">{t('submit')}</button>
      </div>
      <p role={message?.kind === 'error' ? 'alert' : 'status'} className={`mt-2 min-h-5 text-sm ${message?.kind === 'error' ? 'text-red-400' : dark ? 'text-green-400' : 'text-green-700'}`} data-testid="subscribe-message">
        {message?.text ?? ''}
      </p>
    </form>
  );
}
