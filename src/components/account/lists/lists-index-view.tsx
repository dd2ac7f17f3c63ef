'use client';

import { App, Button, Checkbox, Empty, Form, Input, Modal, Popconfirm, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LIST_NAME_MAX, type ListIndexDto, type ListSummaryDto } from '@/contracts/requisition-lists';
import { QueryState } from '@/components/data/query-state';
import { Link } from '@/i18n/client-navigation';
import { useApiMutation, useApiQuery } from '@/lib/api/query';

interface NameValues { name: string; shared?: boolean }

/** /account/lists: the buyer's lists and the company's shared ones — create, open, copy, delete (confirmed). */
export function ListsIndexView({ initial }: { initial: ListIndexDto }) {
  const t = useTranslations('lists');
  const { message } = App.useApp();
  const query = useApiQuery('get', '/api/app/lists', undefined, { initialData: initial });
  const [form] = Form.useForm<NameValues>();
  const [copyForm] = Form.useForm<NameValues>();
  const [copying, setCopying] = useState<ListSummaryDto | null>(null);
  const create = useApiMutation('post', '/api/app/lists', { form, invalidates: ['/api/app/lists'] });
  const copy = useApiMutation('post', '/api/app/lists/{id}/copy', { form: copyForm, invalidates: ['/api/app/lists'] });
  const remove = useApiMutation('post', '/api/app/lists/{id}/delete', { invalidates: ['/api/app/lists'] });

  async function submit(values: NameValues) {
    const made = await create.send({ body: { name: values.name, shared: Boolean(values.shared) } });
    if (!made) return;
    message.success(t('created', { name: made.data.name }));
    form.resetFields();
  }

  function openCopy(list: ListSummaryDto) {
    setCopying(list);
    copyForm.setFieldsValue({ name: t('copyName', { name: list.name }).slice(0, LIST_NAME_MAX), shared: false });
  }

  async function submitCopy() {
    const values = await copyForm.validateFields().catch(() => null);
    if (!values || !copying) return;
    const made = await copy.send({ params: { path: { id: copying.id } }, body: { name: values.name, shared: Boolean(values.shared) } });
    if (!made) return;
    message.success(t('copied', { name: made.data.name }));
    setCopying(null);
  }

  async function drop(list: ListSummaryDto) {
    if (await remove.send({ params: { path: { id: list.id } } })) message.success(t('deleted'));
  }

  return (
    // A column with gaps, not space-y: antd's inline form sets its own bottom margin, which beat space-y's and left
    // the create button against the first card on a phone.
    <div className="flex flex-col gap-5">
      <Form form={form} layout="inline" onFinish={(v) => void submit(v)} className="flex flex-wrap items-center gap-y-3" aria-label={t('newList')}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('name') }]} className="min-w-0 flex-1 basis-full sm:basis-0">
          <Input maxLength={LIST_NAME_MAX} placeholder={t('namePlaceholder')} data-testid="list-new-name" />
        </Form.Item>
        <Form.Item name="shared" valuePropName="checked"><Checkbox data-testid="list-new-shared">{t('shared')}</Checkbox></Form.Item>
        <Form.Item><Button type="primary" htmlType="submit" loading={create.isPending} data-testid="list-create">{t('create')}</Button></Form.Item>
      </Form>
      <QueryState query={query} isEmpty={(d) => d.items.length === 0} empty={<Empty description={t('empty')} />}>
        {(data) => (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="lists">
            {data.items.map((l) => (
              <li key={l.id} className="flex min-w-0 flex-col gap-2 rounded-lg border border-line p-4" data-testid="list-card">
                <div className="flex min-w-0 items-start justify-between gap-2">
                  <Link href={`/account/lists/${l.id}?default=7`} className="min-w-0 break-words font-medium text-brand-600 hover:underline" data-testid="list-open">{l.name}</Link>
                  <Tag color={l.shared ? 'blue' : undefined} className="shrink-0">{l.shared ? t('sharedTag') : t('private')}</Tag>
                </div>
                <p className="text-xs text-muted">
                  {t('lineCount', { count: l.lineCount })} · {t('owner')} {l.ownerName} · {t('updatedAt')} {l.updatedAt.slice(0, 10)}
                </p>
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button size="small" onClick={() => openCopy(l)} data-testid="list-copy">{t('copy')}</Button>
                  {l.canManage && (
                    <Popconfirm title={t('deleteConfirm', { name: l.name, count: l.lineCount })} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => drop(l)}>
                      <Button size="small" danger data-testid="list-delete">{t('delete')}</Button>
                    </Popconfirm>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Modal open={copying !== null} title={t('copyTitle')} okText={t('copy')} cancelText={t('cancel')} onOk={() => void submitCopy()} onCancel={() => setCopying(null)} confirmLoading={copy.isPending} destroyOnHidden>
        <Form form={copyForm} layout="vertical">
          <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('name') }]}>
            <Input maxLength={LIST_NAME_MAX} data-testid="list-copy-name" />
          </Form.Item>
          <Form.Item name="shared" valuePropName="checked"><Checkbox>{t('shared')}</Checkbox></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
