'use client';

import { App, Button, Empty, Form, Input, Modal, Popconfirm, Select, Switch, Table, Tag, Tooltip } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { MinimumCandidateDto, MinimumDto, MinimumsPageDto } from '@/contracts/inventory-alerts';
import { Link } from '@/i18n/client-navigation';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { STOCK_UNITS, type StockUnit } from '@/lib/inventory-stock';

interface Values { key: string; amount: string; unit: StockUnit }

const keyOf = (c: { substanceId: number | null; productId: number | null }) => (c.substanceId !== null ? `s${c.substanceId}` : `p${c.productId}`);

/** /account/inventory/minimums: each minimum against the in-use stock, filter "below", set / edit / remove (confirmed). */
export function MinimumsView({ initial, candidates }: { initial: MinimumsPageDto; candidates: MinimumCandidateDto[] }) {
  const t = useTranslations('inventoryMinimums');
  const { message } = App.useApp();
  const [page, setPage] = useState({ page: 1, pageSize: 20, below: false });
  const first = page.page === 1 && page.pageSize === 20 && !page.below;
  const query = useApiQuery('get', '/api/app/inventory/minimums', { params: { query: page } }, { initialData: first ? initial : undefined });
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<boolean>(false);
  const save = useApiMutation('post', '/api/app/inventory/minimums', { form, invalidates: ['/api/app/inventory/minimums'] });
  const remove = useApiMutation('post', '/api/app/inventory/minimums/{id}/delete', { invalidates: ['/api/app/inventory/minimums'] });
  const data = query.data ?? initial;
  const unitLabel = (u: StockUnit) => (u === 'ea' ? t('each') : u);

  function open(m?: MinimumDto) {
    form.setFieldsValue(m ? { key: keyOf(m), amount: m.amount, unit: m.unit } : { key: undefined, amount: '', unit: 'g' });
    setEditing(true);
  }

  async function submit() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const id = Number(v.key.slice(1));
    const done = await save.send({ body: { ...(v.key.startsWith('s') ? { substanceId: id } : { productId: id }), amount: v.amount, unit: v.unit } });
    if (!done) return;
    void message.success(t('saved'));
    setEditing(false);
  }

  const columns = [
    { title: t('name'), key: 'name', render: (_: unknown, m: MinimumDto) => <span className="break-words font-medium">{m.name}</span> },
    { title: t('cas'), dataIndex: 'cas', key: 'cas', responsive: ['md' as const] },
    { title: t('minimum'), key: 'minimum', render: (_: unknown, m: MinimumDto) => <span className="whitespace-nowrap">{m.amount} {unitLabel(m.unit)}</span> },
    {
      title: t('current'), key: 'current', render: (_: unknown, m: MinimumDto) => (m.comparable
        ? <span className="whitespace-nowrap">{m.current} {unitLabel(m.unit)}</span>
        : <Tooltip title={t('notComparableHelp')}><Tag data-testid="minimum-incomparable">{t('notComparable')}</Tag></Tooltip>),
    },
    { title: t('status'), key: 'status', render: (_: unknown, m: MinimumDto) => (m.comparable ? <Tag color={m.below ? 'red' : 'green'} data-testid="minimum-status">{m.below ? t('below') : t('enough')}</Tag> : null) },
    { title: t('containers'), key: 'containers', responsive: ['md' as const], render: (_: unknown, m: MinimumDto) => t('containerCount', { count: m.containers }) },
    ...(data.canEdit ? [{
      title: t('actions'), key: 'actions', render: (_: unknown, m: MinimumDto) => (
        <span className="flex flex-wrap gap-2">
          <Button size="small" onClick={() => open(m)} data-testid="minimum-edit">{t('edit')}</Button>
          <Popconfirm title={t('removeConfirm', { name: m.name })} okText={t('remove')} cancelText={t('cancel')}
            onConfirm={async () => { if (await remove.send({ params: { path: { id: m.id } } })) void message.success(t('removed')); }}>
            <Button size="small" danger data-testid="minimum-remove">{t('remove')}</Button>
          </Popconfirm>
        </span>
      ),
    }] : []),
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href="/account/inventory" className="text-sm text-brand-600 hover:underline">← {t('back')}</Link>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <Switch size="small" checked={page.below} onChange={(below) => setPage({ ...page, page: 1, below })} data-testid="minimum-below" />{t('onlyBelow')}
          </label>
          {data.canEdit && <Button type="primary" onClick={() => open()} disabled={candidates.length === 0} data-testid="minimum-set">{t('set')}</Button>}
        </div>
      </div>
      {!data.canEdit && <p className="text-sm text-muted">{t('readOnly')}</p>}
      {data.canEdit && candidates.length === 0 && <p className="text-sm text-muted">{t('noCandidates')}</p>}
      <Table<MinimumDto>
        rowKey="id" size="middle" columns={columns} dataSource={data.items} loading={query.isFetching} scroll={{ x: 'max-content' }} data-testid="minimums"
        locale={{ emptyText: <Empty description={page.below ? t('emptyBelow') : t('empty')} /> }}
        pagination={{ current: data.page, pageSize: data.pageSize, total: data.total, pageSizeOptions: [20, 50, 100], showSizeChanger: true, showTotal: (total) => t('total', { total }), onChange: (p, s) => setPage({ ...page, page: s !== page.pageSize ? 1 : p, pageSize: s }) }}
      />
      <Modal open={editing} title={t('set')} onCancel={() => setEditing(false)} onOk={() => void submit()} okText={t('save')} cancelText={t('cancel')} okButtonProps={{ loading: save.isPending }} destroyOnHidden forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="key" label={t('substance')} rules={[{ required: true, message: t('substancePlaceholder') }]}>
            <Select showSearch optionFilterProp="label" placeholder={t('substancePlaceholder')} data-testid="minimum-key"
              options={candidates.map((c) => ({ value: keyOf(c), label: c.cas ? `${c.name} (${c.cas})` : c.name }))} />
          </Form.Item>
          <div className="flex gap-3">
            <Form.Item name="amount" label={t('amount')} className="flex-1" rules={[{
              required: true, message: t('amountInvalid'),
              validator: async (_, v: unknown) => {
                if (typeof v !== 'string' || !/^\d{1,10}(\.\d{1,4})?$/.test(v.trim()) || Number(v) <= 0) throw new Error(t('amountInvalid'));
              },
            }]}>
              <Input inputMode="decimal" data-testid="minimum-amount" />
            </Form.Item>
            <Form.Item name="unit" label={t('unit')} className="w-28">
              <Select options={STOCK_UNITS.map((u) => ({ value: u, label: unitLabel(u) }))} data-testid="minimum-unit" />
            </Form.Item>
          </div>
        </Form>
      </Modal>
    </div>
  );
}
