import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/ui/error-view';
import { Link } from '@/i18n/navigation';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors');
  return { title: t('unauthorisedTitle'), robots: { index: false } };
}

export default async function UnauthorisedPage() {
  const t = await getTranslations('errors');
  return (
    <ErrorView
      status={401}
      message={t('unauthorisedTitle')}
      detail={t('unauthorisedText')}
      action={<Link href="/?login" className="rounded-md bg-brand-500 px-4 py-2 text-white hover:bg-brand-600">{t('home')}</Link>}
    />
  );
}
