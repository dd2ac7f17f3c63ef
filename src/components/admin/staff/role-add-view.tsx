'use client';

import { Button, Card, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';
import { useFormSave } from '@/components/ui/use-form-save';
import { PermissionTree } from './permission-tree';

interface Values { name: string; description: string }

/** `/system-setting/authadd` (hidden, noCache): a new role with its permissions. */
export function RoleAddView() {
  const t = useTranslations('adminRoles');
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [permissions, setPermissions] = useState<string[]>(['ADMIN.ACCESS']);
  const create = useApiMutation('post', '/api/admin/roles', { invalidates: ['/api/admin/roles', '/api/admin/audit'], form, success: t('created') });
  const { saving, onFinish } = useFormSave(async (values: Values) => {
    if (await create.send({ body: { ...values, permissions } })) router.push('/admin/system-setting/auth');
  });
  return (
    <Card title={t('addTitle')} data-testid="role-add-view">
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={onFinish}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('nameRequired') }, { max: 40 }]}><Input /></Form.Item>
        <Form.Item name="description" label={t('description')} rules={[{ max: 200 }]}><Input.TextArea rows={2} /></Form.Item>
        <Form.Item label={t('permissions')}><PermissionTree value={permissions} onChange={setPermissions} label={t('permissions')} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>{t('create')}</Button>
      </Form>
    </Card>
  );
}
