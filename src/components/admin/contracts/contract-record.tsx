'use client';

import { DeleteOutlined, EditOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Empty, Grid, Input, List, Space, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import type { AuditEntryDto } from '@/contracts/admin';
import { CONTRACT_STATES, type ContractDetailDto, type ContractStateName } from '@/contracts/contracts';
import { multipart } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { APPROVAL_INBOX, DecisionModal } from '../approvals/approval-parts';
import { ApprovalCard, AuditTimeline, RecordPage, useWhen } from '../common/record-page';
import { CONTRACT_COLOURS } from './contract-colours';
import { CONTRACT_CHANGED, ContractEditModal } from './contract-edit-modal';
import { money } from '../common/keyset-list';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';

/** The contract's facts: title, customer, quotation, amount, owner, dates, notes and the reason of a cancellation. */
function ContractFacts({ contract, wide }: { contract: ContractDetailDto; wide: boolean }) {
  const t = useTranslations('adminContracts');
  return (
    <Descriptions size="small" bordered column={wide ? 2 : 1} items={[
      { key: 'title', label: t('col.title'), span: wide ? 2 : 1, children: <span data-testid="contract-title-text">{contract.title}</span> },
      { key: 'customer', label: t('col.customer'), children: contract.companyName },
      { key: 'quotation', label: t('col.quotation'), children: contract.quoteNo ? `${contract.quoteNo} v${contract.quotationVersion ?? ''}` : t('noQuotation') },
      { key: 'amount', label: t('col.amount'), children: <span data-testid="contract-amount-text">¥{money(contract.amount)}</span> },
      { key: 'owner', label: t('col.owner'), children: contract.ownerName || '—' },
      { key: 'signing', label: t('col.signingDate'), children: contract.signingDate ?? '—' },
      { key: 'end', label: t('col.endDate'), children: contract.endDate ?? '—' },
      ...(contract.notes ? [{ key: 'notes', label: t('notes'), span: wide ? 2 : 1, children: contract.notes }] : []),
      ...(contract.cancelReason ? [{ key: 'reason', label: t('cancelReason'), span: wide ? 2 : 1, children: contract.cancelReason }] : []),
    ]} />
  );
}

/** The facts of a timeline entry worth reading: states by name, reasons, comments, file names. */
function entryFacts(e: AuditEntryDto, t: ReturnType<typeof useTranslations<'adminContracts'>>): string[] {
  const named = (v: unknown) => (typeof v === 'string' && (CONTRACT_STATES as readonly string[]).includes(v) ? t(`state.${v as ContractStateName}`) : null);
  const from = named(e.changes.state?.from);
  const to = named(e.changes.state?.to);
  return [
    ...(to ? [from ? t('fact.state', { from, to }) : t('fact.stateNew', { to })] : []),
    ...(typeof e.note?.reason === 'string' ? [t('fact.reason', { reason: e.note.reason })] : []),
    ...(typeof e.note?.comment === 'string' ? [t('fact.comment', { comment: e.note.comment })] : []),
    ...(typeof e.note?.fileName === 'string' ? [e.note.fileName] : []),
  ];
}

/** The contract's files (the countersigned scan tagged), with upload and remove while the contract is open. */
function AttachmentsCard({ contract: c, open, reload }: { contract: ContractDetailDto; open: boolean; reload: () => Promise<unknown> }) {
  const t = useTranslations('adminContracts');
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const [scanUpload, setScanUpload] = useState(false);
  // A file changes the contract's record and timeline, not its row in the list.
  const changed = ['/api/admin/contracts/{id}', '/api/admin/contracts/{id}/timeline'] as const;
  const add = useApiMutation('post', '/api/admin/contracts/{id}/attachments', { invalidates: changed });
  const drop = useApiMutation('delete', '/api/admin/contracts/{id}/attachments/{attachmentId}', { invalidates: changed });
  async function upload(file: File) {
    const done = await add.send({ params: { path: { id: c.id }, query: scanUpload ? { signedScan: '1' } : {} }, body: { file }, ...multipart });
    if (done) void message.success(t('uploaded'));
    else await reload();
  }
  async function remove(attachmentId: number) {
    if (!(await drop.send({ params: { path: { id: c.id, attachmentId } } }))) await reload();
  }
  const pick = (scan: boolean) => { setScanUpload(scan); fileInput.current?.click(); };
  return (
    <Card size="small" title={t('attachments')} data-testid="contract-attachments" extra={open && (
      <Space wrap>
        <Button size="small" icon={<UploadOutlined />} onClick={() => pick(false)} data-testid="contract-upload">{t('upload')}</Button>
        {c.state === 'sent' && <Button size="small" type="primary" icon={<UploadOutlined />} onClick={() => pick(true)} data-testid="contract-upload-scan">{t('uploadScan')}</Button>}
      </Space>
    )}>
      <input ref={fileInput} type="file" accept="application/pdf,image/png,image/jpeg,image/webp" className="hidden" data-testid="contract-file"
        onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void upload(f); }} />
      {c.attachments.length ? (
        <List size="small" dataSource={c.attachments} renderItem={(a) => (
          <List.Item actions={open ? [<Button key="d" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => void remove(a.id)} />] : []}>
            <Space wrap>
              <a href={a.url} target="_blank" rel="noreferrer">{a.fileName}</a>
              {a.signedScan && <Tag color="green" data-testid="contract-scan-tag">{t('signedScan')}</Tag>}
              <span className="text-xs text-slate-500">{Math.max(1, Math.round(a.size / 1024))} KB</span>
            </Space>
          </List.Item>
        )} />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noAttachments')} />}
    </Card>
  );
}

/**
 * A contract's record page (`/contracts?id=`): the facts, the moves the member may make (a
 * cancellation asks for its reason), the approval's steps with the member's own decision when a step
 * waits for them, the files (the countersigned scan once sent), the PDF in both languages, and the
 * timeline.
 */
export function ContractRecord({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useTranslations('adminContracts');
  const when = useWhen();
  const { message } = App.useApp();
  const wide = Grid.useBreakpoint().md !== false;
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [deciding, setDeciding] = useState(false);
  const [editing, setEditing] = useState(false);
  const detail = useApiQuery('get', '/api/admin/contracts/{id}', { params: { path: { id } } });
  const timeline = useApiQuery('get', '/api/admin/contracts/{id}/timeline', { params: { path: { id } } });
  const reload = () => Promise.all([detail.refetch(), timeline.refetch()]);
  const status = useApiMutation('put', '/api/admin/contracts/{id}/status', { invalidates: [...CONTRACT_CHANGED, ...APPROVAL_INBOX] });

  async function move(to: ContractStateName, why = '') {
    if (await status.send({ params: { path: { id } }, body: { to, reason: why } })) void message.success(t('moved', { state: t(`state.${to}`) }));
    else await reload();
  }
  const cancel = useFormSave(async () => { await move('cancelled', reason); setCancelling(false); setReason(''); });

  return (
    <RecordPage name="contract" backLabel={t('back')} onBack={onBack} record={detail.data} error={detail.error ?? timeline.error}
      title={(c) => t('recordTitle', { no: c.contractNo })}
      tag={(c) => <Tag color={CONTRACT_COLOURS[c.state]} data-testid="contract-state">{t(`state.${c.state}`)}</Tag>}>
      {(c) => (
        <>
          <Space wrap>
            {c.moves.map((to) => (
              <Button key={to} type={to === 'cancelled' ? 'default' : 'primary'} danger={to === 'cancelled'} data-testid={`contract-to-${to}`}
                onClick={() => (to === 'cancelled' ? setCancelling(true) : void move(to))}>
                {t(`to.${to}`)}
              </Button>
            ))}
            {c.canEdit && <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="contract-edit">{t('edit')}</Button>}
            {c.myStepId !== null && <Button type="primary" onClick={() => setDeciding(true)} data-testid="contract-decide">{t('decide')}</Button>}
            <Button icon={<FilePdfOutlined />} href={`/api/admin/contracts/${c.id}/pdf?lang=zh`} target="_blank" data-testid="contract-pdf-zh">{t('pdfZh')}</Button>
            <Button icon={<FilePdfOutlined />} href={`/api/admin/contracts/${c.id}/pdf?lang=en`} target="_blank" data-testid="contract-pdf-en">{t('pdfEn')}</Button>
          </Space>
          {c.state === 'sent' && !c.attachments.some((a) => a.signedScan) && <Alert type="info" showIcon title={t('scanHint')} />}
          <ContractFacts contract={c} wide={wide} />
          <div className="grid gap-4 md:grid-cols-2">
            <ApprovalCard title={t('approval')} empty={t('noApproval')} request={c.approval} when={when} />
            <AttachmentsCard contract={c} open={c.state !== 'signed' && c.state !== 'cancelled'} reload={reload} />
          </div>
          <AuditTimeline title={t('timeline')} testId="contract-timeline" entries={timeline.data ?? []} when={when} facts={(e) => entryFacts(e, t)}
            event={(e) => (t.has(`events.${e.entity}.${e.action}`) ? t(`events.${e.entity}.${e.action}`) : `${e.entity} ${e.action}`)} />
          <FormModal open={cancelling} title={t('to.cancelled')} okText={t('to.cancelled')} okButtonProps={{ danger: true, disabled: !reason.trim() }}
            onCancel={() => setCancelling(false)} confirmLoading={cancel.saving} onOk={() => void cancel.onFinish()}>
            <Input maxLength={50} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('cancelReason')} aria-label={t('cancelReason')} data-testid="contract-cancel-reason" />
          </FormModal>
          <DecisionModal stepId={deciding ? c.myStepId : null} subject={c.contractNo} record={{ entityType: 'contract', entityId: c.id, amount: c.amount }} onClose={() => setDeciding(false)} onDone={async () => { setDeciding(false); await reload(); }} />
          <ContractEditModal contract={editing ? c : null} onClose={() => setEditing(false)} />
        </>
      )}
    </RecordPage>
  );
}
