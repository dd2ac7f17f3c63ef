'use client';

import { FileText, ShoppingCart } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { CartDto, CartLineDto } from '@/contracts/cart';
import { Link } from '@/i18n/client-navigation';
import { useQueryClient } from '@tanstack/react-query';
import { apiQuery, useApiMutation } from '@/lib/api/query';
import { showToast } from '@/lib/ui-events';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RequestQuoteButton } from '../quotations/request-quote-button';
import { CartLineRow, MAX_NUM } from './cart-line-row';

type Pending = { kind: 'remove'; ids: number[] } | { kind: 'clean' } | null;

/** The cart's writes (each renders the page, and so the header's count, again) and a fresh read of its lines. */
function useCartWrites() {
  const queryClient = useQueryClient();
  const settings = { refreshPage: true } as const;
  return {
    update: useApiMutation('post', '/api/app/api/order/shopcart/item/update', settings),
    remove: useApiMutation('post', '/api/app/api/order/shopcart/item/delete', settings),
    clean: useApiMutation('post', '/api/app/api/order/shopcart/clean', settings),
    reload: () => queryClient.fetchQuery({ ...apiQuery('post', '/api/app/api/order/shopcart/items'), staleTime: 0 }).then((data) => ({ data }), () => null),
  };
}

function EmptyCart() {
  const t = useTranslations('cartPage');
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line py-12 text-center" data-testid="cart-empty">
      <ShoppingCart aria-hidden size={36} className="text-muted" />
      <p className="text-muted">{t('empty')}</p>
      <Link href="/product/index" className="rounded-md bg-brand-500 px-4 py-2 text-sm text-white hover:bg-brand-600">{t('browse')}</Link>
    </div>
  );
}

/**
 * The cart: quantities, removal (of one line, the selected lines or all, each after a confirmation)
 * and the total. Every change goes to the server, which answers the repriced cart; the header count
 * follows through a refresh of the server components.
 */
export function CartView({ initial }: { initial: CartDto }) {
  const t = useTranslations('cartPage');
  const format = useFormatter();
  const writes = useCartWrites();
  const [cart, setCart] = useState(initial);
  // A new cart from the server (after quick order, a reorder, or this view's own refresh) replaces the
  // one shown; typed quantities stay (React's "adjusting state when a prop changes").
  const [shown, setShown] = useState(initial);
  if (initial !== shown) {
    setShown(initial);
    setCart(initial);
  }
  const [selected, setSelected] = useState<number[]>([]);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [pending, setPending] = useState<Pending>(null);
  const busy = writes.update.isPending || writes.remove.isPending || writes.clean.isPending;

  const money = (value: string) => format.number(Number(value), 'money');

  /** Shows the server's answer; a failure was shown by the API client (toast or login confirmation). */
  function show(answer: { data: CartDto } | null): boolean {
    if (!answer) return false;
    const next = answer.data;
    setCart(next);
    setSelected((current) => current.filter((id) => next.list.some((l) => l.id === id)));
    setDrafts({});
    return true;
  }

  function setNum(line: CartLineDto, num: number) {
    if (!Number.isInteger(num) || num < 1 || num > MAX_NUM) {
      showToast({ kind: 'error', text: t('badQuantity', { max: MAX_NUM }), durationMs: 5000 });
      setDrafts((d) => ({ ...d, [line.id]: String(line.num) }));
      return;
    }
    if (num === line.num) return;
    void writes.update.send({ body: { id: line.id, num } }).then(show);
  }

  function commitDraft(line: CartLineDto) {
    const draft = drafts[line.id];
    if (draft === undefined) return;
    setNum(line, Number(draft));
  }

  async function confirmPending() {
    const action = pending;
    setPending(null);
    if (!action) return;
    const removed = action.kind === 'clean' ? await writes.clean.send(undefined) : await writes.remove.send({ body: { ids: action.ids } });
    if (removed && show(await writes.reload())) showToast({ kind: 'success', text: t('removed'), durationMs: 2000 });
  }

  if (cart.list.length === 0) return <EmptyCart />;

  const allSelected = selected.length === cart.list.length;
  return (
    <div data-testid="cart" aria-busy={busy}>
      <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? [] : cart.list.map((l) => l.id))} disabled={busy} />
          {t('selectAll')}
        </label>
        <button type="button" disabled={busy || selected.length === 0} onClick={() => setPending({ kind: 'remove', ids: selected })} className="rounded border border-line px-3 py-1 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50" data-testid="cart-remove-selected">
          {t('removeSelected', { count: selected.length })}
        </button>
        <button type="button" disabled={busy} onClick={() => setPending({ kind: 'clean' })} className="rounded border border-line px-3 py-1 hover:bg-gray-50 disabled:opacity-50" data-testid="cart-clean">
          {t('clean')}
        </button>
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('title')}</caption>
        <thead className="hidden border-b border-line bg-gray-50 text-left text-xs text-muted md:table-header-group">
          <tr>
            <th scope="col" className="w-8 px-2 py-2"><span className="sr-only">{t('select')}</span></th>
            <th scope="col" className="px-2 py-2">{t('product')}</th>
            <th scope="col" className="px-2 py-2">{t('size')}</th>
            <th scope="col" className="px-2 py-2 text-right">{t('unitPrice')}</th>
            <th scope="col" className="px-2 py-2 text-center">{t('quantity')}</th>
            <th scope="col" className="px-2 py-2 text-right">{t('lineTotal')}</th>
            <th scope="col" className="px-2 py-2"><span className="sr-only">{t('actions')}</span></th>
          </tr>
        </thead>
        <tbody>
          {cart.list.map((line) => (
            <CartLineRow key={line.id} line={line} busy={busy} selected={selected.includes(line.id)} draft={drafts[line.id]}
              onToggle={() => setSelected((s) => (s.includes(line.id) ? s.filter((id) => id !== line.id) : [...s, line.id]))}
              onDraft={(value) => setDrafts((d) => ({ ...d, [line.id]: value }))} onCommit={() => commitDraft(line)}
              onNum={(num) => setNum(line, num)} onRemove={() => setPending({ kind: 'remove', ids: [line.id] })} />
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <Link href="/product/index" className="text-sm text-brand-600 hover:underline">{t('continue')}</Link>
          <RequestQuoteButton source="cart" signedIn icon={<FileText aria-hidden size={16} />} candidates={cart.list.map((l) => ({ packId: l.packId, num: l.num, label: `${l.itemNo} ${l.name} · ${l.size}` }))} />
        </div>
        <p className="text-right text-sm">
          {t('summary', { count: cart.count })}
          <span className="ml-2 text-lg font-semibold text-accent" data-testid="cart-total">{money(cart.total)}</span>
        </p>
      </div>
      <p className="mt-2 text-right text-xs text-muted">{t('priceNote')}</p>
      {pending && (
        <ConfirmDialog
          title={pending.kind === 'clean' ? t('cleanTitle') : t('removeTitle')}
          text={pending.kind === 'clean' ? t('cleanText') : t('removeText', { count: pending.ids.length })}
          confirmLabel={t('confirm')}
          cancelLabel={t('cancel')}
          onConfirm={() => void confirmPending()}
          onCancel={() => setPending(null)}
          testId="cart-confirm"
        />
      )}
    </div>
  );
}
