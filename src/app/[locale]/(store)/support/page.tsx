import { redirect } from '@/i18n/navigation';

/** docs/requirements/storefront.md#redirects: /support redirects to /support/index (query kept). */
export default async function Redirect({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ locale }, search] = await Promise.all([params, searchParams]);
  const query = Object.fromEntries(Object.entries(search).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v[0] ?? '' : v]])));
  redirect({ href: { pathname: '/support/index', query }, locale });
}
