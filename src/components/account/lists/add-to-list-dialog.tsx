'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { LIST_NAME_MAX, type ListSummaryDto } from '@/contracts/requisition-lists';
import { useModal } from '@/components/ui/use-modal';
import { apiRequest } from '@/lib/api/client';
import { showToast } from '@/lib/ui-events';

export interface ListCandidate { packId: number; label: string; num: number }
export type ListSource = 'packs' | 'cart' | 'order';

const NEW = 0;

/** The dialog of "Add to list": the buyer's lists they may add to (read now), or a new one; for a product, its pack and quantity. */
export function AddToListDialog({ source, candidates, choosePack, orderId, onClose }: {
  source: ListSource;
  candidates: ListCandidate[];
  choosePack: boolean;
  orderId?: number;
  onClose: () => void;
}) {
  const t = useTranslations('listsIsland');
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [lists, setLists] = useState<ListSummaryDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [target, setTarget] = useState<number>(NEW);
  const [name, setName] = useState('');
  const [packId, setPackId] = useState(candidates[0]?.packId ?? 0);
  const [num, setNum] = useState(1);
  const [busy, setBusy] = useState(false);
  useModal(ref, true, onClose);

  useEffect(() => {
    let live = true;
    // Outside the account area too (a product page): a plain call, without the query cache.
    apiRequest('get', '/api/app/lists', undefined, { silent: true })
      .then((answer) => {
        if (!live) return;
        const editable = answer.items.filter((l) => l.canEdit);
        setLists(editable);
        if (editable[0]) setTarget(editable[0].id);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const ready = lists !== null && (target !== NEW || name.trim().length > 0) && (source !== 'packs' || candidates.length > 0);

  async function submit() {
    setBusy(true);
    try {
      const list = target === NEW ? await apiRequest('post', '/api/app/lists', { body: { name: name.trim(), shared: false } }) : lists!.find((l) => l.id === target)!;
      const lines = source !== 'packs' ? undefined : choosePack ? [{ packId, num }] : candidates.map((c) => ({ packId: c.packId, num: c.num }));
      const answer = await apiRequest('post', '/api/app/lists/{id}/lines', { params: { path: { id: list.id } }, body: { source, lines, orderId } });
      showToast({ kind: 'success', text: t('addedToList', { name: list.name, added: answer.added, raised: answer.raised }), link: { href: `/account/lists/${list.id}?default=7`, label: t('viewList') }, durationMs: 8000 });
      onClose();
    } catch {
      // The API client has shown the error.
      setBusy(false);
    }
  }

  const field = 'h-9 w-full rounded border border-line px-2 text-sm';
  return (
    <div className="fixed inset-0 z-[1050] flex items-center justify-center bg-black/45 p-4">
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="add-to-list-dialog" className="max-h-[90vh] w-full max-w-md overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
        <h2 id={titleId} className="text-base font-semibold text-ink">{t('dialogTitle')}</h2>
        {choosePack && (
          <div className="mt-3 grid grid-cols-[1fr_6rem] gap-2">
            <label className="text-sm">{t('choosePack')}
              <select value={packId} onChange={(e) => setPackId(Number(e.target.value))} className={`mt-1 ${field}`} data-testid="add-to-list-pack">
                {candidates.map((c) => <option key={c.packId} value={c.packId}>{c.label}</option>)}
              </select>
            </label>
            <label className="text-sm">{t('quantity')}
              <input type="number" min={1} max={9999} value={num} onChange={(e) => setNum(Math.max(1, Math.min(9999, Math.floor(Number(e.target.value) || 1))))} className={`mt-1 ${field}`} data-testid="add-to-list-num" />
            </label>
          </div>
        )}
        {!choosePack && source === 'packs' && <p className="mt-2 text-sm text-muted">{candidates.map((c) => `${c.label} × ${c.num}`).join('、')}</p>}
        <fieldset className="mt-3">
          <legend className="text-sm font-medium">{t('chooseList')}</legend>
          {lists === null && !failed && <p className="mt-2 text-sm text-muted" role="status">{t('loading')}</p>}
          {failed && <p className="mt-2 text-sm text-red-700" role="alert">{t('listsLoadFailed')}</p>}
          {lists?.length === 0 && <p className="mt-2 text-sm text-muted">{t('noEditableLists')}</p>}
          <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
            {lists?.map((l) => (
              <li key={l.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="list" checked={target === l.id} onChange={() => setTarget(l.id)} data-testid="add-to-list-choice" />
                  <span className="min-w-0 flex-1 truncate">{l.name}</span>
                  <span className="shrink-0 text-xs text-muted">{l.shared ? t('sharedTag') : t('private')} · {t('lineCount', { count: l.lineCount })}</span>
                </label>
              </li>
            ))}
            {lists !== null && (
              <li>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="list" checked={target === NEW} onChange={() => setTarget(NEW)} data-testid="add-to-list-new" />
                  {t('orNewList')}
                </label>
                {target === NEW && (
                  <input type="text" maxLength={LIST_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} placeholder={t('namePlaceholder')} aria-label={t('name')}
                    className={`mt-1 ${field}`} data-testid="add-to-list-name" />
                )}
              </li>
            )}
          </ul>
        </fieldset>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={onClose} className="h-8 rounded border border-line px-4 text-sm hover:bg-gray-50">{t('cancel')}</button>
          <button type="button" disabled={busy || !ready} onClick={() => void submit()} data-testid="add-to-list-submit"
            className="h-8 rounded bg-brand-500 px-4 text-sm text-white hover:bg-brand-600 disabled:opacity-50">{busy ? t('adding') : t('add')}</button>
        </div>
      </div>
    </div>
  );
}
