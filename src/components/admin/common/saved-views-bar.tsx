'use client';

import { App, Button, Input, Select, Space } from 'antd';
import { useTranslations } from 'next-intl';
import type { SavedViewList } from '@/contracts/customers';
import { useApiMutation, useApiQuery } from '@/lib/api/query';

/** What a list's query holds beyond its defaults, among the keys a view keeps (filters and sort; not the open record or the layout). */
export function viewQuery<Q extends Record<string, string>>(query: Q, defaults: Q, keys: readonly (keyof Q & string)[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const k of keys) if (query[k] !== defaults[k]) kept[k] = String(query[k] ?? '');
  return kept;
}

/**
 * The member's saved views of one list (ADR 0038's `saved_views`, by list key): pick one to apply its
 * query, save the current query under a name, delete one. `current` holds only what differs from the
 * list's defaults (`viewQuery`).
 */
export function SavedViewsBar({ listKey, current, onApply }: { listKey: SavedViewList; current: Record<string, string>; onApply: (query: Record<string, string>) => void }) {
  const t = useTranslations('adminCommon.views');
  const { modal } = App.useApp();
  // Views that cannot be read leave the picker empty.
  const views = useApiQuery('get', '/api/admin/customers/views', { params: { query: { listKey } } }).data ?? [];
  const create = useApiMutation('post', '/api/admin/customers/views', { invalidates: ['/api/admin/customers/views'], success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/customers/views/{viewId}', { invalidates: ['/api/admin/customers/views'] });

  async function save() {
    let name = '';
    const ok = await modal.confirm({
      title: t('save'),
      content: <Input autoFocus maxLength={50} placeholder={t('nameHint')} aria-label={t('name')} onChange={(e) => { name = e.target.value; }} data-testid="view-name" />,
      okText: t('confirm'), cancelText: t('cancel'),
    });
    if (ok) await create.send({ body: { listKey, name, query: current } });
  }

  return (
    <Space wrap>
      <Select aria-label={t('pick')} placeholder={t('pick')} style={{ width: 180 }} value={null} notFoundContent={t('none')} data-testid="saved-views"
        options={views.map((v) => ({ value: v.id, label: v.name }))}
        onChange={(id: number) => { const v = views.find((x) => x.id === id); if (v) onApply(v.query); }} />
      <Button onClick={() => void save()} data-testid="view-save">{t('save')}</Button>
      {views.length > 0 && (
        <Select aria-label={t('delete')} placeholder={t('delete')} style={{ width: 160 }} value={null}
          options={views.map((v) => ({ value: v.id, label: v.name }))}
          onChange={(id: number) => {
            modal.confirm({
              title: t('deleteConfirm', { name: views.find((v) => v.id === id)?.name ?? '' }), okText: t('delete'), cancelText: t('cancel'), okButtonProps: { danger: true },
              onOk: async () => { await remove.send({ params: { path: { viewId: id } } }); },
            });
          }} />
      )}
    </Space>
  );
}
