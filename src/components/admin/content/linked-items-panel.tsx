'use client';

import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popconfirm, Select, Space, Spin, Tag, Tooltip } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LinkOwner, LinkTarget, LinkedContentDto, LinkedProductDto, LinksDto } from '@/contracts/content-moderation';
import { adminApi, toQuery } from '../admin-api';
import { useAdminAction, useListMove } from '../common/use-admin-action';

const KIND_COLOURS: Record<string, string> = { news: 'blue', application: 'purple', support: 'cyan', citation: 'gold', resource: 'default' };
const NO_CONTENT: LinkedContentDto[] = [];
const KINDS = ['news', 'application', 'support', 'citation', 'resource'] as const;

/**
 * The links of one product or content item (ADR 0036), self-contained: loads them, adds through
 * search-as-you-type pickers (products by item number or name, content by title), removes after a
 * confirmation, and orders the linked content with up and down buttons. Content-to-content links show
 * on both items; a product's order is the one its page shows.
 */
export function LinkedItemsPanel({ owner, id }: { owner: LinkOwner; id: number | null }) {
  const t = useTranslations('adminLinks');
  const [links, setLinks] = useState<LinksDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const base = id === null ? null : `/api/admin/cms/links/${owner}/${id}`;

  useEffect(() => {
    if (!base) return;
    let live = true;
    adminApi<LinksDto>('GET', base).then(
      (l) => { if (live) { setLinks(l); setError(null); } },
      (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); },
    );
    return () => { live = false; };
  }, [base, round]);
  const reload = useCallback(async () => setRound((r) => r + 1), []);
  const run = useAdminAction(reload);
  const { move, moving } = useListMove(links?.content ?? NO_CONTENT, run, (ids) => adminApi('PUT', `${base ?? ''}/order`, { target: 'content', ids }), t('ordered'));

  if (!base) return <p className="text-sm text-slate-500" data-testid="links-save-first">{t('saveFirst')}</p>;
  if (error) return <Alert type="warning" title={error} data-testid="links-error" />;
  if (!links) return <Spin />;

  const add = (target: LinkTarget, targetId: number) => run(() => adminApi('POST', base, { target, targetId }), t('added'));
  const remove = (target: LinkTarget, targetId: number) => run(() => adminApi('DELETE', base, { target, targetId }), t('removed'));
  return (
    <div className="space-y-4" data-testid={`linked-items-${owner}`}>
      <section>
        <h3 className="mb-2 text-sm font-semibold">{t('content')}</h3>
        <Picker target="content" exclude={[...links.content.map((c) => c.id), ...(owner === 'content' ? [id as number] : [])]} onPick={(v) => void add('content', v)} />
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
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef('');

  const search = (key: string) => {
    latest.current = key;
    if (timer.current) clearTimeout(timer.current);
    const trimmed = key.trim();
    if (!trimmed) { setOptions([]); return; }
    timer.current = setTimeout(() => {
      setSearching(true);
      adminApi<LinksDto>('GET', `/api/admin/cms/links/search${toQuery({ target, key: trimmed.slice(0, 50) })}`).then((found) => {
        if (latest.current !== key) return;
        setOptions(target === 'product'
          ? found.products.map((p) => ({ value: p.id, label: `${p.itemNo} · ${(locale === 'en' ? p.nameEn : p.nameZh) || p.nameZh}` }))
          : found.content.map((c) => ({ value: c.id, label: `[${(KINDS as readonly string[]).includes(c.kind) ? t(`kinds.${c.kind as (typeof KINDS)[number]}`) : c.kind}] ${(locale === 'en' ? c.titleEn : c.titleZh) || c.titleZh}` })));
      }, () => setOptions([])).finally(() => setSearching(false));
    }, 300);
  };
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  const label = target === 'product' ? t('pickProduct') : t('pickContent');
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: search }}
      value={null}
      placeholder={label}
      aria-label={label}
      className="w-full"
      notFoundContent={searching ? <Spin size="small" /> : t('typeToSearch')}
      options={options.filter((o) => !exclude.includes(o.value))}
      onChange={(value) => { if (typeof value === 'number') { onPick(value); setOptions([]); } }}
      data-testid={`link-picker-${target}`}
    />
  );
}
