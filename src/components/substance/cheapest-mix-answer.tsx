'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { CheapestAnswerDto } from '@/contracts/substances';
import { openLoginDialog, showToast } from '@/lib/ui-events';
import { knownVisitor, refreshVisitor } from '@/lib/visitor-islands';

/**
 * The cheapest mix's answer (loaded with the first answer): the packs and their totals, the density note, and
 * one click that puts the mix in the cart for a signed-in buyer (a guest is asked to sign in first).
 */
export default function CheapestAnswer({ answer }: { answer: CheapestAnswerDto }) {
  const t = useTranslations('substance');
  const format = useFormatter();
  const [adding, setAdding] = useState(false);
  const money = (value: string) => format.number(Number(value), 'money');

  async function addAll() {
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
      <button type="button" onClick={() => void addAll()} disabled={adding} className="mt-3 h-10 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60" data-testid="cheapest-add">
        {adding ? t('addingMix') : t('addMix')}
      </button>
    </div>
  );
}
