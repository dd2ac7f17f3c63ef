'use client';

import { Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { StaffMemberDto } from '@/contracts/admin';
import { useRouter } from '@/i18n/client-navigation';
import { PermittedButton } from '@/components/ui/permitted-button';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiPath } from '@/lib/api/types';
import { definedParams } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { RecordHistory } from '../common/record-history';
import { pagination } from '../common/table-parts';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { key: '', active: '', roleId: '', sort: '-createdAt', page: '1' };
const PAGE_SIZE = 10;
const SORTS = ['createdAt', '-createdAt', 'name', '-name', 'loginName', '-loginName'] as const;
/** Where a member's state shows: the staff, the members a rule may name (the active ones) and the audit log. */
const STATE_CHANGED: readonly ApiPath[] = ['/api/admin/staff', '/api/admin/staff/{id}', '/api/admin/approvals/rule-options', '/api/admin/audit'];
/** An edit also moves the member between roles and teams, and renames them where rules name them. */
const EDITED: readonly ApiPath[] = [...STATE_CHANGED, '/api/admin/roles', '/api/admin/roles/{id}', '/api/admin/teams', '/api/admin/approvals/rules'];

/** The roles (the first 50) as select options. */
export function useRoleOptions() {
  const roles = useApiQuery('get', '/api/admin/roles', { params: { query: { limit: 50 } } });
  return (roles.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }));
}

/** The teams as select options, in the page's language. */
export function useTeamOptions() {
  const locale = useLocale();
  const teams = useApiQuery('get', '/api/admin/teams');
  return (teams.data ?? []).map((team) => ({ value: team.id, label: locale === 'en' ? team.nameEn : team.nameZh }));
}

interface EditValues { name: string; email: string; phone: string; roleIds: number[]; teamId: number | null }

/** `/system-setting/stafflist`: staff with search, state and role filters, sorting and pages; edit, disable/enable, reset password. */
export function StaffListView() {
  const t = useTranslations('adminStaff');
  const format = useFormatter();
  const router = useRouter();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const list = useApiQuery('get', '/api/admin/staff', { params: { query: definedParams({
    key: query.key, active: query.active === '' ? undefined : query.active === 'true', roleId: query.roleId,
    sort: SORTS.find((s) => s === query.sort) ?? '-createdAt', limit: PAGE_SIZE, offset: query.page,
  }) } });
  const table = useTableState(list);
  const roles = useRoleOptions();
  const teams = useTeamOptions();
  const locale = useLocale();
  const [editing, setEditing] = useState<StaffMemberDto | null>(null);
  const [history, setHistory] = useState<StaffMemberDto | null>(null);
  const [form] = Form.useForm<EditValues>();
  const denied = t('denied');

  const save = useApiMutation('put', '/api/admin/staff/{id}', { invalidates: EDITED, form, success: t('saved') });
  const disable = useApiMutation('post', '/api/admin/staff/{id}/disable', { invalidates: STATE_CHANGED, success: t('disabledDone') });
  const enable = useApiMutation('post', '/api/admin/staff/{id}/enable', { invalidates: STATE_CHANGED, success: t('enabledDone') });
  const resetPassword = useApiMutation('post', '/api/admin/staff/{id}/reset-password', { invalidates: ['/api/admin/audit'], success: t('resetDone') });
  const { saving, onFinish } = useFormSave(async (values: EditValues) => {
    if (editing && (await save.send({ params: { path: { id: editing.id } }, body: values }))) setEditing(null);
  });

  const sortOrder = (field: string) => (query.sort === field ? 'ascend' : query.sort === `-${field}` ? 'descend' : null);

  return (
    <section className="rounded-lg bg-white p-4" data-testid="staff-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <PermittedButton type="primary" permissions={['STAFF.EDIT']} reason={denied} onClick={() => router.push('/admin/system-setting/staffadd')}>{t('add')}</PermittedButton>
      </div>
      <Space wrap className="mb-3">
        <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key}
          onSearch={(key) => setQuery({ key, page: '1' })} style={{ width: 240 }} data-testid="staff-search" />
        <Select aria-label={t('state')} value={query.active} style={{ width: 130 }} onChange={(active) => setQuery({ active, page: '1' })}
          options={[{ value: '', label: t('allStates') }, { value: 'true', label: t('enabled') }, { value: 'false', label: t('disabled') }]} />
        <Select aria-label={t('role')} value={query.roleId} style={{ width: 160 }} onChange={(roleId) => setQuery({ roleId, page: '1' })}
          options={[{ value: '', label: t('allRoles') }, ...roles.map((r) => ({ value: String(r.value), label: r.label }))]} />
      </Space>
      <Table<StaffMemberDto>
        rowKey="id"
        {...table}
        dataSource={list.data?.items}
        scroll={{ x: 1030 }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = typeof s?.field === 'string' ? s.field : 'createdAt';
          setQuery({ sort: s?.order === 'ascend' ? field : s?.order === 'descend' ? `-${field}` : DEFAULTS.sort, page: '1' });
        }}
        pagination={pagination(query.page, PAGE_SIZE, list.data?.total ?? 0, (page) => setQuery({ page }))}
        columns={[
          { title: t('loginName'), dataIndex: 'loginName', sorter: true, sortOrder: sortOrder('loginName'), width: 120 },
          { title: t('name'), dataIndex: 'name', sorter: true, sortOrder: sortOrder('name'), width: 120 },
          { title: t('email'), dataIndex: 'email', ellipsis: true },
          { title: t('phone'), dataIndex: 'phone', width: 130 },
          { title: t('team'), key: 'team', width: 130, render: (_: unknown, s) => (locale === 'en' ? s.teamEn : s.teamZh) ?? '—' },
          { title: t('roles'), dataIndex: 'roles', width: 160, render: (r: StaffMemberDto['roles']) => r.map((x) => <Tag key={x.id}>{x.name}</Tag>) },
          { title: t('state'), dataIndex: 'active', width: 80, render: (a: boolean) => <Tag color={a ? 'green' : 'default'}>{a ? t('enabled') : t('disabled')}</Tag> },
          { title: t('createdAt'), dataIndex: 'createdAt', sorter: true, sortOrder: sortOrder('createdAt'), width: 120, render: (d: string) => format.dateTime(new Date(d), 'day') },
          {
            title: t('actions'), key: 'actions', width: 300, render: (_: unknown, s) => (
              <Space wrap size={4}>
                <PermittedButton size="small" permissions={['STAFF.EDIT']} reason={denied}
                  onClick={() => { setEditing(s); form.setFieldsValue({ name: s.name, email: s.email, phone: s.phone, roleIds: s.roles.map((r) => r.id), teamId: s.teamId }); }}>{t('edit')}</PermittedButton>
                <Popconfirm title={s.active ? t('disableConfirm', { name: s.name }) : t('enableConfirm', { name: s.name })} okText={t('ok')} cancelText={t('cancel')}
                  onConfirm={() => (s.active ? disable : enable).send({ params: { path: { id: s.id } } })}>
                  <PermittedButton size="small" danger={s.active} permissions={['STAFF.EDIT']} reason={denied}>{s.active ? t('disable') : t('enable')}</PermittedButton>
                </Popconfirm>
                <Popconfirm title={t('resetConfirm', { name: s.name })} okText={t('ok')} cancelText={t('cancel')}
                  onConfirm={() => resetPassword.send({ params: { path: { id: s.id } } })}>
                  <PermittedButton size="small" permissions={['STAFF.EDIT']} reason={denied}>{t('resetPassword')}</PermittedButton>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(s)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <FormModal open={editing !== null} title={t('editTitle')} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender
        onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <StaffFields roles={roles} teams={teams} />
        </Form>
      </FormModal>
      <RecordHistory entity="staff" entityId={history?.id ?? null} title={history?.name ?? ''} onClose={() => setHistory(null)} />
    </section>
  );
}

export function StaffFields({ roles, teams }: { roles: { value: number; label: string }[]; teams: { value: number; label: string }[] }) {
  const t = useTranslations('adminStaff');
  return (
    <>
      <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('nameRequired') }, { max: 40 }]}><Input /></Form.Item>
      <Form.Item name="email" label={t('email')} rules={[{ type: 'email', message: t('emailInvalid') }]}><Input /></Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={[{ pattern: /^[\d+\-\s()]*$/, message: t('phoneInvalid') }]}><Input /></Form.Item>
      <Form.Item name="teamId" label={t('team')}><Select allowClear options={teams} placeholder={t('noTeam')} aria-label={t('team')} data-testid="staff-team" /></Form.Item>
      <Form.Item name="roleIds" label={t('roles')}><Select mode="multiple" options={roles} aria-label={t('roles')} /></Form.Item>
    </>
  );
}
