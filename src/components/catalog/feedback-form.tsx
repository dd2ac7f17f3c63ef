'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * "Could not find it" (ADR 0016, `/api/product/sx/feedback`): shown on an empty search, with the
 * key and type already filled in; an optional contact and note. Errors come back in the envelope.
 */
export function FeedbackForm({ searchKey, type }: { searchKey: string; type: number }) {
  const t = useTranslations('catalog');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const ids = { contact: useId(), note: useId() };
  // Before hydration the browser would send the form itself, to the page's address, and lose it.
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState('sending');
    setError(null);
    // The API client loads with the first request: no part of the result page's first load.
    let api: typeof import('@/lib/api-client') | null = null;
    try {
      api = await import('@/lib/api-client');
      await api.apiPost('/api/app/api/product/sx/feedback', {
        key: searchKey,
        type,
        contact: String(form.get('contact') ?? ''),
        note: String(form.get('note') ?? ''),
      }, { silent: true });
      setState('sent');
    } catch (e) {
      setError(api && e instanceof api.ApiError && !e.isNetwork ? e.message : t('feedbackFailed'));
      setState('idle');
    }
  }

  if (state === 'sent') {
    return <p role="status" className="mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-800" data-testid="feedback-sent">{t('feedbackSent')}</p>;
  }
  return (
    <form onSubmit={submit} className="mt-4 grid max-w-lg gap-3 text-left" data-testid="feedback-form" aria-label={t('feedbackTitle')}>
      <p className="text-sm font-medium text-ink">{t('feedbackTitle')}</p>
      <p className="text-xs text-muted">{t('feedbackHint', { key: searchKey })}</p>
      <label htmlFor={ids.contact} className="text-sm">{t('feedbackContact')}</label>
      <input id={ids.contact} name="contact" maxLength={100} autoComplete="email" className="h-9 rounded-md border border-line px-3 text-sm" />
      <label htmlFor={ids.note} className="text-sm">{t('feedbackNote')}</label>
      <textarea id={ids.note} name="note" maxLength={500} rows={3} className="rounded-md border border-line px-3 py-2 text-sm" />
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <button type="submit" disabled={!hydrated || state === 'sending'} className="h-9 justify-self-start rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60">
        {t('feedbackSubmit')}
      </button>
    </form>
  );
}
