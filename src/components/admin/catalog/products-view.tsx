'use client';

import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Alert, App, Button, Dropdown, Empty, Grid, Popconfirm, Select, Space, Table, Tag, Tooltip, TreeSelect, type TableColumnsType } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AdminCategoryDto } from '@/contracts/catalog-editing';
import { ADMIN_PRODUCT_SORTS, PRODUCT_FLAGS, type AdminProductRowDto } from '@/contracts/catalog-editing-products';
import { Link, useRouter } from '@/i18n/client-navigation';
import { useTableState } from '@/components/data/query-state';
import { ApiError, apiRequest } from '@/lib/api/client';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/lib/api/query';
import { toQuery } from '@/lib/query-string';
import { useViewQuery } from '../use-view-query';
import { isOneOf } from '../common/view-filters';
import { BrandSelect } from './brand-select';
import { ImportUploadButton } from './import-upload-button';
import { MissingDocumentsAlert } from './missing-documents';
import { ProductFormDrawer } from './product-form';
import { RecordHistory } from '../common/record-history';
import { SearchField } from '@/components/ui/search-field';

const DEFAULTS = { key: '', brandId: '', categoryId: '', active: 'all', flag: '', inStock: '', sort: '' };
const PAGE_SIZE = 20;

const PRODUCTS = '/api/admin/catalog/products';
/** What a change of products changes: the list, and each product. */
const PRODUCT_PATHS = [PRODUCTS, '/api/admin/catalog/products/{id}'] as const;

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
      <SearchField allowClear placeholder={t('search')} aria-label={t('search')} defaultValue={query.key}
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
  const send = useApiMutation('post', '/api/admin/catalog/products/bulk', { invalidates: PRODUCT_PATHS });
  const bulk = (set: BulkSet, label: string) => {
    modal.confirm({
      title: t('bulkConfirm', { action: label, count: selected.length }),
      okText: t('ok'), cancelText: t('cancel'),
      onOk: async () => {
        const done = await send.send({ body: { ids: [...selected], set } });
        if (!done) return;
        void message.success(t('bulkDone', { count: done.data.updated }));
        onDone();
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

/** The list's request of the view's filters (those the address holds that the server knows). */
function listFilters(query: ProductsQuery) {
  return {
    key: query.key || undefined, brandId: query.brandId || undefined, categoryId: query.categoryId || undefined,
    active: isOneOf(['true', 'false', 'all'] as const, query.active) ? query.active : undefined,
    flag: isOneOf(PRODUCT_FLAGS, query.flag) ? query.flag : undefined,
    inStock: query.inStock === 'true' ? true : undefined,
    sort: isOneOf(ADMIN_PRODUCT_SORTS, query.sort) ? query.sort : undefined,
    limit: PAGE_SIZE,
  };
}

/**
 * The products of the filters, page after page ("More" adds the next one from the cursor the last
 * answered). A change of products loads every page shown again; new filters start from the first,
 * the last list staying on screen under the table's spinner until it is in.
 */
function useProductList(query: ProductsQuery) {
  const ta = useTranslations('apiClient');
  const { message } = App.useApp();
  const filters = listFilters(query);
  const list = useInfiniteQuery({
    queryKey: [...apiQueryKey(PRODUCTS, { params: { query: filters } }), 'pages'],
    queryFn: ({ pageParam, signal }) => apiRequest('get', PRODUCTS, { params: { query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const pages = list.data?.pages ?? [];
  const rows: AdminProductRowDto[] = [];
  for (const item of pages.flatMap((p) => p.items)) if (!rows.some((r) => r.id === item.id)) rows.push(item);
  const first = pages[0];
  const more = async () => {
    const next = await list.fetchNextPage();
    if (next.error) void message.error(next.error instanceof ApiError && next.error.isNetwork ? ta('network') : next.error.message);
  };
  return { list, rows, filterKey: JSON.stringify(filters), total: first ? { total: first.total, totalCapped: first.totalCapped } : null, hasMore: list.hasNextPage, more };
}

/** `/catalog/products`: search like the storefront, filters, sorts, keyset pages, bulk changes; add and edit in a drawer (ADR 0030). */
export function ProductsView() {
  const t = useTranslations('adminProducts');
  const ti = useTranslations('adminImports');
  const router = useRouter();
  const locale = useLocale();
  const [query, setQuery] = useViewQuery(DEFAULTS);
  const { list, rows, filterKey, total, hasMore, more } = useProductList(query);
  const table = useTableState(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />);
  const categories = useApiQuery('get', '/api/admin/catalog/categories').data ?? [];
  const remove = useApiMutation('delete', '/api/admin/catalog/products/{id}', { invalidates: PRODUCT_PATHS, success: t('deleted') });
  // The rows ticked for a bulk change: until the filters or the list change.
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const [editing, setEditing] = useState<{ id: number | null; opening: number } | null>(null);
  const [history, setHistory] = useState<AdminProductRowDto | null>(null);
  const wide = Grid.useBreakpoint().md === true;
  const selected = selection.key === filterKey ? selection.ids : [];
  const changed = () => setSelection({ key: '', ids: [] });

  const deleteProduct = async (r: AdminProductRowDto) => {
    if (await remove.send({ params: { path: { id: r.id } } })) changed();
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
            <Button href={`/api/admin/catalog/products/export${toQuery(query)}`} download icon={<DownloadOutlined />} data-testid="products-export">{ti('export')}</Button>
          </Tooltip>
          <Button type="primary" onClick={() => setEditing((e) => ({ id: null, opening: (e?.opening ?? 0) + 1 }))} data-testid="product-add">{t('add')}</Button>
        </Space>
      </div>
      <MissingDocumentsAlert onOpenProduct={(id) => setEditing((e) => ({ id, opening: (e?.opening ?? 0) + 1 }))} />
      <ProductFilters query={query} setQuery={setQuery} categories={categories} />
      {query.active !== 'true' && (query.sort === 'priceAsc' || query.sort === 'priceDesc') && <Alert type="info" title={t('priceSortActiveOnly')} className="mb-3" />}
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-500" data-testid="products-total">
          {total ? (total.totalCapped ? t('totalCapped', { count: total.total }) : t('total', { count: total.total })) : ''}
        </span>
        {selected.length > 0 && <BulkMenu selected={selected} onDone={changed} />}
      </div>
      <Table<AdminProductRowDto>
        rowKey="id"
        size="middle"
        {...table}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1250 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelection({ key: filterKey, ids: keys.map(Number) }) }}
        columns={productColumns({ t, locale, wide, name, otherName, onEdit: (r) => setEditing((e) => ({ id: r.id, opening: (e?.opening ?? 0) + 1 })), onDelete: deleteProduct, onHistory: setHistory })}
      />
      <div className="mt-3 flex justify-center">
        {hasMore && <Button onClick={() => void more()} loading={list.isFetching} data-testid="products-more">{t('more')}</Button>}
      </div>
      {editing && (
        <ProductFormDrawer key={editing.opening} productId={editing.id} categories={categories}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); changed(); }} />
      )}
      <RecordHistory entity="product" entityId={history?.id ?? null} title={history ? name(history) : ''} onClose={() => setHistory(null)} />
    </section>
  );
}
