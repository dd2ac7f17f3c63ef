'use client';

import { Button, Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { AuditEntryDto } from '@/contracts/admin';
import { adminApi, toQuery } from '../admin-api';
import { ChangeList } from './change-list';

const PAGE = 50;

interface Loaded { key: string; items: AuditEntryDto[]; total: number; pages: number }

const historyPage = (entity: string, entityId: number, offset: number) =>
  adminApi<{ items: AuditEntryDto[]; total: number }>('GET', `/api/admin/audit${toQuery({ entity, entityId, limit: PAGE, offset })}`);

/** A record's own history from the audit log (newest first), in a drawer, 50 entries at a time. */
export function RecordHistory({ entity, entityId, title, onClose }: { entity: string; entityId: number | null; title: string; onClose: () => void }) {
  const t = useTranslations('adminAudit');
  const format = useFormatter();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [more, setMore] = useState(false);
  const key = `${entity}:${entityId}`;
  useEffect(() => {
    if (entityId === null) return;
    historyPage(entity, entityId, 1).then((d) => setLoaded({ key, items: d.items, total: d.total, pages: 1 }), () => setLoaded({ key, items: [], total: 0, pages: 1 }));
  }, [entity, entityId, key]);
  const current = loaded?.key === key ? loaded : null;

  async function loadMore() {
    if (!current || entityId === null) return;
    setMore(true);
    try {
      const d = await historyPage(entity, entityId, current.pages + 1);
      // Entries written meanwhile shift the pages: keep each entry once.
      const seen = new Set(current.items.map((e) => e.id));
      setLoaded({ key, items: [...current.items, ...d.items.filter((e) => !seen.has(e.id))], total: d.total, pages: current.pages + 1 });
    } catch {
      // The API client has shown the error.
    } finally {
      setMore(false);
    }
  }

  return (
    <Drawer open={entityId !== null} onClose={onClose} title={t('historyOf', { name: title })} size={420}>
      {current === null ? <Spin /> : current.items.length === 0 ? <Empty description={t('empty')} /> : (
        <>
          <Timeline
            items={current.items.map((e) => ({
              key: e.id,
              content: (
                <div data-testid="history-entry">
                  <Typography.Text strong>{t.has(`actions.${e.action}`) ? t(`actions.${e.action}`) : e.action}</Typography.Text>
                  <div className="text-xs text-slate-500">{format.dateTime(new Date(e.createdAt), 'stamp')} · {e.actorName} · {e.ip || '—'}</div>
                  <ChangeList changes={e.changes} note={e.note} />
                </div>
              ),
            }))}
          />
          <div className="flex items-center justify-between text-xs text-slate-500">
            <span data-testid="history-count">{t('shownOf', { shown: current.items.length, total: current.total })}</span>
            {current.items.length < current.total && (
              <Button size="small" loading={more} onClick={() => void loadMore()}>{t('loadMore')}</Button>
            )}
          </div>
        </>
      )}
    </Drawer>
  );
}
