'use client';

import { App, Button, Card, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/i18n/client-navigation';
import { adminApi, AdminApiError } from '../admin-api';
import { PermissionTree } from './permission-tree';

/** `/system-setting/authadd` (hidden, noCache): a new role with its permissions. */
export function RoleAddView() {
  const t = useTranslations('adminRoles');
  const { message } = App.useApp();
  const router = useRouter();
  const [form] = Form.useForm<{ name: string; description: string }>();
  const [permissions, setPermissions] = useState<string[]>(['ADMIN.ACCESS']);
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t('addTitle')} data-testid="role-add-view">
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={async (values) => {
        setBusy(true);
        try {
          await adminApi('POST', '/api/admin/roles', { ...values, permissions });
          void message.success(t('created'));
          router.push('/admin/system-setting/auth');
        } catch (e) {
          void message.error(e instanceof Error ? e.message : String(e));
          if (e instanceof AdminApiError) form.setFields(e.fields.map((f) => ({ name: f.field as 'name', errors: [f.message] })));
        } finally {
          setBusy(false);
        }
      }}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('nameRequired') }, { max: 40 }]}><Input /></Form.Item>
        <Form.Item name="description" label={t('description')} rules={[{ max: 200 }]}><Input.TextArea rows={2} /></Form.Item>
        <Form.Item label={t('permissions')}><PermissionTree value={permissions} onChange={setPermissions} label={t('permissions')} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>{t('create')}</Button>
      </Form>
    </Card>
  );
}
