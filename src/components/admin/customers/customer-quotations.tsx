'use client';

import { Alert, Empty, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { QuotationRowDto } from '@/contracts/quotations';
import { Link } from '@/i18n/navigation';
import { adminApi } from '../admin-api';
import { STATE_COLOURS, yuan } from '../quotations/quotation-parts';

/** The quotations tab's label on a customer's record page. */
export function CustomerQuotationsLabel() {
  return <>{useTranslations('adminQuotations')('customerTab')}</>;
}

/** A customer's quotations (those the member may see), newest first, each opening its record page. */
export function CustomerQuotations({ companyId }: { companyId: number }) {
  const t = useTranslations('adminQuotations');
  const [rows, setRows] = useState<QuotationRowDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    adminApi<{ items: QuotationRowDto[] }>('GET', `/api/admin/quotations?companyId=${companyId}&limit=50`)
      .then((p) => { if (live) setRows(p.items); }, (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [companyId]);
  if (error) return <Alert type="error" title={error} />;
  return (
    <Table<QuotationRowDto> rowKey="id" size="small" loading={rows === null} dataSource={rows ?? []} pagination={false} scroll={{ x: 600 }} data-testid="customer-quotations"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
      columns={[
        { title: t('col.quoteNo'), dataIndex: 'quoteNo', render: (v: string, r) => <Link href={`/admin/quotations?id=${r.id}`}>{v}</Link> },
        { title: t('col.state'), dataIndex: 'state', render: (v: QuotationRowDto['state']) => <Tag color={STATE_COLOURS[v]}>{t(`status.${v}`)}</Tag> },
        { title: t('col.total'), dataIndex: 'totalCents', align: 'right', render: yuan },
        { title: t('col.validUntil'), dataIndex: 'validUntil', render: (v: string | null) => v ?? '—' },
        { title: t('col.owner'), dataIndex: 'ownerName', render: (v: string | null) => v ?? '—' },
      ]} />
  );
}
