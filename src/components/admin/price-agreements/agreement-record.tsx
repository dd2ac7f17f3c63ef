'use client';

import { ArrowLeftOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Popconfirm, Space, Tag, Timeline, Upload } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AgreementDetailDto, AgreementStateName } from '@/contracts/price-agreements';
import { Link } from '@/i18n/navigation';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { AGREEMENT_CHANGED, AGREEMENT_COLOURS } from './agreement-parts';
import { FieldErrors, RulesEditor, RulesTable } from './rules-editor';

/** An agreement's record page: its state and moves, the customer and period, the rules (edited while a draft), Excel, approval and history. */
export function AgreementRecord({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useTranslations('adminAgreements');
  const format = useFormatter();
  const { message } = App.useApp();
  const query = useApiQuery('get', '/api/admin/price-agreements/{id}', { params: { path: { id } } });
  const detail = query.data;
  // A refused save or import loads the agreement again and starts the editor afresh.
  const [round, setRound] = useState(0);
  const stamp = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const path = { params: { path: { id } } };
  const submit = useApiMutation('post', '/api/admin/price-agreements/{id}/submit', { invalidates: AGREEMENT_CHANGED });
  const withdraw = useApiMutation('post', '/api/admin/price-agreements/{id}/withdraw', { invalidates: AGREEMENT_CHANGED });
  const remove = useApiMutation('delete', '/api/admin/price-agreements/{id}', { invalidates: ['/api/admin/price-agreements'], success: t('deleted') });
  const importRules = useApiMutation('post', '/api/admin/price-agreements/{id}/rules.xlsx', { invalidates: AGREEMENT_CHANGED });
  const moved = (d: AgreementDetailDto) => void message.success(t('moved', { status: t(`status.${d.state}`) }));

  return (
    <section className="space-y-4 rounded-lg bg-white p-4" data-testid="agreement-record">
      <Button icon={<ArrowLeftOutlined />} onClick={onBack}>{t('back')}</Button>
      {query.error && <Alert type="error" title={query.error.message} />}
      {query.isPending && <div className="h-40 animate-pulse rounded bg-slate-100" aria-busy="true" />}
      {detail && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="m-0 text-lg font-semibold">
              {t('record', { no: detail.agreementNo })} <Tag color={AGREEMENT_COLOURS[detail.state]} data-testid="agreement-state">{t(`status.${detail.state}`)}</Tag>
              {detail.belowFloor && <Tag color="red" data-testid="agreement-below-floor">{t('belowFloor')}</Tag>}
            </h1>
            <Space wrap>
              <Button href={`/api/admin/price-agreements/${id}/rules.xlsx`} data-testid="agreement-export">{t('exportRules')}</Button>
              {detail.state === 'draft' && (
                <>
                  <Upload accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" showUploadList={false} maxCount={1} disabled={importRules.isPending}
                    customRequest={({ file }) => void importRules.send({ ...path, body: { file: file as File }, ...multipart }).then((done) => {
                      if (done) void message.success(t('imported', { count: done.data.rules }));
                      setRound((r) => r + 1);
                    })}>
                    <Button icon={<UploadOutlined />} loading={importRules.isPending} data-testid="agreement-import">{t('importRules')}</Button>
                  </Upload>
                  <Popconfirm title={t('deleteConfirm')} okText={t('confirm')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                    onConfirm={async () => { if (await remove.send(path)) onBack(); }}>
                    <Button danger data-testid="agreement-delete">{t('delete')}</Button>
                  </Popconfirm>
                  <Button type="primary" loading={submit.isPending} data-testid="agreement-submit"
                    onClick={async () => { const done = await submit.send({ ...path, body: {} }); if (done) moved(done.data); }}>{t('submit')}</Button>
                </>
              )}
              {(detail.state === 'pending_approval' || detail.state === 'active') && (
                <Popconfirm title={t('withdrawConfirm')} okText={t('confirm')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={async () => { const done = await withdraw.send({ ...path, body: {} }); if (done) moved(done.data); }}>
                  <Button danger data-testid="agreement-withdraw">{t('withdraw')}</Button>
                </Popconfirm>
              )}
            </Space>
          </div>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={[
            { key: 'c', label: t('col.customer'), children: <Link href={`/admin/customers?id=${detail.companyId}`}>{detail.companyName}</Link> },
            { key: 'o', label: t('col.owner'), children: detail.ownerName ?? '—' },
            { key: 'n', label: t('name'), children: detail.name },
            { key: 'p', label: t('col.period'), children: <span data-testid="agreement-period">{detail.validFrom} ~ {detail.validTo}</span> },
            ...(detail.note ? [{ key: 'm', label: t('note'), children: detail.note }] : []),
            ...(detail.approvalStatus ? [{
              key: 'a', label: t('approval'), children: (
                <span data-testid="agreement-approval">{t.has(`approvalStatus.${detail.approvalStatus}`) ? t(`approvalStatus.${detail.approvalStatus as 'pending'}`) : detail.approvalStatus}
                  {detail.approvalStatus === 'pending' && <> · <Link href="/admin/approvals">{t('openApprovals')}</Link></>}</span>
              ),
            }] : []),
          ]} />
          {importRules.error && <FieldErrors error={importRules.error} />}
          {detail.state === 'draft'
            ? <RulesEditor key={`${detail.id}-${round}-${detail.rules.map((r) => r.id).join(',')}`} detail={detail} />
            : <RulesTable rules={detail.rules} />}
          {detail.events.length > 0 && <div>
            <h2 className="mb-2 text-base font-semibold">{t('history')}</h2>
            <Timeline data-testid="agreement-history" items={detail.events.map((e, i) => ({
              key: `${e.at}-${i}`,
              content: <span className="text-sm">{stamp(e.at)} · {e.who} · {t.has(`actions.${e.action}`) ? t(`actions.${e.action as 'create'}`) : e.action}
                {e.to ? ` · ${e.from ? `${t(`status.${e.from as AgreementStateName}`)} → ` : ''}${t(`status.${e.to as AgreementStateName}`)}` : ''}{e.comment ? ` · “${e.comment}”` : ''}</span>,
            }))} />
          </div>}
        </>
      )}
    </section>
  );
}
