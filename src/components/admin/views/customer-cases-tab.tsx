'use client';

import { Alert, Empty, Table, Tag } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { CaseRowDto } from '@/contracts/crm';
import { Link } from '@/i18n/navigation';
import { adminApi } from '../admin-api';
import { CASE_COLOURS } from './case-colours';
import { money } from './crm-common';

function TabLabel() {
  return <>{useTranslations('adminCases')('customerTab')}</>;
}

/** The testing cases tab of a customer's record page: one tab item, so the record view adds it in one line. */
export function casesTab(companyId: number) {
  return { key: 'cases', label: <TabLabel />, children: <CustomerCases companyId={companyId} /> };
}

/** The customer's testing cases the member may see (CASE.EDIT, owner-scoped), newest first, each opening the cases list on its number. */
function CustomerCases({ companyId }: { companyId: number }) {
  const t = useTranslations('adminCases');
  const format = useFormatter();
  const [state, setState] = useState<{ id: number; items: CaseRowDto[]; error: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    adminApi<{ items: CaseRowDto[] }>('GET', `/api/admin/cases?companyId=${companyId}&limit=50`).then(
      (p) => { if (live) setState({ id: companyId, items: p.items, error: null }); },
      (e: unknown) => { if (live) setState({ id: companyId, items: [], error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [companyId]);
  const shown = state?.id === companyId ? state : null;
  if (shown?.error) return <Alert type="warning" title={shown.error} />;
  return (
    <Table<CaseRowDto> rowKey="id" size="small" loading={!shown} dataSource={shown?.items ?? []} pagination={false} scroll={{ x: 'max-content' }} data-testid="customer-cases"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customerTabEmpty')} /> }}
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
