'use client';

import { Alert, Empty, Table, Tag } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { ComplaintRowDto } from '@/contracts/complaints';
import { Link } from '@/i18n/navigation';
import { adminApi } from '../admin-api';
import { COMPLAINT_COLOURS } from './complaint-colours';
import { money } from './crm-common';

function TabLabel() {
  return <>{useTranslations('adminComplaints')('customerTab')}</>;
}

/** The complaints tab of a customer's record page (ADR 0041): one tab item, so the record view adds it in one line. */
export function complaintsTab(companyId: number) {
  return { key: 'complaints', label: <TabLabel />, children: <CustomerComplaints companyId={companyId} /> };
}

/** The customer's complaints the member may see (COMPLAINT.EDIT), newest first, each linking to its record page. */
function CustomerComplaints({ companyId }: { companyId: number }) {
  const t = useTranslations('adminComplaints');
  const format = useFormatter();
  const [state, setState] = useState<{ id: number; items: ComplaintRowDto[]; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    adminApi<{ items: ComplaintRowDto[] }>('GET', `/api/admin/complaints?companyId=${companyId}&limit=50`).then(
      (p) => { if (live) setState({ id: companyId, items: p.items, error: null }); },
      (e: unknown) => { if (live) setState({ id: companyId, items: [], error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [companyId]);
  const shown = state?.id === companyId ? state : null;
  if (shown?.error) return <Alert type="warning" title={shown.error} />;
  return (
    <Table<ComplaintRowDto> rowKey="id" size="small" loading={!shown} dataSource={shown?.items ?? []} pagination={false} scroll={{ x: 'max-content' }} data-testid="customer-complaints"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customerTabEmpty')} /> }}
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
