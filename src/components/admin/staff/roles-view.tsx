'use client';

import { Button, Drawer, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { RoleDto } from '@/contracts/admin';
import { useRouter } from '@/i18n/client-navigation';
import { PermittedButton } from '@/components/ui/permitted-button';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import type { ApiPath } from '@/lib/api/types';
import { definedParams } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { PermissionTree } from './permission-tree';
import { RecordHistory } from '../common/record-history';
import { pagination } from '../common/table-parts';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { key: '', page: '1' };
const PAGE_SIZE = 10;
/** Where a role's change shows: the roles and the audit log; its name also on the staff who hold it. */
const ROLE_CHANGED: readonly ApiPath[] = ['/api/admin/roles', '/api/admin/roles/{id}', '/api/admin/audit'];
const ROLE_RENAMED: readonly ApiPath[] = [...ROLE_CHANGED, '/api/admin/staff', '/api/admin/staff/{id}'];

/** `/system-setting/auth`: back-office roles with search and pages; edit, set permissions, reset, delete. */
export function RolesView() {
  const t = useTranslations('adminRoles');
  const router = useRouter();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const list = useApiQuery('get', '/api/admin/roles', { params: { query: definedParams({ key: query.key, limit: PAGE_SIZE, offset: query.page }) } });
  const table = useTableState(list);
  const [editing, setEditing] = useState<RoleDto | null>(null);
  const [granting, setGranting] = useState<RoleDto | null>(null);
  const [grant, setGrant] = useState<string[]>([]);
  const [history, setHistory] = useState<RoleDto | null>(null);
  const [form] = Form.useForm<{ name: string; description: string }>();
  const denied = t('denied');

  const save = useApiMutation('put', '/api/admin/roles/{id}', { invalidates: ROLE_RENAMED, form, success: t('saved') });
  const savePermissions = useApiMutation('put', '/api/admin/roles/{id}/permissions', { invalidates: ROLE_CHANGED, success: t('saved') });
  const reset = useApiMutation('post', '/api/admin/roles/{id}/reset', { invalidates: ROLE_CHANGED, success: t('resetDone') });
  const remove = useApiMutation('delete', '/api/admin/roles/{id}', { invalidates: ROLE_CHANGED, success: t('deleted') });
  const { saving, onFinish } = useFormSave(async (values: { name: string; description: string }) => {
    if (editing && (await save.send({ params: { path: { id: editing.id } }, body: values }))) setEditing(null);
  });

  return (
    <section className="rounded-lg bg-white p-4" data-testid="roles-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key}
            onSearch={(key) => setQuery({ key, page: '1' })} style={{ width: 220 }} />
          <PermittedButton type="primary" permissions={['AUTHORITY.EDIT']} reason={denied}
            onClick={() => router.push('/admin/system-setting/authadd')}>{t('add')}</PermittedButton>
        </Space>
      </div>
      <Table<RoleDto>
        rowKey="id"
        {...table}
        dataSource={list.data?.items}
        scroll={{ x: 760 }}
        pagination={pagination(query.page, PAGE_SIZE, list.data?.total ?? 0, (page) => setQuery({ page }))}
        columns={[
          { title: t('name'), dataIndex: 'name', width: 160 },
          { title: t('description'), dataIndex: 'description' },
          { title: t('permissions'), dataIndex: 'permissions', width: 120, render: (p: string[]) => <Tag>{t('permissionCount', { count: p.length })}</Tag> },
          { title: t('staffCount'), dataIndex: 'staffCount', width: 90 },
          {
            title: t('actions'), key: 'actions', width: 330, render: (_: unknown, role) => (
              <Space wrap size={4}>
                <PermittedButton size="small" permissions={['AUTHORITY.EDIT']} reason={denied}
                  onClick={() => { setEditing(role); form.setFieldsValue({ name: role.name, description: role.description }); }}>{t('edit')}</PermittedButton>
                <PermittedButton size="small" permissions={['AUTHORITY.EDIT']} reason={denied}
                  onClick={() => { setGranting(role); setGrant(role.permissions); }}>{t('setPermissions')}</PermittedButton>
                <Popconfirm title={t('resetConfirm', { name: role.name })} okText={t('ok')} cancelText={t('cancel')}
                  onConfirm={() => reset.send({ params: { path: { id: role.id } } })}>
                  <PermittedButton size="small" permissions={['AUTHORITY.EDIT']} reason={denied}>{t('reset')}</PermittedButton>
                </Popconfirm>
                <Popconfirm title={t('deleteConfirm', { name: role.name })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => remove.send({ params: { path: { id: role.id } } })}>
                  <PermittedButton size="small" danger permissions={['AUTHORITY.EDIT']} reason={denied}>{t('delete')}</PermittedButton>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(role)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <FormModal open={editing !== null} title={t('editTitle')} okText={t('save')} cancelText={t('cancel')} destroyOnHidden
        onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('nameRequired') }, { max: 40 }]}><Input /></Form.Item>
          <Form.Item name="description" label={t('description')} rules={[{ max: 200 }]}><Input.TextArea rows={2} /></Form.Item>
        </Form>
      </FormModal>
      <Drawer open={granting !== null} title={t('permissionsOf', { name: granting?.name ?? '' })} size={420} onClose={() => setGranting(null)}
        extra={<Button type="primary" loading={savePermissions.isPending} onClick={async () => {
          if (granting && (await savePermissions.send({ params: { path: { id: granting.id } }, body: { permissions: grant } }))) setGranting(null);
        }}>{t('save')}</Button>}>
        {granting && <PermissionTree value={grant} onChange={setGrant} label={t('permissions')} />}
      </Drawer>
      <RecordHistory entity="role" entityId={history?.id ?? null} title={history?.name ?? ''} onClose={() => setHistory(null)} />
    </section>
  );
}
