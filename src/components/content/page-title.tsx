import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

/** Breadcrumbs and the page heading. */
export function PageTitle({ crumbs, title, homeLabel, children }: { crumbs: { label: string; href?: string }[]; title: string; homeLabel: string; children?: ReactNode }) {
  const t = useTranslations('nav');
  return (
    <div className="mb-6">
      <nav aria-label={t('breadcrumb')} className="mb-2 text-xs text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link href="/" className="hover:text-brand-600">{homeLabel}</Link></li>
          {crumbs.map((c) => (
            <li key={c.label} className="flex items-center gap-1">
              <span aria-hidden>/</span>
              {c.href ? <Link href={c.href} className="hover:text-brand-600">{c.label}</Link> : <span>{c.label}</span>}
            </li>
          ))}
        </ol>
      </nav>
      {title && <h1 className="text-2xl font-bold text-ink" data-testid="page-title">{title}</h1>}
      {children}
    </div>
  );
}
