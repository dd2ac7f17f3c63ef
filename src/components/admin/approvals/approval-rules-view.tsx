'use client';

import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Grid, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { APPROVAL_ENTITY_TYPES, APPROVER_KINDS, type ApprovalRuleDto } from '@/contracts/approvals';
import { MONEY } from '@/contracts/money';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiPath } from '@/lib/api/types';
import { money } from '../common/keyset-list';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';

interface RuleForm {
  entityType: ApprovalRuleDto['entityType'];
  name: string;
  amountAbove?: string;
  amountUpTo?: string;
  category?: string;
  teamId?: number;
  priority: number;
  active: boolean;
  tiers: { approverKind: ApprovalRuleDto['tiers'][number]['approverKind']; permission?: string; teamId?: number; staffId?: number }[];
}

/** Where a rule's change shows: the rules and the audit log (requests keep the tiers they started with). */
const RULES_CHANGED: readonly ApiPath[] = ['/api/admin/approvals/rules', '/api/admin/audit'];

/**
 * `/approval-rules` (APPROVAL.RULES, ADR 0037): which tiers decide which requests — conditions on the
 * entity type, amount range, category and team, the first matching rule by priority; tiers decide in
 * sequence, by the team manager, a permission (in a team) or a named member.
 */
export function ApprovalRulesView() {
  const t = useTranslations('adminApprovals');
  const te = useTranslations('api.errors');
  const lang = useLocale() === 'en' ? 'en' : 'zh';
  const rules = useApiQuery('get', '/api/admin/approvals/rules');
  const table = useTableState(rules, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rulesEmpty')} />);
  const options = useApiQuery('get', '/api/admin/approvals/rule-options').data;
  const [editing, setEditing] = useState<ApprovalRuleDto | 'new' | null>(null);
  const [form] = Form.useForm<RuleForm>();
  const create = useApiMutation('post', '/api/admin/approvals/rules', { invalidates: RULES_CHANGED, form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/approvals/rules/{id}', { invalidates: RULES_CHANGED, form, success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/approvals/rules/{id}', { invalidates: RULES_CHANGED, success: t('deleted') });
  const wide = Grid.useBreakpoint().md !== false;
  const teamName = (id: number | null) => options?.teams.find((x) => x.id === id)?.[lang === 'en' ? 'nameEn' : 'nameZh'] ?? '';
  const range = (r: ApprovalRuleDto) => (r.amountAbove && r.amountUpTo ? t('rangeBoth', { above: money(r.amountAbove), upTo: money(r.amountUpTo) })
    : r.amountAbove ? t('rangeAbove', { above: money(r.amountAbove) }) : r.amountUpTo ? t('rangeUpTo', { upTo: money(r.amountUpTo) }) : t('rangeAny'));
  const permissionName = (code: string | null) => {
    const known = options?.permissions.find((p) => p.code === code);
    return known ? known[lang === 'en' ? 'en' : 'zh'] : (code ?? '');
  };
  const tierText = (tier: ApprovalRuleDto['tiers'][number]) => (tier.approverKind === 'team_manager' ? t('kindTeamManager')
    : tier.approverKind === 'staff' ? tier.staffName ?? '' : `${permissionName(tier.permission)}${tier.teamId ? ` · ${teamName(tier.teamId)}` : ''}`);
  const edit = (r: ApprovalRuleDto | 'new') => {
    setEditing(r);
    form.setFieldsValue(r === 'new'
      ? { entityType: 'expense', name: '', amountAbove: undefined, amountUpTo: undefined, category: undefined, teamId: undefined, priority: 100, active: true, tiers: [{ approverKind: 'team_manager' }] }
      : {
        entityType: r.entityType, name: r.name, amountAbove: r.amountAbove ?? undefined, amountUpTo: r.amountUpTo ?? undefined, category: r.category ?? undefined, teamId: r.teamId ?? undefined,
        priority: r.priority, active: r.active, tiers: r.tiers.map((x) => ({ approverKind: x.approverKind, permission: x.permission ?? undefined, teamId: x.teamId ?? undefined, staffId: x.staffId ?? undefined })),
      });
  };
  const { saving, onFinish } = useFormSave(async (v: RuleForm) => {
    const body = { ...v, amountAbove: v.amountAbove || undefined, amountUpTo: v.amountUpTo || undefined, category: v.category || undefined };
    const done = editing === 'new' || editing === null ? await create.send({ body }) : await update.send({ params: { path: { id: editing.id } }, body });
    if (done) setEditing(null);
  });
  return (
    <section className="rounded-lg bg-white p-4" data-testid="approval-rules-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('rulesTitle')}</h1>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit('new')}>{t('newRule')}</Button>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-500">{t('rulesIntro')}</p>
      <Table<ApprovalRuleDto>
        rowKey="id" {...table} dataSource={rules.data?.items} pagination={false} scroll={wide ? { x: 900 } : undefined} showHeader={wide}
        columns={[
          { title: t('ruleName'), dataIndex: 'name', render: (v: string, r) => <span>{v}{!r.active && <Tag className="ml-1">{t('inactive')}</Tag>}<span className="block text-xs text-slate-500">{t(`kinds.${r.entityType}`)} · {range(r)}{r.category ? ` · ${r.category}` : ''}{r.teamId ? ` · ${teamName(r.teamId)}` : ''}</span></span> },
          ...(wide ? [{ title: t('priority'), dataIndex: 'priority', width: 80 }] : []),
          { title: t('tiers'), key: 'tiers', render: (_: unknown, r: ApprovalRuleDto) => <ol className="m-0 list-decimal pl-5 text-sm">{r.tiers.map((x) => <li key={x.seq}>{tierText(x)}</li>)}</ol> },
          {
            title: t('actions'), key: 'a', width: 120, render: (_: unknown, r: ApprovalRuleDto) => (
              <Space>
                <Button size="small" onClick={() => edit(r)}>{t('edit')}</Button>
                <Popconfirm title={t('confirmDelete')} onConfirm={() => remove.send({ params: { path: { id: r.id } } })}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('delete')} ${r.name}`} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormModal open={editing !== null} onCancel={() => setEditing(null)} title={editing === 'new' ? t('newRule') : t('editRule')} okText={t('save')} onOk={() => form.submit()} confirmLoading={saving} width={680} forceRender>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <div className="grid gap-x-3 md:grid-cols-2">
            <Form.Item name="entityType" label={t('kind')}><Select options={APPROVAL_ENTITY_TYPES.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} /></Form.Item>
            <Form.Item name="name" label={t('ruleName')} rules={[{ required: true, whitespace: true, message: te('fieldRequired') }, { max: 60, message: te('tooLong60') }]}><Input maxLength={60} showCount /></Form.Item>
            <Form.Item name="amountAbove" label={t('amountAbove')} rules={[{ pattern: MONEY, message: te('invalidAmount') }]}><Input inputMode="decimal" prefix="¥" placeholder="0.00" /></Form.Item>
            <Form.Item name="amountUpTo" label={t('amountUpTo')} rules={[{ pattern: MONEY, message: te('invalidAmount') }]}><Input inputMode="decimal" prefix="¥" placeholder="0.00" /></Form.Item>
            <Form.Item name="category" label={t('category')} rules={[{ max: 40, message: te('tooLong60') }]}><Input maxLength={40} placeholder={t('categoryHint')} /></Form.Item>
            <Form.Item name="teamId" label={t('team')}><Select allowClear placeholder={t('anyTeam')} options={options?.teams.map((x) => ({ value: x.id, label: lang === 'en' ? x.nameEn : x.nameZh }))} /></Form.Item>
            <Form.Item name="priority" label={t('priority')} extra={t('priorityHint')}><InputNumber min={0} max={10000} precision={0} className="w-full" /></Form.Item>
            <Form.Item name="active" label={t('active')} valuePropName="checked"><Switch /></Form.Item>
          </div>
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <div className="space-y-2">
                {fields.map((field, i) => (
                  <div key={field.key} className="flex flex-wrap items-start gap-2 rounded border border-slate-200 p-2">
                    <span className="pt-1 text-sm font-medium">{t('tier', { seq: i + 1 })}</span>
                    <Form.Item name={[field.name, 'approverKind']} className="mb-0" style={{ minWidth: 150 }}>
                      <Select aria-label={t('approver')} options={APPROVER_KINDS.map((k) => ({ value: k, label: t(`approverKinds.${k}`) }))} />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => {
                        const kind = form.getFieldValue(['tiers', field.name, 'approverKind']) as string;
                        if (kind === 'permission') return (
                          <>
                            <Form.Item name={[field.name, 'permission']} className="mb-0" style={{ minWidth: 180 }} rules={[{ required: true, message: te('fieldRequired') }]}>
                              <Select aria-label={t('permission')} showSearch options={options?.permissions.map((p) => ({ value: p.code, label: lang === 'en' ? p.en : p.zh }))} optionFilterProp="label" />
                            </Form.Item>
                            <Form.Item name={[field.name, 'teamId']} className="mb-0" style={{ minWidth: 140 }}>
                              <Select aria-label={t('team')} allowClear placeholder={t('anyTeam')} options={options?.teams.map((x) => ({ value: x.id, label: lang === 'en' ? x.nameEn : x.nameZh }))} />
                            </Form.Item>
                          </>
                        );
                        if (kind === 'staff') return (
                          <Form.Item name={[field.name, 'staffId']} className="mb-0" style={{ minWidth: 160 }} rules={[{ required: true, message: te('fieldRequired') }]}>
                            <Select aria-label={t('approver')} showSearch optionFilterProp="label" options={options?.staff.map((x) => ({ value: x.id, label: x.name }))} />
                          </Form.Item>
                        );
                        return null;
                      }}
                    </Form.Item>
                    {fields.length > 1 && <Button type="text" icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} aria-label={t('removeTier')} />}
                  </div>
                ))}
                {fields.length < 5 && <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ approverKind: 'permission' })}>{t('addTier')}</Button>}
              </div>
            )}
          </Form.List>
        </Form>
      </FormModal>
    </section>
  );
}
