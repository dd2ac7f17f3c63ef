'use client';

import { Select, Spin } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState, type CSSProperties } from 'react';
import { adminApi, toQuery } from '../admin-api';

/** A brand as the pickers show it. */
export interface BrandChoice {
  id: number;
  nameZh: string;
  nameEn: string;
}

/**
 * Where the brands are searched: the content pages' endpoint (CONTENT.EDIT) or the catalogue's brand
 * list (CATALOG.EDIT). Both answer at most 20 brands matching what was typed (name in either language
 * or code), so a shop with thousands of brands is picked from as easily as one with ten.
 */
export type BrandSource = 'content' | 'catalog';

const SEARCH_LIMIT = 20;

async function searchBrands(source: BrandSource, key: string): Promise<BrandChoice[]> {
  if (source === 'content') return adminApi<BrandChoice[]>('GET', `/api/admin/content/brands${toQuery({ key })}`);
  const page = await adminApi<{ items: BrandChoice[] }>('GET', `/api/admin/catalog/brands${toQuery({ key, limit: SEARCH_LIMIT, sort: 'nameZh' })}`);
  return page.items;
}

async function brandById(source: BrandSource, id: number): Promise<BrandChoice | null> {
  if (source === 'content') return (await adminApi<BrandChoice[]>('GET', `/api/admin/content/brands${toQuery({ id })}`))[0] ?? null;
  return adminApi<BrandChoice>('GET', `/api/admin/catalog/brands/${id}`);
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
  const [found, setFound] = useState<{ key: string; brands: BrandChoice[] } | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      searchBrands(source, key).then(
        (brands) => { if (live) setFound({ key, brands }); },
        () => { if (live) setFound({ key, brands: [] }); },
      );
    }, key ? 250 : 0);
    return () => { live = false; clearTimeout(timer); };
  }, [key, source]);
  // The chosen brand's name, when it is not among the brands found (a filter restored from the address).
  const [chosen, setChosen] = useState<BrandChoice | null>(null);
  const missing = value !== null && value !== undefined && initial?.id !== value && chosen?.id !== value && found !== null && !found.brands.some((b) => b.id === value);
  useEffect(() => {
    if (!missing || value === null || value === undefined) return;
    let live = true;
    brandById(source, value).then((brand) => { if (live && brand) setChosen(brand); }, () => {});
    return () => { live = false; };
  }, [missing, value, source]);
  const searching = found?.key !== key;
  // The chosen brand stays an option while other names are searched.
  const pinned = [initial, chosen].filter((b): b is BrandChoice => b !== null && b !== undefined && b.id === value);
  const options = [...pinned.slice(0, 1).filter((b) => !found?.brands.some((f) => f.id === b.id)), ...(found?.brands ?? [])];
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
