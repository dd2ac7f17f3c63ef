'use client';

import { Alert, Empty, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { adminApi } from '../admin-api';

/**
 * One list of a customer's record page (its quotations, contracts, complaints, testing cases): the first 50
 * rows of `url` the member may see, a warning when the member may not read them, and the empty text.
 */
export function CustomerTabTable<T extends { id: number }>({ url, companyId, testId, empty, columns }: {
  url: string; companyId: number; testId: string; empty: string; columns: TableColumnsType<T>;
}) {
  const [state, setState] = useState<{ key: string; items: T[]; error: string | null } | null>(null);
  const key = `${url}#${companyId}`;
  useEffect(() => {
    let live = true;
    adminApi<{ items: T[] }>('GET', `${url}?companyId=${companyId}&limit=50`).then(
      (p) => { if (live) setState({ key, items: p.items, error: null }); },
      (e: unknown) => { if (live) setState({ key, items: [], error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [url, companyId, key]);
  const shown = state?.key === key ? state : null;
  if (shown?.error) return <Alert type="warning" title={shown.error} />;
  return (
    <Table<T> rowKey="id" size="small" loading={!shown} dataSource={shown?.items ?? []} pagination={false} scroll={{ x: 'max-content' }} data-testid={testId}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }} columns={columns} />
  );
}
