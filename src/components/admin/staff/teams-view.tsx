'use client';

import { Button, Empty, Form, Grid, Input, InputNumber, Popconfirm, Select, Space, Table } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { StaffTeamDto, StaffTeamInput } from '@/contracts/admin';
import { PermittedButton } from '@/components/ui/permitted-button';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiPath } from '@/lib/api/types';
import { RecordHistory } from '../common/record-history';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';

const NEW_TEAM: StaffTeamInput = { nameZh: '', nameEn: '', managerId: null, sort: 0 };
/** Where a new or deleted team shows: the teams, the teams a rule may name (a deleted team's rules go with it) and the audit log. */
const ADDED: readonly ApiPath[] = ['/api/admin/teams', '/api/admin/approvals/rule-options', '/api/admin/audit'];
const DELETED: readonly ApiPath[] = [...ADDED, '/api/admin/approvals/rules'];
/** A team's new name shows on its members and on the rules that name it too. */
const CHANGED: readonly ApiPath[] = [...DELETED, '/api/admin/staff', '/api/admin/staff/{id}'];

/** `/system-setting/teams` (STAFF.VIEW; changes STAFF.EDIT): the staff's teams with manager and members; add, rename, delete when empty. */
export function TeamsView() {
  const t = useTranslations('adminTeams');
  const locale = useLocale();
  const wide = Grid.useBreakpoint().md !== false;
  const teams = useApiQuery('get', '/api/admin/teams');
  const table = useTableState(teams, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const staff = useApiQuery('get', '/api/admin/staff', { params: { query: { limit: 50, active: true, sort: 'name' } } });
  const staffOptions = (staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }));
  const [editing, setEditing] = useState<StaffTeamDto | 'new' | null>(null);
  const [history, setHistory] = useState<StaffTeamDto | null>(null);
  const [form] = Form.useForm<StaffTeamInput>();
  const create = useApiMutation('post', '/api/admin/teams', { invalidates: ADDED, form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/teams/{id}', { invalidates: CHANGED, form, success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/teams/{id}', { invalidates: DELETED, success: t('deleted') });
  const open = (team: StaffTeamDto | 'new') => {
    setEditing(team);
    form.resetFields();
    form.setFieldsValue(team === 'new' ? NEW_TEAM : { nameZh: team.nameZh, nameEn: team.nameEn, managerId: team.managerId, sort: team.sort });
  };
  const { saving, onFinish } = useFormSave(async (values: StaffTeamInput) => {
    const done = editing === 'new' || editing === null ? await create.send({ body: values }) : await update.send({ params: { path: { id: editing.id } }, body: values });
    if (done) setEditing(null);
  });
  const denied = t('denied');

  return (
    <section className="rounded-lg bg-white p-4" data-testid="teams-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
          <p className="mb-0 mt-1 text-sm text-slate-500">{t('intro')}</p>
        </div>
        <PermittedButton type="primary" permissions={['STAFF.EDIT']} reason={denied} onClick={() => open('new')} data-testid="team-add">{t('add')}</PermittedButton>
      </div>
      <Table<StaffTeamDto>
        rowKey="id" {...table} dataSource={teams.data} pagination={false} scroll={wide ? undefined : { x: 640 }}
        onRow={(r) => ({ 'data-testid': `team-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={[
          { title: t('name'), key: 'name', render: (_: unknown, r) => (locale === 'en' ? r.nameEn : r.nameZh) },
          { title: locale === 'en' ? t('nameZh') : t('nameEn'), key: 'other', render: (_: unknown, r) => (locale === 'en' ? r.nameZh : r.nameEn) },
          { title: t('manager'), dataIndex: 'managerName', render: (v: string | null) => v ?? '—' },
          { title: t('members'), dataIndex: 'members', width: 90 },
          { title: t('sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('actions'), key: 'actions', width: 240, render: (_: unknown, r) => (
              <Space wrap size={4}>
                <PermittedButton size="small" permissions={['STAFF.EDIT']} reason={denied} onClick={() => open(r)}>{t('edit')}</PermittedButton>
                <Popconfirm title={t('deleteConfirm', { name: locale === 'en' ? r.nameEn : r.nameZh })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => remove.send({ params: { path: { id: r.id } } })}>
                  <PermittedButton size="small" danger permissions={['STAFF.EDIT']} reason={r.members > 0 ? t('hasMembers') : denied} disabled={r.members > 0}>{t('delete')}</PermittedButton>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(r)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? t('add') : t('editTitle')} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender
        onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="nameZh" label={t('nameZh')} extra={t('nameHint')} rules={[{ required: true, whitespace: true, max: 50, message: t('nameInvalid') }]}>
            <Input maxLength={50} showCount data-testid="team-name-zh" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} extra={t('nameHint')} rules={[{ required: true, whitespace: true, max: 50, message: t('nameInvalid') }]}>
            <Input maxLength={50} showCount data-testid="team-name-en" />
          </Form.Item>
          <Form.Item name="managerId" label={t('manager')}>
            <Select allowClear showSearch optionFilterProp="label" options={staffOptions} placeholder={t('noManager')} aria-label={t('manager')} />
          </Form.Item>
          <Form.Item name="sort" label={t('sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </FormModal>
      <RecordHistory entity="staffTeam" entityId={history?.id ?? null} title={history ? (locale === 'en' ? history.nameEn : history.nameZh) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}
