'use client';

import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Dropdown, Empty, Grid, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, TreeSelect, type TableColumnsType } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { AdminCategoryDto } from '@/contracts/catalog-admin';
import type { AdminProductListDto, AdminProductRowDto } from '@/contracts/catalog-admin-products';
import { Link, useRouter } from '@/i18n/client-navigation';
import { adminApi, toQuery } from '../admin-api';
import { useViewQuery } from '../use-view-query';
import { BrandSelect } from './brand-select';
import { ImportUploadButton } from './import-upload-button';
import { ProductFormDrawer } from './product-form';
import { RecordHistory } from '../common/record-history';

const DEFAULTS = { key: '', brandId: '', categoryId: '', active: 'all', flag: '', inStock: '', sort: '' };
const PAGE_SIZE = 20;

type BulkSet = Partial<Record<'active' | 'isHot' | 'isNew' | 'isSpecial', boolean>>;

function categoryTree(nodes: readonly AdminCategoryDto[], lang: string): { value: number; title: string; children: ReturnType<typeof categoryTree> }[] {
  return nodes.map((n) => ({ value: n.id, title: lang === 'en' ? n.nameEn : n.nameZh, children: categoryTree(n.children, lang) }));
}

/** Whether a product's flags are inside their promotion window now. */
function promoted(r: AdminProductRowDto): boolean {
  const now = Date.now();
  return (!r.promoStartsAt || Date.parse(r.promoStartsAt) <= now) && (!r.promoEndsAt || Date.parse(r.promoEndsAt) > now);
}

type ProductsQuery = typeof DEFAULTS;

/** The list's filters and sort, kept in the view's query. */
function ProductFilters({ query, setQuery, categories }: { query: ProductsQuery; setQuery: (patch: Partial<ProductsQuery>) => void; categories: readonly AdminCategoryDto[] }) {
  const t = useTranslations('adminProducts');
  const locale = useLocale();
  const sortOptions = [
    { value: '', label: t('sortDefault') },
    { value: 'relevance', label: t('sortRelevance') },
    { value: 'newest', label: t('sortNewest') },
    { value: 'itemNo', label: t('sortItemNo') },
    { value: 'priceAsc', label: t('sortPriceAsc') },
    { value: 'priceDesc', label: t('sortPriceDesc') },
  ];

  return (
    <Space wrap className="mb-3">
      <Input.Search allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key}
        onSearch={(key) => setQuery({ key })} style={{ width: 300, maxWidth: '100%' }} />
      <BrandSelect source="catalog" allowClear ariaLabel={t('brand')} placeholder={t('allBrands')} value={query.brandId ? Number(query.brandId) : null} style={{ width: 200 }}
        onChange={(id: number | null) => setQuery({ brandId: id ? String(id) : '' })} testId="products-brand-filter" />
      <TreeSelect aria-label={t('category')} value={query.categoryId ? Number(query.categoryId) : undefined} style={{ width: 200 }} allowClear placeholder={t('allCategories')}
        treeData={categoryTree(categories, locale)} showSearch treeNodeFilterProp="title" onChange={(v?: number) => setQuery({ categoryId: v ? String(v) : '' })} />
      <Select aria-label={t('activeFilter')} value={query.active} style={{ width: 130 }} onChange={(active) => setQuery({ active })}
        options={[{ value: 'all', label: t('allStates') }, { value: 'true', label: t('onlyActive') }, { value: 'false', label: t('onlyInactive') }]} />
      <Select aria-label={t('flagFilter')} value={query.flag} style={{ width: 130 }} onChange={(flag) => setQuery({ flag })}
        options={[{ value: '', label: t('allFlags') }, { value: 'hot', label: t('hot') }, { value: 'new', label: t('new') }, { value: 'special', label: t('special') }]} />
      <Select aria-label={t('stockFilter')} value={query.inStock} style={{ width: 130 }} onChange={(inStock) => setQuery({ inStock })}
        options={[{ value: '', label: t('allStock') }, { value: 'true', label: t('onlyInStock') }]} />
      <Select aria-label={t('sort')} value={query.sort} style={{ width: 150 }} onChange={(sort) => setQuery({ sort })} options={sortOptions} />
    </Space>
  );
}

interface ProductColumnsParams {
  t: ReturnType<typeof useTranslations<'adminProducts'>>;
  locale: string;
  wide: boolean;
  name: (r: AdminProductRowDto) => string;
  otherName: (r: AdminProductRowDto) => string;
  onEdit: (r: AdminProductRowDto) => void;
  onDelete: (r: AdminProductRowDto) => Promise<void>;
  onHistory: (r: AdminProductRowDto) => void;
}

/** The product table's columns: names in both languages, prices, stock, flags and the row's actions. */
function productColumns({ t, locale, wide, name, otherName, onEdit, onDelete, onHistory }: ProductColumnsParams): TableColumnsType<AdminProductRowDto> {
  return [
    { title: t('itemNo'), dataIndex: 'itemNo', width: 130, fixed: wide ? 'left' : undefined, render: (v: string) => <span className="font-mono">{v}</span> },
    {
      title: t('name'), key: 'name', width: 260, render: (_: unknown, r) => (
        <div>
          <div className="font-medium">{name(r)}</div>
          <div className="text-xs text-slate-500">{otherName(r)}</div>
        </div>
      ),
    },
    { title: 'CAS', dataIndex: 'cas', width: 110, render: (v: string | null) => v ?? '—' },
    { title: t('brand'), key: 'brand', width: 120, render: (_: unknown, r) => (locale === 'en' ? r.brandEn : r.brandZh) },
    { title: t('category'), key: 'category', width: 130, render: (_: unknown, r) => (locale === 'en' ? r.categoryEn : r.categoryZh) },
    { title: t('minPrice'), dataIndex: 'minPrice', width: 100, render: (v: string | null, r) => (v ? (r.packCount > 1 ? t('priceFrom', { price: v }) : `¥${v}`) : '—') },
    { title: t('packs'), dataIndex: 'packCount', width: 70 },
    { title: t('stock'), dataIndex: 'inStock', width: 80, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('inStock') : t('outOfStock')}</Tag> },
    {
      title: t('flags'), key: 'flags', width: 160, render: (_: unknown, r) => (
        <Space size={2} wrap>
          {r.isHot && <Tag color="red">{t('hot')}</Tag>}
          {r.isNew && <Tag color="blue">{t('new')}</Tag>}
          {r.isSpecial && <Tag color="orange">{t('special')}</Tag>}
          {(r.isHot || r.isNew || r.isSpecial) && !promoted(r) && <Tooltip title={t('outsideWindowHelp')}><Tag>{t('outsideWindow')}</Tag></Tooltip>}
        </Space>
      ),
    },
    { title: t('state'), dataIndex: 'active', width: 80, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('active') : t('inactive')}</Tag> },
    {
      title: t('actions'), key: 'actions', width: 230, fixed: wide ? 'right' : undefined, render: (_: unknown, r) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => onEdit(r)}>{t('edit')}</Button>
          <Popconfirm title={t('deleteConfirm', { name: name(r) })} description={t('deleteHelp')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(r)}>
            <Button size="small" danger>{t('delete')}</Button>
          </Popconfirm>
          <Button size="small" type="link" onClick={() => onHistory(r)}>{t('history')}</Button>
          {r.active && <Link href={{ pathname: '/product/detail', query: { id: String(r.id) } }} target="_blank" className="text-xs">{t('view')}</Link>}
        </Space>
      ),
    },
  ];
}

/** The bulk changes of the selected products (state and flags), each confirmed first. */
function BulkMenu({ selected, onDone }: { selected: readonly number[]; onDone: () => void }) {
  const t = useTranslations('adminProducts');
  const { message, modal } = App.useApp();
  const bulk = (set: BulkSet, label: string) => {
    modal.confirm({
      title: t('bulkConfirm', { action: label, count: selected.length }),
      okText: t('ok'), cancelText: t('cancel'),
      onOk: async () => {
        try {
          const r = await adminApi<{ updated: number }>('POST', '/api/admin/catalog/products/bulk', { ids: selected, set });
          void message.success(t('bulkDone', { count: r.updated }));
          onDone();
        } catch (e) {
          void message.error(e instanceof Error ? e.message : String(e));
        }
      },
    });
  };

  const bulkActions: { key: string; label: string; set: BulkSet }[] = [
    { key: 'activate', label: t('bulkActivate'), set: { active: true } },
    { key: 'deactivate', label: t('bulkDeactivate'), set: { active: false } },
    { key: 'hot-on', label: t('bulkHotOn'), set: { isHot: true } },
    { key: 'hot-off', label: t('bulkHotOff'), set: { isHot: false } },
    { key: 'new-on', label: t('bulkNewOn'), set: { isNew: true } },
    { key: 'new-off', label: t('bulkNewOff'), set: { isNew: false } },
    { key: 'special-on', label: t('bulkSpecialOn'), set: { isSpecial: true } },
    { key: 'special-off', label: t('bulkSpecialOff'), set: { isSpecial: false } },
  ];

  return (
    <Dropdown menu={{ items: bulkActions.map((a) => ({ key: a.key, label: a.label })), onClick: ({ key }) => { const a = bulkActions.find((x) => x.key === key); if (a) bulk(a.set, a.label); } }}>
      <Button data-testid="products-bulk">{t('bulk', { count: selected.length })}</Button>
    </Dropdown>
  );
}

/** `/catalog/products`: search like the storefront, filters, sorts, keyset pages, bulk changes; add and edit in a drawer (ADR 0030). */
export function ProductsView() {
  const t = useTranslations('adminProducts');
  const ti = useTranslations('adminImports');
  const router = useRouter();
  const locale = useLocale();
  const { message } = App.useApp();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const [loaded, setLoaded] = useState<{ key: string; rows: AdminProductRowDto[]; page: Omit<AdminProductListDto, 'items'> | null; error: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [round, setRound] = useState(0);
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const [categories, setCategories] = useState<AdminCategoryDto[]>([]);
  const [editing, setEditing] = useState<{ id: number | null; opening: number } | null>(null);
  const [history, setHistory] = useState<AdminProductRowDto | null>(null);
  const wide = Grid.useBreakpoint().md === true;

  const listQuery = {
    key: query.key, brandId: query.brandId, categoryId: query.categoryId, active: query.active, flag: query.flag, inStock: query.inStock, sort: query.sort, limit: PAGE_SIZE,
  };
  const listKey = toQuery(listQuery);
  const roundKey = `${listKey}#${round}`;
  const current = loaded?.key === roundKey ? loaded : null;
  // While a new list loads, the last one stays on screen under the table's spinner.
  const rows = (current ?? loaded)?.rows ?? [];
  const page = (current ?? loaded)?.page ?? null;
  const error = current?.error ?? null;
  const loading = current === null || loadingMore;
  const selected = selection.key === roundKey ? selection.ids : [];

  useEffect(() => {
    let live = true;
    adminApi<AdminProductListDto>('GET', `/api/admin/catalog/products${listKey}`).then(
      ({ items, ...rest }) => { if (live) setLoaded({ key: `${listKey}#${round}`, rows: items, page: rest, error: null }); },
      (e: unknown) => { if (live) setLoaded({ key: `${listKey}#${round}`, rows: [], page: null, error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [listKey, round]);

  useEffect(() => {
    adminApi<AdminCategoryDto[]>('GET', '/api/admin/catalog/categories').then(setCategories, () => undefined);
  }, []);

  const reload = useCallback(() => setRound((r) => r + 1), []);

  const more = async () => {
    if (!current?.page?.nextCursor) return;
    const base = current;
    const cursor = current.page.nextCursor;
    setLoadingMore(true);
    try {
      const next = await adminApi<AdminProductListDto>('GET', `/api/admin/catalog/products${toQuery({ ...listQuery, cursor })}`);
      setLoaded({
        ...base,
        rows: [...base.rows, ...next.items.filter((n) => !base.rows.some((x) => x.id === n.id))],
        page: { nextCursor: next.nextCursor, total: base.page?.total ?? 0, totalCapped: base.page?.totalCapped ?? false },
      });
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setLoadingMore(false);
    }
  };

  const remove = async (r: AdminProductRowDto) => {
    try {
      await adminApi('DELETE', `/api/admin/catalog/products/${r.id}`);
      void message.success(t('deleted'));
      reload();
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const name = (r: { nameZh: string; nameEn: string }) => (locale === 'en' ? r.nameEn : r.nameZh);
  const otherName = (r: { nameZh: string; nameEn: string }) => (locale === 'en' ? r.nameZh : r.nameEn);

  return (
    <section className="rounded-lg bg-white p-4" data-testid="products-view">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{t('title')}</h1>
        <Space wrap>
          <ImportUploadButton onUploaded={() => router.push('/admin/catalog/imports')} />
          <Tooltip title={ti('exportHint')}>
            <Button href={`/api/admin/catalog/products/export${toQuery({ ...listQuery, limit: undefined })}`} download icon={<DownloadOutlined />} data-testid="products-export">{ti('export')}</Button>
          </Tooltip>
          <Button type="primary" onClick={() => setEditing((e) => ({ id: null, opening: (e?.opening ?? 0) + 1 }))} data-testid="product-add">{t('add')}</Button>
        </Space>
      </div>
      <ProductFilters query={query} setQuery={setQuery} categories={categories} />
      {query.active !== 'true' && (query.sort === 'priceAsc' || query.sort === 'priceDesc') && <Alert type="info" title={t('priceSortActiveOnly')} className="mb-3" />}
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-500" data-testid="products-total">
          {page ? (page.totalCapped ? t('totalCapped') : t('total', { count: page.total })) : ''}
        </span>
        {selected.length > 0 && <BulkMenu selected={selected} onDone={reload} />}
      </div>
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Table<AdminProductRowDto>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1250 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelection({ key: roundKey, ids: keys.map(Number) }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        columns={productColumns({ t, locale, wide, name, otherName, onEdit: (r) => setEditing((e) => ({ id: r.id, opening: (e?.opening ?? 0) + 1 })), onDelete: remove, onHistory: setHistory })}
      />
      <div className="mt-3 flex justify-center">
        {page?.nextCursor && <Button onClick={() => void more()} loading={loading} data-testid="products-more">{t('more')}</Button>}
      </div>
      {editing && (
        <ProductFormDrawer key={editing.opening} productId={editing.id} categories={categories}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); reload(); }} />
      )}
      <RecordHistory entity="product" entityId={history?.id ?? null} title={history ? name(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}
