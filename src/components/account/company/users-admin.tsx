'use client';

import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, type TableProps } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import type { CompanyUserDto, DepartmentDto, RoleDto, UserListDto } from '@/contracts/company';
import { sha256Hex } from '@/lib/sha256';
import { useFormSave } from '@/components/ui/use-form-save';
import { Permitted, usePermits } from '@/components/ui/permitted';
import { idsParam, runCall } from './api';
import { departmentOptions } from './department-options';

interface Query {
  key: string;
  departmentId?: number;
  roleId?: number;
  status: 'all' | 'active' | 'disabled' | 'pending';
  sort: 'createdAt' | 'name' | 'loginName' | 'department';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

interface EditValues {
  loginName?: string;
  name: string;
  accountType?: 'employee' | 'sub';
  password?: string;
  job?: string;
  branch?: string;
  userinfoNo?: string;
  departmentId?: number | null;
  roleIds?: number[];
  monthlyLimit?: string;
  active?: boolean;
}

/** /sys/users: the company's users with search, filters, sorting and pages; add, edit and disable. */
export function UsersAdmin({ initial, departments, roles }: { initial: UserListDto; departments: DepartmentDto[]; roles: RoleDto[] }) {
  const t = useTranslations('company');
  const { message } = App.useApp();
  const canEdit = usePermits({ permissions: ['USER.EDIT'] });
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState<Query>({ key: '', status: 'all', sort: 'createdAt', order: 'desc', limit: 20, offset: 1 });
  const [editing, setEditing] = useState<CompanyUserDto | 'new' | null>(null);
  const [form] = Form.useForm<EditValues>();
  const accountType = Form.useWatch('accountType', form);

  const load = useCallback(async (next: Query) => {
    setQuery(next);
    setLoading(true);
    const answer = await runCall<UserListDto>('/api/app/api/user/s', { ...next, key: next.key || undefined });
    if (answer) setData(answer);
    setLoading(false);
  }, []);

  function openEditor(user: CompanyUserDto | 'new') {
    setEditing(user);
    form.resetFields();
    if (user === 'new') form.setFieldsValue({ accountType: 'employee', roleIds: [], departmentId: null });
    else {
      form.setFieldsValue({
        name: user.name, job: user.job, branch: user.branch, userinfoNo: user.userinfoNo, departmentId: user.department?.id ?? null,
        roleIds: user.roles.map((r) => r.id), monthlyLimit: user.monthlyLimit ?? '', active: user.active,
      });
    }
  }

  const { saving, onFinish: save } = useFormSave(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    const common = {
      name: values.name, job: values.job ?? '', branch: values.branch ?? '', userinfoNo: values.userinfoNo ?? '',
      departmentId: values.departmentId ?? '', roleIds: idsParam(values.roleIds), monthlyLimit: values.monthlyLimit ?? '',
    };
    const answer = editing === 'new'
      ? await runCall<{ ok: true }>('/api/app/user/add', {
        ...common, loginName: values.loginName, accountType: values.accountType,
        password: values.accountType === 'sub' && values.password ? await sha256Hex(values.password) : undefined,
      }, form)
      : await runCall<CompanyUserDto>('/api/app/user/update', { ...common, id: editing.id, active: values.active }, form);
    if (!answer) return;
    message.success(editing === 'new' ? t('users.addedDone') : t('saved'));
    setEditing(null);
    await load(query);
  });

  async function disable(user: CompanyUserDto) {
    if (await runCall('/api/app/api/user/delete', { ids: [user.id] })) {
      message.success(t('users.disabledDone', { name: user.name }));
      await load(query);
    }
  }

  const statusTag = (u: CompanyUserDto) =>
    !u.active ? <Tag color="default">{t('users.status.disabled')}</Tag>
      : !u.activated ? <Tag color="gold">{t('users.status.pending')}</Tag>
        : <Tag color="green">{t('users.status.active')}</Tag>;

  const sortOrder = (key: Query['sort']) => (query.sort === key ? (query.order === 'asc' ? 'ascend' as const : 'descend' as const) : null);
  const columns: TableProps<CompanyUserDto>['columns'] = [
    {
      title: t('users.name'), dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrder('name'),
      render: (_v, u) => (
        <div className="min-w-0">
          <div className="font-medium">{u.name} {u.isAdmin && <Tag color="blue">{t('users.admin')}</Tag>}</div>
          <div className="break-all text-xs text-muted">{u.loginName}</div>
        </div>
      ),
    },
    { title: t('users.department'), key: 'department', sorter: true, sortOrder: sortOrder('department'), render: (_v, u) => u.department?.name ?? '—', responsive: ['md'] },
    { title: t('users.roles'), key: 'roles', render: (_v, u) => (u.roles.length ? u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : '—'), responsive: ['sm'] },
    { title: t('users.accountType'), key: 'accountType', render: (_v, u) => t(`users.types.${u.accountType}`), responsive: ['lg'] },
    { title: t('users.monthlyLimit'), key: 'monthlyLimit', render: (_v, u) => u.monthlyLimit ?? t('users.noLimit'), responsive: ['lg'] },
    { title: t('users.status.title'), key: 'status', render: (_v, u) => statusTag(u) },
    {
      title: t('users.createdAt'), key: 'createdAt', sorter: true, sortOrder: sortOrder('createdAt'), responsive: ['xl'],
      render: (_v, u) => u.createdAt.slice(0, 10),
    },
    ...(canEdit ? [{
      title: t('actions'), key: 'actions',
      render: (_v: unknown, u: CompanyUserDto) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => openEditor(u)} data-testid={`edit-user-${u.loginName}`}>{t('edit')}</Button>
          {u.active && !u.isAdmin && (
            <Popconfirm title={t('users.disableConfirm', { name: u.name })} okText={t('users.disable')} cancelText={t('cancel')} onConfirm={() => disable(u)}>
              <Button size="small" danger>{t('users.disable')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    }] : []),
  ];

  const onChange: TableProps<CompanyUserDto>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = (s?.order ? (s.columnKey as Query['sort']) : 'createdAt') ?? 'createdAt';
    void load({ ...query, sort, order: s?.order === 'ascend' ? 'asc' : 'desc', offset: pagination.current ?? 1, limit: pagination.pageSize ?? 20 });
  };

  const deptOptions = departmentOptions(departments);
  const roleOptions = roles.map((r) => ({ value: r.id, label: r.name }));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" data-testid="sub-account-usage">
          {t('users.subAccounts', { used: data.subAccounts.used, limit: data.subAccounts.limit })}
        </p>
        <Permitted permissions={['USER.EDIT']}>
          <Button type="primary" onClick={() => openEditor('new')} disabled={data.subAccounts.used >= data.subAccounts.limit} data-testid="add-user">{t('users.add')}</Button>
        </Permitted>
      </div>
      <div className="flex flex-wrap gap-2">
        <Input.Search
          allowClear placeholder={t('users.searchPlaceholder')} aria-label={t('users.searchPlaceholder')} maxLength={50} className="!w-full sm:!w-64"
          onSearch={(key) => load({ ...query, key, offset: 1 })}
        />
        <Select allowClear placeholder={t('users.department')} aria-label={t('users.department')} className="w-full sm:w-44" options={deptOptions}
          value={query.departmentId} onChange={(v?: number) => load({ ...query, departmentId: v, offset: 1 })} />
        <Select allowClear placeholder={t('users.roles')} aria-label={t('users.roles')} className="w-full sm:w-36" options={roleOptions}
          value={query.roleId} onChange={(v?: number) => load({ ...query, roleId: v, offset: 1 })} />
        <Select aria-label={t('users.status.title')} className="w-full sm:w-32" value={query.status}
          options={(['all', 'active', 'pending', 'disabled'] as const).map((s) => ({ value: s, label: t(`users.status.${s}`) }))}
          onChange={(status: Query['status']) => load({ ...query, status, offset: 1 })} />
      </div>
      <Table<CompanyUserDto>
        rowKey="id" size="middle" loading={loading} columns={columns} dataSource={data.list} onChange={onChange} scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('users.empty') }}
        pagination={{ current: query.offset, pageSize: query.limit, total: data.total, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], showTotal: (n) => t('total', { count: n }) }}
      />
      <Modal
        open={editing !== null} title={editing === 'new' ? t('users.add') : t('users.editTitle')} onCancel={() => setEditing(null)}
        onOk={() => void save()} confirmLoading={saving} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender
      >
        <Form form={form} layout="vertical" requiredMark="optional">
          {editing === 'new' && (
            <>
              <Form.Item name="loginName" label={t('users.loginName')} extra={t('users.loginNameHint')} rules={[{ required: true, message: t('required') }]}>
                <Input maxLength={100} autoComplete="off" />
              </Form.Item>
              <Form.Item name="accountType" label={t('users.accountType')} extra={accountType === 'sub' ? t('users.subHint') : t('users.employeeHint')}>
                <Select options={(['employee', 'sub'] as const).map((v) => ({ value: v, label: t(`users.types.${v}`) }))} />
              </Form.Item>
              {accountType === 'sub' && (
                <Form.Item name="password" label={t('users.password')} rules={[{ required: true, min: 8, max: 64, message: t('users.passwordRule') }]}>
                  <Input.Password autoComplete="new-password" maxLength={64} />
                </Form.Item>
              )}
            </>
          )}
          <Form.Item name="name" label={t('users.name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 50 }]}>
            <Input maxLength={50} />
          </Form.Item>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            <Form.Item name="job" label={t('profile.job')}><Input maxLength={50} /></Form.Item>
            <Form.Item name="branch" label={t('profile.branch')}><Input maxLength={100} /></Form.Item>
            <Form.Item name="userinfoNo" label={t('profile.userinfoNo')}><Input maxLength={50} /></Form.Item>
            <Form.Item name="departmentId" label={t('users.department')}>
              <Select allowClear options={deptOptions} placeholder={t('none')} />
            </Form.Item>
          </div>
          <Form.Item name="roleIds" label={t('users.roles')}>
            <Select mode="multiple" options={roleOptions} placeholder={t('none')} />
          </Form.Item>
          <Form.Item name="monthlyLimit" label={t('users.monthlyLimit')} extra={t('users.monthlyLimitHint')}
            rules={[{ pattern: /^\d{1,10}(\.\d{1,2})?$/, message: t('amountRule') }]}>
            <Input inputMode="decimal" maxLength={13} placeholder={t('users.noLimit')} />
          </Form.Item>
          {editing !== 'new' && editing && !editing.isAdmin && (
            <Form.Item name="active" label={t('users.status.active')} valuePropName="checked"><Switch /></Form.Item>
          )}
        </Form>
      </Modal>
    </div>
  );
}
