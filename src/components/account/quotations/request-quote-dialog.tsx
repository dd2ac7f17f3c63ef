'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { useRouter } from '@/i18n/client-navigation';
import { apiRequest } from '@/lib/api/client';
import { showToast } from '@/lib/ui-events';
import { useModal } from '@/components/ui/use-modal';

export interface QuoteCandidate { packId: number; label: string; num: number }

/** The request form of "Request a quote", loaded when the button first opens it. */
export function RequestDialog({ candidates, source, onClose }: { candidates: QuoteCandidate[]; source: 'cart' | 'product'; onClose: () => void }) {
  const t = useTranslations('accountQuotations');
  const router = useRouter();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [lines, setLines] = useState(candidates.map((c) => ({ ...c, num: source === 'product' ? (c === candidates[0] ? 1 : 0) : c.num, comment: '' })));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  useModal(ref, true, onClose);
  const chosen = lines.filter((l) => l.num > 0);
  async function submit() {
    setBusy(true);
    try {
      // Outside the account area too (a product page): a plain call, without the query cache.
      const q = await apiRequest('post', '/api/app/quotations', {
        body: { source, note: note.trim(), lines: chosen.map((l) => ({ packId: l.packId, num: l.num, comment: l.comment.trim() })) },
      });
      showToast({ kind: 'success', text: t('requested', { no: q.quoteNo }), durationMs: 5000 });
      router.push({ pathname: '/account/quotations', query: { id: q.id, default: '3' } });
    } catch {
      setBusy(false);
    }
  }
  return (
    <div className="fixed inset-0 z-[1050] flex items-center justify-center bg-black/45 p-4">
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="request-quote-dialog" className="max-h-[90vh] w-full max-w-xl overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
        <h2 id={titleId} className="text-base font-semibold text-ink">{t('requestTitle')}</h2>
        <p className="mt-1 text-sm text-muted">{t('requestIntro')}</p>
        <ul className="mt-3 space-y-3">
          {lines.map((l, i) => (
            <li key={l.packId} className="rounded border border-line p-2">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate font-medium">{l.label}</span>
                <label className="flex items-center gap-1 text-xs text-muted">{t('num')}
                  <input type="number" min={0} max={9999} value={l.num} aria-label={`${t('num')} ${l.label}`} data-testid={`quote-num-${i}`}
                    onChange={(e) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, num: Math.max(0, Math.min(9999, Math.floor(Number(e.target.value) || 0))) } : x)))}
                    className="h-8 w-20 rounded border border-line px-2 text-right text-sm" />
                </label>
              </div>
              <input type="text" maxLength={100} value={l.comment} placeholder={t('lineComment')} aria-label={`${t('lineComment')} ${l.label}`} data-testid={`quote-comment-${i}`}
                onChange={(e) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, comment: e.target.value } : x)))}
                className="mt-2 h-8 w-full rounded border border-line px-2 text-sm" />
            </li>
          ))}
        </ul>
        <label className="mt-3 block text-sm">{t('note')}
          <textarea maxLength={100} rows={2} value={note} onChange={(e) => setNote(e.target.value)} className="mt-1 w-full rounded border border-line p-2 text-sm" data-testid="quote-note" />
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={onClose} className="h-8 rounded border border-line px-4 text-sm hover:bg-gray-50">{t('cancel')}</button>
          <button type="button" disabled={busy || chosen.length === 0} onClick={() => void submit()} data-testid="quote-submit"
            className="h-8 rounded bg-brand-500 px-4 text-sm text-white hover:bg-brand-600 disabled:opacity-50">{t('submit')}</button>
        </div>
      </div>
    </div>
  );
}
