'use client';

import { Alert, App, Button, Descriptions, Drawer, Empty, Form, Grid, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import {
  REPLY_MAX, REQUEST_KINDS, REQUEST_STATUSES, type RequestKind, type RequestRowDto, type RequestStatus,
} from '@/contracts/requests';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useViewQuery } from '../use-view-query';
import { KeysetPager, useKeysetQuery } from '../common/keyset-list';
import { RecordHistory } from '../common/record-history';
import { oneOf } from '../common/view-filters';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { key: '', kind: '', status: '', sort: '-createdAt' };
const PAGE_SIZE = 20;
const STATUS_COLOURS: Record<RequestStatus, string> = { new: 'red', in_progress: 'gold', answered: 'green', closed: 'default' };
const SORTS = ['-createdAt', 'createdAt'] as const;
/** What a status change or a reply changes: the request and the list, whose rows show its status. */
const REQUEST_CHANGED = ['/api/admin/requests/{kind}/{id}', '/api/admin/requests'] as const;

/**
 * `/requests` (CUSTOMER.EDIT, ADR 0031): "could not find it" requests and contact-page enquiries in one
 * list, with kind, status and search filters, newest or oldest first, keyset pages; a drawer shows one
 * request with its replies, its status changes and a reply that is mailed when the contact is an e-mail.
 */
export function RequestsView() {
  const t = useTranslations('adminRequests');
  const format = useFormatter();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const [open, setOpen] = useState<{ kind: RequestKind; id: number } | null>(null);
  const wide = Grid.useBreakpoint().md !== false;
  const list = useKeysetQuery('/api/admin/requests', {
    key: query.key || undefined, kind: oneOf(REQUEST_KINDS, query.kind), status: oneOf(REQUEST_STATUSES, query.status), sort: oneOf(SORTS, query.sort), limit: PAGE_SIZE,
  });
  const page = list.page;
  const table = useTableState(list.query, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const filter = (patch: Partial<typeof DEFAULTS>) => setQuery(patch);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });
  const kindTag = (k: RequestKind) => <Tag color={k === 'search' ? 'blue' : 'purple'}>{t(`kinds.${k}`)}</Tag>;
  const statusTag = (s: RequestStatus) => <Tag color={STATUS_COLOURS[s]} data-testid="request-status">{t(`statuses.${s}`)}</Tag>;

  return (
    <section className="rounded-lg bg-white p-4" data-testid="requests-view">
      <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key}
          onSearch={(key) => filter({ key })} style={{ width: 300, maxWidth: '100%' }} data-testid="requests-search" />
        <Select aria-label={t('kindFilter')} value={query.kind} style={{ width: 150 }} onChange={(kind) => filter({ kind })} data-testid="requests-kind"
          options={[{ value: '', label: t('allKinds') }, ...REQUEST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]} />
        <Select aria-label={t('statusFilter')} value={query.status} style={{ width: 150 }} onChange={(status) => filter({ status })}
          options={[{ value: '', label: t('allStatuses') }, ...REQUEST_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} />
        <Select aria-label={t('sortFilter')} value={query.sort} style={{ width: 140 }} onChange={(sort) => filter({ sort })}
          options={[{ value: '-createdAt', label: t('newest') }, { value: 'createdAt', label: t('oldest') }]} />
      </Space>
      <Table<RequestRowDto>
        rowKey={(r) => `${r.kind}-${r.id}`}
        {...table}
        dataSource={page?.items ?? []}
        pagination={false}
        scroll={wide ? { x: 1100 } : undefined}
        showHeader={wide}
        onRow={(r) => ({ 'data-testid': `request-row-${r.kind}-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('createdAt'), dataIndex: 'createdAt', width: 140, render: (v: string) => when(v) },
          { title: t('kind'), dataIndex: 'kind', width: 110, render: kindTag },
          { title: t('status'), dataIndex: 'status', width: 100, render: statusTag },
          { title: t('subject'), dataIndex: 'subject', width: 140, render: (v: string) => v || '—' },
          { title: t('message'), dataIndex: 'message', ellipsis: true, render: (v: string) => v || '—' },
          { title: t('name'), key: 'name', width: 170, render: (_: unknown, r) => (r.name || r.company ? <span>{r.name}{r.company && <span className="block text-xs text-slate-500">{r.company}</span>}</span> : '—') },
          { title: t('contact'), dataIndex: 'contact', width: 190, render: (v: string) => <span className="break-all">{v || '—'}</span> },
          {
            title: t('actions'), key: 'actions', width: 90, fixed: wide ? 'right' : undefined, render: (_: unknown, r) => (
              <Button size="small" onClick={() => setOpen({ kind: r.kind, id: r.id })} aria-label={`${t('open')}: ${t(`kinds.${r.kind}`)} #${r.id}`}>{t('open')}</Button>
            ),
          },
        ] : [
          {
            key: 'all', render: (_: unknown, r) => (
              <div className="space-y-1">
                <div className="flex flex-wrap items-center gap-1">{kindTag(r.kind)}{statusTag(r.status)}<span className="text-xs text-slate-500">{when(r.createdAt)}</span></div>
                <div className="font-medium">{[r.subject, r.name, r.company].filter(Boolean).join(' · ') || '—'}</div>
                <div className="line-clamp-2 text-sm text-slate-600">{r.message || '—'}</div>
                <div className="flex items-center justify-between gap-2">
                  <span className="break-all text-xs text-slate-500">{r.contact || '—'}</span>
                  <Button size="small" onClick={() => setOpen({ kind: r.kind, id: r.id })} aria-label={`${t('open')}: ${t(`kinds.${r.kind}`)} #${r.id}`}>{t('open')}</Button>
                </div>
              </div>
            ),
          },
        ]}
      />
      <KeysetPager list={list} testId="requests"
        texts={{ total: t('total', { total: page?.total ?? 0 }), first: t('firstPage'), previous: t('previousPage'), next: t('nextPage') }} />
      <RequestDrawer target={open} onClose={() => setOpen(null)} wide={wide} />
    </section>
  );
}

function RequestDrawer({ target, onClose, wide }: { target: { kind: RequestKind; id: number } | null; onClose: () => void; wide: boolean }) {
  const t = useTranslations('adminRequests');
  const te = useTranslations('api.errors');
  const format = useFormatter();
  const [history, setHistory] = useState(false);
  const [form] = Form.useForm<{ body: string }>();
  const path = { path: { kind: target?.kind ?? 'search', id: target?.id ?? 0 } };
  const detail = useApiQuery('get', '/api/admin/requests/{kind}/{id}', { params: path }, { enabled: target !== null });
  const error = detail.error?.message;
  const status = useApiMutation('put', '/api/admin/requests/{kind}/{id}/status', { invalidates: REQUEST_CHANGED, form, success: t('statusChanged') });
  const reply = useApiMutation('post', '/api/admin/requests/{kind}/{id}/reply', { invalidates: REQUEST_CHANGED, form });
  const { message } = App.useApp();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const shown = detail.data && target && target.kind === detail.data.kind && target.id === detail.data.id ? detail.data : null;

  return (
    <Drawer open={target !== null} onClose={onClose} size={wide ? 640 : '100%'} destroyOnHidden
      title={shown ? t('detailTitle', { kind: t(`kinds.${shown.kind}`), id: shown.id }) : ''} data-testid="request-drawer">
      {error && <Alert type="error" title={error} className="mb-3" />}
      {shown && (
        <div className="space-y-4">
          <Descriptions size="small" column={1} bordered items={[
            { key: 'status', label: t('status'), children: <Tag color={STATUS_COLOURS[shown.status]} data-testid="request-detail-status">{t(`statuses.${shown.status}`)}</Tag> },
            { key: 'createdAt', label: t('createdAt'), children: when(shown.createdAt) },
            ...(shown.kind === 'search'
              ? [
                { key: 'subject', label: t('subject'), children: shown.subject },
                { key: 'type', label: t('searchType'), children: shown.searchType ? t(`searchTypes.${shown.searchType}` as 'searchTypes.1') : '—' },
              ]
              : [
                { key: 'name', label: t('name'), children: shown.name },
                { key: 'company', label: t('company'), children: shown.company || '—' },
                { key: 'itemNo', label: t('itemNo'), children: shown.itemNo ?? '—' },
              ]),
            { key: 'email', label: t('email'), children: shown.email ?? '—' },
            { key: 'phone', label: t('phone'), children: shown.phone ?? '—' },
            { key: 'lang', label: t('lang'), children: shown.lang },
            { key: 'message', label: t('message'), children: <span className="whitespace-pre-wrap" data-testid="request-detail-message">{shown.message || '—'}</span> },
          ]} />

          <div>
            <Typography.Title level={5}>{t('changeStatus')}</Typography.Title>
            <Space wrap>
              {shown.transitions.map((s) => (
                <Button key={s} size="small" onClick={() => void status.send({ params: path, body: { status: s } })}>
                  {shown.status === 'closed' ? t('reopen') : t(`to.${s}`)}
                </Button>
              ))}
              <Button size="small" type="link" onClick={() => setHistory(true)}>{t('history')}</Button>
            </Space>
          </div>

          <div>
            <Typography.Title level={5}>{t('replies')}</Typography.Title>
            {shown.replies.length === 0 ? <p className="text-sm text-slate-500">{t('noReplies')}</p> : (
              <ul className="space-y-2" data-testid="request-replies">
                {shown.replies.map((r) => (
                  <li key={r.id} className="rounded border border-slate-200 p-2 text-sm">
                    <p className="m-0 whitespace-pre-wrap">{r.body}</p>
                    <p className="m-0 mt-1 text-xs text-slate-500">
                      {t('by', { name: r.staffName, time: when(r.createdAt) })} · {r.mailedTo ? t('mailedTo', { email: r.mailedTo }) : t('notMailed')}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>

          {shown.status === 'closed' ? <Alert type="info" title={t('replyClosed')} /> : (
            <Form form={form} layout="vertical" onFinish={async ({ body }) => {
              if (!(await reply.send({ params: path, body: { body } }))) return;
              void message.success(shown.mailable ? t('replyMailed', { email: shown.email ?? '' }) : t('replyRecorded'));
              form.resetFields();
            }}>
              <Alert className="mb-2" type={shown.mailable ? 'success' : 'warning'} data-testid="reply-mail-note"
                title={shown.mailable ? t('replyWillMail', { email: shown.email ?? '' }) : shown.phone ? t('replyNoMail', { phone: shown.phone }) : t('replyNoContact')} />
              <Form.Item name="body" label={t('reply')} rules={[{ required: true, whitespace: true, message: te('requestReplyRequired') }, { max: REPLY_MAX, message: te('requestReplyTooLong') }]}>
                <Input.TextArea rows={5} maxLength={REPLY_MAX} placeholder={shown.mailable ? t('replyPlaceholder') : undefined} data-testid="reply-body" />
              </Form.Item>
              <Button type="primary" htmlType="submit" data-testid="reply-send">{shown.mailable ? t('replySend') : t('replyRecord')}</Button>
            </Form>
          )}
        </div>
      )}
      <RecordHistory entity={shown?.kind === 'search' ? 'searchFeedback' : 'enquiry'} entityId={history && shown ? shown.id : null}
        title={shown ? t('detailTitle', { kind: t(`kinds.${shown.kind}`), id: shown.id }) : ''} onClose={() => setHistory(false)} />
    </Drawer>
  );
}
