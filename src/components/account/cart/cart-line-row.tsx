'use client';

import { Minus, Plus, Trash2 } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import type { CartLineDto } from '@/contracts/cart';
import { Link } from '@/i18n/client-navigation';
import { HazardMarks } from '@/components/catalog/hazard-marks';
import { OwnLines } from '@/components/catalog/own-price';
import { cartLineStock } from './cart-line-stock';

export const MAX_NUM = 9999;

/** A line's name for screen readers and prompts: the substance alone does not tell two brands' packs apart. */
function lineLabel(line: CartLineDto): string {
  return `${line.name} · ${line.brand} · ${line.itemNo} · ${line.size}`;
}

/** One line of the cart: selection, product facts, price, quantity stepper, total and removal. */
export function CartLineRow({ line, busy, selected, draft, onToggle, onDraft, onCommit, onNum, onRemove }: {
  line: CartLineDto;
  busy: boolean;
  selected: boolean;
  draft: string | undefined;
  onToggle: () => void;
  onDraft: (value: string) => void;
  onCommit: () => void;
  onNum: (num: number) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('cartPage');
  const format = useFormatter();
  const ta = useTranslations('availability');
  const money = (value: string) => format.number(Number(value), 'money');
  const stock = cartLineStock(line);
  return (
    <tr key={line.id} className="grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-1 border-b border-line py-3 md:table-row" data-testid="cart-line">
      <td className="row-span-3 pt-1 md:px-2 md:py-3">
        <input
          type="checkbox"
          aria-label={t('selectLine', { name: lineLabel(line) })}
          checked={selected}
          onChange={onToggle}
          disabled={busy}
        />
      </td>
      <td className="min-w-0 md:px-2 md:py-3">
        <Link href={{ pathname: '/product/detail', query: { id: line.productId } }} className="font-medium text-ink hover:text-brand-600">{line.name}</Link>
        <div className="text-xs text-ink" data-testid="cart-line-facts">
          <span className="font-medium">{line.brand}</span> · <span className="font-mono">{line.itemNo}</span>{line.grade && <> · {line.grade}</>}
        </div>
        <HazardMarks hazard={line.hazard} approval={line.approval} />
        <div className={`text-xs ${stock.kind === 'inStock' ? 'text-muted' : 'text-amber-700'}`} data-testid="cart-line-stock">
          {stock.kind === 'inStock' ? t('inStock', { stock: stock.stock }) : stock.key === 'backorder' ? ta('backorder', stock.values) : ta('backorderOpen', stock.values)}
        </div>
      </td>
      <td className="text-right md:px-2 md:py-3 md:text-left">{line.size}</td>
      <td className="col-start-2 text-muted md:px-2 md:py-3 md:text-right md:text-ink">
        <span className="md:hidden">{t('unitPrice')}: </span>
        {line.unitPrice === line.listPrice ? money(line.unitPrice) : <OwnLines price={line.unitPrice} catalogue={line.listPrice} className="inline-flex md:items-end" />}
        {line.breakQty !== null && <div className="text-xs text-red-700" data-testid="cart-line-break">{t('breakApplied', { qty: line.breakQty })}</div>}
      </td>
      <td className="col-start-2 md:px-2 md:py-3 md:text-center">
        <div className="inline-flex items-center rounded border border-line">
          <button type="button" aria-label={t('decrease')} disabled={busy || line.num <= 1} onClick={() => onNum(line.num - 1)} className="flex h-8 w-8 items-center justify-center hover:bg-gray-50 disabled:opacity-40">
            <Minus aria-hidden size={14} />
          </button>
          <input
            aria-label={t('quantityOf', { name: lineLabel(line) })}
            inputMode="numeric"
            value={draft ?? String(line.num)}
            onChange={(e) => onDraft(e.target.value.replace(/[^\d]/g, '').slice(0, 4))}
            onBlur={onCommit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onCommit();
              }
            }}
            disabled={busy}
            className="h-8 w-14 border-x border-line text-center outline-none focus:bg-brand-50"
            data-testid="cart-quantity"
          />
          <button type="button" aria-label={t('increase')} disabled={busy || line.num >= MAX_NUM} onClick={() => onNum(line.num + 1)} className="flex h-8 w-8 items-center justify-center hover:bg-gray-50 disabled:opacity-40">
            <Plus aria-hidden size={14} />
          </button>
        </div>
      </td>
      <td className="col-start-3 row-start-2 text-right font-semibold text-accent md:px-2 md:py-3" data-testid="cart-line-total">{money(line.lineTotal)}</td>
      <td className="col-start-3 row-start-3 text-right md:px-2 md:py-3">
        <button type="button" aria-label={t('removeLine', { name: lineLabel(line) })} disabled={busy} onClick={onRemove} className="inline-flex h-8 w-8 items-center justify-center rounded text-muted hover:bg-red-50 hover:text-red-600 disabled:opacity-40">
          <Trash2 aria-hidden size={16} />
        </button>
      </td>
    </tr>
  );
}
