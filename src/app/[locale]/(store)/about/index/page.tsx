import { redirect } from '@/i18n/navigation';

/** Spec §2: /about/index redirects to /about/index/about. */
export default async function Redirect({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  redirect({ href: '/about/index/about', locale });
}
