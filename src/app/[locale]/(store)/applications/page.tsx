import { redirect } from '@/i18n/navigation';

/** docs/requirements/storefront.md#redirects: /applications redirects to /applications/list (query kept). */
export default async function Redirect({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ locale }, search] = await Promise.all([params, searchParams]);
  const query = Object.fromEntries(Object.entries(search).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v[0] ?? '' : v]])));
  redirect({ href: { pathname: '/applications/list', query }, locale });
}
