'use client';

import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Empty, Grid, Input, List, Modal, Space, Spin, Tag, Timeline } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditEntryDto } from '@/contracts/admin';
import { CONTRACT_STATES, type ContractDetailDto, type ContractStateName } from '@/contracts/contracts';
import { adminApi, adminUpload } from '../admin-api';
import { DecisionModal, StepsOf } from '../approvals/approval-parts';
import { CONTRACT_COLOURS } from './contract-colours';
import { ContractEditModal } from './contract-edit-modal';
import { money } from '../common/keyset-list';
import { useFormSave } from '@/components/ui/use-form-save';

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

/** The contract's timeline: who did what when, with the states, reasons, comments and files named. */
function ContractTimeline({ entries, when }: { entries: readonly AuditEntryDto[]; when: (iso: string) => string }) {
  const t = useTranslations('adminContracts');
  const named = (v: unknown) => (typeof v === 'string' && (CONTRACT_STATES as readonly string[]).includes(v) ? t(`state.${v as ContractStateName}`) : null);
  return (
    <Card size="small" title={t('timeline')}>
      <Timeline data-testid="contract-timeline" items={entries.map((e) => {
        const from = named(e.changes.state?.from);
        const to = named(e.changes.state?.to);
        const facts = [
          ...(to ? [from ? t('fact.state', { from, to }) : t('fact.stateNew', { to })] : []),
          ...(typeof e.note?.reason === 'string' ? [t('fact.reason', { reason: e.note.reason })] : []),
          ...(typeof e.note?.comment === 'string' ? [t('fact.comment', { comment: e.note.comment })] : []),
          ...(typeof e.note?.fileName === 'string' ? [e.note.fileName] : []),
        ];
        return {
          key: e.id,
          content: (
            <div className="text-sm">
              <div><span className="font-medium">{e.actorName}</span> · {t.has(`events.${e.entity}.${e.action}`) ? t(`events.${e.entity}.${e.action}`) : `${e.entity} ${e.action}`}</div>
              <div className="text-xs text-slate-500">{when(e.createdAt)}</div>
              {facts.map((f) => <div key={f} className="text-xs text-slate-700">{f}</div>)}
            </div>
          ),
        };
      })} />
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
  const format = useFormatter();
  const { message } = App.useApp();
  const wide = Grid.useBreakpoint().md !== false;
  const [loaded, setLoaded] = useState<{ id: number; detail: ContractDetailDto | null; timeline: AuditEntryDto[]; error: string | null } | null>(null);
  const [round, setRound] = useState(0);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [deciding, setDeciding] = useState(false);
  const [editing, setEditing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [scanUpload, setScanUpload] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([adminApi<ContractDetailDto>('GET', `/api/admin/contracts/${id}`), adminApi<AuditEntryDto[]>('GET', `/api/admin/contracts/${id}/timeline`)]).then(
      ([detail, timeline]) => { if (live) setLoaded({ id, detail, timeline, error: null }); },
      (e: unknown) => { if (live) setLoaded({ id, detail: null, timeline: [], error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [id, round]);
  const reload = useCallback(async () => setRound((r) => r + 1), []);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const current = loaded?.id === id ? loaded : null;
  const c = current?.detail ?? null;

  async function move(to: ContractStateName, why = '') {
    try {
      await adminApi('PUT', `/api/admin/contracts/${id}/status`, { to, reason: why });
      void message.success(t('moved', { state: t(`state.${to}`) }));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
    await reload();
  }
  async function upload(file: File) {
    try {
      await adminUpload(`/api/admin/contracts/${id}/attachments${scanUpload ? '?signedScan=1' : ''}`, file);
      void message.success(t('uploaded'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
    await reload();
  }
  async function remove(attachmentId: number) {
    try {
      await adminApi('DELETE', `/api/admin/contracts/${id}/attachments/${attachmentId}`);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
    await reload();
  }
  const cancel = useFormSave(async () => { await move('cancelled', reason); setCancelling(false); setReason(''); });
  const pick = (scan: boolean) => { setScanUpload(scan); fileInput.current?.click(); };
  const open = c !== null && c.state !== 'signed' && c.state !== 'cancelled';

  return (
    <section className="space-y-4 rounded-lg bg-white p-4" data-testid="contract-record">
      <div className="flex flex-wrap items-center gap-2">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="contract-back">{t('back')}</Button>
        {c && <h1 className="m-0 text-lg font-semibold">{t('recordTitle', { no: c.contractNo })}</h1>}
        {c && <Tag color={CONTRACT_COLOURS[c.state]} data-testid="contract-state">{t(`state.${c.state}`)}</Tag>}
      </div>
      {current?.error && <Alert type="error" title={current.error} />}
      {!current && <Spin />}
      {c && (
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
            <Card size="small" title={t('approval')}>
              {c.approval ? <StepsOf request={c.approval} when={when} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noApproval')} />}
            </Card>
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
          </div>
          <ContractTimeline entries={current?.timeline ?? []} when={when} />
          <Modal open={cancelling} title={t('to.cancelled')} okText={t('to.cancelled')} okButtonProps={{ danger: true, disabled: !reason.trim() }}
            onCancel={() => setCancelling(false)} confirmLoading={cancel.saving} onOk={() => void cancel.onFinish()}>
            <Input maxLength={50} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('cancelReason')} aria-label={t('cancelReason')} data-testid="contract-cancel-reason" />
          </Modal>
          <DecisionModal stepId={deciding ? c.myStepId : null} subject={c.contractNo} onClose={() => setDeciding(false)} onDone={async () => { setDeciding(false); await reload(); }} />
          <ContractEditModal contract={editing ? c : null} onClose={() => setEditing(false)} onSaved={reload} />
        </>
      )}
    </section>
  );
}
