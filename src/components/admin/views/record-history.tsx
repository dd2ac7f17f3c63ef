'use client';

import { Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { AuditEntryDto } from '@/contracts/admin';
import { adminApi, toQuery } from '../admin-api';
import { ChangeList } from './change-list';

/** A record's own history from the audit log (newest first), in a drawer. */
export function RecordHistory({ entity, entityId, title, onClose }: { entity: string; entityId: number | null; title: string; onClose: () => void }) {
  const t = useTranslations('adminAudit');
  const format = useFormatter();
  const [loaded, setLoaded] = useState<{ key: string; items: AuditEntryDto[] } | null>(null);
  const key = `${entity}:${entityId}`;
  useEffect(() => {
    if (entityId === null) return;
    adminApi<{ items: AuditEntryDto[] }>('GET', `/api/admin/audit${toQuery({ entity, entityId, limit: 100 })}`)
      .then((d) => setLoaded({ key, items: d.items }), () => setLoaded({ key, items: [] }));
  }, [entity, entityId, key]);
  const items = loaded?.key === key ? loaded.items : null;
  return (
    <Drawer open={entityId !== null} onClose={onClose} title={t('historyOf', { name: title })} size={420}>
      {items === null ? <Spin /> : items.length === 0 ? <Empty description={t('empty')} /> : (
        <Timeline
          items={items.map((e) => ({
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
      )}
    </Drawer>
  );
}
