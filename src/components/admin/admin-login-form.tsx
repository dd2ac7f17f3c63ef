'use client';

import { Alert, Button, Card, Form, Input, type InputRef } from 'antd';
import { useTranslations } from 'next-intl';
import { useState, type Ref } from 'react';
import type { z } from 'zod';
import type { staffSessionSchema } from '@/contracts/auth';
import { ApiError, apiPost } from '@/lib/api-client';
import { sha256Hex } from '@/lib/sha256';

interface Values {
  loginName: string;
  password: string;
}

export type StaffSession = z.infer<typeof staffSessionSchema>;

/** Staff sign-in, on its page: once signed in, the browser opens `home` (the dashboard, or the page to return to). */
export function AdminLoginForm({ home }: { home: string }) {
  const t = useTranslations('admin');
  return (
    <Card title={t('loginTitle')} className="w-full max-w-sm shadow-sm">
      <AdminLoginFields onSignedIn={() => window.location.assign(home)} />
    </Card>
  );
}

/**
 * The fields of the staff sign-in, on the sign-in page and in the back-office's session dialog; the password
 * leaves the browser only as its SHA-256 digest. `onSignedIn` gets the new session's member; the form stays
 * busy after it, as whatever follows (a page load, the dialog closing) takes it away. `firstField` lets a dialog
 * put the focus on the login name once it has opened.
 */
export function AdminLoginFields({ onSignedIn, firstField }: { onSignedIn: (member: StaffSession) => void; firstField?: Ref<InputRef> }) {
  const t = useTranslations('admin');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setBusy(true);
    setError(null);
    try {
      const { user } = await apiPost('/api/admin/auth/login', { loginName: values.loginName, password: await sha256Hex(values.password) }, { silent: true });
      onSignedIn(user);
    } catch (e) {
      setError(e instanceof ApiError && !e.isNetwork && e.message !== 'error' ? e.message : t('loginFailed'));
      setBusy(false);
    }
  }

  return (
    <>
      {error && <Alert type="error" title={error} className="mb-4" showIcon role="alert" />}
      <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('loginName')} name="loginName" rules={[{ required: true, message: t('required', { field: t('loginName') }) }]}>
          <Input autoComplete="username" ref={firstField} />
        </Form.Item>
        <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('required', { field: t('password') }) }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>{t('submit')}</Button>
      </Form>
    </>
  );
}
