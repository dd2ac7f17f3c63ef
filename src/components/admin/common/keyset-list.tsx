'use client';

import { Button, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ApiInit } from '@/lib/api/client';
import { useApiQuery } from '@/lib/api/query';
import type { ApiData, ApiPathWith } from '@/lib/api/types';

type KeysetPath = { [P in ApiPathWith<'get'>]: ApiData<'get', P> extends { nextCursor: string | null; total: number } ? P : never }[ApiPathWith<'get'>];
// The init of a call whose parameters are all optional may be left out (`| undefined`): its query is that of the init itself.
type QueryOf<P extends KeysetPath> = NonNullable<ApiInit<'get', P>> extends { params?: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * A keyset-paged list read through the query cache: the cursors of the pages shown so far (the first
 * has none), reset whenever the filters change. Its query key is the path, so a write that invalidates
 * the path loads the shown page again.
 */
export function useKeysetQuery<P extends KeysetPath>(path: P, filters: Omit<QueryOf<P>, 'cursor'>) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const filterKey = JSON.stringify(filters);
  const [shownFilters, setShownFilters] = useState(filterKey);
  if (shownFilters !== filterKey) {
    setShownFilters(filterKey);
    setCursors([undefined]);
  }
  const cursor = cursors[cursors.length - 1];
  const query = useApiQuery('get', path, { params: { query: { ...filters, ...(cursor ? { cursor } : {}) } } } as ApiInit<'get', P>);
  const page = query.data as (ApiData<'get', P> & { nextCursor: string | null; total: number }) | undefined;
  return {
    query,
    page,
    first: () => setCursors([undefined]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    next: () => { const n = page?.nextCursor; if (n) setCursors((c) => [...c, n]); },
    atFirst: cursors.length === 1,
  };
}

/** What the pager needs of a keyset list. */
export interface KeysetControls {
  page?: { total: number; nextCursor: string | null } | null;
  atFirst: boolean;
  first: () => void;
  previous: () => void;
  next: () => void;
}

/** A list's own wording of its pager (its total says what it counts), instead of the common one. */
export interface PagerTexts { total: string; first: string; previous: string; next: string }

/** The pager of a keyset list: total, first, previous and next page. */
export function KeysetPager({ list, testId, texts }: { list: KeysetControls; testId: string; texts?: PagerTexts }) {
  const t = useTranslations('adminCommon');
  const shown = texts ?? { total: t('total', { total: list.page?.total ?? 0 }), first: t('firstPage'), previous: t('previousPage'), next: t('nextPage') };
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-slate-500" data-testid={`${testId}-total`}>{shown.total}</span>
      <Space>
        <Button disabled={list.atFirst} onClick={list.first}>{shown.first}</Button>
        <Button disabled={list.atFirst} onClick={list.previous}>{shown.previous}</Button>
        <Button disabled={!list.page?.nextCursor} onClick={list.next}>{shown.next}</Button>
      </Space>
    </div>
  );
}

/** An amount as the server wrote it, with thousands separators and two decimals. */
export function money(value: string): string {
  const [whole = '0', frac = '00'] = value.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0').slice(0, 2)}`;
}
