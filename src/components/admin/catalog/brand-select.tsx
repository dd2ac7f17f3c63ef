'use client';

import { Select, Spin } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type CSSProperties } from 'react';
import { useApiQuery } from '@/lib/api/query';
import { useDebounced } from '@/lib/use-debounced';

/** A brand as the pickers show it. */
export interface BrandChoice {
  id: number;
  nameZh: string;
  nameEn: string;
}

/**
 * Where the brands are searched: the content pages' endpoint (CONTENT.EDIT), the catalogue's brand
 * list (CATALOG.EDIT) or the price agreements' (PRICE.EDIT, the content pages' search). Both answer at most 20 brands matching what was typed (name in either language
 * or code), so a shop with thousands of brands is picked from as easily as one with ten.
 */
export type BrandSource = 'content' | 'catalog' | 'agreements';

const SEARCH_LIMIT = 20;

/**
 * The brands matching what was typed (250 ms after the last key; at once when the box is empty), and
 * the chosen brand when it is not among them (a filter restored from the address), fetched by its id.
 * A failed search finds nothing.
 */
function useBrandSearch(source: BrandSource, key: string, value: number | null | undefined, initial: BrandChoice | null | undefined) {
  const sent = useDebounced(key, 250, (k) => k === '');
  const search = sent || undefined;
  const contentSearch = useApiQuery('get', '/api/admin/content/brands', { params: { query: { key: search } } }, { enabled: source === 'content' });
  const agreementSearch = useApiQuery('get', '/api/admin/price-agreements/brands', { params: { query: { key: search } } }, { enabled: source === 'agreements' });
  const content = source === 'agreements' ? agreementSearch : contentSearch;
  const catalog = useApiQuery('get', '/api/admin/catalog/brands', { params: { query: { key: search, limit: SEARCH_LIMIT, sort: 'nameZh' } } },
    { enabled: source === 'catalog' });
  const query = source === 'catalog' ? catalog : content;
  const found = (query.error ? null : source === 'catalog' ? catalog.data?.items : content.data) ?? [];
  const answered = query.data !== undefined || query.error !== null;
  const id = value ?? 0;
  const missing = value !== null && value !== undefined && initial?.id !== value && answered && !found.some((b) => b.id === value);
  const contentOne = useApiQuery('get', '/api/admin/content/brands', { params: { query: { id } } }, { enabled: missing && source === 'content' });
  const agreementOne = useApiQuery('get', '/api/admin/price-agreements/brands', { params: { query: { id } } }, { enabled: missing && source === 'agreements' });
  const contentById = source === 'agreements' ? agreementOne : contentOne;
  const catalogById = useApiQuery('get', '/api/admin/catalog/brands/{id}', { params: { path: { id } } }, { enabled: missing && source === 'catalog' });
  const chosen = source === 'catalog' ? catalogById.data : contentById.data?.[0];
  // Searching from the key until the answer to it is in.
  const searching = sent !== key || query.isPending || query.isPlaceholderData;
  return { found, searching, chosen: chosen?.id === value ? chosen : null };
}

/**
 * A searchable brand select (ADR 0035, 0042): asks the server for the brands matching what is typed
 * (250 ms after the last key), never loads a fixed list; the chosen brand stays shown while others are
 * searched, and a brand chosen before (a saved form, a filter from the address) is fetched by its id.
 */
export function BrandSelect({ value, onChange, initial, allowClear, testId, ariaLabel, style, source = 'content', placeholder }: {
  value?: number | null; onChange?: (value: number | null) => void; initial?: BrandChoice | null; allowClear?: boolean; testId?: string;
  ariaLabel: string; style?: CSSProperties; source?: BrandSource; placeholder?: string;
}) {
  const t = useTranslations('adminContent');
  const locale = useLocale();
  const [key, setKey] = useState('');
  const { found, searching, chosen } = useBrandSearch(source, key, value, initial);
  // The chosen brand stays an option while other names are searched.
  const pinned = [initial, chosen].filter((b): b is BrandChoice => b !== null && b !== undefined && b.id === value);
  const options = [...pinned.slice(0, 1).filter((b) => !found.some((f) => f.id === b.id)), ...found];
  // The content pages show both names; the catalogue's forms the name in the page's language, as its lists do.
  const name = (b: BrandChoice) => (source === 'catalog' ? (locale === 'en' ? b.nameEn : b.nameZh)
    : locale === 'en' ? `${b.nameEn} · ${b.nameZh}` : `${b.nameZh} · ${b.nameEn}`);
  return (
    <Select showSearch allowClear={allowClear} value={value ?? undefined} onChange={(v: number | undefined) => onChange?.(v ?? null)}
      filterOption={false} onSearch={setKey} loading={searching} placeholder={placeholder ?? t('brandSearch')} aria-label={ariaLabel} data-testid={testId} style={style}
      notFoundContent={searching ? <Spin size="small" /> : t('noBrands')}
      options={options.map((b) => ({ value: b.id, label: name(b) }))} />
  );
}
