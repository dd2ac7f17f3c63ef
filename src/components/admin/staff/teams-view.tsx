'use client';

import { Alert, Button, Empty, Form, Grid, Input, InputNumber, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { StaffMemberDto, StaffTeamDto, StaffTeamInput } from '@/contracts/admin';
import { PermittedButton } from '@/components/ui/permitted-button';
import { adminApi } from '../admin-api';
import { RecordHistory } from '../common/record-history';
import { useAdminAction } from '../common/use-admin-action';
import { useFormSave } from '@/components/ui/use-form-save';

const NEW_TEAM: StaffTeamInput = { nameZh: '', nameEn: '', managerId: null, sort: 0 };

/** `/system-setting/teams` (STAFF.VIEW; changes STAFF.EDIT): the staff's teams with manager and members; add, rename, delete when empty. */
export function TeamsView() {
  const t = useTranslations('adminTeams');
  const locale = useLocale();
  const wide = Grid.useBreakpoint().md !== false;
  const [teams, setTeams] = useState<StaffTeamDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [staffOptions, setStaffOptions] = useState<{ value: number; label: string }[]>([]);
  const [editing, setEditing] = useState<StaffTeamDto | 'new' | null>(null);
  const [history, setHistory] = useState<StaffTeamDto | null>(null);
  const [form] = Form.useForm<StaffTeamInput>();
  useEffect(() => {
    let live = true;
    adminApi<StaffTeamDto[]>('GET', '/api/admin/teams').then(
      (d) => { if (live) { setTeams(d); setError(null); } },
      (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); },
    );
    return () => { live = false; };
  }, [round]);
  useEffect(() => {
    adminApi<{ items: StaffMemberDto[] }>('GET', '/api/admin/staff?limit=50&active=true&sort=name')
      .then((d) => setStaffOptions(d.items.map((s) => ({ value: s.id, label: s.name }))), () => setStaffOptions([]));
  }, []);
  const reload = useCallback(async () => setRound((r) => r + 1), []);
  const run = useAdminAction(reload, form);
  const open = (team: StaffTeamDto | 'new') => {
    setEditing(team);
    form.resetFields();
    form.setFieldsValue(team === 'new' ? NEW_TEAM : { nameZh: team.nameZh, nameEn: team.nameEn, managerId: team.managerId, sort: team.sort });
  };
  const { saving, onFinish } = useFormSave(async (values: StaffTeamInput) => {
    const ok = await run(() => (editing === 'new' || editing === null ? adminApi('POST', '/api/admin/teams', values) : adminApi('PUT', `/api/admin/teams/${editing.id}`, values)), t('saved'));
    if (ok) setEditing(null);
  });
  const denied = t('denied');

  return (
    <section className="rounded-lg bg-white p-4" data-testid="teams-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
          <p className="mb-0 mt-1 text-sm text-slate-500">{t('intro')}</p>
        </div>
        <PermittedButton type="primary" permissions={['STAFF.EDIT']} reason={denied} onClick={() => open('new')} data-testid="team-add">{t('add')}</PermittedButton>
      </div>
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<StaffTeamDto>
        rowKey="id" loading={teams === null} dataSource={teams ?? []} pagination={false} scroll={wide ? undefined : { x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        onRow={(r) => ({ 'data-testid': `team-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        columns={[
          { title: t('name'), key: 'name', render: (_: unknown, r) => (locale === 'en' ? r.nameEn : r.nameZh) },
          { title: locale === 'en' ? t('nameZh') : t('nameEn'), key: 'other', render: (_: unknown, r) => (locale === 'en' ? r.nameZh : r.nameEn) },
          { title: t('manager'), dataIndex: 'managerName', render: (v: string | null) => v ?? '—' },
          { title: t('members'), dataIndex: 'members', width: 90 },
          { title: t('sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('actions'), key: 'actions', width: 240, render: (_: unknown, r) => (
              <Space wrap size={4}>
                <PermittedButton size="small" permissions={['STAFF.EDIT']} reason={denied} onClick={() => open(r)}>{t('edit')}</PermittedButton>
                <Popconfirm title={t('deleteConfirm', { name: locale === 'en' ? r.nameEn : r.nameZh })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => run(() => adminApi('DELETE', `/api/admin/teams/${r.id}`), t('deleted'))}>
                  <PermittedButton size="small" danger permissions={['STAFF.EDIT']} reason={r.members > 0 ? t('hasMembers') : denied} disabled={r.members > 0}>{t('delete')}</PermittedButton>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => setHistory(r)}>{t('history')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? t('add') : t('editTitle')} okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender
        onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving}>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="nameZh" label={t('nameZh')} extra={t('nameHint')} rules={[{ required: true, whitespace: true, max: 50, message: t('nameInvalid') }]}>
            <Input maxLength={50} showCount data-testid="team-name-zh" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} extra={t('nameHint')} rules={[{ required: true, whitespace: true, max: 50, message: t('nameInvalid') }]}>
            <Input maxLength={50} showCount data-testid="team-name-en" />
          </Form.Item>
          <Form.Item name="managerId" label={t('manager')}>
            <Select allowClear showSearch optionFilterProp="label" options={staffOptions} placeholder={t('noManager')} aria-label={t('manager')} />
          </Form.Item>
          <Form.Item name="sort" label={t('sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
      <RecordHistory entity="staffTeam" entityId={history?.id ?? null} title={history ? (locale === 'en' ? history.nameEn : history.nameZh) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}
