import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

/** The frame of a company-administration page: title, intro, and the way back to the hub. */
export async function CompanyPage({ title, intro, children, back = true }: { title: string; intro?: string; children: ReactNode; back?: boolean }) {
  const t = await getTranslations('company');
  return (
    <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6">
      {back && (
        <nav aria-label={t('breadcrumb')} className="mb-2 text-sm">
          <Link href="/sys/manage?default=5" className="text-brand-600 underline underline-offset-2">{t('hub.title')}</Link>
          <span aria-hidden="true" className="mx-1 text-muted">/</span>
          <span className="text-muted">{title}</span>
        </nav>
      )}
      <h1 className="mb-1 text-lg font-semibold">{title}</h1>
      {intro && <p className="mb-4 text-sm text-muted">{intro}</p>}
      {children}
    </section>
  );
}
