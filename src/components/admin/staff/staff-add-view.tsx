'use client';

import { App, Button, Card, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/i18n/client-navigation';
import { sha256Hex } from '@/lib/sha256';
import { adminApi, AdminApiError } from '../admin-api';
import { StaffFields, useRoleOptions, useTeamOptions } from './staff-list-view';

interface Values { loginName: string; password: string; name: string; email: string; phone: string; roleIds: number[]; teamId?: number | null }

/** `/system-setting/staffadd` (hidden, noCache): a new staff member with an initial password and roles. */
export function StaffAddView() {
  const t = useTranslations('adminStaff');
  const { message } = App.useApp();
  const router = useRouter();
  const roles = useRoleOptions();
  const teams = useTeamOptions();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t('addTitle')} data-testid="staff-add-view">
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={{ roleIds: [] }} onFinish={async (values) => {
        setBusy(true);
        try {
          await adminApi('POST', '/api/admin/staff', { ...values, password: await sha256Hex(values.password) });
          void message.success(t('created'));
          router.push('/admin/system-setting/stafflist');
        } catch (e) {
          void message.error(e instanceof Error ? e.message : String(e));
          if (e instanceof AdminApiError) form.setFields(e.fields.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
        } finally {
          setBusy(false);
        }
      }}>
        <Form.Item name="loginName" label={t('loginName')} rules={[{ required: true, pattern: /^[a-zA-Z0-9][a-zA-Z0-9._-]{2,39}$/, message: t('loginNameInvalid') }]}><Input autoComplete="off" /></Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true, min: 8, message: t('passwordInvalid') }]}><Input.Password autoComplete="new-password" /></Form.Item>
        <StaffFields roles={roles} teams={teams} />
        <Button type="primary" htmlType="submit" loading={busy}>{t('create')}</Button>
      </Form>
    </Card>
  );
}
