'use client';

import { Button, Tag } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ContractRowDto } from '@/contracts/contracts';
import { Link, useRouter } from '@/i18n/client-navigation';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { CONTRACT_COLOURS } from '../contracts/contract-colours';
import { money } from '../common/keyset-list';
import { CustomerTabTable, tabQuery } from './customer-tab-table';

function TabLabel() {
  return <>{useTranslations('adminContracts')('customerTab')}</>;
}

/** The contracts tab of a customer's record page (ADR 0044): one tab item, so the record view adds it in one line. */
export function contractsTab(companyId: number) {
  return { key: 'contracts', label: <TabLabel />, children: <CustomerContracts companyId={companyId} /> };
}

/** The customer's contracts the member may see (CONTRACT.EDIT), newest first, each linking to its record page. */
function CustomerContracts({ companyId }: { companyId: number }) {
  const rows = useApiQuery('get', '/api/admin/contracts', tabQuery(companyId));
  const t = useTranslations('adminContracts');
  const tc = useTranslations('adminCommon');
  const format = useFormatter();
  return (
    <CustomerTabTable rows={rows} testId="customer-contracts" empty={tc('empty')}
      columns={[
        { title: t('col.no'), dataIndex: 'contractNo', render: (v: string, r) => <Link href={`/admin/contracts?id=${r.id}`}>{v}</Link> },
        { title: t('col.title'), dataIndex: 'title' },
        { title: t('col.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => money(v) },
        { title: t('col.state'), dataIndex: 'state', render: (s: ContractRowDto['state']) => <Tag color={CONTRACT_COLOURS[s]}>{t(`state.${s}`)}</Tag> },
        { title: t('col.createdAt'), dataIndex: 'createdAt', render: (v: string) => format.dateTime(new Date(v), { dateStyle: 'medium' }) },
      ]} />
  );
}

/** "Create contract" on an accepted quotation's record page: makes the draft and opens its record page. */
export function ContractFromQuotationButton({ quotationId, state }: { quotationId: number; state: string }) {
  const t = useTranslations('adminContracts');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  // The server's message shows by the button, not as a toast.
  const make = useApiMutation('post', '/api/admin/contracts/from-quotation', { invalidates: ['/api/admin/contracts'], silent: true });
  if (state !== 'accepted' && state !== 'converted') return null;
  return (
    <>
      <Button type="primary" loading={busy} data-testid="quotation-make-contract"
        onClick={() => {
          setBusy(true);
          make.mutateAsync({ body: { id: quotationId } }).then(
            (made) => router.push(`/admin/contracts?id=${made.id}`),
            (e: unknown) => { setError(e instanceof Error ? e.message : String(e)); setBusy(false); },
          );
        }}>
        {t('fromQuotation')}
      </Button>
      {error && <span className="text-sm text-red-600" role="alert">{error}</span>}
    </>
  );
}
