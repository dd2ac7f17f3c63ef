'use client';

import { Button, Card, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';
import type { ApiPath } from '@/lib/api/types';
import { sha256Hex } from '@/lib/sha256';
import { useFormSave } from '@/components/ui/use-form-save';
import { StaffFields, useRoleOptions, useTeamOptions } from './staff-list-view';

interface Values { loginName: string; password: string; name: string; email: string; phone: string; roleIds: number[]; teamId?: number | null }

/** Where a new member shows: the staff, their roles' and team's counts, the members a rule may name and the audit log. */
const CREATED: readonly ApiPath[] = ['/api/admin/staff', '/api/admin/roles', '/api/admin/roles/{id}', '/api/admin/teams', '/api/admin/approvals/rule-options', '/api/admin/audit'];

/** `/system-setting/staffadd` (hidden, noCache): a new staff member with an initial password and roles. */
export function StaffAddView() {
  const t = useTranslations('adminStaff');
  const router = useRouter();
  const roles = useRoleOptions();
  const teams = useTeamOptions();
  const [form] = Form.useForm<Values>();
  const create = useApiMutation('post', '/api/admin/staff', { invalidates: CREATED, form, success: t('created') });
  const { saving, onFinish } = useFormSave(async (values: Values) => {
    if (await create.send({ body: { ...values, password: await sha256Hex(values.password) } })) router.push('/admin/system-setting/stafflist');
  });
  return (
    <Card title={t('addTitle')} data-testid="staff-add-view">
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={{ roleIds: [] }} onFinish={onFinish}>
        <Form.Item name="loginName" label={t('loginName')} rules={[{ required: true, pattern: /^[a-zA-Z0-9][a-zA-Z0-9._-]{2,39}$/, message: t('loginNameInvalid') }]}><Input autoComplete="off" /></Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true, min: 8, message: t('passwordInvalid') }]}><Input.Password autoComplete="new-password" /></Form.Item>
        <StaffFields roles={roles} teams={teams} />
        <Button type="primary" htmlType="submit" loading={saving}>{t('create')}</Button>
      </Form>
    </Card>
  );
}
