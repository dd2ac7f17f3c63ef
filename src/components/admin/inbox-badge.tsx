'use client';

import { AuditOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/client-navigation';
import { apiQuery } from '@/lib/api/query';

const COUNT_PATH = '/api/admin/approvals/inbox/count';

/**
 * The header's "waiting for me" count: read on every page change (the page is part of the query's key,
 * and the count is never taken as fresh), after a decision or a record sent for approval (their writes
 * invalidate it: APPROVAL_INBOX), and each minute.
 */
export function InboxBadge() {
  const t = useTranslations('adminApprovals');
  const pathname = usePathname();
  const call = apiQuery('get', COUNT_PATH);
  const inbox = useQuery({ ...call, queryKey: [...call.queryKey, pathname], staleTime: 0, refetchInterval: 60_000, placeholderData: keepPreviousData });
  const count = inbox.data?.count;
  if (count === undefined) return null;
  return (
    <Link href="/admin/approvals" aria-label={t('badgeLabel', { count })} data-testid="inbox-badge">
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<AuditOutlined />}><span className="hidden md:inline">{t('inboxTitle')}</span></Button>
      </Badge>
    </Link>
  );
}
