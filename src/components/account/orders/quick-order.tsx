'use client';

import { Alert, App, Button, Input, InputNumber, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckCircle2, CircleAlert, CircleHelp } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { QuickLineDto } from '@/contracts/orders';
import { useApiMutation } from '@/lib/api/query';
import { HazardMarks } from '@/components/catalog/hazard-marks';
import { OwnLines } from '@/components/catalog/own-price';
import { AddToListButton } from '@/components/account/lists/add-to-list-button';

type Candidate = QuickLineDto['candidates'][number];

/** Brand, grade and purity: what tells apart the products of one CAS number. */
const factsText = (c: Pick<Candidate, 'brand' | 'grade' | 'purity'>) => [c.brand, c.grade, c.purity].filter(Boolean).join(' · ');
const candidateLabel = (c: Candidate) => `${c.itemNo} · ${c.name} · ${factsText(c)}`;

/** One product of an ambiguous CAS number as the picker lists it: brand, grade, each pack with its price, and its hazards. */
function CandidateOption({ candidate: c }: { candidate: Candidate }) {
  const format = useFormatter();
  return (
    <div className="max-w-[min(32rem,85vw)] whitespace-normal py-0.5" data-testid="quick-candidate">
      <div className="text-sm"><span className="font-mono">{c.itemNo}</span> · {c.name}</div>
      <div className="text-xs text-muted">{factsText(c)}</div>
      <div className="text-xs">{c.packs.map((p, i) => (
        <span key={p.id}>{i > 0 ? ' / ' : ''}{p.size} {p.price === p.listPrice ? format.number(Number(p.price), 'money') : <OwnLines price={p.price} catalogue={p.listPrice} inline />}</span>
      ))}</div>
      <HazardMarks hazard={c.hazard} />
    </div>
  );
}

const MAX_LINES = 200;

/**
 * Quick order: paste or type up to 200 lines of "item or CAS number, quantity" (tab, comma or space
 * separated). Each line is resolved on the server with its own error; an ambiguous CAS number offers
 * its products; the good lines go to the cart together.
 */
export function QuickOrder() {
  const t = useTranslations('orderPages');
  const format = useFormatter();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [lines, setLines] = useState<QuickLineDto[] | null>(null);
  const resolveLines = useApiMutation('post', '/api/app/api/order/quick/resolve');
  const candidate = useApiMutation('post', '/api/app/api/order/quick/candidate');
  const add = useApiMutation('post', '/api/app/api/order/quick/add', { refreshPage: true });
  const busy = resolveLines.isPending || add.isPending;
  const typed = text.split(/\r?\n/).filter((l) => l.trim() !== '').length;

  async function resolve() {
    // A failure is shown by the API client.
    const answer = await resolveLines.send({ body: { text } });
    if (answer) setLines(answer.data.lines);
  }

  const patch = (line: number, change: Partial<QuickLineDto>) => setLines((ls) => ls?.map((l) => (l.line === line ? { ...l, ...change } : l)) ?? null);

  async function choose(line: QuickLineDto, productId: number) {
    const answer = await candidate.send({ body: { productId } });
    if (answer) patch(line.line, { status: 'ok', error: null, product: answer.data, candidates: line.candidates });
  }

  const money = (price: string) => format.number(Number(price), 'money');
  const good = (lines ?? []).filter((l) => l.status === 'ok' && l.product && l.num);
  async function addToCart() {
    const answer = await add.send({ body: { lines: good.map((l) => ({ packId: l.product!.packId, num: l.num! })) } });
    if (!answer) return;
    void message.success(t('quickAdded', { count: answer.data.added }));
    const failed = (lines ?? []).filter((l) => l.status !== 'ok');
    setLines(failed.length ? failed : null);
    setText(failed.map((l) => l.input).join('\n'));
  }

  const columns: ColumnsType<QuickLineDto> = [
    { title: '#', dataIndex: 'line', key: 'line', width: 48 },
    {
      title: t('quickInput'), key: 'input',
      render: (_v, l) => (
        <div className="flex items-start gap-2">
          {l.status === 'ok' ? <CheckCircle2 size={16} className="mt-0.5 shrink-0 text-green-600" aria-label={t('quickOk')} /> : l.status === 'ambiguous' ? <CircleHelp size={16} className="mt-0.5 shrink-0 text-amber-500" aria-label={t('quickAmbiguous')} /> : <CircleAlert size={16} className="mt-0.5 shrink-0 text-red-600" aria-label={t('quickError')} />}
          <div>
            <code className="text-xs">{l.input}</code>
            {l.product && (
              <div data-testid="quick-product">
                <div className="text-sm font-medium">{l.product.itemNo} · {l.product.name}</div>
                <div className="text-xs text-muted">{factsText(l.product)}</div>
                <HazardMarks hazard={l.product.hazard} approval={l.product.approval} />
              </div>
            )}
            {l.error && <div className={`text-xs ${l.status === 'ambiguous' ? 'text-amber-700' : 'text-red-600'}`} data-testid="quick-error">{l.error}</div>}
            {l.status === 'ambiguous' && (
              <Select
                size="small"
                className="mt-1 w-full min-w-56"
                placeholder={t('quickChoose')}
                popupMatchSelectWidth={false}
                options={l.candidates.map((c) => ({ value: c.id, label: candidateLabel(c), candidate: c }))}
                optionRender={(option) => <CandidateOption candidate={(option.data as { candidate: Candidate }).candidate} />}
                onChange={(v: number) => void choose(l, v)}
                aria-label={t('quickChoose')}
              />
            )}
          </div>
        </div>
      ),
    },
    {
      title: t('size'), key: 'pack',
      render: (_v, l) =>
        l.product ? (
          <Select
            size="small"
            className="min-w-32"
            value={l.product.packId}
            onChange={(packId: number) => patch(l.line, { product: { ...l.product!, packId } })}
            options={l.product.packs.map((p) => ({
              value: p.id,
              label: p.price === p.listPrice
                ? `${p.size} · ${money(p.price)}${p.stock > 0 ? '' : ` · ${t('quickNoStock')}`}`
                : <span>{p.size} · <OwnLines price={p.price} catalogue={p.listPrice} inline />{p.stock > 0 ? '' : ` · ${t('quickNoStock')}`}</span>,
            }))}
            aria-label={t('size')}
          />
        ) : null,
    },
    {
      title: t('quantity'), key: 'num',
      render: (_v, l) =>
        l.status === 'error' ? null : (
          <InputNumber size="small" min={1} max={9999} precision={0} value={l.num ?? 1} onChange={(v) => patch(l.line, { num: typeof v === 'number' ? v : 1 })} aria-label={t('quantity')} />
        ),
    },
  ];

  return (
    <div data-testid="quick-order">
      <p className="mb-2 text-sm text-muted">{t('quickHelp')}</p>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={5}
        placeholder={'RG00012345\t2\n64-17-5, 1\n7732-18-5 500mL 3'}
        aria-label={t('quickTitle')}
        data-testid="quick-text"
        status={typed > MAX_LINES ? 'error' : undefined}
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <span className={`text-xs ${typed > MAX_LINES ? 'text-red-600' : 'text-muted'}`}>{t('quickCount', { count: typed, max: MAX_LINES })}</span>
        <Button onClick={resolve} loading={busy} disabled={typed === 0 || typed > MAX_LINES} data-testid="quick-resolve">{t('quickResolve')}</Button>
      </div>
      {lines && (
        <>
          {lines.some((l) => l.status !== 'ok') && <Alert className="!my-2" type="warning" showIcon title={t('quickSomeBad', { count: lines.filter((l) => l.status !== 'ok').length })} />}
          <Table<QuickLineDto> className="mt-2" rowKey="line" size="small" columns={columns} dataSource={lines} pagination={false} scroll={{ x: 'max-content' }} />
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            <AddToListButton where="quick" signedIn candidates={good.map((l) => ({ packId: l.product!.packId, num: l.num!, label: `${l.product!.itemNo} ${l.product!.packs.find((k) => k.id === l.product!.packId)?.size ?? ''}` }))} />
            <Button type="primary" onClick={addToCart} disabled={good.length === 0} loading={busy} data-testid="quick-add">{t('quickAdd', { count: good.length })}</Button>
          </div>
        </>
      )}
    </div>
  );
}
