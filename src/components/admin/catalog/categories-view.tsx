'use client';

import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Popconfirm, Space, Tag, Tooltip, Tree, type FormInstance, type TreeProps } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo, useRef, useState } from 'react';
import { CATEGORY_MAX_LEVEL, type AdminCategoryDto } from '@/contracts/catalog-editing';
import { QueryState } from '@/components/data/query-state';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { RecordHistory } from '../common/record-history';

interface Names { nameZh: string; nameEn: string }
/** What the side form edits: a category, or a new one under a parent (null: the top level). */
type Selection = { kind: 'edit'; id: number } | { kind: 'new'; parentId: number | null } | null;

function flat(tree: readonly AdminCategoryDto[]): AdminCategoryDto[] {
  return tree.flatMap((c) => [c, ...flat(c.children)]);
}

/** Levels a category's subtree spans (1 for a leaf). */
function height(node: AdminCategoryDto): number {
  return 1 + Math.max(0, ...node.children.map(height));
}

/** Where the tree lets a category be dropped (within three levels, never beside products), and the move a drop makes. */
function treeDrop(byId: ReadonlyMap<number, AdminCategoryDto>, siblingsOf: (node: AdminCategoryDto) => readonly AdminCategoryDto[],
  move: (id: number, parentId: number | null, position: number) => Promise<void>) {
  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const drag = byId.get(Number(dragNode.key));
    const target = byId.get(Number(dropNode.key));
    if (!drag || !target) return false;
    const parentLevel = dropPosition === 0 ? target.level : target.level - 1;
    if (dropPosition === 0 && target.hasProducts) return false;
    return parentLevel + height(drag) <= CATEGORY_MAX_LEVEL;
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const target = byId.get(Number(info.node.key));
    if (!target) return;
    if (!info.dropToGap) {
      void move(dragId, target.id, 0);
      return;
    }
    const siblings = siblingsOf(target).map((c) => c.id).filter((id) => id !== dragId);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    void move(dragId, target.parentId, siblings.indexOf(target.id) + (relative === -1 ? 0 : 1));
  };
  return { allowDrop, onDrop };
}

/** The tree's nodes: both names, and a tag on categories that hold products. */
function categoryNodes(list: readonly AdminCategoryDto[], hasProducts: string): NonNullable<TreeProps['treeData']> {
  return list.map((c) => ({
    key: c.id,
    title: (
      <span data-category-id={c.id}>
        {c.nameZh} / {c.nameEn}
        {c.hasProducts && <Tag className="ml-2" color="blue">{hasProducts}</Tag>}
      </span>
    ),
    children: categoryNodes(c.children, hasProducts),
  }));
}

/** Save, add a subcategory, delete (refused while it has subcategories or products) and history. */
function CategoryActions({ current, busy, canAddChild, label, onAddChild, onRemove, onHistory }: {
  current: AdminCategoryDto | null; busy: boolean; canAddChild: boolean; label: (c: Names) => string;
  onAddChild: (id: number) => void; onRemove: () => void; onHistory: (c: AdminCategoryDto) => void;
}) {
  const t = useTranslations('adminCategories');
  return (
    <Space wrap className="mb-4">
      <Button type="primary" htmlType="submit" loading={busy}>{t('save')}</Button>
      {current && (
        <Tooltip title={canAddChild ? undefined : t('noChild')}>
          <Button disabled={!canAddChild} onClick={() => onAddChild(current.id)}>{t('addChild')}</Button>
        </Tooltip>
      )}
      {current && (current.children.length > 0 || current.hasProducts ? (
        <Tooltip title={current.children.length > 0 ? t('noDeleteChildren') : t('noDeleteProducts')}>
          <Button danger disabled>{t('delete')}</Button>
        </Tooltip>
      ) : (
        <Popconfirm title={t('deleteConfirm', { name: label(current) })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={onRemove}>
          <Button danger>{t('delete')}</Button>
        </Popconfirm>
      ))}
      {current && <Button type="link" onClick={() => onHistory(current)}>{t('history')}</Button>}
    </Space>
  );
}

/** The keyboard's way to move a category: up, down, under the one above, out of its parent. */
function MoveButtons({ busy, index, last, canIndent, hasParent, onUp, onDown, onIndent, onOutdent }: {
  busy: boolean; index: number; last: number; canIndent: boolean; hasParent: boolean;
  onUp: () => void; onDown: () => void; onIndent: () => void; onOutdent: () => void;
}) {
  const t = useTranslations('adminCategories');
  return (
    <fieldset className="m-0 border-0 border-t border-solid border-slate-200 p-0 pt-3">
      <legend className="sr-only">{t('move')}</legend>
      <p aria-hidden className="mb-2 text-sm text-slate-600">{t('move')}</p>
      <Space wrap>
        <Button icon={<ArrowUpOutlined />} disabled={busy || index <= 0} onClick={onUp}>{t('moveUp')}</Button>
        <Button icon={<ArrowDownOutlined />} disabled={busy || index < 0 || index >= last} onClick={onDown}>{t('moveDown')}</Button>
        <Button icon={<ArrowRightOutlined />} disabled={busy || !canIndent} onClick={onIndent}>{t('indent')}</Button>
        <Button icon={<ArrowLeftOutlined />} disabled={busy || !hasParent} onClick={onOutdent}>{t('outdent')}</Button>
      </Space>
    </fieldset>
  );
}

/** The writes of the tree: each loads the tree again before it resolves; `busy` while one runs. */
function useCategoryWrites(form: FormInstance<Names>) {
  const t = useTranslations('adminCategories');
  const settings = { invalidates: ['/api/admin/catalog/categories'], form } as const;
  const create = useApiMutation('post', '/api/admin/catalog/categories', { ...settings, success: t('created') });
  const rename = useApiMutation('put', '/api/admin/catalog/categories/{id}', { ...settings, success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/catalog/categories/{id}', { ...settings, success: t('deleted') });
  const move = useApiMutation('post', '/api/admin/catalog/categories/{id}/move', { ...settings, success: t('moved') });
  return {
    busy: create.isPending || rename.isPending || remove.isPending || move.isPending,
    create: async (parentId: number | null, names: Names) => (await create.send({ body: { parentId, ...names } }))?.data ?? null,
    rename: async (id: number, names: Names) => (await rename.send({ params: { path: { id } }, body: names })) !== null,
    remove: async (id: number) => (await remove.send({ params: { path: { id } } })) !== null,
    move: async (id: number, parentId: number | null, position: number) => { await move.send({ params: { path: { id } }, body: { parentId, position } }); },
  };
}

/**
 * `/catalog/categories`: the three-level tree (drag to reorder or move under another category; or the
 * move buttons, for the keyboard) and a side form for both names, a new subcategory and deletion.
 */
export function CategoriesView() {
  const t = useTranslations('adminCategories');
  const locale = useLocale();
  const query = useApiQuery('get', '/api/admin/catalog/categories');
  const tree = query.data ?? null;
  const [selected, setSelected] = useState<Selection>(null);
  const [history, setHistory] = useState<AdminCategoryDto | null>(null);
  const [form] = Form.useForm<Names>();
  const writes = useCategoryWrites(form);
  const { busy, move } = writes;
  // Categories are open unless collapsed, so a new subcategory shows under its parent at once.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const editor = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => flat(tree ?? []), [tree]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const current = selected?.kind === 'edit' ? byId.get(selected.id) ?? null : null;
  const label = useCallback((c: Names) => (locale === 'en' ? c.nameEn : c.nameZh), [locale]);

  function select(next: Selection) {
    setSelected(next);
    // On a phone the form sits above the tree: bring it into view.
    if (next && window.matchMedia('(max-width: 1023px)').matches) editor.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    form.resetFields();
    const row = next?.kind === 'edit' ? byId.get(next.id) : undefined;
    form.setFieldsValue(row ? { nameZh: row.nameZh, nameEn: row.nameEn } : { nameZh: '', nameEn: '' });
  }

  async function save(values: Names) {
    if (selected?.kind === 'new') {
      const made = await writes.create(selected.parentId, values);
      if (made) setSelected({ kind: 'edit', id: made.id });
    } else if (selected?.kind === 'edit') {
      await writes.rename(selected.id, values);
    }
  }

  async function remove() {
    if (current && await writes.remove(current.id)) setSelected(null);
  }

  const siblingsOf = (node: AdminCategoryDto) => (node.parentId === null ? tree ?? [] : byId.get(node.parentId)?.children ?? []);

  const { allowDrop, onDrop } = treeDrop(byId, siblingsOf, move);

  const index = current ? siblingsOf(current).findIndex((s) => s.id === current.id) : -1;
  const siblings = current ? siblingsOf(current) : [];
  const above = index > 0 ? siblings[index - 1] : undefined;
  const parent = current?.parentId ? byId.get(current.parentId) : undefined;
  const canIndent = !!current && !!above && !above.hasProducts && above.level + height(current) <= CATEGORY_MAX_LEVEL;
  const canAddChild = !!current && current.level < CATEGORY_MAX_LEVEL && !current.hasProducts;
  const newParent = selected?.kind === 'new' && selected.parentId !== null ? byId.get(selected.parentId) : undefined;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]" data-testid="categories-view">
      <Card title={t('title')} extra={<Button type="primary" onClick={() => select({ kind: 'new', parentId: null })}>{t('addRoot')}</Button>}>
        <QueryState query={query} isEmpty={(data) => data.length === 0} empty={<Empty description={t('empty')} />}>{(data) => (
          <Tree draggable={{ icon: false }} blockNode treeData={categoryNodes(data, t('hasProducts'))} onDrop={onDrop} allowDrop={allowDrop} aria-label={t('title')}
            expandedKeys={rows.filter((r) => r.children.length > 0 && !collapsed.has(r.id)).map((r) => r.id)}
            onExpand={(keys) => setCollapsed(new Set(rows.filter((r) => r.children.length > 0 && !keys.includes(r.id)).map((r) => r.id)))}
            selectedKeys={current ? [current.id] : []} onSelect={(keys) => keys[0] !== undefined && select({ kind: 'edit', id: Number(keys[0]) })} />
        )}</QueryState>
        <p className="mt-3 text-xs text-slate-500">{t('dragHint')}</p>
      </Card>
      <div ref={editor} className="order-first scroll-mt-4 lg:order-none lg:sticky lg:top-4 lg:self-start">
        <Card title={selected?.kind === 'new' ? t('addTitle') : t('editTitle')}>
          {selected === null || (selected.kind === 'edit' && !current) ? <Empty description={t('pick')} /> : (
            <Form form={form} layout="vertical" onFinish={save} initialValues={{ nameZh: '', nameEn: '' }}>
              <p className="mb-3 text-sm text-slate-600">
                {t('parent')}: {selected.kind === 'new' ? (newParent ? label(newParent) : t('topLevel')) : (parent ? label(parent) : t('topLevel'))}
                {current && <Tag className="ml-2">{t('level', { level: current.level })}</Tag>}
                {current?.leaf && <Tag>{t('leaf')}</Tag>}
              </p>
              <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 40, message: t('tooLong', { max: 40 }) }]}><Input /></Form.Item>
              <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 60, message: t('tooLong', { max: 60 }) }]}><Input /></Form.Item>
              <CategoryActions current={current} busy={busy} canAddChild={canAddChild} label={label} onAddChild={(id) => select({ kind: 'new', parentId: id })} onRemove={remove} onHistory={setHistory} />
              {current && (
                <MoveButtons busy={busy} index={index} last={siblings.length - 1} canIndent={canIndent} hasParent={!!parent}
                  onUp={() => move(current.id, current.parentId, index - 1)} onDown={() => move(current.id, current.parentId, index + 1)}
                  onIndent={() => above && move(current.id, above.id, above.children.length)}
                  onOutdent={() => parent && move(current.id, parent.parentId, siblingsOf(parent).findIndex((s) => s.id === parent.id) + 1)} />
              )}
            </Form>
          )}
        </Card>
      </div>
      <RecordHistory entity="category" entityId={history?.id ?? null} title={history ? label(history) : ''} onClose={() => setHistory(null)} />
    </div>
  );
}
