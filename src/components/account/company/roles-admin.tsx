'use client';

import { App, Button, Checkbox, Form, Input, Popconfirm, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FunctionGroupDto, RoleDto } from '@/contracts/company';
import { useFormSave } from '@/components/ui/use-form-save';
import { Permitted, usePermits } from '@/components/ui/permitted';
import { useApiMutation } from '@/lib/api/query';
import { FormModal } from '@/components/ui/form-modal';

interface RoleValues {
  name: string;
  description?: string;
  permissions?: string[];
}

/** /sys/roles: roles built from the grouped permission list of /functions/all. */
export function RolesAdmin({ roles, groups }: { roles: RoleDto[]; groups: FunctionGroupDto[] }) {
  const t = useTranslations('company');
  const { message } = App.useApp();
  const canEdit = usePermits({ permissions: ['ROLE.EDIT'] });
  const [editing, setEditing] = useState<RoleDto | 'new' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [form] = Form.useForm<RoleValues>();
  const add = useApiMutation('post', '/api/app/role/add', { form, refreshPage: true });
  const update = useApiMutation('post', '/api/app/role/update', { form, refreshPage: true });
  const batchDelete = useApiMutation('post', '/api/app/role/batchDelete', { refreshPage: true });
  const labelOf = new Map(groups.flatMap((g) => g.functions.map((f) => [f.code, f.label] as const)));

  function open(role: RoleDto | 'new') {
    setEditing(role);
    form.resetFields();
    form.setFieldsValue(role === 'new' ? { permissions: [] } : { name: role.name, description: role.description, permissions: role.permissions });
  }

  const { saving, onFinish: save } = useFormSave(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    const body = { name: values.name, description: values.description ?? '', permissions: values.permissions ?? [] };
    const answer = editing === 'new'
      ? await add.send({ body })
      : await update.send({ body: { ...body, id: editing.id } });
    if (!answer) return;
    message.success(t('saved'));
    setEditing(null);
  });

  async function remove(ids: number[]) {
    if (await batchDelete.send({ body: { ids } })) {
      message.success(t('deleted'));
      setSelected([]);
    }
  }

  const columns: TableProps<RoleDto>['columns'] = [
    { title: t('roles.name'), dataIndex: 'name', key: 'name', render: (v: string, r) => <div><div className="font-medium">{v}</div><div className="text-xs text-muted">{r.description}</div></div> },
    {
      title: t('roles.permissions'), key: 'permissions',
      render: (_v, r) => (r.permissions.length ? <div className="flex flex-wrap gap-1">{r.permissions.map((p) => <Tag key={p}>{labelOf.get(p) ?? p}</Tag>)}</div> : t('none')),
    },
    { title: t('roles.users'), dataIndex: 'userCount', key: 'userCount', responsive: ['sm'] },
    ...(canEdit ? [{
      title: t('actions'), key: 'actions',
      render: (_v: unknown, r: RoleDto) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => open(r)} data-testid={`edit-role-${r.name}`}>{t('edit')}</Button>
          <Popconfirm title={t('roles.deleteConfirm', { name: r.name })} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => remove([r.id])}>
            <Button size="small" danger>{t('delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    }] : []),
  ];

  return (
    <div className="space-y-4">
      <Permitted permissions={['ROLE.EDIT']}>
        <div className="flex flex-wrap gap-2">
          <Button type="primary" onClick={() => open('new')} data-testid="add-role">{t('roles.add')}</Button>
          <Popconfirm title={t('batchDeleteConfirm', { count: selected.length })} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => remove(selected)} disabled={selected.length === 0}>
            <Button danger disabled={selected.length === 0}>{t('batchDelete')}</Button>
          </Popconfirm>
        </div>
      </Permitted>
      <Table<RoleDto>
        rowKey="id" columns={columns} dataSource={roles} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('roles.empty') }}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? t('roles.add') : t('roles.editTitle')} onCancel={() => setEditing(null)} onOk={() => void save()}
        confirmLoading={saving} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender width={640}>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('roles.name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 30 }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="description" label={t('roles.description')}><Input maxLength={100} /></Form.Item>
          <Form.Item name="permissions" label={t('roles.permissions')}>
            <Checkbox.Group className="w-full">
              <div className="w-full space-y-3">
                {groups.map((g) => (
                  <fieldset key={g.key} className="rounded border border-line p-3">
                    <legend className="px-1 text-sm font-medium">{g.label}</legend>
                    <div className="flex flex-wrap gap-x-4 gap-y-2">
                      {g.functions.map((f) => <Checkbox key={f.code} value={f.code} data-testid={`perm-${f.code}`}>{f.label}</Checkbox>)}
                    </div>
                  </fieldset>
                ))}
              </div>
            </Checkbox.Group>
          </Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
