import { getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/ui/error-view';
import { Link } from '@/i18n/navigation';

/**
 * The 404 page's body, inside the frame of the layout whose page called `notFound()`. Each route
 * group of the site has its own `not-found.tsx` with this body alone: Next.js renders a segment's
 * not-found element into the payload of every page below it, so a not-found file that drew the
 * whole frame made every page carry a second header, menus and footer (ADR 0047).
 */
export async function NotFoundView() {
  const t = await getTranslations('errors');
  return (
    <ErrorView
      status={404}
      message={t('notFoundTitle')}
      detail={t('notFoundText')}
      action={<Link href="/" className="rounded-md bg-brand-500 px-4 py-2 text-white hover:bg-brand-600">{t('home')}</Link>}
    />
  );
}
