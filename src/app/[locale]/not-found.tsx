import { getTranslations } from 'next-intl/server';
import { StoreShell } from '@/components/storefront/store-shell';
import { loadShellData } from '@/app/[locale]/_lib/load-shell-data';
import { ErrorView } from '@/components/ui/error-view';
import { Link } from '@/i18n/navigation';

export default async function NotFound() {
  const t = await getTranslations('errors');
  return (
    <StoreShell data={await loadShellData()} withNav={false}>
      <ErrorView
        status={404}
        message={t('notFoundTitle')}
        detail={t('notFoundText')}
        action={<Link href="/" className="rounded-md bg-brand-500 px-4 py-2 text-white hover:bg-brand-600">{t('home')}</Link>}
      />
    </StoreShell>
  );
}
