'use client';

import { FileText, Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { CartDto, CartLineDto } from '@/contracts/cart';
import { Link, useRouter } from '@/i18n/client-navigation';
import { apiPost } from '@/lib/api-client';
import { showToast } from '@/lib/ui-events';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RequestQuoteButton } from './quotations/request-quote-button';

const BASE = '/api/app/api/order/shopcart';
const MAX_NUM = 9999;

type Pending = { kind: 'remove'; ids: number[] } | { kind: 'clean' } | null;

/**
 * The cart: quantities, removal (of one line, the selected lines or all, each after a confirmation)
 * and the total. Every change goes to the server, which answers the repriced cart; the header count
 * follows through a refresh of the server components.
 */
/** A line's name for screen readers and prompts: the substance alone does not tell two brands' packs apart. */
function lineLabel(line: CartLineDto): string {
  return `${line.name} · ${line.brand} · ${line.itemNo} · ${line.size}`;
}

export function CartView({ initial }: { initial: CartDto }) {
  const t = useTranslations('cartPage');
  const format = useFormatter();
  const router = useRouter();
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
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending>(null);

  const money = (value: string) => format.number(Number(value), 'money');

  async function run(action: () => Promise<CartDto>) {
    setBusy(true);
    try {
      const next = await action();
      setCart(next);
      setSelected((current) => current.filter((id) => next.list.some((l) => l.id === id)));
      setDrafts({});
      router.refresh();
      return true;
    } catch {
      // The API client has shown the error (toast or login confirmation).
      return false;
    } finally {
      setBusy(false);
    }
  }

  function setNum(line: CartLineDto, num: number) {
    if (!Number.isInteger(num) || num < 1 || num > MAX_NUM) {
      showToast({ kind: 'error', text: t('badQuantity', { max: MAX_NUM }), durationMs: 5000 });
      setDrafts((d) => ({ ...d, [line.id]: String(line.num) }));
      return;
    }
    if (num === line.num) return;
    void run(() => apiPost<CartDto>(`${BASE}/item/update`, { id: line.id, num }));
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
    const done = await run(async () => {
      if (action.kind === 'clean') await apiPost(`${BASE}/clean`);
      else await apiPost(`${BASE}/item/delete`, { ids: action.ids.join(',') });
      return apiPost<CartDto>(`${BASE}/items`);
    });
    if (done) showToast({ kind: 'success', text: t('removed'), durationMs: 2000 });
  }

  if (cart.list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line py-12 text-center" data-testid="cart-empty">
        <ShoppingCart aria-hidden size={36} className="text-muted" />
        <p className="text-muted">{t('empty')}</p>
        <Link href="/product/index" className="rounded-md bg-brand-500 px-4 py-2 text-sm text-white hover:bg-brand-600">{t('browse')}</Link>
      </div>
    );
  }

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
            <tr key={line.id} className="grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-1 border-b border-line py-3 md:table-row" data-testid="cart-line">
              <td className="row-span-3 pt-1 md:px-2 md:py-3">
                <input
                  type="checkbox"
                  aria-label={t('selectLine', { name: lineLabel(line) })}
                  checked={selected.includes(line.id)}
                  onChange={() => setSelected((s) => (s.includes(line.id) ? s.filter((id) => id !== line.id) : [...s, line.id]))}
                  disabled={busy}
                />
              </td>
              <td className="min-w-0 md:px-2 md:py-3">
                <Link href={{ pathname: '/product/detail', query: { id: line.productId } }} className="font-medium text-ink hover:text-brand-600">{line.name}</Link>
                <div className="text-xs text-ink" data-testid="cart-line-facts">
                  <span className="font-medium">{line.brand}</span> · <span className="font-mono">{line.itemNo}</span>{line.grade && <> · {line.grade}</>}
                </div>
                <div className="text-xs text-muted">
                  {line.stock > 0 ? t('inStock', { stock: line.stock }) : t('leadTime', { days: line.leadTimeDays })}
                </div>
              </td>
              <td className="text-right md:px-2 md:py-3 md:text-left">{line.size}</td>
              <td className="col-start-2 text-muted md:px-2 md:py-3 md:text-right md:text-ink">
                <span className="md:hidden">{t('unitPrice')}: </span>{money(line.unitPrice)}
              </td>
              <td className="col-start-2 md:px-2 md:py-3 md:text-center">
                <div className="inline-flex items-center rounded border border-line">
                  <button type="button" aria-label={t('decrease')} disabled={busy || line.num <= 1} onClick={() => setNum(line, line.num - 1)} className="flex h-8 w-8 items-center justify-center hover:bg-gray-50 disabled:opacity-40">
                    <Minus aria-hidden size={14} />
                  </button>
                  <input
                    aria-label={t('quantityOf', { name: lineLabel(line) })}
                    inputMode="numeric"
                    value={drafts[line.id] ?? String(line.num)}
                    onChange={(e) => setDrafts((d) => ({ ...d, [line.id]: e.target.value.replace(/[^\d]/g, '').slice(0, 4) }))}
                    onBlur={() => commitDraft(line)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        commitDraft(line);
                      }
                    }}
                    disabled={busy}
                    className="h-8 w-14 border-x border-line text-center outline-none focus:bg-brand-50"
                    data-testid="cart-quantity"
                  />
                  <button type="button" aria-label={t('increase')} disabled={busy || line.num >= MAX_NUM} onClick={() => setNum(line, line.num + 1)} className="flex h-8 w-8 items-center justify-center hover:bg-gray-50 disabled:opacity-40">
                    <Plus aria-hidden size={14} />
                  </button>
                </div>
              </td>
              <td className="col-start-3 row-start-2 text-right font-semibold text-accent md:px-2 md:py-3" data-testid="cart-line-total">{money(line.lineTotal)}</td>
              <td className="col-start-3 row-start-3 text-right md:px-2 md:py-3">
                <button type="button" aria-label={t('removeLine', { name: lineLabel(line) })} disabled={busy} onClick={() => setPending({ kind: 'remove', ids: [line.id] })} className="inline-flex h-8 w-8 items-center justify-center rounded text-muted hover:bg-red-50 hover:text-red-600 disabled:opacity-40">
                  <Trash2 aria-hidden size={16} />
                </button>
              </td>
            </tr>
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
