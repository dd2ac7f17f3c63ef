'use client';

import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Descriptions, Empty, Input, InputNumber, Select, Space, Table, Tag, Timeline } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { isBelowFloor, netCentsOf, type QuotationLineDto, type QuotationStateName, type QuotationVersionDto } from '@/contracts/quotations';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { lineAvailability } from '@/lib/availability';
import { ContractFromQuotationButton } from '../customers/customer-contracts-tab';
import { QUOTATION_CHANGED, STATE_COLOURS, useQuotationMove, yuan } from './quotation-parts';

interface EditLine {
  packId: number; itemNo: string; name: string; size: string; num: number; unitCents: number; listCents: number; comment: string; stock: number; leadTimeDays: number;
}
interface Pick { productId: number; itemNo: string; name: string; packs: { packId: number; size: string; listCents: number; stock: number; leadTimeDays: number }[] }

/** Stock and lead time of a line's pack, by the cart's rule: what stock lacks is a backorder within the lead time. */
function StockCell({ line }: { line: { stock: number; leadTimeDays: number; num: number } }) {
  const t = useTranslations('adminQuotations');
  const a = lineAvailability(line, line.num);
  if (a.kind === 'inStock') return <span className="text-green-700" data-testid="quotation-line-stock">{t('inStock', { stock: line.stock })}</span>;
  return (
    <span className="text-amber-700" data-testid="quotation-line-stock">
      {t('backorder', { short: a.shortBy })}<br />
      {a.leadTimeDays > 0 ? t('leadTimeDays', { days: a.leadTimeDays }) : t('leadTimeOpen')}
    </span>
  );
}

/** A quotation's record page: moves, the customer's request, the draft editor, the versions and the timeline. */
export function QuotationRecord({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useTranslations('adminQuotations');
  const te = useTranslations('api.errors');
  const locale = useLocale();
  const format = useFormatter();
  const query = useApiQuery('get', '/api/admin/quotations/{id}', { params: { path: { id } } });
  const detail = query.data;
  const error = query.error?.message;
  // A refused move loads the quotation again and starts the draft editor afresh.
  const [round, setRound] = useState(0);
  const moveTo = useQuotationMove(async () => { setRound((r) => r + 1); await query.refetch(); });
  const move = (to: QuotationStateName) => moveTo(id, to);
  const name = (l: { nameZh: string; nameEn: string }) => (locale === 'en' ? l.nameEn || l.nameZh : l.nameZh);
  const current = detail?.versions.find((v) => v.version === detail.currentVersion) ?? null;
  const editing = detail?.state === 'draft' && current !== null && current.sentAt === null;
  const stamp = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="space-y-4 rounded-lg bg-white p-4" data-testid="quotation-record">
      <Button icon={<ArrowLeftOutlined />} onClick={onBack}>{t('back')}</Button>
      {error && <Alert type="error" title={error} />}
      {detail && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="m-0 text-lg font-semibold">{t('record', { no: detail.quoteNo })} <Tag color={STATE_COLOURS[detail.state]} data-testid="quotation-state">{t(`status.${detail.state}`)}</Tag></h1>
            <Space wrap>
              {detail.moves.filter((s) => detail.state !== 'draft' || (s === 'pending_approval') === (current?.belowFloor ?? false)).map((s) => (
                <Button key={s} type={s === 'sent' ? 'primary' : 'default'} onClick={() => void move(s)} data-testid={`quotation-to-${s}`}>{t(`to.${s}`)}</Button>
              ))}
              <ContractFromQuotationButton quotationId={detail.id} state={detail.state} />
            </Space>
          </div>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={[
            { key: 'c', label: t('col.customer'), children: detail.companyName },
            { key: 'r', label: t('col.requester'), children: detail.userName ?? '—' },
            { key: 'o', label: t('col.owner'), children: detail.ownerName ?? '—' },
            { key: 't', label: t('col.total'), children: yuan(detail.totalCents) },
            ...(detail.orderNo ? [{ key: 'n', label: t('order'), children: <span data-testid="quotation-order">{detail.orderNo}</span> }] : []),
            ...(detail.customerComment ? [{ key: 'm', label: t('customerComment'), children: detail.customerComment }] : []),
          ]} />
          {detail.conversionError && (
            <Alert type="warning" showIcon title={t('conversionError', { reason: tErr(detail.conversionError.code), items: detail.conversionError.itemNos.join(', ') })} />
          )}
          {detail.request && (
            <div className="!mt-4">
              <h2 className="mb-2 text-base font-semibold">{t('request')} · {t(`requestSource.${detail.request.source}`)}</h2>
              {detail.request.note && <p className="mb-2 text-sm text-slate-600">{t('requestNote')} · {detail.request.note}</p>}
              <Table size="small" rowKey={(r) => `${r.itemNo}-${r.size}`} pagination={false} dataSource={detail.request.lines} scroll={{ x: 520 }} columns={[
                { title: t('item'), key: 'i', render: (_: unknown, r) => `${r.itemNo} ${name(r)}` },
                { title: t('pack'), dataIndex: 'size', width: 90 },
                { title: t('num'), dataIndex: 'num', width: 70 },
                { title: t('comment'), dataIndex: 'comment', render: (v: string) => v || '—' },
              ]} />
            </div>
          )}
          {editing && current && <DraftEditor key={`${current.id}-${round}`} quotationId={detail.id} version={current} />}
          <div>
            <h2 className="mb-2 text-base font-semibold">{t('versions')}</h2>
            {detail.versions.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
              <Collapse defaultActiveKey={detail.versions[0] ? [String(detail.versions[0].id)] : []} items={detail.versions.map((v) => ({
                key: String(v.id),
                label: <span>{t('versionN', { n: v.version })} · {yuan(v.totalCents)} · {v.sentAt ? t('sentAt', { at: stamp(v.sentAt) }) : t('unsent')}</span>,
                children: (
                  <>
                    <VersionLines version={v} name={name} />
                    <Space className="mt-2">
                      <a href={`/api/admin/quotations/${detail.id}/pdf?version=${v.version}&lang=zh`} target="_blank" rel="noreferrer" data-testid={`quotation-pdf-${v.version}`}>PDF 中文</a>
                      <a href={`/api/admin/quotations/${detail.id}/pdf?version=${v.version}&lang=en`} target="_blank" rel="noreferrer">PDF English</a>
                    </Space>
                  </>
                ),
              }))} />
            )}
          </div>
          {detail.events.length > 0 && <div>
            <h2 className="mb-2 text-base font-semibold">{t('timeline')}</h2>
            <Timeline items={detail.events.map((e) => ({
              key: `${e.at}-${e.action}`,
              content: <span className="text-sm">{stamp(e.at)} · {e.who} · {t.has(`actions.${e.action}`) ? t(`actions.${e.action}`) : e.action}
                {e.to ? ` · ${e.from ? `${t(`status.${e.from as QuotationStateName}`)} → ` : ''}${t(`status.${e.to as QuotationStateName}`)}` : ''}{e.comment ? ` · “${e.comment}”` : ''}</span>,
            }))} />
          </div>}
        </>
      )}
    </section>
  );

  function tErr(code: string): string {
    return te.has(code) ? te(code) : code;
  }
}

function VersionLines({ version, name }: { version: QuotationVersionDto; name: (l: QuotationLineDto) => string }) {
  const t = useTranslations('adminQuotations');
  return (
    <div className="space-y-2">
      <Table<QuotationLineDto> size="small" rowKey="packId" pagination={false} dataSource={version.lines} scroll={{ x: 890 }} columns={[
        { title: t('item'), key: 'i', render: (_: unknown, l) => <span>{l.itemNo} {name(l)} {l.belowFloor && <Tag color="red">{t('belowFloor')}</Tag>}</span> },
        { title: t('pack'), dataIndex: 'size', width: 80 },
        { title: t('num'), dataIndex: 'num', width: 60 },
        { title: t('stockLead'), key: 's', width: 130, render: (_: unknown, l) => <StockCell line={l} /> },
        { title: t('listPrice'), dataIndex: 'listCents', width: 100, align: 'right', render: yuan },
        { title: t('netPrice'), dataIndex: 'netCents', width: 100, align: 'right', render: yuan },
        { title: t('lineTotal'), dataIndex: 'lineCents', width: 110, align: 'right', render: yuan },
        { title: t('comment'), dataIndex: 'comment', render: (v: string) => v || '—' },
      ]} />
      <div className="text-right text-sm">
        {t('discount')} {version.discountBp / 100} · {t('subtotal')} {yuan(version.subtotalCents)} · {t('discountAmount')} {yuan(version.discountCents)} · <b>{t('total')} {yuan(version.totalCents)}</b> ({t('taxIncluded', { tax: yuan(version.taxCents) })})
        <div className="text-slate-500">{t('validUntil')} {version.validUntil}{version.note ? ` · ${version.note}` : ''}</div>
      </div>
    </div>
  );
}

function DraftEditor({ quotationId, version }: { quotationId: number; version: QuotationVersionDto }) {
  const t = useTranslations('adminQuotations');
  const locale = useLocale();
  const [lines, setLines] = useState<EditLine[]>(() => version.lines.map((l) => ({
    packId: l.packId, itemNo: l.itemNo, name: locale === 'en' ? l.nameEn || l.nameZh : l.nameZh, size: l.size, num: l.num, unitCents: l.unitCents, listCents: l.listCents, comment: l.comment,
    stock: l.stock, leadTimeDays: l.leadTimeDays,
  })));
  const [discount, setDiscount] = useState(version.discountBp / 100);
  const [validUntil, setValidUntil] = useState(version.validUntil);
  const [note, setNote] = useState(version.note);
  const [key, setKey] = useState('');
  const found = useApiQuery('get', '/api/admin/quotations/catalogue', { params: { query: { key } } }, { enabled: key !== '' });
  const picks: Pick[] = found.data ?? [];
  const draft = useApiMutation('put', '/api/admin/quotations/{id}/draft', { invalidates: QUOTATION_CHANGED, success: t('saved') });
  const bp = Math.round(discount * 100);
  const patch = (i: number, p: Partial<EditLine>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...p } : l)));
  const search = (typed: string) => { if (typed.trim()) setKey(typed); };
  const packOptions = picks.flatMap((p) => p.packs.map((k) => ({ value: k.packId, label: `${p.itemNo} ${p.name} · ${k.size} · ${yuan(k.listCents)}`, pick: p, pack: k })));
  const save = () => draft.send({
    params: { path: { id: quotationId } },
    body: { discountBp: bp, validUntil, note, lines: lines.map((l) => ({ packId: l.packId, num: l.num, unitCents: l.unitCents, comment: l.comment })) },
  });
  const total = lines.reduce((s, l) => s + netCentsOf(l.unitCents, bp) * l.num, 0);
  return (
    <div className="rounded border border-blue-100 bg-blue-50/40 p-3" data-testid="quotation-editor">
      <h2 className="mb-2 text-base font-semibold">{t('lines')} · {t('versionN', { n: version.version })}</h2>
      <p className="mb-2 text-xs text-slate-500">{t('floorHint')}</p>
      <Table<EditLine> size="small" rowKey="packId" pagination={false} dataSource={lines} scroll={{ x: 950 }} columns={[
        { title: t('item'), key: 'i', render: (_: unknown, l) => <span>{l.itemNo} {l.name} · {l.size}{isBelowFloor(netCentsOf(l.unitCents, bp), l.listCents) && <Tag className="ml-1" color="red">{t('belowFloor')}</Tag>}</span> },
        { title: t('num'), key: 'n', width: 90, render: (_: unknown, l, i) => <InputNumber min={1} max={9999} precision={0} value={l.num} onChange={(v) => patch(i, { num: v ?? 1 })} aria-label={t('num')} /> },
        { title: t('stockLead'), key: 's', width: 130, render: (_: unknown, l) => <StockCell line={l} /> },
        { title: t('listPrice'), dataIndex: 'listCents', width: 100, align: 'right', render: yuan },
        {
          title: t('unitPrice'), key: 'u', width: 130, render: (_: unknown, l, i) => (
            <InputNumber min={0.01} step={0.01} precision={2} prefix="¥" value={l.unitCents / 100} onChange={(v) => patch(i, { unitCents: Math.round((v ?? 0) * 100) })}
              aria-label={`${t('unitPrice')} ${l.itemNo}`} data-testid={`line-price-${i}`} />
          ),
        },
        { title: t('comment'), key: 'c', render: (_: unknown, l, i) => <Input maxLength={100} value={l.comment} onChange={(e) => patch(i, { comment: e.target.value })} aria-label={t('comment')} /> },
        { title: '', key: 'x', width: 50, render: (_: unknown, _l, i) => <Button size="small" icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => setLines((ls) => ls.filter((_x, j) => j !== i))} /> },
      ]} />
      <Select showSearch filterOption={false} onSearch={search} value={null} placeholder={t('searchCatalogue')} aria-label={t('addItem')} className="mt-2" style={{ width: '100%' }}
        data-testid="quotation-add-item" options={packOptions.map(({ value, label }) => ({ value, label }))}
        onChange={(packId: number) => {
          const o = packOptions.find((p) => p.value === packId);
          if (!o || lines.some((l) => l.packId === packId)) return;
          setLines((ls) => [...ls, { packId, itemNo: o.pick.itemNo, name: o.pick.name, size: o.pack.size, num: 1, unitCents: o.pack.listCents, listCents: o.pack.listCents, comment: '',
            stock: o.pack.stock, leadTimeDays: o.pack.leadTimeDays }]);
        }} />
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-sm">{t('discount')}<br /><InputNumber min={0} max={100} step={0.5} precision={2} value={discount} onChange={(v) => setDiscount(v ?? 0)} data-testid="quotation-discount" /></label>
        <label className="text-sm">{t('validUntil')}<br /><Input type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} data-testid="quotation-valid" /></label>
        <label className="min-w-60 flex-1 text-sm">{t('note')}<br /><Input maxLength={100} value={note} onChange={(e) => setNote(e.target.value)} /></label>
        <span className="text-sm">{t('total')} <b data-testid="quotation-preview-total">{yuan(total)}</b></span>
        <Button type="primary" onClick={() => void save()} disabled={lines.length === 0} data-testid="quotation-save">{t('saveDraft')}</Button>
      </div>
    </div>
  );
}
