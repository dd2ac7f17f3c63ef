'use client';

import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { RoleDto, StaffMemberDto, StaffTeamDto } from '@/contracts/admin';
import { useRouter } from '@/i18n/client-navigation';
import { PermittedButton } from '@/components/ui/permitted-button';
import { adminApi } from '../admin-api';
import { useViewQuery } from '../use-view-query';
import { RecordHistory } from '../common/record-history';
import { pagination, useAdminAction } from '../common/use-admin-action';
import { useFormSave } from '@/components/ui/use-form-save';
import { useAdminList } from '../common/use-admin-list';

const DEFAULTS = { key: '', active: '', roleId: '', sort: '-createdAt', page: '1' };
const PAGE_SIZE = 10;

export function useRoleOptions() {
  const [roles, setRoles] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    adminApi<{ items: RoleDto[] }>('GET', '/api/admin/roles?limit=50')
      .then((d) => setRoles(d.items.map((r) => ({ value: r.id, label: r.name }))))
      .catch(() => setRoles([]));
  }, []);
  return roles;
}

/** The teams as select options, in the page's language. */
export function useTeamOptions() {
  const locale = useLocale();
  const [teams, setTeams] = useState<StaffTeamDto[]>([]);
  useEffect(() => {
    adminApi<StaffTeamDto[]>('GET', '/api/admin/teams').then(setTeams, () => setTeams([]));
  }, []);
  return teams.map((team) => ({ value: team.id, label: locale === 'en' ? team.nameEn : team.nameZh }));
}

interface EditValues { name: string; email: string; phone: string; roleIds: number[]; teamId: number | null }

/** `/system-setting/stafflist`: staff with search, state and role filters, sorting and pages; edit, disable/enable, reset password. */
export function StaffListView() {
  const t = useTranslations('adminStaff');
  const format = useFormatter();
  const router = useRouter();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const { data, loading, error, reload } = useAdminList<StaffMemberDto>('/api/admin/staff', {
    key: query.key, active: query.active || undefined, roleId: query.roleId || undefined, sort: query.sort, limit: PAGE_SIZE, offset: query.page,
  });
  const roles = useRoleOptions();
  const teams = useTeamOptions();
  const locale = useLocale();
  const [editing, setEditing] = useState<StaffMemberDto | null>(null);
  const [history, setHistory] = useState<StaffMemberDto | null>(null);
  const [form] = Form.useForm<EditValues>();
  const denied = t('denied');

  const run = useAdminAction(reload, form);
  const { saving, onFinish } = useFormSave(async (values: EditValues) => {
    if (editing && (await run(() => adminApi('PUT', `/api/admin/staff/${editing.id}`, values), t('saved')))) setEditing(null);
  });

  const sortOrder = (field: string) => (query.sort === field ? 'ascend' : query.sort === `-${field}` ? 'descend' : null);

  return (
    <section className="rounded-lg bg-white p-4" data-testid="staff-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <PermittedButton type="primary" permissions={['STAFF.EDIT']} reason={denied} onClick={() => router.push('/admin/system-setting/staffadd')}>{t('add')}</PermittedButton>
      </div>
      <Space wrap className="mb-3">
        <Input.Search allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key}
          onSearch={(key) => setQuery({ key, page: '1' })} style={{ width: 240 }} data-testid="staff-search" />
        <Select aria-label={t('state')} value={query.active} style={{ width: 130 }} onChange={(active) => setQuery({ active, page: '1' })}
          options={[{ value: '', label: t('allStates') }, { value: 'true', label: t('enabled') }, { value: 'false', label: t('disabled') }]} />
        <Select aria-label={t('role')} value={query.roleId} style={{ width: 160 }} onChange={(roleId) => setQuery({ roleId, page: '1' })}
          options={[{ value: '', label: t('allRoles') }, ...roles.map((r) => ({ value: String(r.value), label: r.label }))]} />
      </Space>
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<StaffMemberDto>
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 1030 }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = typeof s?.field === 'string' ? s.field : 'createdAt';
          setQuery({ sort: s?.order === 'ascend' ? field : s?.order === 'descend' ? `-${field}` : DEFAULTS.sort, page: '1' });
        }}
        pagination={pagination(query.page, PAGE_SIZE, data?.total ?? 0, (page) => setQuery({ page }))}
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
                  onConfirm={() => run(() => adminApi('POST', `/api/admin/staff/${s.id}/${s.active ? 'disable' : 'enable'}`), s.active ? t('disabledDone') : t('enabledDone'))}>
                  <PermittedButton size="small" danger={s.active} permissions={['STAFF.EDIT']} reason={denied}>{s.active ? t('disable') : t('enable')}</PermittedButton>
                </Popconfirm>
                <Popconfirm title={t('resetConfirm', { name: s.name })} okText={t('ok')} cancelText={t('cancel')}
                  onConfirm={() => run(() => adminApi('POST', `/api/admin/staff/${s.id}/reset-password`), t('resetDone'))}>
                  <PermittedButton size="small" permissions={['STAFF.EDIT']} reason={denied}>{t('resetPassword')}</PermittedButton>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(s)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={t('editTitle')} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender
        onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <StaffFields roles={roles} teams={teams} />
        </Form>
      </Modal>
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
