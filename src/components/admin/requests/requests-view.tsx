'use client';

import { Alert, Button, Descriptions, Drawer, Empty, Form, Grid, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import {
  REPLY_MAX, REQUEST_KINDS, REQUEST_STATUSES, type RequestDetailDto, type RequestKind, type RequestRowDto, type RequestStatus,
} from '@/contracts/requests';
import { adminApi, toQuery } from '../admin-api';
import { useViewQuery } from '../use-view-query';
import { RecordHistory } from '../common/record-history';
import { useAdminAction } from '../common/use-admin-action';

const DEFAULTS = { key: '', kind: '', status: '', sort: '-createdAt' };
const PAGE_SIZE = 20;
const STATUS_COLOURS: Record<RequestStatus, string> = { new: 'red', in_progress: 'gold', answered: 'green', closed: 'default' };

interface Page { total: number; items: RequestRowDto[]; nextCursor: string | null }

/**
 * `/requests` (CUSTOMER.EDIT, ADR 0031): "could not find it" requests and contact-page enquiries in one
 * list, with kind, status and search filters, newest or oldest first, keyset pages; a drawer shows one
 * request with its replies, its status changes and a reply that is mailed when the contact is an e-mail.
 */
export function RequestsView() {
  const t = useTranslations('adminRequests');
  const format = useFormatter();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  // The cursors of the pages shown so far: the first page has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [round, setRound] = useState(0);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [open, setOpen] = useState<{ kind: RequestKind; id: number } | null>(null);
  const wide = Grid.useBreakpoint().md !== false;

  const cursor = cursors[cursors.length - 1];
  const path = `/api/admin/requests${toQuery({ key: query.key, kind: query.kind || undefined, status: query.status || undefined, sort: query.sort, limit: PAGE_SIZE, cursor })}`;
  useEffect(() => {
    let live = true;
    adminApi<Page>('GET', path).then(
      (p) => { if (live) { setPage(p); setError(null); setLoading(false); } },
      (e: unknown) => { if (live) { setError(e instanceof Error ? e.message : String(e)); setLoading(false); } },
    );
    return () => { live = false; };
  }, [path, round]);
  const reload = useCallback(async () => { setLoading(true); setRound((r) => r + 1); }, []);
  const filter = (patch: Partial<typeof DEFAULTS>) => {
    setCursors([undefined]);
    setLoading(true);
    setQuery(patch);
  };
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });
  const kindTag = (k: RequestKind) => <Tag color={k === 'search' ? 'blue' : 'purple'}>{t(`kinds.${k}`)}</Tag>;
  const statusTag = (s: RequestStatus) => <Tag color={STATUS_COLOURS[s]} data-testid="request-status">{t(`statuses.${s}`)}</Tag>;

  return (
    <section className="rounded-lg bg-white p-4" data-testid="requests-view">
      <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <Input.Search allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key}
          onSearch={(key) => filter({ key })} style={{ width: 300, maxWidth: '100%' }} data-testid="requests-search" />
        <Select aria-label={t('kindFilter')} value={query.kind} style={{ width: 150 }} onChange={(kind) => filter({ kind })} data-testid="requests-kind"
          options={[{ value: '', label: t('allKinds') }, ...REQUEST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]} />
        <Select aria-label={t('statusFilter')} value={query.status} style={{ width: 150 }} onChange={(status) => filter({ status })}
          options={[{ value: '', label: t('allStatuses') }, ...REQUEST_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} />
        <Select aria-label={t('sortFilter')} value={query.sort} style={{ width: 140 }} onChange={(sort) => filter({ sort })}
          options={[{ value: '-createdAt', label: t('newest') }, { value: 'createdAt', label: t('oldest') }]} />
      </Space>
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<RequestRowDto>
        rowKey={(r) => `${r.kind}-${r.id}`}
        loading={loading}
        dataSource={page?.items ?? []}
        pagination={false}
        scroll={wide ? { x: 1100 } : undefined}
        showHeader={wide}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
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
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-slate-500" data-testid="requests-total">{t('total', { total: page?.total ?? 0 })}</span>
        <Space>
          <Button disabled={cursors.length === 1} onClick={() => { setLoading(true); setCursors([undefined]); }}>{t('firstPage')}</Button>
          <Button disabled={cursors.length === 1} onClick={() => { setLoading(true); setCursors((c) => c.slice(0, -1)); }}>{t('previousPage')}</Button>
          <Button disabled={!page?.nextCursor} onClick={() => { const next = page?.nextCursor; if (next) { setLoading(true); setCursors((c) => [...c, next]); } }}>{t('nextPage')}</Button>
        </Space>
      </div>
      <RequestDrawer target={open} onClose={() => setOpen(null)} onChanged={reload} wide={wide} />
    </section>
  );
}

function RequestDrawer({ target, onClose, onChanged, wide }: { target: { kind: RequestKind; id: number } | null; onClose: () => void; onChanged: () => Promise<void>; wide: boolean }) {
  const t = useTranslations('adminRequests');
  const te = useTranslations('api.errors');
  const format = useFormatter();
  const [detail, setDetail] = useState<RequestDetailDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  const [form] = Form.useForm<{ body: string }>();
  const key = target ? `${target.kind}/${target.id}` : null;

  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!key) return;
    let live = true;
    adminApi<RequestDetailDto>('GET', `/api/admin/requests/${key}`).then(
      (d) => { if (live) { setDetail(d); setError(null); } },
      (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); },
    );
    return () => { live = false; };
  }, [key, round]);
  const load = useCallback(async () => setRound((r) => r + 1), []);
  const refresh = useCallback(async () => { await load(); await onChanged(); }, [load, onChanged]);
  const run = useAdminAction(refresh, form);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const shown = detail && key === `${detail.kind}/${detail.id}` ? detail : null;

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
                <Button key={s} size="small" onClick={() => run(() => adminApi('PUT', `/api/admin/requests/${key}/status`, { status: s }), t('statusChanged'))}>
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
              const ok = await run(async () => {
                const result = await adminApi<{ mailedTo: string | null }>('POST', `/api/admin/requests/${key}/reply`, { body });
                return result;
              }, shown.mailable ? t('replyMailed', { email: shown.email ?? '' }) : t('replyRecorded'));
              if (ok) form.resetFields();
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
