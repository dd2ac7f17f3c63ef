'use client';

import { App, Button, Checkbox, Form, Input, Modal, Popconfirm, Table, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { LIST_NAME_MAX, LIST_PAGE_SIZES, type ListDetailDto, type ListLineDto, type ListToCartResultDto } from '@/contracts/requisition-lists';
import { useTableState } from '@/components/data/query-state';
import { Link, useRouter } from '@/i18n/client-navigation';
import { useLineColumns } from './list-line-columns';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { showToast } from '@/lib/ui-events';
import { refreshVisitor } from '@/lib/visitor-islands';

interface NameValues { name: string; shared?: boolean }

/**
 * /account/lists/<id>: a list's lines page by page with the buyer's prices, stock and flags; chosen lines
 * (or all) into the cart at the quantities typed here, lines removed, the list exported, renamed, shared or deleted.
 */
export function ListDetailView({ initial }: { initial: ListDetailDto }) {
  const t = useTranslations('lists');
  const lang = useLocale();
  const router = useRouter();
  const { message } = App.useApp();
  const id = initial.list.id;
  const [page, setPage] = useState({ page: 1, pageSize: initial.pageSize });
  const query = useApiQuery('get', '/api/app/lists/{id}', { params: { path: { id }, query: page } }, { initialData: page.page === 1 && page.pageSize === initial.pageSize ? initial : undefined });
  const tableState = useTableState(query, t('linesEmpty'));
  const data = query.data ?? initial;
  const list = data.list;
  const [selected, setSelected] = useState<number[]>([]);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [form] = Form.useForm<NameValues>();
  const paths = ['/api/app/lists/{id}', '/api/app/lists'] as const;
  const toCart = useApiMutation('post', '/api/app/lists/{id}/cart', { refreshPage: false });
  const updateLine = useApiMutation('post', '/api/app/lists/{id}/lines/update', { invalidates: paths });
  const removeLines = useApiMutation('post', '/api/app/lists/{id}/lines/delete', { invalidates: paths });
  const update = useApiMutation('post', '/api/app/lists/{id}/update', { form, invalidates: paths });
  const drop = useApiMutation('post', '/api/app/lists/{id}/delete', { invalidates: ['/api/app/lists'] });
  const path = { path: { id } };
  const numOf = (l: ListLineDto) => quantities[l.id] ?? l.num;

  function announce(result: ListToCartResultDto) {
    if (result.added > 0) showToast({ kind: 'success', text: t('addedToCart', { count: result.added }), link: { href: '/order/shoppingcart?default=2', label: t('viewCart') }, durationMs: 8000 });
    if (result.skipped.length > 0) message.warning(t('skippedLines', { lines: result.skipped.map((s) => `${s.itemNo} ${s.size}`).join('、') }), 8);
  }

  async function addToCart(all: boolean) {
    const chosen = all ? Object.entries(quantities).map(([lineId, num]) => ({ lineId: Number(lineId), num })) : data.lines.filter((l) => selected.includes(l.id)).map((l) => ({ lineId: l.id, num: numOf(l) }));
    const answer = await toCart.send({ params: path, body: { all, lines: chosen } });
    if (!answer) return;
    announce(answer.data);
    // The header's cart count is the visitor's answer (ADR 0076).
    void refreshVisitor();
  }

  async function saveQuantity(line: ListLineDto, num: number | null) {
    if (num === null) return;
    setQuantities((q) => ({ ...q, [line.id]: num }));
    if (list.canEdit && num !== line.num) await updateLine.send({ params: path, body: { lineId: line.id, num } });
  }

  async function saveNote(line: ListLineDto, note: string) {
    if (list.canEdit && note.trim() !== line.note) await updateLine.send({ params: path, body: { lineId: line.id, note: note.trim() } });
  }

  async function removeSelected() {
    const answer = await removeLines.send({ params: path, body: { lineIds: selected } });
    if (!answer) return;
    message.success(t('removed', { count: answer.data.removed }));
    setSelected([]);
  }

  async function saveSettings() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (await update.send({ params: path, body: { name: values.name, shared: Boolean(values.shared) } })) {
      message.success(t('saved'));
      setSettingsOpen(false);
    }
  }

  async function deleteList() {
    if (!(await drop.send({ params: path }))) return;
    message.success(t('deleted'));
    router.push('/account/lists?default=7');
  }

  const columns = useLineColumns({ canEdit: list.canEdit, numOf, setNum: (lineId, num) => setQuantities((q) => ({ ...q, [lineId]: num })), saveQuantity, saveNote });

  return (
    <div className="space-y-4">
      <ListHeader list={list} total={data.total} lang={lang} onSettings={() => { form.setFieldsValue({ name: list.name, shared: list.shared }); setSettingsOpen(true); }} onDelete={deleteList} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="primary" onClick={() => void addToCart(true)} loading={toCart.isPending} disabled={data.total === 0} data-testid="list-all-to-cart">{t('addAllToCart')}</Button>
        <Button onClick={() => void addToCart(false)} disabled={selected.length === 0} data-testid="list-selected-to-cart">{t('addSelectedToCart')}</Button>
        {list.canEdit && (
          <Popconfirm title={t('removeConfirm', { count: selected.length })} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => removeSelected()} disabled={selected.length === 0}>
            <Button danger disabled={selected.length === 0} data-testid="list-remove">{t('removeSelected')}</Button>
          </Popconfirm>
        )}
        {selected.length > 0 && <span className="text-sm text-muted">{t('selected', { count: selected.length })}</span>}
      </div>
      <Table<ListLineDto>
        rowKey="id" size="small" columns={columns} dataSource={data.lines} {...tableState}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), getCheckboxProps: (l) => ({ 'aria-label': t('selectLine', { name: l.name, size: l.size }) }) }}
        pagination={{ current: data.page, pageSize: data.pageSize, total: data.total, showSizeChanger: true, pageSizeOptions: LIST_PAGE_SIZES.map(String), hideOnSinglePage: false, showTotal: (total) => t('pageOf', { total }),
          onChange: (p, s) => { setPage({ page: s !== page.pageSize ? 1 : p, pageSize: s }); setSelected([]); } }}
        data-testid="list-lines"
      />
      <Modal open={settingsOpen} title={t('rename')} okText={t('save')} cancelText={t('cancel')} onOk={() => void saveSettings()} onCancel={() => setSettingsOpen(false)} confirmLoading={update.isPending} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('name') }]}>
            <Input maxLength={LIST_NAME_MAX} />
          </Form.Item>
          <Form.Item name="shared" valuePropName="checked"><Checkbox>{t('shared')}</Checkbox></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** The list's name, owner and size, with export, rename/share and delete (confirmed) for those who may. */
function ListHeader({ list, total, lang, onSettings, onDelete }: { list: ListDetailDto['list']; total: number; lang: string; onSettings: () => void; onDelete: () => Promise<void> }) {
  const t = useTranslations('lists');
  const id = list.id;
  return (
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link href="/account/lists?default=7" className="text-sm text-brand-600 hover:underline">← {t('back')}</Link>
          <h1 className="mt-1 break-words text-lg font-semibold" data-testid="list-title">{t('detailTitle', { name: list.name })}</h1>
          <p className="text-xs text-muted">
            <Tag color={list.shared ? 'blue' : undefined}>{list.shared ? t('sharedTag') : t('private')}</Tag>
            {t('owner')} {list.ownerName} · {t('pageOf', { total: total })}
          </p>
          {!list.canEdit && <p className="mt-1 text-sm text-muted" data-testid="list-read-only">{t('readOnly')}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={`/api/app/lists/${id}/export?lang=${lang}`} className="inline-flex h-8 items-center rounded border border-line px-3 text-sm hover:bg-gray-50" data-testid="list-export" download>{t('exportExcel')}</a>
          {list.canManage && <Button onClick={onSettings} data-testid="list-rename">{t('rename')}</Button>}
          {list.canManage && (
            <Popconfirm title={t('deleteConfirm', { name: list.name, count: total })} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => onDelete()}>
              <Button danger data-testid="list-delete">{t('delete')}</Button>
            </Popconfirm>
          )}
        </div>
      </div>
  );
}
