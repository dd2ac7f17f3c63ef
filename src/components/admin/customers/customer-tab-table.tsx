'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Empty, Table, type TableColumnsType } from 'antd';

/** What a customer's tab asks of its list: the first 50 rows of the customer's. */
export function tabQuery(companyId: number) {
  return { params: { query: { companyId, limit: 50 } } };
}

/**
 * One list of a customer's record page (its quotations, contracts, complaints, testing cases): the rows
 * `rows` (read with `tabQuery`) brought, a warning when the member may not read them, and the empty text.
 */
export function CustomerTabTable<T extends { id: number }>({ rows, testId, empty, columns }: {
  rows: Pick<UseQueryResult<{ items: T[] }, Error>, 'data' | 'error' | 'isFetching'>; testId: string; empty: string; columns: TableColumnsType<T>;
}) {
  if (rows.error) return <Alert type="warning" title={rows.error.message} />;
  return (
    <Table<T> rowKey="id" size="small" loading={rows.isFetching} dataSource={rows.data?.items ?? []} pagination={false} scroll={{ x: 'max-content' }} data-testid={testId}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }} columns={columns} />
  );
}
