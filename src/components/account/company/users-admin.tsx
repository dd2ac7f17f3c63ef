'use client';

import { App, Button, Popconfirm, Select, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { CompanyUserDto, DepartmentDto, RoleDto, UserListDto } from '@/contracts/company';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useTableState } from '@/components/data/query-state';
import { Permitted, usePermits } from '@/components/ui/permitted';
import { departmentOptions } from './department-options';
import { UserEditor } from './user-editor';
import { useBusinessDay } from '@/lib/use-business-day';
import { SearchField } from '@/components/ui/search-field';

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

const FIRST_PAGE: Query = { key: '', status: 'all', sort: 'createdAt', order: 'desc', limit: 20, offset: 1 };

/** /sys/users: the company's users with search, filters, sorting and pages; add, edit and disable. */
export function UsersAdmin({ initial, departments, roles }: { initial: UserListDto; departments: DepartmentDto[]; roles: RoleDto[] }) {
  const t = useTranslations('company');
  const businessDay = useBusinessDay();
  const { message } = App.useApp();
  const canEdit = usePermits({ permissions: ['USER.EDIT'] });
  const [query, setQuery] = useState<Query>(FIRST_PAGE);
  const [editing, setEditing] = useState<CompanyUserDto | 'new' | null>(null);
  const list = useApiQuery('post', '/api/app/api/user/s', { body: { ...query, key: query.key || undefined } }, { initialData: query === FIRST_PAGE ? initial : undefined });
  const remove = useApiMutation('post', '/api/app/api/user/delete', { invalidates: ['/api/app/api/user/s'] });
  const table = useTableState(list, t('users.empty'));
  const data = list.data ?? initial;
  const load = (next: Query) => setQuery(next);

  async function disable(user: CompanyUserDto) {
    if (await remove.send({ body: { ids: [user.id] } })) message.success(t('users.disabledDone', { name: user.name }));
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
      render: (_v, u) => businessDay(u.createdAt),
    },
    ...(canEdit ? [{
      title: t('actions'), key: 'actions',
      render: (_v: unknown, u: CompanyUserDto) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => setEditing(u)} data-testid={`edit-user-${u.loginName}`}>{t('edit')}</Button>
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
    load({ ...query, sort, order: s?.order === 'ascend' ? 'asc' : 'desc', offset: pagination.current ?? 1, limit: pagination.pageSize ?? 20 });
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
          <Button type="primary" onClick={() => setEditing('new')} data-testid="add-user">{t('users.add')}</Button>
        </Permitted>
      </div>
      <div className="flex flex-wrap gap-2">
        <SearchField
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
        rowKey="id" size="middle" {...table} columns={columns} dataSource={data.list} onChange={onChange} scroll={{ x: 'max-content' }}
        pagination={{ current: query.offset, pageSize: query.limit, total: data.total, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], showTotal: (n) => t('total', { count: n }) }}
      />
      <UserEditor editing={editing} departments={departments} roles={roles} onClose={() => setEditing(null)} />
    </div>
  );
}
