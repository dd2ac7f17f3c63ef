'use client';

import { Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Switch, Tree, type TreeProps } from 'antd';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { MenuRowDto, PermissionGroupDto } from '@/contracts/admin';
import { QueryState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { menuIcon } from '../menu-icon';

type Values = Omit<MenuRowDto, 'id' | 'children' | 'sort'>;
const SWITCHES = ['hidden', 'alwaysShow', 'affix', 'noCache', 'breadcrumb'] as const;
const EMPTY: Values = {
  parentId: null, path: '', component: '', name: '', redirect: null, hidden: false, alwaysShow: false, titleZh: '', titleEn: '',
  icon: '', noCache: false, breadcrumb: true, activeMenu: null, affix: false, permission: null,
};

/** A menu write changes the editor's tree and the signed-in staff's menus. */
const MENU_READS = ['/api/admin/menu-items', '/api/admin/menus'] as const;
const NO_MENU: MenuRowDto[] = [];
const NO_PERMISSIONS: PermissionGroupDto[] = [];

function flat(tree: MenuRowDto[]): MenuRowDto[] {
  return tree.flatMap((m) => [m, ...flat(m.children)]);
}

/** Every field of a menu item (docs/requirements/back-office.md#menu): titles, path, name, component, redirect, icon, parent, permission and the switches. */
function MenuItemFields({ rows, selected, permissions }: { rows: readonly MenuRowDto[]; selected: number | 'new'; permissions: readonly PermissionGroupDto[] }) {
  const t = useTranslations('adminMenu');
  return (
    <>
    <div className="grid gap-x-3 sm:grid-cols-2">
      <Form.Item name="titleZh" label={t('titleZh')} rules={[{ required: true, message: t('required') }]}><Input /></Form.Item>
      <Form.Item name="titleEn" label={t('titleEn')} rules={[{ required: true, message: t('required') }]}><Input /></Form.Item>
      <Form.Item name="path" label={t('path')} rules={[{ required: true, message: t('required') }]}><Input /></Form.Item>
      <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required') }]}><Input /></Form.Item>
      <Form.Item name="component" label={t('component')}><Input /></Form.Item>
      <Form.Item name="redirect" label={t('redirect')}><Input /></Form.Item>
      <Form.Item name="icon" label={t('icon')}><Input /></Form.Item>
      <Form.Item name="activeMenu" label={t('activeMenu')}><Input /></Form.Item>
      <Form.Item name="parentId" label={t('parent')}>
        <Select allowClear options={rows.filter((r) => r.id !== selected).map((r) => ({ value: r.id, label: `${r.titleZh} / ${r.titleEn}` }))} aria-label={t('parent')} />
      </Form.Item>
      <Form.Item name="permission" label={t('permission')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          // Named in the staff member's language, the code beside it (what the menu stores).
          options={permissions.map((g) => ({ label: g.group, options: g.permissions.map((p) => ({ value: p.code, label: `${p.name} · ${p.code}` })) }))}
          aria-label={t('permission')}
        />
      </Form.Item>
    </div>
    <Space wrap size={16} className="mb-4">
      {SWITCHES.map((k) => (
        <Form.Item key={k} name={k} valuePropName="checked" label={t(k)} className="mb-0"><Switch aria-label={t(k)} /></Form.Item>
      ))}
    </Space>
    </>
  );
}

/** Where a dropped item goes: its new parent and the order of that parent's children. */
function dropTarget(info: Parameters<NonNullable<TreeProps['onDrop']>>[0], tree: MenuRowDto[], rows: MenuRowDto[]): { id: number; parentId: number | null; order: number[] } | null {
  const dragId = Number(info.dragNode.key);
  const target = rows.find((r) => r.id === Number(info.node.key));
  if (!target) return null;
  if (!info.dropToGap) return { id: dragId, parentId: target.id, order: [dragId, ...target.children.map((c) => c.id).filter((id) => id !== dragId)] };
  const parentId = target.parentId;
  const siblings = (parentId === null ? tree : rows.find((r) => r.id === parentId)?.children ?? []).map((c) => c.id).filter((id) => id !== dragId);
  const pos = info.node.pos.split('-');
  const relative = info.dropPosition - Number(pos[pos.length - 1]);
  const at = siblings.indexOf(target.id) + (relative === -1 ? 0 : 1);
  return { id: dragId, parentId, order: [...siblings.slice(0, at), dragId, ...siblings.slice(at)] };
}

/** `/system-setting/menu`: the menu items as a tree (drag to reorder or move under another item) and a form of every field. */
export function MenuEditorView() {
  const t = useTranslations('adminMenu');
  const menu = useApiQuery('get', '/api/admin/menu-items');
  // Without the permissions the field offers none (the menu item keeps its own).
  const permissions = useApiQuery('get', '/api/admin/permissions').data ?? NO_PERMISSIONS;
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const tree = menu.data ?? NO_MENU;
  const rows = useMemo(() => flat(tree), [tree]);
  const create = useApiMutation('post', '/api/admin/menu-items', { invalidates: MENU_READS, form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/menu-items/{id}', { invalidates: MENU_READS, form, success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/menu-items/{id}', { invalidates: MENU_READS, success: t('deleted') });
  const move = useApiMutation('post', '/api/admin/menu-items/move', { invalidates: MENU_READS, success: t('moved') });

  function select(id: number | 'new') {
    setSelected(id);
    const row = id === 'new' ? null : rows.find((r) => r.id === id);
    form.resetFields();
    form.setFieldsValue(row ? { ...row } : EMPTY);
  }

  async function save(values: Values) {
    const body = { ...EMPTY, ...values };
    const saved = selected === 'new' || selected === null
      ? await create.send({ body })
      : await update.send({ params: { path: { id: selected } }, body });
    if (saved) setSelected(saved.data.id);
  }

  async function drop(id: number) {
    if (await remove.send({ params: { path: { id } } })) setSelected(null);
  }

  const onDrop: TreeProps['onDrop'] = (info) => {
    const to = dropTarget(info, tree, rows);
    if (to) void move.send({ body: to });
  };

  const toNodes = (list: MenuRowDto[]): NonNullable<TreeProps['treeData']> => list.map((m) => ({
    key: m.id,
    title: <span data-menu-id={m.id}>{menuIcon(m.icon)} {m.titleZh} / {m.titleEn} <span className="text-xs text-slate-400">{m.path}</span>{m.hidden ? <span className="ml-1 text-xs text-amber-600">{t('hidden')}</span> : null}</span>,
    children: toNodes(m.children),
  }));

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]" data-testid="menu-editor-view">
      <Card title={t('title')} extra={<Button type="primary" onClick={() => select('new')}>{t('add')}</Button>}>
        <QueryState query={menu} isEmpty={(list) => list.length === 0} empty={<Empty />}>
          {(list) => (
            <Tree draggable blockNode defaultExpandAll treeData={toNodes(list)} onDrop={onDrop} aria-label={t('title')}
              selectedKeys={typeof selected === 'number' ? [selected] : []} onSelect={(keys) => keys[0] !== undefined && select(Number(keys[0]))} />
          )}
        </QueryState>
        <p className="mt-3 text-xs text-slate-500">{t('dragHint')}</p>
      </Card>
      <Card title={selected === 'new' ? t('addTitle') : t('editTitle')}>
        {selected === null ? <Empty description={t('pick')} /> : (
          <Form form={form} layout="vertical" onFinish={save} initialValues={EMPTY}>
            <MenuItemFields rows={rows} selected={selected} permissions={permissions} />
            <Space>
              <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>{t('save')}</Button>
              {typeof selected === 'number' && (
                <Popconfirm title={t('deleteConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => drop(selected)}>
                  <Button danger>{t('delete')}</Button>
                </Popconfirm>
              )}
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}
