'use client';

import { Alert, Button, Form, Input, Modal, Space, Spin, Tabs } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { AboutDto, AboutInput } from '@/contracts/content-editing';
import { RichText } from '@/components/content/rich-text';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { RichTextEditor } from './rich-text-editor';

interface PageBlockEditorProps {
  /** The prefix of the editor's test ids (`about`, `privacy`). */
  id: 'about' | 'privacy';
  title: string;
  intro: string;
  /** The storefront page, opened in a new tab. */
  href: string;
  stored: { data?: AboutDto; error: Error | null; isPending: boolean };
  saving: boolean;
  onSave: (values: AboutInput) => void;
}

/** The titles and bodies of a page block in both languages, with a preview of the bodies as the server sanitises them. */
function PageBlockEditor({ id, title, intro, href, stored, saving, onSave, form }: PageBlockEditorProps & { form: ReturnType<typeof Form.useForm<AboutInput>>[0] }) {
  const t = useTranslations('adminAbout');
  const te = useTranslations('api.errors');
  // Changes nothing: the edits being previewed stay in the form.
  const preview = useApiMutation('post', '/api/admin/cms/about/preview');
  const [shown, setShown] = useState<{ bodyZh: string; bodyEn: string } | null>(null);
  // The stored page (again after a save, as the server sanitised it) goes into the form.
  useEffect(() => { if (stored.data) form.setFieldsValue(stored.data); }, [stored.data, form]);
  const showPreview = async () => {
    const { bodyZh = '', bodyEn = '' } = form.getFieldsValue();
    const answer = await preview.send({ body: { bodyZh, bodyEn } });
    if (answer) setShown(answer.data);
  };
  const titleRule = { required: true, whitespace: true, max: 100, message: te('aboutTitleInvalid') };

  return (
    <div data-testid={`${id}-editor`}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="m-0 text-base font-semibold">{title}</h2>
          <p className="mb-0 mt-1 text-sm text-slate-500">{intro}</p>
        </div>
        <Space wrap>
          <a href={href} target="_blank" rel="noreferrer">{t('open')}</a>
          <Button onClick={() => void showPreview()} data-testid={`${id}-preview`}>{t('preview')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid={`${id}-save`}>{t('save')}</Button>
        </Space>
      </div>
      {stored.error && <Alert type="error" title={stored.error.message} className="mb-3" />}
      <Spin spinning={stored.isPending && !stored.error}>
        <Form form={form} layout="vertical" onFinish={onSave}>
          <div className="grid gap-x-4 md:grid-cols-2">
            <Form.Item name="titleZh" label={t('titleZh')} rules={[titleRule]}><Input data-testid={`${id}-title-zh`} /></Form.Item>
            <Form.Item name="titleEn" label={t('titleEn')} rules={[titleRule]}><Input data-testid={`${id}-title-en`} /></Form.Item>
            <Form.Item name="bodyZh" label={t('bodyZh')}><RichTextEditor label={t('bodyZh')} testId={`${id}-body-zh`} /></Form.Item>
            <Form.Item name="bodyEn" label={t('bodyEn')}><RichTextEditor label={t('bodyEn')} testId={`${id}-body-en`} /></Form.Item>
          </div>
        </Form>
      </Spin>
      <Modal open={shown !== null} title={t('preview')} onCancel={() => setShown(null)} footer={null} width={900}>
        {shown && (
          <Tabs items={[
            { key: 'zh', label: t('chinese'), children: <div data-testid={`${id}-preview-zh`}><RichText html={shown.bodyZh} /></div> },
            { key: 'en', label: t('english'), children: <div data-testid={`${id}-preview-en`}><RichText html={shown.bodyEn} /></div> },
          ]} />
        )}
      </Modal>
    </div>
  );
}

function AboutEditor() {
  const t = useTranslations('adminAbout');
  const locale = useLocale();
  const [form] = Form.useForm<AboutInput>();
  const stored = useApiQuery('get', '/api/admin/cms/about');
  const save = useApiMutation('put', '/api/admin/cms/about', { invalidates: ['/api/admin/cms/about'], form, success: t('saved') });
  return <PageBlockEditor id="about" title={t('title')} intro={t('intro')} href={`/${locale}/about/index`} form={form}
    stored={stored} saving={save.isPending} onSave={(values) => void save.send({ body: values })} />;
}

function PrivacyEditor() {
  const t = useTranslations('adminAbout');
  const locale = useLocale();
  const [form] = Form.useForm<AboutInput>();
  const stored = useApiQuery('get', '/api/admin/cms/privacy');
  const save = useApiMutation('put', '/api/admin/cms/privacy', { invalidates: ['/api/admin/cms/privacy'], form, success: t('saved') });
  return <PageBlockEditor id="privacy" title={t('privacyTitle')} intro={t('privacyIntro')} href={`/${locale}/privacy`} form={form}
    stored={stored} saving={save.isPending} onSave={(values) => void save.send({ body: values })} />;
}

/**
 * `/content/about` (CONTENT.EDIT, ADR 0036): the about page and the privacy policy (`/privacy`), each a title and
 * body in both languages with the rich-text editor; a preview shows the bodies as the server sanitises them;
 * saving sanitises them before they are stored (the storefront sanitises them again when it renders).
 */
export function AboutView() {
  const t = useTranslations('adminAbout');
  return (
    <section className="rounded-lg bg-white p-4" data-testid="about-view">
      <h1 className="m-0 mb-2 text-lg font-semibold">{t('title')}</h1>
      <Tabs destroyOnHidden={false} items={[
        { key: 'about', label: t('tabAbout'), children: <AboutEditor /> },
        { key: 'privacy', label: t('tabPrivacy'), children: <PrivacyEditor /> },
      ]} />
    </section>
  );
}
