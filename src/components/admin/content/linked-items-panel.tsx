'use client';

import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popconfirm, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { LinkOwner, LinkTarget, LinkedContentDto, LinkedProductDto } from '@/contracts/content-moderation';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useListMove } from '../common/table-parts';
import { useDebounced } from '@/lib/use-debounced';

const KIND_COLOURS: Record<string, string> = { news: 'blue', application: 'purple', support: 'cyan', citation: 'gold', resource: 'default' };
const NO_CONTENT: LinkedContentDto[] = [];
const KINDS = ['news', 'application', 'support', 'citation', 'resource'] as const;
/** A link's write changes the links of both its ends (the storefront reads its own API). */
const LINK_READS = ['/api/admin/cms/links/{owner}/{id}'] as const;

/**
 * The links of one product or content item (ADR 0036), self-contained: loads them, adds through
 * search-as-you-type pickers (products by item number or name, content by title), removes after a
 * confirmation, and orders the linked content with up and down buttons. Content-to-content links show
 * on both items; a product's order is the one its page shows.
 */
export function LinkedItemsPanel({ owner, id }: { owner: LinkOwner; id: number | null }) {
  const t = useTranslations('adminLinks');
  const path = { params: { path: { owner, id: id ?? 0 } } };
  const query = useApiQuery('get', '/api/admin/cms/links/{owner}/{id}', path, { enabled: id !== null });
  const links = id === null ? undefined : query.data;
  const addLink = useApiMutation('post', '/api/admin/cms/links/{owner}/{id}', { invalidates: LINK_READS, success: t('added') });
  const removeLink = useApiMutation('delete', '/api/admin/cms/links/{owner}/{id}', { invalidates: LINK_READS, success: t('removed') });
  const order = useApiMutation('put', '/api/admin/cms/links/{owner}/{id}/order', { invalidates: LINK_READS, success: t('ordered') });
  const { move, moving } = useListMove(links?.content ?? NO_CONTENT, async (ids) => (await order.send({ ...path, body: { target: 'content', ids } })) !== null, query.isError);

  if (id === null) return <p className="text-sm text-slate-500" data-testid="links-save-first">{t('saveFirst')}</p>;
  if (query.error) return <Alert type="warning" title={query.error.message} data-testid="links-error" />;
  if (!links) return <Spin />;

  const add = (target: LinkTarget, targetId: number) => addLink.send({ ...path, body: { target, targetId } });
  const remove = (target: LinkTarget, targetId: number) => removeLink.send({ ...path, body: { target, targetId } });
  return (
    <div className="space-y-4" data-testid={`linked-items-${owner}`}>
      <section>
        <h3 className="mb-2 text-sm font-semibold">{t('content')}</h3>
        <Picker target="content" exclude={[...links.content.map((c) => c.id), ...(owner === 'content' ? [id] : [])]} onPick={(v) => void add('content', v)} />
        <ContentList items={links.content} moving={moving} onMove={move} onRemove={(v) => void remove('content', v)} />
      </section>
      {owner === 'content' && (
        <section>
          <h3 className="mb-2 text-sm font-semibold">{t('products')}</h3>
          <Picker target="product" exclude={links.products.map((p) => p.id)} onPick={(v) => void add('product', v)} />
          <ProductList items={links.products} onRemove={(v) => void remove('product', v)} />
        </section>
      )}
    </div>
  );
}

function ContentList({ items, moving, onMove, onRemove }: { items: LinkedContentDto[]; moving: boolean; onMove: (index: number, by: -1 | 1) => void; onRemove: (id: number) => void }) {
  const t = useTranslations('adminLinks');
  const locale = useLocale();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noContent')} />;
  return (
    <ol className="mt-2 divide-y divide-slate-100 rounded border border-slate-200" aria-busy={moving} data-testid="linked-content-list">
      {items.map((c, i) => {
        const title = (locale === 'en' ? c.titleEn : c.titleZh) || c.titleZh;
        return (
          <li key={c.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-testid={`linked-content-${c.id}`}>
            <Tag color={KIND_COLOURS[c.kind] ?? 'default'}>{(KINDS as readonly string[]).includes(c.kind) ? t(`kinds.${c.kind as (typeof KINDS)[number]}`) : c.kind}</Tag>
            <span className="min-w-0 flex-1 break-words">{title}</span>
            {!c.published && <Tag>{t('draft')}</Tag>}
            <Space size={4}>
              <Tooltip title={t('up')}><Button size="small" icon={<ArrowUpOutlined />} aria-label={`${t('up')}: ${title}`} disabled={moving || i === 0} onClick={() => onMove(i, -1)} /></Tooltip>
              <Tooltip title={t('down')}><Button size="small" icon={<ArrowDownOutlined />} aria-label={`${t('down')}: ${title}`} disabled={moving || i === items.length - 1} onClick={() => onMove(i, 1)} /></Tooltip>
              <Popconfirm title={t('confirmRemove', { title })} okText={t('remove')} cancelText={t('cancel')} onConfirm={() => onRemove(c.id)}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('remove')}: ${title}`} />
              </Popconfirm>
            </Space>
          </li>
        );
      })}
    </ol>
  );
}

function ProductList({ items, onRemove }: { items: LinkedProductDto[]; onRemove: (id: number) => void }) {
  const t = useTranslations('adminLinks');
  const locale = useLocale();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noProducts')} />;
  return (
    <ul className="mt-2 divide-y divide-slate-100 rounded border border-slate-200" data-testid="linked-product-list">
      {items.map((p) => {
        const name = (locale === 'en' ? p.nameEn : p.nameZh) || p.nameZh;
        return (
          <li key={p.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-testid={`linked-product-${p.id}`}>
            <span className="font-mono text-xs text-slate-500">{p.itemNo}</span>
            <span className="min-w-0 flex-1 break-words">{name}</span>
            <Popconfirm title={t('confirmRemove', { title: p.itemNo })} okText={t('remove')} cancelText={t('cancel')} onConfirm={() => onRemove(p.id)}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('remove')}: ${p.itemNo}`} />
            </Popconfirm>
          </li>
        );
      })}
    </ul>
  );
}

/** A search-as-you-type select: asks the server 300 ms after the last key, shows what it found. */
function Picker({ target, exclude, onPick }: { target: LinkTarget; exclude: number[]; onPick: (id: number) => void }) {
  const t = useTranslations('adminLinks');
  const locale = useLocale();
  // The text typed, and what is searched for: the same 300 ms after the last key ('' at once, while there is none).
  const [text, setText] = useState('');
  const key = useDebounced(text, 300, (k) => k === '');
  const found = useApiQuery('get', '/api/admin/cms/links/search', { params: { query: { target, key } } }, { enabled: key !== '' });
  const kindName = (kind: string) => ((KINDS as readonly string[]).includes(kind) ? t(`kinds.${kind as (typeof KINDS)[number]}`) : kind);
  const options = key === '' || !found.data ? [] : target === 'product'
    ? found.data.products.map((p) => ({ value: p.id, label: `${p.itemNo} · ${(locale === 'en' ? p.nameEn : p.nameZh) || p.nameZh}` }))
    : found.data.content.map((c) => ({ value: c.id, label: `[${kindName(c.kind)}] ${(locale === 'en' ? c.titleEn : c.titleZh) || c.titleZh}` }));

  const search = (typed: string) => setText(typed.trim().slice(0, 50));

  const label = target === 'product' ? t('pickProduct') : t('pickContent');
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: search }}
      value={null}
      placeholder={label}
      aria-label={label}
      className="w-full"
      notFoundContent={found.isFetching ? <Spin size="small" /> : t('typeToSearch')}
      options={options.filter((o) => !exclude.includes(o.value))}
      onChange={(value) => { if (typeof value === 'number') { onPick(value); setText(''); } }}
      data-testid={`link-picker-${target}`}
    />
  );
}
