'use client';

import { App, Avatar, Button, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ProfileDto } from '@/contracts/company';
import { multipart } from '@/lib/api/client';
import { useApiMutation } from '@/lib/api/query';

interface BasicValues {
  name: string;
  branch?: string;
  job?: string;
  userinfoNo?: string;
}

/** /sys/profile_basic: the user edits their name, branch, job, staff number and avatar; the company is read-only. */
export function ProfileBasicForm({ profile, maxBytes }: { profile: ProfileDto; maxBytes: number }) {
  const t = useTranslations('company');
  const { message } = App.useApp();
  const [form] = Form.useForm<BasicValues>();
  const upload = useApiMutation('post', '/api/app/file/upload');
  const update = useApiMutation('post', '/api/app/api/user/update', { form, refreshPage: true });
  const [avatarId, setAvatarId] = useState<number | null>(profile.avatarFileId);

  async function pickAvatar(file: File | undefined) {
    if (!file) return;
    if (file.size > maxBytes) {
      message.error(t('documents.tooLarge', { size: Math.floor(maxBytes / 1024) }));
      return;
    }
    const stored = await upload.send({ body: { kind: 'avatar', file }, ...multipart });
    if (stored) setAvatarId(stored.data.id);
  }

  async function save(values: BasicValues) {
    const answer = await update.send({
      body: { name: values.name, branch: values.branch ?? '', job: values.job ?? '', userinfoNo: values.userinfoNo ?? '', avatarFileId: avatarId },
    });
    if (answer) message.success(t('saved'));
  }

  const uploading = upload.isPending;
  return (
    <Form form={form} layout="vertical" className="max-w-lg" onFinish={save} data-testid="profile-basic-form"
      initialValues={{ name: profile.name, branch: profile.branch, job: profile.job, userinfoNo: profile.userinfoNo }}>
      <div className="mb-4 flex items-center gap-4">
        <Avatar size={72} src={avatarId ? `/api/app/file/${avatarId}?inline=1` : undefined} alt={t('profile.avatar')}>{profile.name.slice(0, 1)}</Avatar>
        <div className="space-y-1">
          <label htmlFor="avatar-file" className="block text-sm">{t('profile.avatar')}</label>
          <input id="avatar-file" type="file" accept="image/png,image/jpeg,image/webp" className="block w-full text-sm" data-testid="avatar-file"
            onChange={(e) => pickAvatar(e.target.files?.[0])} disabled={uploading} />
          <p className="text-xs text-muted">{uploading ? t('profile.uploading') : t('profile.avatarHint')}</p>
          {avatarId && <Button size="small" onClick={() => setAvatarId(null)}>{t('profile.removeAvatar')}</Button>}
        </div>
      </div>
      <Form.Item label={t('profile.company')} htmlFor="profile-company"><Input id="profile-company" value={profile.company} readOnly disabled /></Form.Item>
      <Form.Item name="name" label={t('users.name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 50 }]}><Input maxLength={50} /></Form.Item>
      <Form.Item name="branch" label={t('profile.branch')} rules={[{ max: 100 }]}><Input maxLength={100} /></Form.Item>
      <Form.Item name="job" label={t('profile.job')} rules={[{ max: 50 }]}><Input maxLength={50} /></Form.Item>
      <Form.Item name="userinfoNo" label={t('profile.userinfoNo')} rules={[{ max: 50 }]}><Input maxLength={50} /></Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} disabled={uploading} data-testid="save-profile">{t('save')}</Button>
    </Form>
  );
}
