'use client';

import { Alert, App, Button, Empty, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { ImportJobDto, ImportJobListDto, ImportJobStatus } from '@/contracts/catalog-import';
import { adminApi, toQuery } from '../admin-api';
import { ImportUploadButton } from './import-upload-button';

const PAGE_SIZE = 20;
/** How often the list is read again while a job is queued or running. */
const POLL_MS = 1500;

const STATUS_COLOURS: Record<ImportJobStatus, string> = {
  queued: 'default', running: 'processing', succeeded: 'success', failed: 'error', cancelled: 'warning',
};

function fetchJobs(): Promise<ImportJobListDto> {
  return adminApi<ImportJobListDto>('GET', `/api/admin/catalog/imports${toQuery({ limit: PAGE_SIZE })}`);
}

/** While a job is queued or running, the list is read again every POLL_MS. */
function usePolling(active: boolean, apply: (page: ImportJobListDto) => void, fail: (e: unknown) => void) {
  useEffect(() => {
    if (!active) return;
    let live = true;
    const timer = setInterval(() => {
      fetchJobs().then((page) => { if (live) apply(page); }, (e: unknown) => { if (live) fail(e); });
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [active, apply, fail]);
}

/**
 * `/catalog/imports`: upload an import file, and the jobs with a live progress bar (ADR 0034). The
 * jobs live on the server, so a reload — or a server restart on PostgreSQL — shows the same progress;
 * the page polls while any job is queued or running.
 */
export function ImportsView() {
  const t = useTranslations('adminImports');
  const format = useFormatter();
  const { message } = App.useApp();
  const [jobs, setJobs] = useState<ImportJobDto[] | null>(null);
  const [extra, setExtra] = useState<ImportJobDto[]>([]);
  const [nextCursor, setNextCursor] = useState<number | null>(null);
  const [active, setActive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  const apply = useCallback((page: ImportJobListDto) => {
    setJobs(page.items);
    setActive(page.active);
    setError(null);
    setNextCursor((c) => (extra.length > 0 ? c : page.nextCursor));
  }, [extra.length]);
  const fail = useCallback((e: unknown) => setError(e instanceof Error ? e.message : String(e)), []);

  useEffect(() => {
    let live = true;
    fetchJobs().then((page) => { if (live) apply(page); }, (e: unknown) => { if (live) fail(e); });
    return () => { live = false; };
  }, [apply, fail, round]);

  usePolling(active, apply, fail);

  async function more() {
    if (nextCursor === null) return;
    const page = await adminApi<ImportJobListDto>('GET', `/api/admin/catalog/imports${toQuery({ limit: PAGE_SIZE, cursor: nextCursor })}`);
    setExtra((e) => [...e, ...page.items]);
    setNextCursor(page.nextCursor);
  }

  async function cancel(job: ImportJobDto) {
    try {
      await adminApi('POST', `/api/admin/catalog/imports/${job.id}/cancel`);
      void message.success(t('cancelledToast'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
    setRound((r) => r + 1);
  }

  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short' }) : '');
  const shownIds = new Set((jobs ?? []).map((j) => j.id));
  const rows = [...(jobs ?? []), ...extra.filter((j) => !shownIds.has(j.id))];

  return (
    <section className="rounded-lg bg-white p-4" data-testid="imports-view">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <ImportUploadButton primary onUploaded={() => { setActive(true); setRound((r) => r + 1); }} />
          <Button onClick={() => setRound((r) => r + 1)}>{t('refresh')}</Button>
        </Space>
      </div>
      <Typography.Paragraph type="secondary" className="mb-1">{t('intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="mb-3 text-xs">{t('uploadHint')}</Typography.Paragraph>
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<ImportJobDto>
        rowKey="id" size="middle" dataSource={rows} loading={jobs === null} pagination={false} scroll={{ x: 880 }}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
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
                  <Popconfirm title={t('cancelConfirm')} okText={t('cancelOk')} cancelText={t('cancelBack')} okButtonProps={{ danger: true }} onConfirm={() => cancel(j)}>
                    <Button size="small" danger>{t('cancel')}</Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {nextCursor !== null && <div className="mt-3 text-center"><Button onClick={() => void more()}>{t('loadMore')}</Button></div>}
    </section>
  );
}
