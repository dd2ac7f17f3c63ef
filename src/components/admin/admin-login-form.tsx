'use client';

import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, apiPost } from '@/lib/api-client';
import { sha256Hex } from '@/lib/sha256';

interface Values {
  loginName: string;
  password: string;
}

/** Staff sign-in; the password leaves the browser only as its SHA-256 digest. */
export function AdminLoginForm({ home }: { home: string }) {
  const t = useTranslations('admin');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    setError(null);
    try {
      await apiPost('/api/admin/auth/login', { loginName: values.loginName, password: await sha256Hex(values.password) });
      window.location.assign(home);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('loginFailed'));
      setBusy(false);
    }
  }

  return (
    <Card title={t('loginTitle')} className="w-full max-w-sm shadow-sm">
      {error && <Alert type="error" title={error} className="mb-4" showIcon role="alert" />}
      <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('loginName')} name="loginName" rules={[{ required: true, message: t('required', { field: t('loginName') }) }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('required', { field: t('password') }) }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>{t('submit')}</Button>
      </Form>
    </Card>
  );
}
