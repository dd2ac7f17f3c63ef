'use client';

import { App, Button, Empty, Form, Input, Modal, Popconfirm, Tree } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { childKindOf, LOCATION_NAME_MAX, type LocationDto, type LocationTreeDto } from '@/contracts/inventory';
import { QueryState } from '@/components/data/query-state';
import { Link } from '@/i18n/client-navigation';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { locationNodes, type LocationNode } from './location-tree';

type Editing = { mode: 'add'; parent: LocationDto | null } | { mode: 'rename'; location: LocationDto } | null;

/** /account/inventory/locations: the company's buildings, rooms and cabinets — add, rename, reorder, delete (empty ones, confirmed). */
export function LocationsView({ initial, canEdit }: { initial: LocationTreeDto; canEdit: boolean }) {
  const t = useTranslations('inventory');
  const { message } = App.useApp();
  const query = useApiQuery('get', '/api/app/inventory/locations', undefined, { initialData: initial });
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<{ name: string }>();
  const paths = ['/api/app/inventory/locations'] as const;
  const add = useApiMutation('post', '/api/app/inventory/locations', { form, invalidates: paths });
  const rename = useApiMutation('post', '/api/app/inventory/locations/{id}/rename', { form, invalidates: paths });
  const reorder = useApiMutation('post', '/api/app/inventory/locations/{id}/reorder', { invalidates: paths });
  const remove = useApiMutation('post', '/api/app/inventory/locations/{id}/delete', { invalidates: paths });

  function open(next: Exclude<Editing, null>) {
    form.setFieldsValue({ name: next.mode === 'rename' ? next.location.name : '' });
    setEditing(next);
  }

  async function save() {
    const v = await form.validateFields().catch(() => null);
    if (!v || !editing) return;
    const done = editing.mode === 'add'
      ? await add.send({ body: { parentId: editing.parent?.id ?? null, name: v.name } })
      : await rename.send({ params: { path: { id: editing.location.id } }, body: { name: v.name } });
    if (!done) return;
    message.success(t('saved'));
    setEditing(null);
  }

  async function drop(l: LocationDto) {
    if (await remove.send({ params: { path: { id: l.id } } })) message.success(t('locationDeleted', { name: l.name }));
  }

  const title = (node: LocationNode) => {
    const l = node.location;
    const child = childKindOf(l.kind);
    return (
      <span className="inline-flex flex-wrap items-center gap-2 py-0.5" data-testid="location-node">
        <span className="font-medium">{l.name}</span>
        <span className="text-xs text-muted">{t(`kindsOfPlace.${l.kind}`)}{l.containers > 0 ? ` · ${t('containersHere', { count: l.containers })}` : ''}</span>
        <Link href={{ pathname: '/account/inventory', query: { default: '8', location: l.id } }} className="text-xs text-brand-600 hover:underline">{t('showContainers')}</Link>
        {canEdit && (
          <span className="inline-flex flex-wrap gap-1" onClick={(e) => e.stopPropagation()} role="presentation">
            {child && <Button size="small" onClick={() => open({ mode: 'add', parent: l })} data-testid="location-add-child">{t(`addKind.${child}`)}</Button>}
            <Button size="small" onClick={() => open({ mode: 'rename', location: l })}>{t('rename')}</Button>
            <Button size="small" aria-label={t('moveUp', { name: l.name })} onClick={() => void reorder.send({ params: { path: { id: l.id } }, body: { direction: 'up' } })}>↑</Button>
            <Button size="small" aria-label={t('moveDown', { name: l.name })} onClick={() => void reorder.send({ params: { path: { id: l.id } }, body: { direction: 'down' } })}>↓</Button>
            <Popconfirm title={t('deleteLocationConfirm', { name: l.name })} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => drop(l)}>
              <Button size="small" danger>{t('delete')}</Button>
            </Popconfirm>
          </span>
        )}
      </span>
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link href="/account/inventory?default=8" className="text-sm text-brand-600 hover:underline">← {t('back')}</Link>
        {canEdit && <Button type="primary" onClick={() => open({ mode: 'add', parent: null })} data-testid="location-add-building">{t('addKind.building')}</Button>}
      </div>
      <QueryState query={query} isEmpty={(d) => d.list.length === 0} empty={<Empty description={t('noLocations')} />}>
        {(data) => (
          <Tree<LocationNode> blockNode defaultExpandAll selectable={false} treeData={locationNodes(data.list)} 
            titleRender={title} data-testid="location-tree" />
        )}
      </QueryState>
      <Modal open={editing !== null} okText={t('save')} cancelText={t('cancel')} onOk={() => void save()} onCancel={() => setEditing(null)} confirmLoading={add.isPending || rename.isPending} destroyOnHidden
        title={editing?.mode === 'rename' ? t('renameTitle', { name: editing.location.name }) : editing ? t('addTitleKind', { kind: t(`kindsOfPlace.${childKindOf(editing.parent?.kind ?? null) ?? 'cabinet'}`), parent: editing.parent?.name ?? t('company') }) : ''}>
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item name="name" label={t('locationName')} rules={[{ required: true, whitespace: true, message: t('locationNameRequired') }]}>
            <Input maxLength={LOCATION_NAME_MAX} autoFocus data-testid="location-name" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
