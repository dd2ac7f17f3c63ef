import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** /redirect/{path}: goes to /{path} with the same query (used to refresh a view). */
export default async function RedirectHelper({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string; path: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale, path } = await params;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) query.append(key, v);
  }
  const target = `/${path.map(encodeURIComponent).join('/')}`;
  redirect({ href: query.size ? `${target}?${query}` : target, locale: locale as Locale });
}
