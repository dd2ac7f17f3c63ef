'use client';

import { useState, type FormEvent, type ReactNode } from 'react';

interface Props {
  dark: boolean;
  /** The label and the address field, rendered on the server. */
  label: ReactNode;
  field: ReactNode;
  text: { submit: string; invalid: string; done: string; failed: string };
}

/** The subscription form's sending part: has the address checked and posted (`subscribe-send.ts`), shows the answer. */
export function SubscribeFormControl({ dark, label, field, text }: Props) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (event.currentTarget.querySelector('input')?.value ?? '').trim();
    setBusy(true);
    setMessage(null);
    try {
      // The check and the sending load with the first submission (with the API client): no part of the page's first load.
      const { sendSubscription } = await import('./subscribe-send');
      setMessage(await sendSubscription(value, text));
    } catch {
      // The code itself could not load (offline, a new deployment).
      setMessage({ kind: 'error', text: text.failed });
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
