'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import type { CheapestAnswerDto } from '@/contracts/substances';
import { parseAmount } from '@/lib/pack-amount';
import { openLoginDialog, showToast } from '@/lib/ui-events';
import { useHydrated } from '@/lib/use-hydrated';
import { knownVisitor, refreshVisitor } from '@/lib/visitor-islands';

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
  const format = useFormatter();
  const hydrated = useHydrated();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [grade, setGrade] = useState('');
  const [purity, setPurity] = useState('');
  const [fieldError, setFieldError] = useState<{ amount?: string; purity?: string }>({});
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [adding, setAdding] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: { amount?: string; purity?: string } = {};
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

  async function addAll(answer: CheapestAnswerDto) {
    setAdding(true);
    const signedIn = (await knownVisitor()).user !== null;
    if (!signedIn) {
      setAdding(false);
      showToast({ kind: 'info', text: t('signInToAdd'), durationMs: 6000 });
      openLoginDialog();
      return;
    }
    try {
      const { apiPost } = await import('@/lib/api-client');
      // One call per pack, in turn: the cart's own addition (few packs: the mix has the fewest among the cheapest).
      for (const line of answer.lines) await apiPost('/api/app/api/order/shopcart/item/add', { packId: line.packId, num: line.num });
      showToast({ kind: 'success', text: t('mixAdded', { count: answer.lines.length }), link: { href: '/order/shoppingcart?default=2', label: t('viewCart') }, durationMs: 6000 });
      void refreshVisitor();
    } catch {
      // The API client has shown the error or the sign-in prompt.
    } finally {
      setAdding(false);
    }
  }

  const money = (value: string) => format.number(Number(value), 'money');
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
        {state.kind === 'answer' && <Answer answer={state.answer} money={money} adding={adding} onAdd={() => void addAll(state.answer)} />}
      </div>
    </div>
  );
}

function Answer({ answer, money, adding, onAdd }: { answer: CheapestAnswerDto; money: (v: string) => string; adding: boolean; onAdd: () => void }) {
  const t = useTranslations('substance');
  const notes = (
    <>
      {answer.densityUsed && <p className="mt-1 text-xs text-muted" data-testid="cheapest-density">{t('densityUsed')}</p>}
      {answer.noDensity > 0 && <p className="mt-1 text-xs text-amber-800" data-testid="cheapest-no-density">{t('noDensity', { count: answer.noDensity })}</p>}
    </>
  );
  if (answer.kind !== 'mix') {
    const text = answer.kind === 'short' ? t('short', { reached: answer.reached, unit: answer.unit }) : answer.kind === 'tooLarge' ? t('tooLarge') : t('none');
    return <div data-testid="cheapest-result" data-kind={answer.kind}><p className="text-sm text-ink">{text}</p>{notes}</div>;
  }
  return (
    <div className="rounded-md border border-brand-200 bg-brand-50 p-3" data-testid="cheapest-result" data-kind="mix">
      <p className="font-semibold text-ink" data-testid="cheapest-total">{t('resultTotal', { total: money(answer.total), packs: answer.packs, reached: answer.reached, unit: answer.unit })}</p>
      <ul className="mt-2 space-y-1 text-sm">
        {answer.lines.map((l) => (
          <li key={l.packId} className="flex flex-wrap justify-between gap-x-4" data-testid="cheapest-line" data-pack-id={l.packId}>
            <span className="min-w-0 break-words">{t('resultLine', { brand: l.brand, itemNo: l.itemNo, size: l.size, num: l.num })}</span>
            <span className="font-medium text-accent">{money(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
      {notes}
      <button type="button" onClick={onAdd} disabled={adding} className="mt-3 h-10 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60" data-testid="cheapest-add">
        {adding ? t('addingMix') : t('addMix')}
      </button>
    </div>
  );
}
