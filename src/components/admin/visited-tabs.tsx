'use client';

import { Dropdown, Tabs } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { usePathname, useRouter } from '@/i18n/client-navigation';
import { useStoredValue } from '@/lib/use-stored-value';
import { closeViews, nextPathAfterClose, type TabAction, type VisitedView } from './visited-views';

const STORAGE_KEY = 'adminVisitedViews';
const ACTIONS = ['refresh', 'close', 'closeOthers', 'closeLeft', 'closeRight', 'closeAll'] as const;
type Action = (typeof ACTIONS)[number];

export interface CacheControl {
  forget: (paths: string[]) => void;
  refresh: (path: string) => void;
}

/** Visited-page tabs of the back-office (docs/requirements/back-office.md#tabs): one per named route visited, affix tabs first. */
export function VisitedTabs({ current, affixViews, cache, titles }: { current: VisitedView | null; affixViews: VisitedView[]; cache: CacheControl; titles: Record<string, string> }) {
  const t = useTranslations('adminTabs');
  const router = useRouter();
  const pathname = usePathname();
  const [stored, setStored] = useStoredValue<VisitedView[]>('session', STORAGE_KEY, []);
  // The active page's tab just closed: until the navigation away lands, it must not come back as a visit.
  const [leaving, setLeaving] = useState<string | null>(null);
  if (leaving !== null && current?.path !== leaving) setLeaving(null);
  const shown = current && leaving === current.path ? null : current;
  // Titles come from the menu in the current language; a view the menu no longer holds is dropped.
  const views = useMemo(
    () => merge(affixViews, stored, shown).filter((v) => v.path in titles).map((v) => ({ ...v, title: titles[v.path] ?? v.title })),
    [affixViews, stored, shown, titles],
  );

  useEffect(() => {
    if (!shown || shown.meta.affix) return;
    const known = stored.find((v) => v.path === shown.path);
    // A tab follows its page: the title in the current language and the query of the last visit.
    if (!known || known.fullPath !== shown.fullPath || known.title !== shown.title) {
      setStored(known ? stored.map((v) => (v.path === shown.path ? shown : v)) : [...stored, shown]);
    }
  }, [shown, stored, setStored]);

  function act(action: Action, target: VisitedView) {
    if (action === 'refresh') {
      cache.refresh(target.path);
      if (target.path !== pathname) router.push(target.fullPath);
      return;
    }
    const next = closeViews(views, action as TabAction, target.path);
    const closed = views.filter((v) => !next.includes(v)).map((v) => v.path);
    setStored(next.filter((v) => !v.meta.affix));
    cache.forget(closed);
    if (!next.some((v) => v.path === pathname)) {
      setLeaving(pathname);
      router.push(nextPathAfterClose(next));
    } else if (closed.length === 0 && action === 'close' && target.name === 'Dashboard') {
      // The dashboard cannot close: closing it refreshes it instead (docs/requirements/back-office.md#tabs).
      cache.refresh(target.path);
    }
  }

  function menuFor(v: VisitedView, index: number) {
    const last = views.length - 1;
    return ACTIONS.map((a) => ({
      key: a,
      label: t(a),
      disabled: (a === 'close' && v.meta.affix) || (a === 'closeLeft' && index === 0) || (a === 'closeRight' && index === last),
    }));
  }

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={current?.path ?? ''}
      aria-label={t('label')}
      onChange={(key) => {
        const v = views.find((x) => x.path === key);
        if (v) router.push(v.fullPath);
      }}
      onEdit={(key, action) => {
        const v = views.find((x) => x.path === key);
        if (action === 'remove' && v) act('close', v);
      }}
      style={{ padding: '6px 12px 0', marginBottom: 0, background: '#fff' }}
      items={views.map((v, index) => ({
        key: v.path,
        closable: !v.meta.affix,
        label: (
          <Dropdown trigger={['contextMenu']} menu={{
            items: menuFor(v, index),
            // The menu sits in a portal, but React events still bubble to the tab: it must not activate it.
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              act(key as Action, v);
            },
          }}>
            <span data-tab={v.path} data-affix={v.meta.affix ? '' : undefined}>{v.title}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}

function merge(base: VisitedView[], extra: VisitedView[], current: VisitedView | null): VisitedView[] {
  const out = base.map((b) => (current && current.path === b.path ? { ...b, fullPath: current.fullPath, title: current.title } : b));
  for (const v of extra) if (!out.some((o) => o.path === v.path)) out.push(current && current.path === v.path ? current : v);
  if (current && !out.some((o) => o.path === current.path)) out.push(current);
  return out;
}
