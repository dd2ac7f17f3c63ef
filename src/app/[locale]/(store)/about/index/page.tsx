import { redirect } from '@/i18n/navigation';

/** docs/requirements/storefront.md#redirects: /about/index redirects to /about/index/about. */
export default async function Redirect({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  redirect({ href: '/about/index/about', locale });
}
