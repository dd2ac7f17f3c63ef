import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/content/page-title';
import { SideMenu } from '@/components/content/side-menu';
import { messagesFor, type Locale } from '@/i18n/routing';
import { getDb } from '@/server/db/client';
import { listContentTypes } from '@/server/modules/content/categories';

export type ResourceSub = 'coa' | 'coas' | 'msds' | 'protocols';

/** The resources section's frame: the resource types (handbooks first) and the COA, COAs, MSDS and protocol pages. */
export async function ResourcesFrame({ locale, active, title, children }: { locale: string; active: { type?: number; sub?: ResourceSub } | null; title: string; children: ReactNode }) {
  const [t, tn, types] = await Promise.all([
    getTranslations('resources'), getTranslations('nav'),
    listContentTypes(await getDb(), { kind: 'resource', lang: messagesFor(locale as Locale) }),
  ]);
  const subs: { key: ResourceSub; label: string }[] = [
    { key: 'coa', label: t('coa') }, { key: 'coas', label: t('coas') }, { key: 'msds', label: t('msds') }, { key: 'protocols', label: t('protocols') },
  ];
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('resources'), href: '/resources/index' }, ...(active ? [{ label: title }] : [])]} title={title} />
      <div className="flex flex-col gap-6 md:flex-row">
        <SideMenu
          title={tn('resources')}
          items={[
            ...types.map((ty) => ({ key: `t${ty.id}`, label: ty.type, href: { pathname: '/resources/index/detail', query: { type: String(ty.id) } }, active: active?.type === ty.id, count: ty.count })),
            ...subs.map((s) => ({ key: s.key, label: s.label, href: `/resources/index/${s.key}`, active: active?.sub === s.key })),
          ]}
        />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
