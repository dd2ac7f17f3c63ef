'use client';

import { Alert, Button, Popconfirm, Table, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_ROWS_MAX, type ImportCommitDto, type ImportPreviewDto, type ImportPreviewRowDto } from '@/contracts/inventory-io';
import { Link } from '@/i18n/client-navigation';
import { apiRequest, multipart } from '@/lib/api/client';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * A lab's existing stock from Excel (ADR 0090): the template, a file checked row by row (each problem names
 * its row and column in both languages), the preview of what will be created, then the import in one go.
 */
export function ImportView() {
  const t = useTranslations('inventoryIo.importPage');
  const english = useLocale() === 'en';
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewDto | null>(null);
  const [done, setDone] = useState<ImportCommitDto | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (failure: unknown) => setError(failure instanceof Error ? failure.message : t('failed'));

  async function check(picked: File): Promise<void> {
    setFile(picked);
    setPreview(null);
    setDone(null);
    setError(null);
    if (picked.size > IMPORT_MAX_BYTES) {
      setError(t('tooLarge', { kib: IMPORT_MAX_BYTES / 1024 }));
      return;
    }
    setBusy('preview');
    try {
      setPreview(await apiRequest('post', '/api/app/inventory/import/preview', { body: { file: picked }, ...multipart } as never, { silent: true }));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  }

  async function commit(): Promise<void> {
    if (!file) return;
    setBusy('commit');
    setError(null);
    try {
      setDone(await apiRequest('post', '/api/app/inventory/import/commit', { body: { file }, ...multipart } as never, { silent: true }));
      setPreview(null);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  }

  const issues = preview?.issues ?? [];
  const rows = preview?.rows ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
        <li>
          {t('step1')}{' '}
          <a href="/api/app/inventory/import/template" className="text-brand-600 hover:underline" download data-testid="import-template">{t('template')}</a>
        </li>
        <li>{t('step2', { rows: IMPORT_ROWS_MAX })}</li>
        <li>{t('step3')}</li>
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex cursor-pointer items-center rounded border border-line px-3 py-1.5 text-sm hover:bg-brand-50 focus-within:outline focus-within:outline-2">
          <input
            ref={input} type="file" accept={ACCEPT} className="sr-only" data-testid="import-file"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              if (picked) void check(picked);
            }}
          />
          {t('choose')}
        </label>
        <span className="min-w-0 break-all text-sm text-muted" data-testid="import-file-name">{file ? file.name : t('noFile')}</span>
        {busy === 'preview' ? <span className="text-sm text-muted">{t('checking')}</span> : null}
      </div>
      {error ? <Alert type="error" showIcon message={error} data-testid="import-error" /> : null}
      {done ? (
        <Alert
          type="success" showIcon data-testid="import-done"
          message={t('done', { count: done.created, locations: done.locationsCreated })}
          description={<Link href="/account/inventory" className="text-brand-600 hover:underline">{t('toInventory')}</Link>}
        />
      ) : null}
      {preview && issues.length > 0 ? (
        <div data-testid="import-issues">
          <Alert type="warning" showIcon message={t('issues', { count: issues.length })} className="mb-2" />
          <ul className="max-h-72 space-y-1 overflow-auto rounded border border-line p-3 text-sm">
            {issues.map((i, n) => <li key={`${i.row}-${i.column}-${n}`} data-testid="import-issue">{english ? i.messageEn : i.messageZh}</li>)}
          </ul>
        </div>
      ) : null}
      {preview && rows.length > 0 ? (
        <div className="min-w-0" data-testid="import-preview">
          <p className="mb-2 text-sm">
            {t('ready', { count: rows.length })}
            {preview.newLocations.length > 0 ? ` ${t('newLocations', { count: preview.newLocations.length, names: preview.newLocations.join('、') })}` : ''}
          </p>
          <Table<ImportPreviewRowDto>
            size="small" rowKey="row" dataSource={rows} scroll={{ x: 900 }} pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: t('row'), dataIndex: 'row', width: 56 },
              { title: t('name'), dataIndex: 'name', render: (v: string, r) => <span>{v}{r.matched ? <Tag className="ml-1" color="blue">{t('matched')}</Tag> : null}</span> },
              { title: 'CAS', dataIndex: 'cas', width: 110 },
              { title: t('lot'), dataIndex: 'lotNo', width: 100 },
              { title: t('amount'), key: 'amount', width: 100, render: (_: unknown, r) => `${r.amount} ${r.unit}` },
              { title: t('received'), dataIndex: 'receivedOn', width: 110 },
              { title: t('expires'), dataIndex: 'expiresOn', width: 110, render: (v: string | null) => v ?? '—' },
              { title: t('location'), dataIndex: 'location', render: (v: string, r) => (v ? <span>{v}{r.newLocation ? <Tag className="ml-1" color="green">{t('new')}</Tag> : null}</span> : '—') },
              { title: t('owner'), dataIndex: 'owner', width: 100, render: (v: string) => v || '—' },
            ]}
          />
          <div className="mt-3">
            {issues.length > 0 ? (
              <p className="text-sm text-muted">{t('fixFirst')}</p>
            ) : (
              <Popconfirm title={t('confirm', { count: rows.length })} okText={t('commit')} cancelText={t('cancel')} onConfirm={() => void commit()}>
                <Button type="primary" loading={busy === 'commit'} data-testid="import-commit">{t('commit')}</Button>
              </Popconfirm>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
