'use client';

import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Progress } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { GettingStartedStep } from '@/contracts/admin';
import { usePermitsEach } from '@/components/ui/permitted';
import { Link, usePathname } from '@/i18n/client-navigation';
import { apiQuery } from '@/lib/api/query';
import { adminPage, type AdminPagePath } from '../admin-pages';

/** The back-office page where each step is done. */
const STEP_PAGES: Record<GettingStartedStep, AdminPagePath> = {
  siteSettings: '/admin/system-setting/web-settings',
  brands: '/admin/catalog/brands',
  categories: '/admin/catalog/categories',
  import: '/admin/catalog/imports',
  staff: '/admin/system-setting/staffadd',
};
const STEPS = Object.keys(STEP_PAGES) as GettingStartedStep[];
/** The permission each step's page asks for (the registry's). */
const STEP_NEEDS = STEPS.map((step) => {
  const page = adminPage(STEP_PAGES[step]);
  if (!page) throw new Error(`${STEP_PAGES[step]} is not a page of the registry`);
  return { permissions: [page.permission] };
});

/**
 * A new shop's first steps, above the dashboard's figures until every one is done. Read again on every page
 * change while a step is left (the page is part of the query's key), so a step done on another tab is ticked
 * on return. Shown to members who may do at least one of the steps left; each step links to its page for those who may open it.
 */
export function GettingStarted() {
  const t = useTranslations('adminDashboard.gettingStarted');
  const pathname = usePathname();
  const allowed = usePermitsEach(STEP_NEEDS);
  const call = apiQuery('get', '/api/admin/dashboard/getting-started', undefined, { silent: true });
  // Asked only by members who may do a step. Once every step is done the key stops following the page and
  // the answer is kept, so an established shop's navigation asks nothing more.
  const [finished, setFinished] = useState(false);
  const list = useQuery({
    ...call, queryKey: finished ? call.queryKey : [...call.queryKey, pathname], staleTime: finished ? Infinity : 0,
    placeholderData: keepPreviousData, enabled: allowed.some(Boolean),
  });
  const allDone = list.data?.steps.every((s) => s.done) ?? false;
  // Kept from then on (state set while rendering, as React allows for the component's own state).
  if (allDone && !finished) setFinished(true);
  const steps = list.data?.steps ?? [];
  const done = steps.filter((s) => s.done).length;
  const mayAct = steps.some((s) => !s.done && allowed[STEPS.indexOf(s.key)]);
  if (steps.length === 0 || done === steps.length || !mayAct) return null;
  return (
    <Card title={t('title')} data-testid="getting-started"
      extra={<Progress type="circle" size={36} percent={Math.round((done / steps.length) * 100)} format={() => `${done}/${steps.length}`} aria-label={t('progress', { done, total: steps.length })} />}>
      <p className="mt-0 text-slate-600">{t('hint')}</p>
      <ol className="m-0 grid list-none gap-2 p-0">
        {steps.map((step) => {
          const label = t(`steps.${step.key}`);
          const link = allowed[STEPS.indexOf(step.key)] && !step.done;
          return (
            <li key={step.key} className="flex items-center gap-2" data-testid={`getting-started-${step.key}`} data-done={step.done ? 'true' : 'false'}>
              {step.done
                ? <CheckCircleFilled className="text-green-600" aria-label={t('done')} />
                : <span aria-hidden className="inline-block h-3.5 w-3.5 rounded-full border border-solid border-slate-400" />}
              {link
                ? <Link href={STEP_PAGES[step.key]}>{label} <RightOutlined className="text-xs" /></Link>
                : <span className={step.done ? 'text-slate-500 line-through' : undefined}>{label}</span>}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
