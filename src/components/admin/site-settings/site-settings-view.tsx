'use client';

import { App, Button, Card, Form, Grid, Input, Popconfirm, Space, Switch, Table, Tag, Typography, type FormInstance } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { WEB_SETTING_MAX, FOOTER_MAX, webSettingFault, type AdminWebSettingDto } from '@/contracts/site-settings';
import { useTableState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { RecordHistory } from '../common/record-history';
import { useFormSave } from '@/components/ui/use-form-save';
import { FormModal } from '@/components/ui/form-modal';
import { LicenceScansCard } from './licence-scans-card';

/** Every write of this page changes the settings it shows (and nothing else the back-office reads). */
const SETTINGS_READS = ['/api/admin/web-settings'] as const;

/** The footer content in both languages (HTML, sanitised by the server). */
function FooterCard({ form, onFinish, saving }: { form: FormInstance<{ bodyZh: string; bodyEn: string }>; onFinish: (values: { bodyZh: string; bodyEn: string }) => Promise<void>; saving: boolean }) {
  const t = useTranslations('adminSiteSettings');
  const te = useTranslations('api.errors');
  return (
    <Card title={t('footerTitle')} size="small">
      <p className="mb-3 text-sm text-slate-500">{t('footerHelp')}</p>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <div className="grid gap-x-4 lg:grid-cols-2">
          <Form.Item name="bodyZh" label={t('footerZh')} rules={[{ max: FOOTER_MAX, message: te('footerTooLong') }]}><Input.TextArea rows={6} className="font-mono text-xs" /></Form.Item>
          <Form.Item name="bodyEn" label={t('footerEn')} rules={[{ max: FOOTER_MAX, message: te('footerTooLong') }]}><Input.TextArea rows={6} className="font-mono text-xs" /></Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="footer-save">{t('footerSave')}</Button>
      </Form>
    </Card>
  );
}

/**
 * `/system-setting/web-settings` (SETTINGS.EDIT, ADR 0031): the web settings (docs/requirements/storefront.md#web-settings) by type, each
 * explained and checked as the server checks it; the scans of the licences whose numbers are types 11 and 12;
 * the footer content in both languages; whether the
 * footer shows the visitor count. Every save reaches the storefront at once.
 */
export function WebSettingsView() {
  const t = useTranslations('adminSiteSettings');
  const te = useTranslations('api.errors');
  const format = useFormatter();
  const settings = useApiQuery('get', '/api/admin/web-settings');
  const data = settings.data;
  const table = useTableState(settings);
  const [editing, setEditing] = useState<AdminWebSettingDto | null>(null);
  const [history, setHistory] = useState<AdminWebSettingDto | null>(null);
  const [form] = Form.useForm<{ content: string }>();
  const [footerForm] = Form.useForm<{ bodyZh: string; bodyEn: string }>();
  const { message } = App.useApp();
  // On a phone each type is one block (name, help, content, actions) instead of a table to scroll sideways.
  const wide = Grid.useBreakpoint().md !== false;
  // The stored footer goes into its form (again once a save has changed it).
  const storedFooter = data?.footer;
  useEffect(() => { if (storedFooter) footerForm.setFieldsValue(storedFooter); }, [storedFooter, footerForm]);

  const put = useApiMutation('put', '/api/admin/web-settings/types/{type}', { invalidates: SETTINGS_READS, form, success: t('saved') });
  const clear = useApiMutation('delete', '/api/admin/web-settings/types/{type}', { invalidates: SETTINGS_READS, success: t('cleared') });
  const saveFooter = useApiMutation('put', '/api/admin/web-settings/footer', { invalidates: SETTINGS_READS, form: footerForm, success: t('saved') });
  const visitors = useApiMutation('put', '/api/admin/web-settings/visitor-count', { invalidates: SETTINGS_READS });
  const { saving, onFinish } = useFormSave(async ({ content }: { content: string }) => {
    if (!editing) return;
    if (await put.send({ params: { path: { type: editing.type } }, body: { content } })) setEditing(null);
  });
  const footer = useFormSave((values: { bodyZh: string; bodyEn: string }) => saveFooter.send({ body: values }));
  const showVisitors = async (show: boolean) => {
    if (await visitors.send({ body: { show } })) void message.success(show ? t('visitorShown') : t('visitorHidden'));
  };

  const name = (s: AdminWebSettingDto) => t(`types.${s.key}` as 'types.hotline');
  const open = (s: AdminWebSettingDto) => {
    setEditing(s);
    form.resetFields();
    form.setFieldsValue({ content: s.content ?? '' });
  };

  const typeCell = (s: AdminWebSettingDto) => (
    <div>
      <div className="font-medium">{name(s)} <Tag className="ml-1">{t(`formats.${s.format}` as 'formats.url')}</Tag></div>
      <div className="mt-1 text-xs text-slate-500">{t(`help.${s.key}` as 'help.hotline')}</div>
    </div>
  );
  const contentCell = (s: AdminWebSettingDto) => (s.content === null
    ? <span className="text-slate-400">{t('notSet')}</span>
    : (
      <div>
        <span className="break-all font-medium" data-testid={`web-setting-${s.key}`}>{s.content}</span>
        {s.updatedAt && <div className="text-xs text-slate-400">{t('updatedAt', { time: format.dateTime(new Date(s.updatedAt), { dateStyle: 'medium', timeStyle: 'short' }) })}</div>}
      </div>
    ));
  const actions = (s: AdminWebSettingDto) => (
    <Space wrap size={4}>
      <Button size="small" onClick={() => open(s)} data-testid={`web-setting-edit-${s.key}`} aria-label={`${t('edit')}: ${name(s)}`}>{t('edit')}</Button>
      {s.content !== null && (
        <Popconfirm title={t('clearConfirm', { name: name(s) })} okText={t('clear')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
          onConfirm={() => clear.send({ params: { path: { type: s.type } } })}>
          <Button size="small" danger aria-label={`${t('clear')}: ${name(s)}`}>{t('clear')}</Button>
        </Popconfirm>
      )}
      <Button size="small" type="link" onClick={() => setHistory(s)}>{t('history')}</Button>
    </Space>
  );

  return (
    <section className="space-y-4" data-testid="web-settings-view">
      <div className="rounded-lg bg-white p-4">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-3 mt-1 text-sm text-slate-500">{t('intro')}</p>
        <Table<AdminWebSettingDto>
          rowKey="type"
          {...table}
          dataSource={data?.settings}
          pagination={false}
          showHeader={wide}
          columns={wide ? [
            { title: t('type'), key: 'type', width: 260, render: (_: unknown, s) => typeCell(s) },
            { title: t('content'), key: 'content', render: (_: unknown, s) => contentCell(s) },
            { title: '', key: 'actions', width: 210, render: (_: unknown, s) => actions(s) },
          ] : [
            { key: 'all', render: (_: unknown, s) => <div className="space-y-2">{typeCell(s)}{contentCell(s)}{actions(s)}</div> },
          ]}
        />
      </div>

      <LicenceScansCard scans={data?.licenceScans} />

      <FooterCard form={footerForm} onFinish={footer.onFinish} saving={footer.saving} />

      <Card title={t('visitorTitle')} size="small">
        <p className="mb-3 text-sm text-slate-500">{t('visitorHelp')}</p>
        <label className="inline-flex items-center gap-2">
          <Switch checked={data?.showVisitorCount ?? true} disabled={data === undefined} data-testid="visitor-count-switch"
            onChange={(show) => void showVisitors(show)} />
          <span>{t('visitorShow')}</span>
        </label>
      </Card>

      <FormModal open={editing !== null} title={editing ? t('editTitle', { name: name(editing) }) : ''} okText={t('save')} cancelText={t('cancel')}
        destroyOnHidden forceRender onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}>
        {editing && <Typography.Paragraph type="secondary" className="text-sm">{t(`help.${editing.key}` as 'help.hotline')}</Typography.Paragraph>}
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="content" label={editing ? name(editing) : t('content')}
            rules={[{
              validator: async (_rule, value: string | undefined) => {
                const fault = editing ? webSettingFault(editing.format, value ?? '') : null;
                if (fault) throw new Error(te(fault as 'webSettingUrlInvalid'));
              },
            }]}>
            <Input maxLength={WEB_SETTING_MAX} data-testid="web-setting-input" autoFocus />
          </Form.Item>
        </Form>
      </FormModal>
      <RecordHistory entity="webSetting" entityId={history?.type ?? null} title={history ? name(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}
