'use client';

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, InputNumber, Select, Space, Table, Tag, TreeSelect } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ruleBelowFloor, type AgreementDetailDto, type AgreementRuleDto, type RuleKind, type RuleScope } from '@/contracts/price-agreements';
import type { ApiError } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { BrandSelect } from '../catalog/brand-select';
import { treeData } from '../catalog/product-form-values';
import { AGREEMENT_CHANGED, yuan } from './agreement-parts';

/** A rule while it is edited: the numbers as typed (percent, yuan), the target's label as shown. */
interface EditRule {
  key: number; kind: RuleKind; scope: RuleScope; brandId: number | null; brandName: string | null; categoryId: number | null;
  packId: number | null; packLabel: string | null; listCents: number | null; percent: number | null; price: number | null; minQty: number | null;
}

let nextKey = 1;
const fromDto = (r: AgreementRuleDto): EditRule => ({
  key: nextKey++, kind: r.kind, scope: r.scope, brandId: r.brandId, brandName: r.brandName, categoryId: r.categoryId, packId: r.packId,
  packLabel: r.packId === null ? null : `${r.itemNo ?? ''} ${r.productName ?? ''} · ${r.size ?? ''}`, listCents: r.listCents,
  percent: r.discountBp === null ? null : r.discountBp / 100, price: r.netCents === null ? null : r.netCents / 100, minQty: r.kind === 'break' ? r.minQty : null,
});
const blank = (kind: RuleKind): EditRule => ({
  key: nextKey++, kind, scope: kind === 'discount' ? 'all' : 'pack', brandId: null, brandName: null, categoryId: null, packId: null, packLabel: null, listCents: null,
  percent: null, price: null, minQty: kind === 'break' ? 5 : null,
});
const cents = (v: number | null) => (v === null ? undefined : Math.round(v * 100));

/** The rule as the API takes it: only the fields of its kind and scope (what is missing is the server's to refuse, row by row). */
function toInput(r: EditRule) {
  if (r.kind === 'discount') {
    return { kind: r.kind, scope: r.scope, discountBp: cents(r.percent), ...(r.scope === 'brand' ? { brandId: r.brandId ?? undefined } : {}), ...(r.scope === 'category' ? { categoryId: r.categoryId ?? undefined } : {}) };
  }
  return { kind: r.kind, scope: 'pack' as const, packId: r.packId ?? undefined, netCents: cents(r.price), ...(r.kind === 'break' ? { minQty: r.minQty ?? undefined } : {}) };
}

/** A refusal's field errors as a list: a rule's by its number (`rules.2.…` is rule 3), a sheet's by its row. */
export function FieldErrors({ error }: { error: ApiError }) {
  const t = useTranslations('adminAgreements');
  if (!error.fields.length) return null;
  return (
    <Alert type="error" showIcon data-testid="agreement-errors" title={error.message} description={(
      <ul className="m-0 pl-4">
        {error.fields.map((f, i) => {
          const [group, n] = f.field.split('.');
          const line = group === 'rules' ? t('ruleError', { n: Number(n) + 1, message: f.message }) : group === 'rows' ? t('rowError', { row: Number(n), message: f.message }) : f.message;
          return <li key={`${f.field}-${i}`}>{line}</li>;
        })}
      </ul>
    )} />
  );
}

/** A rule's target in words: everything, a brand, a category or a pack. */
function Target({ rule }: { rule: AgreementRuleDto }) {
  const t = useTranslations('adminAgreements');
  if (rule.scope === 'all') return <>{t('everything')}</>;
  if (rule.scope === 'brand') return <>{t('scopes.brand')} · {rule.brandName}</>;
  if (rule.scope === 'category') return <>{t('scopes.category')} · {rule.categoryName}</>;
  return <>{rule.itemNo} {rule.productName} · {rule.size}</>;
}

/** The rules of an agreement that is no longer a draft. */
export function RulesTable({ rules }: { rules: AgreementRuleDto[] }) {
  const t = useTranslations('adminAgreements');
  return (
    <div>
      <h2 className="mb-2 text-base font-semibold">{t('rules')}</h2>
      <Table<AgreementRuleDto> size="small" rowKey="id" pagination={rules.length > 50 ? { pageSize: 50 } : false} dataSource={rules} scroll={{ x: 720 }} data-testid="agreement-rules"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRules')} /> }} columns={[
          { title: t('kind'), dataIndex: 'kind', width: 110, render: (k: RuleKind, r) => <>{t(`kinds.${k}`)}{r.belowFloor && <Tag className="ml-1" color="red">{t('belowFloor')}</Tag>}</> },
          { title: t('target'), key: 't', render: (_: unknown, r) => <Target rule={r} /> },
          { title: t('listPrice'), dataIndex: 'listCents', width: 110, align: 'right', render: (v: number | null) => (v === null ? '—' : yuan(v)) },
          { title: t('discountPct'), dataIndex: 'discountBp', width: 100, align: 'right', render: (v: number | null) => (v === null ? '—' : `${v / 100}%`) },
          { title: t('netPrice'), dataIndex: 'netCents', width: 110, align: 'right', render: (v: number | null) => (v === null ? '—' : yuan(v)) },
          { title: t('minQty'), key: 'q', width: 90, align: 'right', render: (_: unknown, r) => (r.kind === 'break' ? r.minQty : '—') },
        ]} />
    </div>
  );
}

/** The draft's header and rules, saved together (the rules replaced as a whole); refusals listed rule by rule. */
export function RulesEditor({ detail }: { detail: AgreementDetailDto }) {
  const t = useTranslations('adminAgreements');
  const locale = useLocale();
  const [rules, setRules] = useState<EditRule[]>(() => detail.rules.map(fromDto));
  const [name, setName] = useState(detail.name);
  const [validFrom, setValidFrom] = useState(detail.validFrom);
  const [validTo, setValidTo] = useState(detail.validTo);
  const [note, setNote] = useState(detail.note);
  const [key, setKey] = useState('');
  const found = useApiQuery('get', '/api/admin/price-agreements/catalogue', { params: { query: { key } } }, { enabled: key !== '' });
  const categories = useApiQuery('get', '/api/admin/price-agreements/categories', {}, { enabled: rules.some((r) => r.scope === 'category') });
  const save = useApiMutation('put', '/api/admin/price-agreements/{id}', { invalidates: AGREEMENT_CHANGED, success: t('saved') });
  const patch = (k: number, p: Partial<EditRule>) => setRules((rs) => rs.map((r) => (r.key === k ? { ...r, ...p } : r)));
  const packOptions = (found.data ?? []).flatMap((p) => p.packs.map((k) => ({ value: k.packId, label: `${p.itemNo} ${p.name} · ${k.size} · ${yuan(k.listCents)}`, listCents: k.listCents })));
  const below = (r: EditRule) => ruleBelowFloor({ kind: r.kind, discountBp: cents(r.percent) ?? null, netCents: cents(r.price) ?? null }, r.listCents);

  const target = (r: EditRule) => {
    if (r.kind === 'discount') {
      return (
        <Space wrap>
          <Select value={r.scope} style={{ width: 120 }} aria-label={t('pickScope')} data-testid={`rule-scope-${r.key}`} onChange={(scope: RuleScope) => patch(r.key, { scope })}
            options={(['all', 'brand', 'category'] as const).map((s) => ({ value: s, label: t(`scopes.${s}`) }))} />
          {r.scope === 'brand' && <BrandSelect source="agreements" value={r.brandId} initial={r.brandId && r.brandName ? { id: r.brandId, nameZh: r.brandName, nameEn: r.brandName } : null}
            onChange={(brandId) => patch(r.key, { brandId })} ariaLabel={t('pickBrand')} placeholder={t('pickBrand')} testId={`rule-brand-${r.key}`} style={{ width: 220 }} />}
          {r.scope === 'category' && <TreeSelect value={r.categoryId ?? undefined} treeData={treeData(categories.data ?? [], locale)} showSearch treeNodeFilterProp="title"
            loading={categories.isPending} placeholder={t('pickCategory')} aria-label={t('pickCategory')} style={{ width: 220 }} onChange={(categoryId: number) => patch(r.key, { categoryId })} />}
        </Space>
      );
    }
    return (
      <Select showSearch filterOption={false} onSearch={(typed) => { if (typed.trim()) setKey(typed.trim()); }} value={r.packId ?? undefined} style={{ width: '100%', minWidth: 260 }}
        placeholder={t('searchPack')} aria-label={t('searchPack')} data-testid={`rule-pack-${r.key}`} loading={found.isFetching}
        options={[...(r.packId !== null && !packOptions.some((o) => o.value === r.packId) ? [{ value: r.packId, label: r.packLabel ?? '' }] : []), ...packOptions.map(({ value, label }) => ({ value, label }))]}
        onChange={(packId: number) => { const o = packOptions.find((p) => p.value === packId); if (o) patch(r.key, { packId, packLabel: o.label, listCents: o.listCents }); }} />
    );
  };

  return (
    <div className="rounded border border-blue-100 bg-blue-50/40 p-3" data-testid="agreement-editor">
      <div className="mb-3 grid grid-cols-1 gap-3 md:grid-cols-4">
        <label className="text-sm">{t('name')}<Input maxLength={60} value={name} onChange={(e) => setName(e.target.value)} data-testid="agreement-edit-name" /></label>
        <label className="text-sm">{t('validFrom')}<Input type="date" value={validFrom} onChange={(e) => setValidFrom(e.target.value)} data-testid="agreement-edit-from" /></label>
        <label className="text-sm">{t('validTo')}<Input type="date" value={validTo} onChange={(e) => setValidTo(e.target.value)} data-testid="agreement-edit-to" /></label>
        <label className="text-sm">{t('note')}<Input maxLength={100} value={note} onChange={(e) => setNote(e.target.value)} /></label>
      </div>
      <h2 className="mb-1 text-base font-semibold">{t('rules')}</h2>
      <p className="mb-2 text-xs text-slate-500">{t('floorHint')} {t('importHint')}</p>
      <Table<EditRule> size="small" rowKey="key" pagination={false} dataSource={rules} scroll={{ x: 900 }} data-testid="agreement-rules-editor"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRules')} /> }} columns={[
          { title: t('kind'), dataIndex: 'kind', width: 120, render: (k: RuleKind, r) => <>{t(`kinds.${k}`)}{below(r) && <Tag className="ml-1" color="red" data-testid="rule-below-floor">{t('belowFloor')}</Tag>}</> },
          { title: t('target'), key: 't', render: (_: unknown, r) => target(r) },
          { title: t('listPrice'), key: 'l', width: 100, align: 'right', render: (_: unknown, r) => (r.listCents === null ? '—' : yuan(r.listCents)) },
          {
            title: `${t('discountPct')} / ${t('netPrice')}`, key: 'v', width: 150, render: (_: unknown, r) => (r.kind === 'discount'
              ? <InputNumber min={0.01} max={100} step={1} precision={2} suffix="%" value={r.percent} onChange={(percent) => patch(r.key, { percent })} aria-label={t('discountPct')} data-testid={`rule-percent-${r.key}`} />
              : <InputNumber min={0} step={0.01} precision={2} prefix="¥" value={r.price} onChange={(price) => patch(r.key, { price })} aria-label={t('netPrice')} data-testid={`rule-price-${r.key}`} />),
          },
          {
            title: t('minQty'), key: 'q', width: 110, render: (_: unknown, r) => (r.kind === 'break'
              ? <InputNumber min={2} max={9999} precision={0} value={r.minQty} onChange={(minQty) => patch(r.key, { minQty })} aria-label={t('minQty')} data-testid={`rule-qty-${r.key}`} /> : '—'),
          },
          { title: '', key: 'x', width: 50, render: (_: unknown, r) => <Button size="small" icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => setRules((rs) => rs.filter((x) => x.key !== r.key))} /> },
        ]} />
      <Space wrap className="mt-2">
        {(['discount', 'net', 'break'] as const).map((k) => (
          <Button key={k} icon={<PlusOutlined />} onClick={() => setRules((rs) => [...rs, blank(k)])} data-testid={`rule-add-${k}`}>
            {t(k === 'discount' ? 'addDiscount' : k === 'net' ? 'addNet' : 'addBreak')}
          </Button>
        ))}
      </Space>
      {save.error && <div className="mt-3"><FieldErrors error={save.error} /></div>}
      <div className="mt-3 flex justify-end">
        <Button type="primary" loading={save.isPending} data-testid="agreement-save"
          onClick={() => void save.send({ params: { path: { id: detail.id } }, body: { name, validFrom, validTo, note, rules: rules.map(toInput) } })}>{t('save')}</Button>
      </div>
    </div>
  );
}
