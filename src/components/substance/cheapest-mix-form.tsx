'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import type { CheapestAnswerDto } from '@/contracts/substances';
import { useHydrated } from '@/lib/use-hydrated';

// The answer, the amount's reader and the cart step load when the buyer asks, not with the kept page's
// first scripts (its first-load JavaScript stays within the storefront's 150 KB).
const CheapestAnswer = lazy(() => import('./cheapest-mix-answer'));

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'error' }
  | { kind: 'answer'; answer: CheapestAnswerDto };

/**
 * The buyer's amount, grade and minimum purity, sent to `POST /api/web/substance/cheapest`, which prices the
 * mix at the caller's own prices (the session travels with the call, not with the kept page). One click puts
 * the mix in the cart for a signed-in buyer; a guest is asked to sign in first.
 */
export function CheapestMixForm({ substanceKey, grades }: { substanceKey: string; grades: string[] }) {
  const t = useTranslations('substance');
  const hydrated = useHydrated();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [grade, setGrade] = useState('');
  const [purity, setPurity] = useState('');
  const [fieldError, setFieldError] = useState<{ amount?: string; purity?: string }>({});
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: { amount?: string; purity?: string } = {};
    let parseAmount: typeof import('@/lib/pack-amount').parseAmount;
    try {
      ({ parseAmount } = await import('@/lib/pack-amount'));
    } catch {
      setState({ kind: 'error' });
      return;
    }
    if (!parseAmount(amount)) errors.amount = t('amountInvalid');
    const purityNumber = purity.trim() === '' ? undefined : Number(purity);
    if (purityNumber !== undefined && !(/^\d{1,3}(?:\.\d{1,2})?$/.test(purity.trim()) && purityNumber <= 100)) errors.purity = t('purityInvalid');
    setFieldError(errors);
    if (errors.amount || errors.purity) return;
    setState({ kind: 'busy' });
    try {
      const { apiPost, ApiError } = await import('@/lib/api-client');
      try {
        const answer = await apiPost('/api/web/substance/cheapest', {
          key: substanceKey, amount: amount.trim(), ...(grade ? { grade } : {}), ...(purityNumber !== undefined ? { minPurity: purityNumber } : {}),
        }, { silent: true });
        setState({ kind: 'answer', answer });
      } catch (error) {
        const fields = error instanceof ApiError ? error.fields : [];
        if (fields.length > 0) {
          setFieldError({ amount: fields.find((f) => f.field === 'amount')?.message, purity: fields.find((f) => f.field === 'minPurity')?.message });
          setState({ kind: 'idle' });
        } else setState({ kind: 'error' });
      }
    } catch {
      setState({ kind: 'error' });
    }
  }

  const amountError = `${id}-amount-error`;
  const purityError = `${id}-purity-error`;
  return (
    <div className="mt-3">
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_minmax(0,1fr)_auto] sm:items-start" data-testid="cheapest-form">
        <div className="min-w-0">
          <label htmlFor={`${id}-amount`} className="mb-1 block text-sm text-ink">{t('amount')}</label>
          <input id={`${id}-amount`} value={amount} onChange={(e) => setAmount(e.target.value)} placeholder={t('amountPlaceholder')} maxLength={40}
            aria-invalid={fieldError.amount ? true : undefined} aria-describedby={fieldError.amount ? amountError : undefined}
            className="h-10 w-full rounded-md border border-line px-3 text-sm" data-testid="cheapest-amount" />
          {fieldError.amount && <p id={amountError} className="mt-1 text-xs text-red-700" data-testid="cheapest-amount-error">{fieldError.amount}</p>}
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-grade`} className="mb-1 block text-sm text-ink">{t('grade')}</label>
          <select id={`${id}-grade`} value={grade} onChange={(e) => setGrade(e.target.value)} className="h-10 w-full rounded-md border border-line bg-white px-2 text-sm" data-testid="cheapest-grade">
            <option value="">{t('anyGrade')}</option>
            {grades.map((g) => <option key={g} value={g}>{g}</option>)}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-purity`} className="mb-1 block text-sm text-ink">{t('minPurity')}</label>
          <input id={`${id}-purity`} value={purity} onChange={(e) => setPurity(e.target.value)} inputMode="decimal" maxLength={6}
            aria-invalid={fieldError.purity ? true : undefined} aria-describedby={fieldError.purity ? purityError : undefined}
            className="h-10 w-full rounded-md border border-line px-3 text-sm" data-testid="cheapest-purity" />
          {fieldError.purity && <p id={purityError} className="mt-1 text-xs text-red-700">{fieldError.purity}</p>}
        </div>
        <button type="submit" disabled={!hydrated || state.kind === 'busy'} className="h-10 self-end rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60" data-testid="cheapest-submit">
          {state.kind === 'busy' ? t('computing') : t('compute')}
        </button>
      </form>
      <div aria-live="polite" className="mt-3">
        {state.kind === 'error' && <p className="text-sm text-red-700" data-testid="cheapest-error">{t('errorRetry')}</p>}
        {state.kind === 'answer' && <Suspense fallback={<p className="text-sm text-muted">{t('computing')}</p>}><CheapestAnswer answer={state.answer} /></Suspense>}
      </div>
    </div>
  );
}
