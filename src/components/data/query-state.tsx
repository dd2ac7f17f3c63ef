'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Result, Spin } from 'antd';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

type Query<T> = Pick<UseQueryResult<T, Error>, 'data' | 'error' | 'isPending' | 'isFetching' | 'refetch'>;

function QueryError({ error, retry }: { error: Error | null; retry: () => void }) {
  const t = useTranslations('dataState');
  return (
    <Result status="error" title={t('error')} subTitle={error?.message && error.message !== 'error' ? error.message : undefined}
      extra={<Button onClick={retry}>{t('retry')}</Button>} data-testid="query-error" />
  );
}

/**
 * The loading, empty and error states of a query, in one place: a spinner until the first answer,
 * the error with "Try again" when there is none, `empty` (or "No data") when `isEmpty` says so, else
 * the children with the data. A refetch keeps showing the data it replaces.
 */
export function QueryState<T>({ query, isEmpty, empty, children }: {
  query: Query<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const t = useTranslations('dataState');
  if (query.data === undefined) {
    if (query.isPending && !query.error) return <div className="flex justify-center py-10"><Spin aria-label={t('loading')} /></div>;
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <Empty description={t('empty')} />}</>;
  return <>{children(query.data)}</>;
}

/**
 * The same states for an antd Table (`<Table {...useTableState(query)} />`): its spinner while the
 * query loads, and as its empty text the error with "Try again", or `emptyText` (else "No data").
 */
export function useTableState<T>(query: Query<T>, emptyText?: ReactNode): { loading: boolean; locale: { emptyText: ReactNode } } {
  const t = useTranslations('dataState');
  const failed = query.error && query.data === undefined;
  return {
    loading: query.isFetching,
    locale: { emptyText: failed ? <QueryError error={query.error} retry={() => void query.refetch()} /> : (emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />) },
  };
}
