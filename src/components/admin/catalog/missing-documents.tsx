'use client';

import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Grid, Pagination, Spin, Table } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { MissingDocumentDto } from '@/contracts/product-documents';
import { useApiMutation, useApiQuery } from '@/lib/api/query';

const MISSING = '/api/admin/catalog/documents/missing';
const PAGE_SIZE = 20;

/**
 * Over the product list when uploaded documents' files are gone from the store (ADR 0063): how many, and
 * the list of them (product, document, where it was stored, since when), with a check that looks again.
 * Opening a product takes staff to its drawer, where a new version (or the lot's COA) is uploaded.
 */
export function MissingDocumentsAlert({ onOpenProduct }: { onOpenProduct: (productId: number) => void }) {
  const t = useTranslations('adminDocuments');
  const count = useApiQuery('get', MISSING, { params: { query: { limit: 1, offset: 1 } } });
  const [open, setOpen] = useState(false);
  const total = count.data?.total ?? 0;
  if (total === 0 && !open) return null;
  return (
    <>
      {total > 0 && (
        <Alert type="warning" showIcon className="mb-3" title={t('missingAlert', { count: total })} data-testid="documents-missing-alert"
          action={<Button size="small" onClick={() => setOpen(true)} data-testid="documents-missing-show">{t('missingShow')}</Button>} />
      )}
      {open && <MissingDocumentsDrawer onClose={() => setOpen(false)} onOpenProduct={(id) => { setOpen(false); onOpenProduct(id); }} />}
    </>
  );
}

function MissingDocumentsDrawer({ onClose, onOpenProduct }: { onClose: () => void; onOpenProduct: (productId: number) => void }) {
  const t = useTranslations('adminDocuments');
  const format = useFormatter();
  const wide = Grid.useBreakpoint().md === true;
  const [page, setPage] = useState(1);
  const query = useApiQuery('get', MISSING, { params: { query: { limit: PAGE_SIZE, offset: page } } });
  const check = useApiMutation('post', '/api/admin/catalog/documents/check', { invalidates: [MISSING, '/api/admin/catalog/products/{id}/documents'] });
  const [result, setResult] = useState<string | null>(null);
  const data = query.data ?? null;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const kind = (k: string) => t(`kinds.${k}` as 'kinds.msds');

  const recheck = async () => {
    const done = await check.send({ body: {} });
    if (done) setResult(t('checked', done.data));
  };

  const columns = [
    { title: t('product'), key: 'product', render: (_: unknown, d: MissingDocumentDto) => (
      <Button type="link" className="h-auto p-0 text-left" onClick={() => onOpenProduct(d.productId)} data-testid="missing-open-product">
        <span className="font-mono text-xs">{d.itemNo}</span> <span className="whitespace-normal">{d.productName}</span>
      </Button>
    ) },
    { title: t('title'), key: 'title', render: (_: unknown, d: MissingDocumentDto) => (
      <div>
        <div>{kind(d.kind)}{d.lotNo ? ` ${d.lotNo}` : ''} · {t(`langs.${d.lang === 'en' ? 'en' : 'zh'}`)} · {t('version')} {d.version}</div>
        <div className="text-xs text-slate-500">{d.title}</div>
      </div>
    ) },
    { title: t('path'), dataIndex: 'filePath', key: 'path', render: (v: string) => <span className="break-all font-mono text-xs">{v}</span> },
    { title: t('missingSince'), dataIndex: 'missingSince', key: 'since', render: (v: string) => when(v) },
  ];

  return (
    <Drawer open onClose={onClose} width={wide ? 960 : '100%'} title={t('missingTitle')} destroyOnHidden
      extra={<Button icon={<ReloadOutlined />} loading={check.isPending} onClick={() => void recheck()} data-testid="documents-check">{t('check')}</Button>}>
      <p className="mb-3 text-xs text-slate-500">{t('missingHint')}</p>
      {result && <Alert type="info" title={result} className="mb-3" data-testid="documents-check-result" />}
      {query.error && <Alert type="error" title={query.error.message} className="mb-3" />}
      <Spin spinning={data === null && !query.error}>
        {data?.total === 0 && <Empty description={t('missingNone')} />}
        {data && data.total > 0 && (wide ? (
          <Table<MissingDocumentDto> rowKey="id" size="small" pagination={false} columns={columns} dataSource={data.list}
            onRow={() => ({ 'data-testid': 'missing-row' } as React.HTMLAttributes<HTMLElement>)} />
        ) : (
          <ul className="space-y-2">
            {data.list.map((d) => (
              <li key={d.id} className="rounded border border-slate-200 p-2 text-sm" data-testid="missing-row">
                {columns[0]?.render?.(d.itemNo, d)}
                <div className="mt-1">{columns[1]?.render?.(d.title, d)}</div>
                <div className="mt-1 break-all font-mono text-xs text-slate-500">{d.filePath}</div>
                <div className="mt-1 text-xs text-slate-500">{t('missingSince')} {when(d.missingSince)}</div>
              </li>
            ))}
          </ul>
        ))}
        {data && data.total > PAGE_SIZE && (
          <div className="mt-3 flex justify-center">
            <Pagination current={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} size="small" />
          </div>
        )}
      </Spin>
    </Drawer>
  );
}
