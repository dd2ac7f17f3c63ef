'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { apiRequest } from '@/lib/api/client';
import { apiQueryKey } from '@/lib/api/query';
import { ChangeList, useAuditLabels } from './change-list';

const PAGE = 50;

/**
 * A record's history, page after page. Read afresh each time the drawer opens: the pages of a closed
 * drawer are dropped (`gcTime: 0`), so it starts again from the newest entries.
 */
function useHistoryPages(entity: string, entityId: number | null) {
  const query = { entity, entityId: String(entityId ?? ''), limit: PAGE };
  return useInfiniteQuery({
    queryKey: [...apiQueryKey('/api/admin/audit', { params: { query } }), 'pages'],
    queryFn: ({ pageParam, signal }) => apiRequest('get', '/api/admin/audit', { params: { query: { ...query, offset: pageParam } }, signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => pages.length + 1,
    enabled: entityId !== null,
    gcTime: 0,
  });
}

/** A record's own history from the audit log (newest first), in a drawer, 50 entries at a time. */
export function RecordHistory({ entity, entityId, title, onClose }: { entity: string; entityId: number | null; title: string; onClose: () => void }) {
  const t = useTranslations('adminAudit');
  const labels = useAuditLabels();
  const format = useFormatter();
  const history = useHistoryPages(entity, entityId);
  const pages = entityId === null ? undefined : history.data?.pages;
  // Entries written meanwhile shift the pages: keep each entry once. A first page that could not be read shows none.
  const current = pages
    ? { items: pages.flatMap((p) => p.items).filter((e, i, all) => all.findIndex((x) => x.id === e.id) === i), total: pages[pages.length - 1]?.total ?? 0 }
    : history.isError && entityId !== null ? { items: [], total: 0 } : null;
  const more = history.isFetchingNextPage;
  const loadMore = () => void history.fetchNextPage();

  return (
    <Drawer open={entityId !== null} onClose={onClose} title={t('historyOf', { name: title })} size={420}>
      {current === null ? <Spin /> : current.items.length === 0 ? <Empty description={t('empty')} /> : (
        <>
          <Timeline
            items={current.items.map((e) => ({
              key: e.id,
              content: (
                <div data-testid="history-entry">
                  <Typography.Text strong>{labels.action(e.action)}</Typography.Text>
                  <div className="text-xs text-slate-500">{format.dateTime(new Date(e.createdAt), 'stamp')} · {e.actorName} · {e.ip || '—'}</div>
                  <ChangeList changes={e.changes} note={e.note} />
                </div>
              ),
            }))}
          />
          <div className="flex items-center justify-between text-xs text-slate-500">
            <span data-testid="history-count">{t('shownOf', { shown: current.items.length, total: current.total })}</span>
            {current.items.length < current.total && (
              <Button size="small" loading={more} onClick={loadMore}>{t('loadMore')}</Button>
            )}
          </div>
        </>
      )}
    </Drawer>
  );
}
