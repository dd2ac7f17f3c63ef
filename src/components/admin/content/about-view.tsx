'use client';

import { Alert, Button, Form, Input, Modal, Space, Spin, Tabs } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { AboutInput } from '@/contracts/content-editing';
import { RichText } from '@/components/content/rich-text';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { RichTextEditor } from './rich-text-editor';

/**
 * `/content/about` (CONTENT.EDIT, ADR 0036): the about page's titles and bodies in both languages with
 * the rich-text editor; a preview shows the bodies as the server sanitises them; saving sanitises them
 * before they are stored (the storefront sanitises them again when it renders).
 */
export function AboutView() {
  const t = useTranslations('adminAbout');
  const te = useTranslations('api.errors');
  const locale = useLocale();
  const [form] = Form.useForm<AboutInput>();
  const about = useApiQuery('get', '/api/admin/cms/about');
  const save = useApiMutation('put', '/api/admin/cms/about', { invalidates: ['/api/admin/cms/about'], form, success: t('saved') });
  // Changes nothing: the edits being previewed stay in the form.
  const preview = useApiMutation('post', '/api/admin/cms/about/preview');
  const [shown, setShown] = useState<{ bodyZh: string; bodyEn: string } | null>(null);
  // The stored page (again after a save, as the server sanitised it) goes into the form.
  useEffect(() => { if (about.data) form.setFieldsValue(about.data); }, [about.data, form]);
  const showPreview = async () => {
    const { bodyZh = '', bodyEn = '' } = form.getFieldsValue();
    const answer = await preview.send({ body: { bodyZh, bodyEn } });
    if (answer) setShown(answer.data);
  };

  return (
    <section className="rounded-lg bg-white p-4" data-testid="about-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <a href={`/${locale}/about/index`} target="_blank" rel="noreferrer">{t('open')}</a>
          <Button onClick={() => void showPreview()} data-testid="about-preview">{t('preview')}</Button>
          <Button type="primary" onClick={() => form.submit()} data-testid="about-save">{t('save')}</Button>
        </Space>
      </div>
      <p className="mb-3 mt-0 text-sm text-slate-500">{t('intro')}</p>
      {about.error && <Alert type="error" title={about.error.message} className="mb-3" />}
      <Spin spinning={about.isPending && !about.error}>
        <Form form={form} layout="vertical" onFinish={(values) => void save.send({ body: values })}>
          <div className="grid gap-x-4 md:grid-cols-2">
            <Form.Item name="titleZh" label={t('titleZh')} rules={[{ required: true, whitespace: true, max: 100, message: te('aboutTitleInvalid') }]}><Input data-testid="about-title-zh" /></Form.Item>
            <Form.Item name="titleEn" label={t('titleEn')} rules={[{ required: true, whitespace: true, max: 100, message: te('aboutTitleInvalid') }]}><Input data-testid="about-title-en" /></Form.Item>
            <Form.Item name="bodyZh" label={t('bodyZh')}><RichTextEditor label={t('bodyZh')} testId="about-body-zh" /></Form.Item>
            <Form.Item name="bodyEn" label={t('bodyEn')}><RichTextEditor label={t('bodyEn')} testId="about-body-en" /></Form.Item>
          </div>
        </Form>
      </Spin>
      <Modal open={shown !== null} title={t('preview')} onCancel={() => setShown(null)} footer={null} width={900}>
        {shown && (
          <Tabs items={[
            { key: 'zh', label: t('chinese'), children: <div data-testid="about-preview-zh"><RichText html={shown.bodyZh} /></div> },
            { key: 'en', label: t('english'), children: <div data-testid="about-preview-en"><RichText html={shown.bodyEn} /></div> },
          ]} />
        )}
      </Modal>
    </section>
  );
}
