'use client';

import { AuditOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Link, usePathname } from '@/i18n/client-navigation';
import { adminApi } from './admin-api';
import { INBOX_CHANGED } from './approvals/inbox-view';

/** The header's "waiting for me" count: read on every page change, after a decision, and each minute. */
export function InboxBadge() {
  const t = useTranslations('adminApprovals');
  const pathname = usePathname();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => adminApi<{ count: number }>('GET', '/api/admin/approvals/inbox/count').then((d) => { if (live) setCount(d.count); }, () => {});
    void load();
    const timer = window.setInterval(load, 60_000);
    window.addEventListener(INBOX_CHANGED, load);
    return () => { live = false; window.clearInterval(timer); window.removeEventListener(INBOX_CHANGED, load); };
  }, [pathname]);
  if (count === null) return null;
  return (
    <Link href="/admin/approvals" aria-label={t('badgeLabel', { count })} data-testid="inbox-badge">
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<AuditOutlined />}><span className="hidden md:inline">{t('inboxTitle')}</span></Button>
      </Badge>
    </Link>
  );
}
