'use client';

import { Alert, App, Button, Empty, Form, Grid, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { labelColon } from '@/lib/label-colon';
import { useState } from 'react';
import { COMMENT_REPLY_MAX, COMMENT_STATUSES, type AdminCommentDto, type CommentStatus } from '@/contracts/content-moderation';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useViewQuery } from '../use-view-query';
import { RecordHistory } from '../common/record-history';
import { pagination } from '../common/table-parts';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { key: '', status: 'pending', sort: '-createdAt', page: '1' };
const PAGE_SIZE = 20;
const STATUS_COLOURS: Record<CommentStatus, string> = { pending: 'gold', approved: 'green', hidden: 'default' };
/** Moderating a comment changes the queue alone (the storefront reads its own API). */
const COMMENT_READS = ['/api/admin/cms/comments'] as const;
const DETAIL_PATHS: Record<string, string> = { news: '/news/detail', application: '/applications/detail', citation: '/citations/detail', support: '/support/detail' };

/**
 * `/content/comments` (CONTENT.EDIT, ADR 0036): the comment moderation queue, pending first by default,
 * with a status filter, search and sort; each comment is approved (shown on the storefront), hidden
 * after a confirmation, or answered with a reply shown under it. Every action is audited.
 */
export function CommentsView() {
  const t = useTranslations('adminComments');
  const locale = useLocale();
  const format = useFormatter();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const list = useApiQuery('get', '/api/admin/cms/comments', { params: { query: {
    key: query.key || undefined, status: COMMENT_STATUSES.find((s) => s === query.status), sort: query.sort === 'createdAt' ? 'createdAt' : '-createdAt',
    limit: PAGE_SIZE, offset: query.page,
  } } });
  const table = useTableState(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const pending = list.data?.pending ?? 0;
  const [replying, setReplying] = useState<AdminCommentDto | null>(null);
  const [history, setHistory] = useState<AdminCommentDto | null>(null);
  const { message } = App.useApp();
  const moderate = useApiMutation('post', '/api/admin/cms/comments/{id}/status', { invalidates: COMMENT_READS });
  const wide = Grid.useBreakpoint().md !== false;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });
  const titleOf = (c: AdminCommentDto) => (locale === 'en' ? c.contentTitleEn : c.contentTitleZh) || c.contentTitleZh;
  const statusTag = (s: CommentStatus) => <Tag color={STATUS_COLOURS[s]} data-testid="comment-status">{t(`statuses.${s}`)}</Tag>;
  const act = async (c: AdminCommentDto, action: 'approve' | 'hide') => {
    if (await moderate.send({ params: { path: { id: c.id } }, body: { action } })) void message.success(action === 'approve' ? t('approvedDone') : t('hiddenDone'));
  };

  const item = (c: AdminCommentDto) => (
    <a href={`/${locale}${DETAIL_PATHS[c.contentKind] ?? '/news/detail'}?id=${c.contentId}`} target="_blank" rel="noreferrer" className="break-words">{titleOf(c)}</a>
  );
  const body = (c: AdminCommentDto) => (
    <div className="min-w-0">
      <p className="m-0 whitespace-pre-line break-words" data-testid="comment-body">{c.body}</p>
      {c.reply && (
        <p className="m-0 mt-1 whitespace-pre-line break-words border-l-2 border-blue-400 pl-2 text-xs text-slate-600" data-testid="comment-reply">
          {t('replyBy', { name: c.replyStaffName ?? '' })}{c.reply}
        </p>
      )}
    </div>
  );
  const actions = (c: AdminCommentDto) => (
    <Space wrap size={4}>
      {c.actions.includes('approve') && <Button size="small" type="primary" onClick={() => void act(c, 'approve')} aria-label={`${t('approve')} #${c.id}`} data-testid="comment-approve">{t('approve')}</Button>}
      {c.actions.includes('reply') && <Button size="small" onClick={() => setReplying(c)} aria-label={`${t('reply')} #${c.id}`} data-testid="comment-reply-open">{c.reply ? t('editReply') : t('reply')}</Button>}
      {c.actions.includes('hide') && (
        <Popconfirm title={t('confirmHide')} okText={t('hide')} cancelText={t('cancel')} onConfirm={() => void act(c, 'hide')}>
          <Button size="small" danger aria-label={`${t('hide')} #${c.id}`} data-testid="comment-hide">{t('hide')}</Button>
        </Popconfirm>
      )}
      <Button size="small" type="link" onClick={() => setHistory(c)}>{t('history')}</Button>
    </Space>
  );

  return (
    <section className="rounded-lg bg-white p-4" data-testid="comments-view">
      <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key} style={{ width: 280, maxWidth: '100%' }}
          onSearch={(key) => setQuery({ key, page: '1' })} data-testid="comments-search" />
        <Select aria-label={t('statusFilter')} value={query.status} style={{ width: 150 }} onChange={(status) => setQuery({ status, page: '1' })} data-testid="comments-status"
          options={[{ value: '', label: t('allStatuses') }, ...COMMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} />
        <Select aria-label={t('sortFilter')} value={query.sort} style={{ width: 140 }} onChange={(sort) => setQuery({ sort, page: '1' })}
          options={[{ value: '-createdAt', label: t('newest') }, { value: 'createdAt', label: t('oldest') }]} />
        <Tag color={pending > 0 ? 'gold' : 'default'} data-testid="comments-pending">{t('pendingCount', { count: pending })}</Tag>
      </Space>
      <Table<AdminCommentDto>
        rowKey="id"
        {...table}
        dataSource={list.data?.items}
        pagination={pagination(query.page, PAGE_SIZE, list.data?.total ?? 0, (page) => setQuery({ page }))}
        scroll={wide ? { x: 1000 } : undefined}
        showHeader={wide}
        onRow={(c) => ({ 'data-testid': `comment-row-${c.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={wide ? [
          { title: t('createdAt'), dataIndex: 'createdAt', width: 130, render: (v: string) => when(v) },
          { title: t('status'), dataIndex: 'status', width: 90, render: statusTag },
          { title: t('item'), key: 'item', width: 220, render: (_: unknown, c) => item(c) },
          { title: t('author'), dataIndex: 'author', width: 130, render: (v: string) => <span className="break-words">{v}</span> },
          { title: t('comment'), key: 'body', render: (_: unknown, c) => body(c) },
          { title: t('actions'), key: 'actions', width: 230, render: (_: unknown, c) => actions(c) },
        ] : [
          {
            key: 'all', render: (_: unknown, c) => (
              <div className="space-y-1">
                <div className="flex flex-wrap items-center gap-1">{statusTag(c.status)}<span className="text-xs text-slate-500">{when(c.createdAt)} · {c.author}</span></div>
                <div className="text-sm">{item(c)}</div>
                {body(c)}
                {actions(c)}
              </div>
            ),
          },
        ]}
      />
      <ReplyModal comment={replying} onClose={() => setReplying(null)} />
      <RecordHistory entity="comment" entityId={history?.id ?? null} title={history ? `${history.author}: ${history.body.slice(0, 30)}` : ''} onClose={() => setHistory(null)} />
    </section>
  );
}

function ReplyModal({ comment, onClose }: { comment: AdminCommentDto | null; onClose: () => void }) {
  const t = useTranslations('adminComments');
  const locale = useLocale();
  const te = useTranslations('api.errors');
  const [form] = Form.useForm<{ reply: string }>();
  const send = useApiMutation('post', '/api/admin/cms/comments/{id}/reply', { invalidates: COMMENT_READS, form, success: t('replied') });
  const { saving, onFinish } = useFormSave(async ({ reply }: { reply: string }) => {
    if (!comment) return;
    if (await send.send({ params: { path: { id: comment.id } }, body: { reply } })) onClose();
  });
  return (
    <FormModal open={comment !== null} title={t('replyTitle')} onCancel={onClose} destroyOnHidden okText={t('sendReply')} cancelText={t('cancel')}
      confirmLoading={saving} onOk={() => form.submit()} okButtonProps={{ 'data-testid': 'comment-reply-send' } as React.ComponentProps<typeof Button>}>
      {comment && (
        <Form form={form} layout="vertical" initialValues={{ reply: comment.reply ?? '' }} preserve={false} onFinish={onFinish}>
          <p className="mb-3 whitespace-pre-line break-words rounded bg-slate-50 p-2 text-sm">{comment.author}{labelColon(locale)}{comment.body}</p>
          {comment.status === 'pending' && <Alert className="mb-3" type="info" title={t('replyApproves')} />}
          <Form.Item name="reply" label={t('reply')} rules={[{ required: true, whitespace: true, message: te('commentReplyRequired') }, { max: COMMENT_REPLY_MAX, message: te('commentReplyTooLong') }]}>
            <Input.TextArea rows={4} maxLength={COMMENT_REPLY_MAX} showCount data-testid="comment-reply-body" />
          </Form.Item>
        </Form>
      )}
    </FormModal>
  );
}
