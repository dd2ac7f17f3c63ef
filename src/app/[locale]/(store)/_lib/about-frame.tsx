import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/content/page-title';
import { SideMenu } from '@/components/content/side-menu';

/** About us and partners share a side menu. */
export async function AboutFrame({ active, title, children }: { active: 'about' | 'partners'; title: string; children: ReactNode }) {
  const [t, tn] = [await getTranslations('about'), await getTranslations('nav')];
  return (
    <div className="container-page py-6">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('about'), href: '/about/index/about' }, { label: title }]} title={title} />
      <div className="flex flex-col gap-6 md:flex-row">
        <SideMenu title={tn('about')} items={[
          { key: 'about', label: t('about'), href: '/about/index/about', active: active === 'about' },
          { key: 'partners', label: t('partners'), href: '/about/index/partners', active: active === 'partners' },
        ]} />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
