'use client';

import { Dropdown, Tabs } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo } from 'react';
import { useStoredValue } from '@/lib/use-stored-value';
import { usePathname, useRouter } from '@/i18n/navigation';

export interface VisitedView {
  path: string;
  title: string;
  affix: boolean;
}

const STORAGE_KEY = 'adminVisitedViews';

/** Removes views as the tab menu asks; affix views survive "close others" and "close all". */
export function closeViews(views: VisitedView[], action: 'close' | 'closeOthers' | 'closeAll', target: string): VisitedView[] {
  if (action === 'close') return views.filter((v) => v.path !== target || v.affix);
  if (action === 'closeOthers') return views.filter((v) => v.path === target || v.affix);
  return views.filter((v) => v.affix);
}

/** Visited-page tabs of the back-office (spec §4 "Tabs"). */
export function VisitedTabs({ current, affixViews }: { current: VisitedView | null; affixViews: VisitedView[] }) {
  const t = useTranslations('adminTabs');
  const router = useRouter();
  const pathname = usePathname();
  const [stored, setStored] = useStoredValue<VisitedView[]>('session', STORAGE_KEY, []);
  const views = useMemo(() => merge(affixViews, stored), [affixViews, stored]);

  useEffect(() => {
    if (current && !stored.some((v) => v.path === current.path)) setStored([...stored, current]);
  }, [current, stored, setStored]);

  function act(action: 'refresh' | 'close' | 'closeOthers' | 'closeAll', target: string) {
    if (action === 'refresh') {
      router.refresh();
      return;
    }
    const next = closeViews(views, action, target);
    setStored(next.filter((v) => !v.affix));
    if (!next.some((v) => v.path === pathname)) router.push(next.at(-1)?.path ?? '/admin');
  }

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={pathname}
      onChange={(key) => router.push(key)}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && act('close', key)}
      style={{ padding: '8px 12px 0', marginBottom: 0, background: '#fff' }}
      items={views.map((v) => ({
        key: v.path,
        closable: !v.affix,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: (['refresh', 'close', 'closeOthers', 'closeAll'] as const).map((a) => ({ key: a, label: t(a), disabled: a === 'close' && v.affix })),
              onClick: ({ key }) => act(key as 'refresh' | 'close' | 'closeOthers' | 'closeAll', v.path),
            }}
          >
            <span>{v.title}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}

function merge(base: VisitedView[], extra: VisitedView[]): VisitedView[] {
  const out = [...base];
  for (const v of extra) if (!out.some((o) => o.path === v.path)) out.push(v);
  return out;
}
