'use client';

import { App, Form, Input, Select, Switch } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import type { CompanyUserDto, DepartmentDto, RoleDto } from '@/contracts/company';
import { useApiMutation } from '@/lib/api/query';
import { sha256Hex } from '@/lib/sha256';
import { useFormSave } from '@/components/ui/use-form-save';
import { departmentOptions } from './department-options';
import { FormModal } from '@/components/ui/form-modal';

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

function initialValues(user: CompanyUserDto | 'new'): EditValues | Partial<EditValues> {
  if (user === 'new') return { accountType: 'employee', roleIds: [], departmentId: null };
  return {
    name: user.name, job: user.job, branch: user.branch, userinfoNo: user.userinfoNo, departmentId: user.department?.id ?? null,
    roleIds: user.roles.map((r) => r.id), monthlyLimit: user.monthlyLimit ?? '', active: user.active,
  };
}

/** The dialog that adds a user (employee or sub-account) or edits one; saving reloads the user list. */
export function UserEditor({ editing, departments, roles, onClose }: {
  editing: CompanyUserDto | 'new' | null;
  departments: DepartmentDto[];
  roles: RoleDto[];
  onClose: () => void;
}) {
  const t = useTranslations('company');
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const accountType = Form.useWatch('accountType', form);
  const settings = { form, invalidates: ['/api/app/api/user/s'] } as const;
  const add = useApiMutation('post', '/api/app/user/add', settings);
  const update = useApiMutation('post', '/api/app/user/update', settings);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    form.setFieldsValue(initialValues(editing));
  }, [editing, form]);

  const { saving, onFinish: save } = useFormSave(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !editing) return;
    const common = {
      name: values.name, job: values.job ?? '', branch: values.branch ?? '', userinfoNo: values.userinfoNo ?? '',
      departmentId: values.departmentId ?? null, roleIds: values.roleIds ?? [], monthlyLimit: values.monthlyLimit || null,
    };
    const answer = editing === 'new'
      ? await add.send({ body: {
        ...common, loginName: values.loginName ?? '', accountType: values.accountType,
        password: values.accountType === 'sub' && values.password ? await sha256Hex(values.password) : undefined,
      } })
      : await update.send({ body: { ...common, id: editing.id, active: values.active } });
    if (!answer) return;
    message.success(editing === 'new' ? t('users.addedDone') : t('saved'));
    onClose();
  });

  const deptOptions = departmentOptions(departments);
  const roleOptions = roles.map((r) => ({ value: r.id, label: r.name }));
  return (
    <FormModal
      open={editing !== null} title={editing === 'new' ? t('users.add') : t('users.editTitle')} onCancel={onClose}
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
    </FormModal>
  );
}
