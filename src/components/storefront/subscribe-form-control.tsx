'use client';

import { useState, type FormEvent, type ReactNode } from 'react';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]{2,}$/;

interface Props {
  dark: boolean;
  /** The label and the address field, rendered on the server. */
  label: ReactNode;
  field: ReactNode;
  text: { submit: string; invalid: string; done: string; failed: string };
}

/** The subscription form's sending part: checks the address, posts it, shows the answer. */
export function SubscribeFormControl({ dark, label, field, text }: Props) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (event.currentTarget.querySelector('input')?.value ?? '').trim();
    if (!EMAIL.test(value) || value.length > 120) {
      setMessage({ kind: 'error', text: text.invalid });
      return;
    }
    setBusy(true);
    setMessage(null);
    // The API client loads with the first subscription: no part of the page's first load.
    let api: typeof import('@/lib/api-client') | null = null;
    try {
      api = await import('@/lib/api-client');
      await api.apiPost('/api/web/subscription/add', { email: value }, { silent: true });
      setMessage({ kind: 'ok', text: text.done });
    } catch (error) {
      setMessage({ kind: 'error', text: api && error instanceof api.ApiError && !error.isNetwork ? error.message : text.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="subscribe-form">
      {label}
      <div className="flex gap-2">
        {field}
        <button type="submit" disabled={busy} className="h-9 shrink-0 rounded-md bg-brand-500 px-3 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60">{text.submit}</button>
      </div>
      <p role={message?.kind === 'error' ? 'alert' : 'status'} className={`mt-2 min-h-5 text-sm ${message?.kind === 'error' ? 'text-red-400' : dark ? 'text-green-400' : 'text-green-700'}`} data-testid="subscribe-message">
        {message?.text ?? ''}
      </p>
    </form>
  );
}
