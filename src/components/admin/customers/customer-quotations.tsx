'use client';

import { Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { QuotationRowDto } from '@/contracts/quotations';
import { Link } from '@/i18n/navigation';
import { STATE_COLOURS, yuan } from '../quotations/quotation-parts';
import { useApiQuery } from '@/lib/api/query';
import { CustomerTabTable, tabQuery } from './customer-tab-table';

/** The quotations tab's label on a customer's record page. */
export function CustomerQuotationsLabel() {
  return <>{useTranslations('adminQuotations')('customerTab')}</>;
}

/** A customer's quotations (those the member may see), newest first, each opening its record page. */
export function CustomerQuotations({ companyId }: { companyId: number }) {
  const rows = useApiQuery('get', '/api/admin/quotations', tabQuery(companyId));
  const t = useTranslations('adminQuotations');
  return (
    <CustomerTabTable rows={rows} testId="customer-quotations" empty={t('empty')}
      columns={[
        { title: t('col.quoteNo'), dataIndex: 'quoteNo', render: (v: string, r) => <Link href={`/admin/quotations?id=${r.id}`}>{v}</Link> },
        { title: t('col.state'), dataIndex: 'state', render: (v: QuotationRowDto['state']) => <Tag color={STATE_COLOURS[v]}>{t(`status.${v}`)}</Tag> },
        { title: t('col.total'), dataIndex: 'totalCents', align: 'right', render: yuan },
        { title: t('col.validUntil'), dataIndex: 'validUntil', render: (v: string | null) => v ?? '—' },
        { title: t('col.owner'), dataIndex: 'ownerName', render: (v: string | null) => v ?? '—' },
      ]} />
  );
}
