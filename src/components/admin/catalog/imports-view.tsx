'use client';

import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ImportJobDto, ImportJobStatus } from '@/contracts/catalog-import';
import { useTableState } from '@/components/data/query-state';
import { apiQuery, useApiMutation } from '@/lib/api/query';
import { ImportUploadButton } from './import-upload-button';

const PAGE_SIZE = 20;
/** How often the list is read again while a job is queued or running. */
const POLL_MS = 1500;
const IMPORTS = '/api/admin/catalog/imports';

const STATUS_COLOURS: Record<ImportJobStatus, string> = {
  queued: 'default', running: 'processing', succeeded: 'success', failed: 'error', cancelled: 'warning',
};

/**
 * The newest jobs, read again every POLL_MS while a job is queued or running, and the older pages
 * "Load more" added (each from the cursor the page before it answered).
 */
function useJobs() {
  const first = useQuery({
    ...apiQuery('get', IMPORTS, { params: { query: { limit: PAGE_SIZE } } }),
    refetchInterval: (query) => (query.state.data?.active ? POLL_MS : false),
  });
  const [cursors, setCursors] = useState<number[]>([]);
  const older = useQueries({ queries: cursors.map((cursor) => apiQuery('get', IMPORTS, { params: { query: { limit: PAGE_SIZE, cursor } } })) });
  const pages = [first.data, ...older.map((page) => page.data)];
  const last = pages[pages.length - 1];
  const nextCursor = last?.nextCursor ?? null;
  // A job on two pages (new jobs pushed it down) shows once, as the newer page has it.
  const rows: ImportJobDto[] = [];
  const seen = new Set<number>();
  for (const job of pages.flatMap((page) => page?.items ?? [])) {
    if (!seen.has(job.id)) rows.push(job);
    seen.add(job.id);
  }
  return { first, rows, more: nextCursor === null ? null : () => setCursors((c) => [...c, nextCursor]) };
}

/**
 * `/catalog/imports`: upload an import file, and the jobs with a live progress bar (ADR 0034). The
 * jobs live on the server, so a reload — or a server restart on PostgreSQL — shows the same progress;
 * the page polls while any job is queued or running.
 */
export function ImportsView() {
  const t = useTranslations('adminImports');
  const format = useFormatter();
  const { first, rows, more } = useJobs();
  const table = useTableState(first, <Empty description={t('empty')} />);
  const cancel = useApiMutation('post', '/api/admin/catalog/imports/{id}/cancel', { invalidates: [IMPORTS, '/api/admin/catalog/imports/{id}'], success: t('cancelledToast') });

  async function cancelJob(job: ImportJobDto) {
    // Refused (the job ended meanwhile): the list shows how it ended.
    if (!(await cancel.send({ params: { path: { id: job.id } } }))) void first.refetch();
  }

  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short' }) : '');

  return (
    <section className="rounded-lg bg-white p-4" data-testid="imports-view">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <ImportUploadButton primary />
          <Button onClick={() => void first.refetch()}>{t('refresh')}</Button>
        </Space>
      </div>
      <Typography.Paragraph type="secondary" className="mb-1">{t('intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="mb-3 text-xs">{t('uploadHint')}</Typography.Paragraph>
      {first.error && first.data && <Alert type="error" title={first.error.message} className="mb-3" />}
      <Table<ImportJobDto>
        rowKey="id" size="middle" dataSource={rows} {...table} loading={first.isPending} pagination={false} scroll={{ x: 880 }}
        columns={[
          {
            title: t('table.file'), key: 'file', width: 220,
            render: (_, j) => (
              <div className="min-w-0">
                <div className="truncate font-medium" title={j.fileName}>{j.fileName}</div>
                <div className="text-xs text-slate-500">{j.format.toUpperCase()} · {format.number(Math.max(1, Math.round(j.fileSize / 1024)))} KB</div>
              </div>
            ),
          },
          { title: t('table.staff'), dataIndex: 'staffName', width: 110 },
          { title: t('table.status'), key: 'status', width: 110, render: (_, j) => <Tag color={STATUS_COLOURS[j.status]} data-testid="import-status">{t(`status.${j.status}`)}</Tag> },
          {
            title: t('table.progress'), key: 'progress', width: 200,
            render: (_, j) => (
              <div>
                <Progress percent={j.progress} size="small" data-testid="import-progress"
                  status={j.status === 'failed' ? 'exception' : j.status === 'succeeded' ? 'success' : j.status === 'running' ? 'active' : 'normal'} />
                <div className="text-xs text-slate-500">{t('counts.rows', { count: j.rowsDone })}</div>
                {j.failure && <div className="text-xs text-red-600">{t(`failure.${j.failure as 'internal'}`)}</div>}
              </div>
            ),
          },
          {
            title: t('table.counts'), key: 'counts', width: 200,
            render: (_, j) => (
              <Space size={[4, 2]} wrap data-testid="import-counts">
                <Tag color="green">{t('counts.created', { count: j.created })}</Tag>
                <Tag color="blue">{t('counts.updated', { count: j.updated })}</Tag>
                <Tag>{t('counts.unchanged', { count: j.unchanged })}</Tag>
                {j.failed > 0 && <Tag color="red">{t('counts.failed', { count: j.failed })}</Tag>}
              </Space>
            ),
          },
          { title: t('table.createdAt'), key: 'createdAt', width: 130, render: (_, j) => when(j.createdAt) },
          {
            title: t('table.actions'), key: 'actions', width: 170, fixed: 'right',
            render: (_, j) => (
              <Space wrap size={4}>
                {j.errorReportUrl && <a href={j.errorReportUrl} download data-testid="import-error-report">{t('errorReport')}</a>}
                {j.errorReportUrl && <a href={`${j.errorReportUrl}?format=xlsx`} download data-testid="import-error-report-xlsx">{t('errorReportXlsx')}</a>}
                {(j.status === 'queued' || j.status === 'running') && (
                  <Popconfirm title={t('cancelConfirm')} okText={t('cancelOk')} cancelText={t('cancelBack')} okButtonProps={{ danger: true }} onConfirm={() => cancelJob(j)}>
                    <Button size="small" danger>{t('cancel')}</Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {more && <div className="mt-3 text-center"><Button onClick={more}>{t('loadMore')}</Button></div>}
    </section>
  );
}
