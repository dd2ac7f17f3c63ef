'use client';

import { App, Button, Empty, Form, Input, InputNumber, Popconfirm, Select, Tree } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { DepartmentDto } from '@/contracts/company';
import { useFormSave } from '@/components/ui/use-form-save';
import { Permitted, usePermits } from '@/components/ui/permitted';
import { useApiMutation } from '@/lib/api/query';
import { departmentOptions, departmentTree, type DepartmentNode } from './department-options';
import { FormModal } from '@/components/ui/form-modal';

interface DepartmentValues {
  name: string;
  parentId?: number | null;
  sort?: number;
}

/** /sys/departments: the department tree; add, edit, and batch delete (refused while users remain). */
export function DepartmentsAdmin({ departments }: { departments: DepartmentDto[] }) {
  const t = useTranslations('company');
  const { message } = App.useApp();
  const canEdit = usePermits({ permissions: ['DEPARTMENT.EDIT'] });
  const [checked, setChecked] = useState<number[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
  const [editing, setEditing] = useState<DepartmentDto | 'new' | null>(null);
  const [form] = Form.useForm<DepartmentValues>();
  const add = useApiMutation('post', '/api/app/department/add', { form, refreshPage: true });
  const update = useApiMutation('post', '/api/app/department/update', { form, refreshPage: true });
  const batchDelete = useApiMutation('post', '/api/app/department/batchDelete', { refreshPage: true });
  const selected = departments.find((d) => d.id === current) ?? null;

  function open(target: DepartmentDto | 'new') {
    setEditing(target);
    form.resetFields();
    form.setFieldsValue(target === 'new' ? { parentId: selected?.id ?? null, sort: 0 } : { name: target.name, parentId: target.parentId, sort: target.sort });
  }

  const { saving, onFinish: save } = useFormSave(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    const body = { name: values.name, parentId: values.parentId ?? null, sort: values.sort ?? 0 };
    const answer = editing === 'new'
      ? await add.send({ body })
      : await update.send({ body: { ...body, id: editing.id } });
    if (!answer) return;
    message.success(t('saved'));
    setEditing(null);
  });

  async function remove() {
    if (await batchDelete.send({ body: { ids: checked } })) {
      message.success(t('deleted'));
      setChecked([]);
      setCurrent(null);
    }
  }

  const tree = departmentTree(departments);
  const parentChoices = departmentOptions(departments).filter((o) => editing === 'new' || !editing || o.value !== editing.id);

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="rounded border border-line p-3">
        {tree.length === 0 ? <Empty description={t('departments.empty')} /> : (
          <Tree<DepartmentNode>
            treeData={tree} defaultExpandAll blockNode checkable={canEdit} checkStrictly
            checkedKeys={{ checked, halfChecked: [] }}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
            selectedKeys={current ? [current] : []}
            onSelect={(keys) => setCurrent(keys[0] === undefined ? null : Number(keys[0]))}
            titleRender={(node) => (
              <span data-testid={`dept-${node.department.name}`}>
                {node.department.name} <span className="text-xs text-muted">{t('departments.userCount', { count: node.department.userCount })}</span>
              </span>
            )}
          />
        )}
      </div>
      <div className="space-y-3">
        {selected && <p className="text-sm">{t('departments.selected', { name: selected.name })}</p>}
        <Permitted permissions={['DEPARTMENT.EDIT']}>
          <div className="flex flex-wrap gap-2">
            <Button type="primary" onClick={() => open('new')} data-testid="add-department">{selected ? t('departments.addChild') : t('departments.add')}</Button>
            <Button onClick={() => selected && open(selected)} disabled={!selected}>{t('edit')}</Button>
            <Popconfirm title={t('batchDeleteConfirm', { count: checked.length })} okText={t('delete')} cancelText={t('cancel')} onConfirm={remove} disabled={checked.length === 0}>
              <Button danger disabled={checked.length === 0} data-testid="delete-departments">{t('batchDelete')}</Button>
            </Popconfirm>
          </div>
          <p className="text-xs text-muted">{t('departments.hint')}</p>
        </Permitted>
      </div>
      <FormModal open={editing !== null} title={editing === 'new' ? t('departments.add') : t('departments.editTitle')} onCancel={() => setEditing(null)} onOk={() => void save()}
        confirmLoading={saving} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('departments.name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 40 }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="parentId" label={t('departments.parent')}>
            <Select allowClear options={parentChoices} placeholder={t('departments.topLevel')} />
          </Form.Item>
          <Form.Item name="sort" label={t('departments.sort')}><InputNumber min={0} max={9999} precision={0} /></Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
