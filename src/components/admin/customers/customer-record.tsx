'use client';

import { Alert, Button, DatePicker, Descriptions, Drawer, Empty, Form, Grid, Input, Popconfirm, Select, Space, Spin, Table, Tabs, Tag, Timeline, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import {
  ACTIVITY_KINDS, CRM_LIMITS, type ContactDto, type CustomerDetailDto, type CustomerLevel, type TimelineEventDto,
} from '@/contracts/customers';
import { apiRequest, multipart } from '@/lib/api/client';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/lib/api/query';
import { ChangeList, useAuditLabels } from '../common/change-list';
import { Link } from '@/i18n/navigation';
import { money } from '../common/keyset-list';
import { casesTab } from './customer-cases-tab';
import { complaintsTab } from './customer-complaints-tab';
import { contractsTab } from './customer-contracts-tab';
import { agreementsTab } from './customer-agreements';
import { CustomerOrders } from './customer-orders-tab';
import { CustomerFields, LEVEL_COLOURS } from './customer-fields';
import { useFormSave } from '@/components/ui/use-form-save';
import { CustomerQuotations, CustomerQuotationsLabel } from './customer-quotations';
import { FormModal } from '@/components/ui/form-modal';
import { usePermits } from '@/components/ui/permitted';
import { CustomerReceivables } from '../receivables/customer-receivables';

interface UserRow { id: number; name: string; loginName: string; email: string | null; phone: string | null; accountType: string; active: boolean; createdAt: string }

/** What a change of the customer's own facts (or of its contacts, or its licence) changes: its record and its timeline. */
const RECORD_CHANGED = ['/api/admin/customers/{id}', '/api/admin/customers/{id}/timeline'] as const;

/** A customer's record page: key facts, the edit drawer, and tabs for contacts, users, orders and the timeline. */
export function CustomerRecord({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useTranslations('adminCustomers');
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const detail = useApiQuery('get', '/api/admin/customers/{id}', { params: { path: { id } } });
  const error = detail.error?.message ?? null;
  const shown = error === null && detail.data?.id === id ? detail.data : null;
  const team = shown ? (locale === 'en' ? shown.teamEn : shown.teamZh) : null;
  // A customer's receivables are the order desk's (ADR 0074): shown to members who read its orders.
  const receivables = usePermits({ permissions: ['ORDER.VIEW'] });
  const agreements = usePermits({ permissions: ['PRICE.EDIT'] });

  return (
    <section className="rounded-lg bg-white p-4" data-testid="customer-record">
      <Button type="link" className="mb-2 p-0" onClick={onBack} data-testid="customer-back">← {t('backToList')}</Button>
      {error && <Alert type="error" title={error} className="mb-3" data-testid="customer-error" />}
      {!shown && !error && <Spin />}
      {shown && (
        <>
          <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h1 className="m-0 break-words text-lg font-semibold" data-testid="customer-title">{shown.name}</h1>
              <Space wrap size={4} className="mt-1">
                <Tag color={shown.kind === 'customer' ? 'green' : 'purple'}>{t(`kinds.${shown.kind}`)}</Tag>
                <Tag color={LEVEL_COLOURS[shown.level]}>{t('levelValue', { level: shown.level })}</Tag>
                {shown.tags.map((x) => <Tag key={x}>{x}</Tag>)}
              </Space>
            </div>
            <Button type="primary" onClick={() => setEditing(true)} data-testid="customer-edit">{t('edit')}</Button>
          </div>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 3 }} className="mb-4" items={[
            { key: 'owner', label: t('owner'), children: <span data-testid="customer-owner">{shown.ownerName ? `${shown.ownerName}${team ? ` · ${team}` : ''}` : t('pool')}</span> },
            { key: 'credit', label: t('credit'), children: t('creditValue', { days: shown.creditDays, limit: money(shown.creditLimit) }) },
            { key: 'users', label: t('users'), children: shown.users },
            { key: 'taxNo', label: t('taxNo'), children: shown.taxNo || '—' },
            { key: 'phone', label: t('phone'), children: shown.phone || '—' },
            { key: 'address', label: t('address'), children: shown.address || '—' },
            {
              key: 'licence', label: t('licence'), children: (
                <span data-testid="customer-licence">
                  {shown.licenceName ? <Tag color="green">{t('licenceChecked', { name: shown.licenceName })}</Tag> : <Tag color="orange">{t('licenceUnchecked')}</Tag>}
                  {shown.licenceFileName && <a href={`/api/admin/customers/${shown.id}/licence`} className="ml-1 break-all">{shown.licenceFileName}</a>}
                </span>
              ),
            },
          ]} />
          <Tabs defaultActiveKey="timeline" items={[
            { key: 'timeline', label: t('tabs.timeline'), children: <CustomerTimeline id={shown.id} /> },
            { key: 'contacts', label: t('tabs.contacts', { count: shown.contacts.length }), children: <Contacts customer={shown} /> },
            { key: 'users', label: t('tabs.users', { count: shown.users }), children: <CustomerUsers id={shown.id} /> },
            { key: 'orders', label: t('tabs.orders'), children: <CustomerOrders id={shown.id} /> },
            ...(receivables ? [{ key: 'receivables', label: t('tabs.receivables'), children: <CustomerReceivables companyId={shown.id} summary /> }] : []),
            { key: 'quotations', label: <CustomerQuotationsLabel />, children: <CustomerQuotations companyId={shown.id} /> },
            complaintsTab(shown.id),
            contractsTab(shown.id),
            ...(agreements ? [agreementsTab(shown.id)] : []),
            casesTab(shown.id),
          ]} />
          <EditDrawer customer={shown} open={editing} onClose={() => setEditing(false)} />
        </>
      )}
    </section>
  );
}

interface EditForm { name: string; licenceName: string; level: CustomerLevel; creditDays: number; creditLimit: string; tags: string[]; phone: string; address: string; ownerId: number | null }

function EditDrawer({ customer, open, onClose }: { customer: CustomerDetailDto; open: boolean; onClose: () => void }) {
  const t = useTranslations('adminCustomers');
  const locale = useLocale();
  const wide = Grid.useBreakpoint().md !== false;
  const [form] = Form.useForm<EditForm>();
  const path = { path: { id: customer.id } };
  const save = useApiMutation('put', '/api/admin/customers/{id}', { invalidates: [...RECORD_CHANGED, '/api/admin/customers'], form, success: t('saved') });
  const licence = useApiMutation('post', '/api/admin/customers/{id}/licence', { invalidates: RECORD_CHANGED, success: t('licenceUploaded') });
  useEffect(() => {
    if (open) form.setFieldsValue({ ...customer, licenceName: customer.licenceName ?? '', ownerId: customer.ownerId });
  }, [open, customer, form]);
  const ownerOptions = [
    ...(customer.ownerId !== null && !customer.owners.some((o) => o.id === customer.ownerId) ? [{ value: customer.ownerId, label: customer.ownerName ?? '' }] : []),
    ...customer.owners.map((o) => ({ value: o.id, label: `${o.name}${(locale === 'en' ? o.teamEn : o.teamZh) ? ` · ${locale === 'en' ? o.teamEn : o.teamZh}` : ''}` })),
  ];
  const canAssign = customer.owners.length > 0;
  const { saving, onFinish } = useFormSave(async (values: EditForm) => {
    const { ownerId, ...rest } = values;
    if (await save.send({ params: path, body: canAssign ? { ...rest, ownerId } : rest })) onClose();
  });

  return (
    <Drawer open={open} onClose={onClose} title={t('editTitle', { name: customer.name })} size={wide ? 560 : '100%'} destroyOnHidden
      extra={<Button type="primary" onClick={() => form.submit()} loading={saving} data-testid="customer-save">{t('save')}</Button>}>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="ownerId" label={t('owner')} extra={canAssign ? t('ownerHint') : t('ownerFixed')}>
          <Select disabled={!canAssign} allowClear placeholder={t('pool')} options={ownerOptions} data-testid="customer-owner-select" aria-label={t('owner')} />
        </Form.Item>
        <CustomerFields withLicence />
        <Form.Item label={t('licenceFile')} extra={t('licenceFileHint')}>
          <Upload accept=".pdf,.png,.jpg,.jpeg,.webp" showUploadList={false} maxCount={1}
            customRequest={({ file }) => { if (file instanceof Blob) void licence.send({ params: path, body: { file }, ...multipart }); }}>
          </Upload>
          {customer.licenceFileName && <div className="mt-1 break-all text-xs text-slate-500">{customer.licenceFileName}</div>}
        </Form.Item>
      </Form>
    </Drawer>
  );
}

function Contacts({ customer }: { customer: CustomerDetailDto }) {
  const t = useTranslations('adminCustomers');
  const te = useTranslations('api.errors');
  const wide = Grid.useBreakpoint().md !== false;
  const [editing, setEditing] = useState<ContactDto | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; phone: string; email: string; position: string }>();
  const add = useApiMutation('post', '/api/admin/customers/{id}/contacts', { invalidates: RECORD_CHANGED, form, success: t('contactSaved') });
  const change = useApiMutation('put', '/api/admin/customers/{id}/contacts/{contactId}', { invalidates: RECORD_CHANGED, form, success: t('contactSaved') });
  const remove = useApiMutation('delete', '/api/admin/customers/{id}/contacts/{contactId}', { invalidates: RECORD_CHANGED, success: t('contactDeleted') });
  const openForm = (c: ContactDto | 'new') => {
    setEditing(c);
    form.resetFields();
    form.setFieldsValue(c === 'new' ? { name: '', phone: '', email: '', position: '' } : c);
  };
  const { saving, onFinish } = useFormSave(async (values: { name: string; phone: string; email: string; position: string }) => {
    const done = editing === 'new' || editing === null
      ? await add.send({ params: { path: { id: customer.id } }, body: values })
      : await change.send({ params: { path: { id: customer.id, contactId: editing.id } }, body: values });
    if (done) setEditing(null);
  });
  return (
    <div data-testid="customer-contacts">
      <div className="mb-2 flex justify-end"><Button onClick={() => openForm('new')} data-testid="contact-add">{t('addContact')}</Button></div>
      <Table<ContactDto> rowKey="id" size="small" pagination={false} dataSource={customer.contacts} scroll={wide ? undefined : { x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noContacts')} /> }}
        columns={[
          { title: t('contactName'), dataIndex: 'name' },
          { title: t('position'), dataIndex: 'position', render: (v: string) => v || '—' },
          { title: t('phone'), dataIndex: 'phone', render: (v: string) => v || '—' },
          { title: t('email'), dataIndex: 'email', render: (v: string) => <span className="break-all">{v || '—'}</span> },
          { title: t('account'), key: 'account', render: (_: unknown, c) => (c.accountLoginName ? <Tag color="green">{c.accountLoginName}</Tag> : <span className="text-slate-400">{t('noAccount')}</span>) },
          {
            title: t('actions'), key: 'actions', width: 150, render: (_: unknown, c) => (
              <Space>
                <Button size="small" onClick={() => openForm(c)}>{t('edit')}</Button>
                <Popconfirm title={t('deleteContactConfirm', { name: c.name })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => remove.send({ params: { path: { id: customer.id, contactId: c.id } } })}>
                  <Button size="small" danger>{t('delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]} />
      <FormModal open={editing !== null} title={editing === 'new' ? t('addContact') : t('editContact')} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}
        okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="name" label={t('contactName')} rules={[{ required: true, whitespace: true, message: te('crmShortTextInvalid') }, { max: CRM_LIMITS.short, message: te('crmShortTextInvalid') }]}>
            <Input maxLength={CRM_LIMITS.short} showCount data-testid="contact-name" />
          </Form.Item>
          <Form.Item name="position" label={t('position')} rules={[{ max: CRM_LIMITS.short, message: te('crmShortTextInvalid') }]}>
            <Input maxLength={CRM_LIMITS.short} showCount />
          </Form.Item>
          <Form.Item name="phone" label={t('phone')} extra={t('accountHint')} dependencies={['email']}
            rules={[
              { pattern: /^$|^\+?[0-9(][0-9 ()-]{3,18}[0-9]$/, message: te('invalidPhone') },
              ({ getFieldValue }) => ({ validator: async (_r, v: string) => { if (!v?.trim() && !String(getFieldValue('email') ?? '').trim()) throw new Error(te('crmContactReachRequired')); } }),
            ]}>
            <Input maxLength={CRM_LIMITS.phone} data-testid="contact-phone" />
          </Form.Item>
          <Form.Item name="email" label={t('email')} rules={[{ type: 'email', message: te('crmEmailInvalid') }, { max: CRM_LIMITS.email, message: te('crmEmailInvalid') }]}>
            <Input maxLength={CRM_LIMITS.email} data-testid="contact-email" />
          </Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}

function CustomerUsers({ id }: { id: number }) {
  const t = useTranslations('adminCustomers');
  const format = useFormatter();
  const { data, error } = useApiQuery('get', '/api/admin/customers/{id}/users', { params: { path: { id } } });
  if (error) return <Alert type="error" title={error.message} />;
  return (
    <Table<UserRow> rowKey="id" size="small" loading={data === undefined} dataSource={data ?? []} pagination={false} scroll={{ x: 720 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noUsers')} /> }}
      columns={[
        { title: t('contactName'), dataIndex: 'name' },
        { title: t('loginName'), dataIndex: 'loginName', render: (v: string) => <span className="break-all">{v}</span> },
        { title: t('phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
        { title: t('email'), dataIndex: 'email', render: (v: string | null) => <span className="break-all">{v ?? '—'}</span> },
        { title: t('accountType'), dataIndex: 'accountType', render: (v: string) => t(`accountTypes.${v === 'employee' || v === 'sub' ? v : 'user'}`) },
        { title: t('status'), dataIndex: 'active', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('active') : t('inactive')}</Tag> },
        { title: t('createdAt'), dataIndex: 'createdAt', render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium' }) },
      ]} />
  );
}

/** The customer's timeline, 20 events a page, "load more" adding the next page; any change of the customer loads it again. */
function useTimeline(id: number) {
  const init = { params: { path: { id }, query: { limit: 20 } } };
  const pages = useInfiniteQuery({
    queryKey: apiQueryKey('/api/admin/customers/{id}/timeline', init),
    queryFn: ({ pageParam, signal }) => apiRequest('get', '/api/admin/customers/{id}/timeline', { params: { path: { id }, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return {
    items: pages.data?.pages.flatMap((p) => p.items) ?? null,
    next: pages.hasNextPage,
    more: pages.isFetchingNextPage,
    error: pages.error?.message ?? null,
    loadMore: () => pages.fetchNextPage(),
  };
}

interface ActivityForm { kind: (typeof ACTIVITY_KINDS)[number]; happenedAt: Dayjs | null; body: string }

/** The page that opens a customer's record from its timeline (an order's for a member who may read orders). */
const RECORD_PAGE: Partial<Record<TimelineEventDto['source'], string>> = { quotation: '/admin/quotations?id=', complaint: '/admin/complaints?id=', order: '/admin/orders/list?id=' };

/** A record of the customer on its timeline: its stored number (linked to its page), its state and its amount. */
function TimelineRecord({ event, state }: { event: TimelineEventDto; state: string }) {
  const orderDesk = usePermits({ permissions: ['ORDER.VIEW'] });
  const page = event.source === 'order' && !orderDesk ? undefined : RECORD_PAGE[event.source];
  return (
    <span className="ml-2" data-testid="timeline-record">
      {page ? <Link href={`${page}${event.id}`}>{event.number}</Link> : event.number}
      <Tag className="ml-2">{state}</Tag>
      {event.amount !== null && <span className="text-slate-600">¥{money(event.amount)}</span>}
    </span>
  );
}

function CustomerTimeline({ id }: { id: number }) {
  const t = useTranslations('adminCustomers');
  const te = useTranslations('api.errors');
  const format = useFormatter();
  const { items, next, more, error, loadMore } = useTimeline(id);
  const [form] = Form.useForm<ActivityForm>();
  const log = useApiMutation('post', '/api/admin/customers/{id}/activities', { invalidates: ['/api/admin/customers/{id}/timeline'], form, success: t('activityLogged') });
  const { saving, onFinish } = useFormSave(async (values: ActivityForm) => {
    const done = await log.send({ params: { path: { id } }, body: { kind: values.kind, body: values.body, ...(values.happenedAt ? { happenedAt: values.happenedAt.toISOString() } : {}) } });
    if (done) form.resetFields();
  });
  const labels = useAuditLabels();
  const colour = (e: TimelineEventDto) => (e.source === 'audit' ? 'gray' : e.source !== 'activity' ? 'purple' : e.kind === 'call' ? 'blue' : e.kind === 'visit' ? 'green' : 'orange');
  const title = (e: TimelineEventDto) => (e.source === 'activity'
    ? t(`activityKinds.${e.kind as 'call'}`)
    : e.source !== 'audit' ? labels.entity(e.source)
    : t('auditEvent', { entity: t.has(`entities.${e.entity}`) ? t(`entities.${e.entity}` as 'entities.customer') : (e.entity ?? ''), action: t.has(`actions.${e.kind}`) ? t(`actions.${e.kind}` as 'actions.update') : e.kind }));

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="min-w-0" data-testid="customer-timeline">
        {error && <Alert type="error" title={error} className="mb-2" />}
        {items === null ? <Spin /> : items.length === 0 ? <Empty description={t('noEvents')} /> : (
          <>
            <Timeline items={items.map((e) => ({
              key: `${e.source}-${e.id}`,
              color: colour(e),
              content: (
                <div data-testid="timeline-event">
                  <Typography.Text strong>{title(e)}</Typography.Text>
                  {e.number && <TimelineRecord event={e} state={labels.state(e.kind)} />}
                  <div className="text-xs text-slate-500">{format.dateTime(new Date(e.at), { dateStyle: 'medium', timeStyle: 'short' })} · {e.actorName}</div>
                  {e.body && <p className="m-0 mt-1 whitespace-pre-wrap break-words" data-testid="timeline-body">{e.body}</p>}
                  {e.changes && <ChangeList changes={e.changes} note={null} />}
                </div>
              ),
            }))} />
            {next && <Button size="small" loading={more} onClick={() => void loadMore()} data-testid="timeline-more">{t('loadMore')}</Button>}
          </>
        )}
      </div>
      <div className="rounded border border-slate-200 p-3">
        <Typography.Title level={5} className="mt-0">{t('logActivity')}</Typography.Title>
        <Form form={form} layout="vertical" initialValues={{ kind: 'call', happenedAt: null, body: '' }} onFinish={onFinish}>
          <Form.Item name="kind" label={t('activityKind')}>
            <Select options={ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`activityKinds.${k}`) }))} data-testid="activity-kind" aria-label={t('activityKind')} />
          </Form.Item>
          <Form.Item name="happenedAt" label={t('happenedAt')} extra={t('happenedAtHint')}>
            <DatePicker showTime className="w-full" disabledDate={(d) => d.valueOf() > Date.now()} />
          </Form.Item>
          <Form.Item name="body" label={t('activityBody')} extra={t('textHint', { max: CRM_LIMITS.activity })}
            rules={[{ required: true, whitespace: true, message: te('crmActivityBodyInvalid') }, { max: CRM_LIMITS.activity, message: te('crmActivityBodyInvalid') }]}>
            <Input.TextArea rows={4} maxLength={CRM_LIMITS.activity} showCount data-testid="activity-body" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="activity-save">{t('logActivity')}</Button>
        </Form>
      </div>
    </div>
  );
}
