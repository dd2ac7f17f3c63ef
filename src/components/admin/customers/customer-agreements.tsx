'use client';

import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { AgreementRowDto } from '@/contracts/price-agreements';
import { Link } from '@/i18n/navigation';
import { useApiQuery } from '@/lib/api/query';
import { AGREEMENT_COLOURS } from '../price-agreements/agreement-parts';
import { CustomerTabTable, tabQuery } from './customer-tab-table';

/** The price agreements tab on a customer's record page (shown to members who hold PRICE.EDIT). */
export function agreementsTab(companyId: number) {
  return { key: 'agreements', label: <AgreementsLabel />, children: <CustomerAgreements companyId={companyId} /> };
}

function AgreementsLabel() {
  return <>{useTranslations('adminAgreements')('customerTab')}</>;
}

/** A customer's agreements, newest first, each opening its record page; a link opens the new-agreement form for the customer. */
function CustomerAgreements({ companyId }: { companyId: number }) {
  const rows = useApiQuery('get', '/api/admin/price-agreements', tabQuery(companyId));
  const t = useTranslations('adminAgreements');
  return (
    <div className="space-y-2">
      <Link href={`/admin/price-agreements?newFor=${companyId}`}><Button icon={<PlusOutlined />} data-testid="customer-agreement-new">{t('newForCustomer')}</Button></Link>
      <CustomerTabTable rows={rows} testId="customer-agreements" empty={t('empty')}
        columns={[
          { title: t('col.agreementNo'), dataIndex: 'agreementNo', render: (v: string, r) => <Link href={`/admin/price-agreements?id=${r.id}`}>{v}</Link> },
          { title: t('col.name'), dataIndex: 'name' },
          { title: t('col.state'), dataIndex: 'state', render: (v: AgreementRowDto['state']) => <Tag color={AGREEMENT_COLOURS[v]}>{t(`status.${v}`)}</Tag> },
          { title: t('col.period'), key: 'p', render: (_: unknown, r) => `${r.validFrom} ~ ${r.validTo}` },
          { title: t('col.rules'), dataIndex: 'ruleCount', align: 'right' },
        ]} />
    </div>
  );
}
