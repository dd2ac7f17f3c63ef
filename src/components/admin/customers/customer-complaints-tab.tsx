'use client';

import { Tag } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import type { ComplaintRowDto } from '@/contracts/complaints';
import { Link } from '@/i18n/navigation';
import { COMPLAINT_COLOURS } from '../complaints/complaint-colours';
import { money } from '../common/keyset-list';
import { useApiQuery } from '@/lib/api/query';
import { CustomerTabTable, tabQuery } from './customer-tab-table';

function TabLabel() {
  return <>{useTranslations('adminComplaints')('customerTab')}</>;
}

/** The complaints tab of a customer's record page (ADR 0041): one tab item, so the record view adds it in one line. */
export function complaintsTab(companyId: number) {
  return { key: 'complaints', label: <TabLabel />, children: <CustomerComplaints companyId={companyId} /> };
}

/** The customer's complaints the member may see (COMPLAINT.EDIT), newest first, each linking to its record page. */
function CustomerComplaints({ companyId }: { companyId: number }) {
  const rows = useApiQuery('get', '/api/admin/complaints', tabQuery(companyId));
  const t = useTranslations('adminComplaints');
  const format = useFormatter();
  return (
    <CustomerTabTable rows={rows} testId="customer-complaints" empty={t('customerTabEmpty')}
      columns={[
        { title: t('col.no'), dataIndex: 'complaintNo', render: (v: string, r) => <Link href={`/admin/complaints?id=${r.id}`}>{v}</Link> },
        { title: t('col.order'), dataIndex: 'orderNo' },
        { title: t('col.applied'), dataIndex: 'appliedRefund', align: 'right', render: (v: string) => money(v) },
        { title: t('col.approved'), dataIndex: 'approvedRefund', align: 'right', render: (v: string | null) => (v ? money(v) : '—') },
        { title: t('col.status'), dataIndex: 'status', render: (s: ComplaintRowDto['status']) => <Tag color={COMPLAINT_COLOURS[s]}>{t(`status.${s}`)}</Tag> },
        { title: t('col.createdAt'), dataIndex: 'createdAt', render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium' }) },
      ]} />
  );
}
