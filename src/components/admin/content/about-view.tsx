'use client';

import { Alert, App, Button, Form, Input, Modal, Space, Spin, Tabs } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { AboutDto, AboutInput } from '@/contracts/content-editing';
import { RichText } from '@/components/content/rich-text';
import { adminApi } from '../admin-api';
import { RichTextEditor } from './rich-text-editor';
import { useAdminAction } from '../common/use-admin-action';

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
  const [loaded, setLoaded] = useState<AboutDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ bodyZh: string; bodyEn: string } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    adminApi<AboutDto>('GET', '/api/admin/cms/about').then(
      (a) => { if (live) { setLoaded(a); form.setFieldsValue(a); } },
      (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); },
    );
    return () => { live = false; };
  }, [form, round]);
  const run = useAdminAction(async () => setRound((r) => r + 1), form);
  const { message } = App.useApp();
  // Not through `run`: its reload would put the stored text back over the edits being previewed.
  const showPreview = async () => {
    const { bodyZh = '', bodyEn = '' } = form.getFieldsValue();
    try {
      setPreview(await adminApi('POST', '/api/admin/cms/about/preview', { bodyZh, bodyEn }));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
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
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Spin spinning={!loaded && !error}>
        <Form form={form} layout="vertical" onFinish={(values) => void run(() => adminApi('PUT', '/api/admin/cms/about', values), t('saved'))}>
          <div className="grid gap-x-4 md:grid-cols-2">
            <Form.Item name="titleZh" label={t('titleZh')} rules={[{ required: true, whitespace: true, max: 100, message: te('aboutTitleInvalid') }]}><Input data-testid="about-title-zh" /></Form.Item>
            <Form.Item name="titleEn" label={t('titleEn')} rules={[{ required: true, whitespace: true, max: 100, message: te('aboutTitleInvalid') }]}><Input data-testid="about-title-en" /></Form.Item>
            <Form.Item name="bodyZh" label={t('bodyZh')}><RichTextEditor label={t('bodyZh')} testId="about-body-zh" /></Form.Item>
            <Form.Item name="bodyEn" label={t('bodyEn')}><RichTextEditor label={t('bodyEn')} testId="about-body-en" /></Form.Item>
          </div>
        </Form>
      </Spin>
      <Modal open={preview !== null} title={t('preview')} onCancel={() => setPreview(null)} footer={null} width={900}>
        {preview && (
          <Tabs items={[
            { key: 'zh', label: t('chinese'), children: <div data-testid="about-preview-zh"><RichText html={preview.bodyZh} /></div> },
            { key: 'en', label: t('english'), children: <div data-testid="about-preview-en"><RichText html={preview.bodyEn} /></div> },
          ]} />
        )}
      </Modal>
    </section>
  );
}
