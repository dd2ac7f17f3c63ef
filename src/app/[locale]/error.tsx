'use client';

import { useTranslations } from 'next-intl';
import { ErrorView } from '@/components/ui/error-view';

/** A failure while rendering a page: status 500, message "Error" (docs/requirements/storefront.md#error-pages). */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  return (
    <ErrorView
      status={500}
      message={t('defaultMessage')}
      detail={t('errorText')}
      action={<button type="button" onClick={reset} className="rounded-md bg-brand-500 px-4 py-2 text-white">{t('retry')}</button>}
    />
  );
}
