'use client';

import { Tag } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import type { CaseRowDto } from '@/contracts/cases';
import { Link } from '@/i18n/navigation';
import { CASE_COLOURS } from '../cases/case-colours';
import { money } from '../common/keyset-list';
import { useApiQuery } from '@/lib/api/query';
import { CustomerTabTable, tabQuery } from './customer-tab-table';

function TabLabel() {
  return <>{useTranslations('adminCases')('customerTab')}</>;
}

/** The testing cases tab of a customer's record page: one tab item, so the record view adds it in one line. */
export function casesTab(companyId: number) {
  return { key: 'cases', label: <TabLabel />, children: <CustomerCases companyId={companyId} /> };
}

/** The customer's testing cases the member may see (CASE.EDIT, owner-scoped), newest first, each opening the cases list on its number. */
function CustomerCases({ companyId }: { companyId: number }) {
  const rows = useApiQuery('get', '/api/admin/cases', tabQuery(companyId));
  const t = useTranslations('adminCases');
  const format = useFormatter();
  return (
    <CustomerTabTable rows={rows} testId="customer-cases" empty={t('customerTabEmpty')}
      columns={[
        { title: t('col.caseNo'), dataIndex: 'caseNo', render: (v: string) => <Link href={`/admin/cases?key=${encodeURIComponent(v)}`}>{v}</Link> },
        { title: t('col.samples'), dataIndex: 'samples', ellipsis: true },
        { title: t('col.testFee'), dataIndex: 'testFee', align: 'right', render: (v: string) => money(v) },
        { title: t('col.serviceFee'), dataIndex: 'serviceFee', align: 'right', render: (v: string) => money(v) },
        { title: t('col.status'), dataIndex: 'status', render: (s: CaseRowDto['status']) => <Tag color={CASE_COLOURS[s]}>{t(`status.${s}`)}</Tag> },
        { title: t('col.createdAt'), dataIndex: 'createdAt', render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium' }) },
      ]} />
  );
}
