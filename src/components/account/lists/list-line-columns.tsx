'use client';

import { Input, InputNumber, Tag, type TableColumnsType } from 'antd';
import { useTranslations } from 'next-intl';
import { LIST_NOTE_MAX, type ListLineDto } from '@/contracts/requisition-lists';
import { Link } from '@/i18n/client-navigation';

/** The columns of a list's lines: product with flags and note, size (and what it was), the buyer's price, stock and quantity. */
export function useLineColumns({ canEdit, numOf, setNum, saveQuantity, saveNote }: {
  canEdit: boolean;
  numOf: (l: ListLineDto) => number;
  setNum: (lineId: number, num: number) => void;
  saveQuantity: (l: ListLineDto, num: number | null) => Promise<void>;
  saveNote: (l: ListLineDto, note: string) => Promise<void>;
}): TableColumnsType<ListLineDto> {
  const t = useTranslations('lists');
  return [
    {
      title: t('colProduct'), key: 'product', render: (_, l) => (
        <div className="min-w-0">
          <div className="font-medium">{l.productId && l.available ? <Link href={{ pathname: '/product/detail', query: { id: l.productId } }} className="text-brand-600 hover:underline">{l.name}</Link> : l.name}</div>
          <div className="text-xs text-muted">{l.itemNo}{l.brand ? ` · ${l.brand}` : ''}</div>
          {/* On a phone the size and stock columns are left out: they show here. */}
          <div className="text-xs md:hidden">{l.size}{l.stock !== null ? ` · ${l.stock > 0 ? t('inStock', { stock: l.stock }) : t('outOfStock')}` : ''}</div>
          {l.flags.length > 0 && <div className="mt-1 flex flex-wrap gap-1" data-testid="list-line-flags">{l.flags.map((f) => <Tag key={f} color={f === 'priceChanged' ? 'orange' : 'red'}>{t(`flags.${f}`)}</Tag>)}</div>}
          <Input size="small" className="mt-1" maxLength={LIST_NOTE_MAX} defaultValue={l.note} placeholder={t('colNote')} aria-label={t('noteFor', { name: l.name, size: l.size })} disabled={!canEdit}
            onBlur={(e) => void saveNote(l, e.target.value)} onPressEnter={(e) => void saveNote(l, e.currentTarget.value)} />
        </div>
      ),
    },
    {
      title: t('colSize'), key: 'size', width: 120, responsive: ['md'], render: (_, l) => (
        <div>
          <div>{l.size}</div>
          {(l.flags.includes('sizeChanged') || l.flags.includes('priceChanged')) && <div className="text-xs text-muted">{t('addedWas', { size: l.sizeAdded, price: l.priceAdded })}</div>}
        </div>
      ),
    },
    {
      title: t('colPrice'), key: 'price', width: 96, align: 'right', render: (_, l) => (l.price === null ? <span className="text-muted">{t('unavailable')}</span> : (
        <div data-testid="list-line-price">
          {l.listPrice !== null && <div className="text-xs text-muted line-through" aria-label={t('listPrice')}>¥{l.listPrice}</div>}
          <div className={l.listPrice !== null ? 'font-semibold text-red-600' : ''}>{l.listPrice !== null && <span className="mr-1 text-xs">{t('yourPrice')}</span>}¥{l.price}</div>
        </div>
      )),
    },
    {
      title: t('colStock'), key: 'stock', width: 120, responsive: ['md'], render: (_, l) => (l.stock === null ? '—' : (
        <div className="text-xs">
          <div className={l.stock > 0 ? 'text-green-700' : 'text-muted'}>{l.stock > 0 ? t('inStock', { stock: l.stock }) : t('outOfStock')}</div>
          {l.leadTimeDays !== null && l.leadTimeDays > 0 && <div className="text-muted">{t('leadTime', { days: l.leadTimeDays })}</div>}
        </div>
      )),
    },
    {
      title: t('colQuantity'), key: 'num', width: 88, render: (_, l) => (
        <InputNumber min={1} max={9999} precision={0} value={numOf(l)} aria-label={t('quantityFor', { name: l.name, size: l.size })} disabled={!l.available} data-testid="list-line-num"
          onChange={(v) => v !== null && setNum(l.id, v)} onBlur={(e) => void saveQuantity(l, Number(e.target.value) || null)} className="!w-[4.5rem]" />
      ),
    },
  ];
}
