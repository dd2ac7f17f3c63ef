'use client';

import { App, Button, Modal, Radio, Select } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiMutation } from '@/lib/api/query';
import { Link } from '@/i18n/client-navigation';

/**
 * Reorder a container in one click (ADR 0091): its pack if still sold, else the best pack of its substance
 * at the buyer's price, into the cart or one of the requisition lists the buyer may edit.
 */
export function ReorderButton({ containerId, lists, size = 'middle' }: { containerId: number; lists: { id: number; name: string }[]; size?: 'small' | 'middle' }) {
  const t = useTranslations('inventoryReorder');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<'cart' | 'list'>('cart');
  const [listId, setListId] = useState<number | undefined>(lists[0]?.id);
  const reorder = useApiMutation('post', '/api/app/inventory/containers/{id}/reorder', { refreshPage: true });

  async function submit() {
    const done = await reorder.send({ params: { path: { id: containerId } }, body: { target, ...(target === 'list' ? { listId } : {}) } });
    if (!done) return;
    const d = done.data;
    const text = t(d.target === 'cart' ? 'addedCart' : 'addedList', { itemNo: d.itemNo, size: d.size, price: d.price });
    void message.success({
      content: (
        <span data-testid="reorder-done">
          {text}{d.samePack ? '' : ` ${t('otherPack')}`}{' '}
          <Link href={d.target === 'cart' ? '/order/shoppingcart' : `/account/lists/${d.listId}?default=7`} className="text-brand-600 underline">
            {d.target === 'cart' ? t('viewCart') : t('viewList')}
          </Link>
        </span>
      ),
      duration: 8,
    });
    setOpen(false);
  }

  return (
    <>
      <Button size={size} type="primary" ghost onClick={() => setOpen(true)} data-testid="reorder-open">{t('button')}</Button>
      <Modal
        open={open} title={t('title')} onCancel={() => setOpen(false)} onOk={() => void submit()} okText={t('confirm')}
        okButtonProps={{ loading: reorder.isPending, disabled: target === 'list' && listId === undefined }}
        destroyOnHidden
      >
        <p className="mb-3 text-sm text-muted">{t('intro')}</p>
        <Radio.Group value={target} onChange={(e) => setTarget(e.target.value as 'cart' | 'list')} className="mb-3 flex flex-col gap-2" aria-label={t('title')}>
          <Radio value="cart" data-testid="reorder-cart">{t('toCart')}</Radio>
          <Radio value="list" disabled={lists.length === 0} data-testid="reorder-list">{lists.length === 0 ? `${t('toList')}（${t('noLists')}）` : t('toList')}</Radio>
        </Radio.Group>
        {target === 'list' && (
          <Select
            className="w-full" value={listId} onChange={setListId} aria-label={t('chooseList')} placeholder={t('chooseList')} data-testid="reorder-list-select"
            options={lists.map((l) => ({ value: l.id, label: l.name }))}
          />
        )}
      </Modal>
    </>
  );
}
