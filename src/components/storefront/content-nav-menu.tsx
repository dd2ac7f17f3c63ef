import { ChevronDown } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import type { NavMenusDto } from '@/contracts/content';
import { Link } from '@/i18n/navigation';
import type { ContentMenuKey } from './content-menu-keys';
import { NavDropdown } from './nav-dropdown';

type Href = string | { pathname: string; query: Record<string, string> };

/**
 * A nav-bar entry with a dropdown (docs/requirements/storefront.md#content-menus): resource types, support types, or
 * application categories with their cases. The links are rendered here, on the server; only the
 * opening and closing run in the browser (NavDropdown).
 */
export async function ContentNavMenu({ kind, label, href, menus }: { kind: ContentMenuKey; label: string; href: string; menus: NavMenusDto }) {
  const t = await getTranslations('navMenus');

  const link = 'block rounded px-2 py-1.5 text-sm text-ink hover:bg-brand-50 hover:text-brand-700';
  const item = (key: string, to: Href, text: string) => (
    <li key={key}><Link href={to} className={link}>{text}</Link></li>
  );

  let body: React.ReactNode;
  if (kind === 'resources') {
    body = (
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <p className="mb-2 text-xs font-semibold uppercase text-muted">{t('resourceTypes')}</p>
          <ul>{menus.resources.map((r) => item(`r${r.id}`, { pathname: '/resources/index/detail', query: { type: String(r.id) } }, r.name))}</ul>
        </div>
        <div>
          <p className="mb-2 text-xs font-semibold uppercase text-muted">{t('documents')}</p>
          <ul>
            {item('coa', '/resources/index/coa', t('coa'))}
            {item('coas', '/resources/index/coas', t('coas'))}
            {item('msds', '/resources/index/msds', t('msds'))}
            {item('protocols', '/resources/index/protocols', t('protocols'))}
          </ul>
        </div>
      </div>
    );
  } else if (kind === 'support') {
    body = (
      <ul className="grid gap-x-6 sm:grid-cols-3">
        {menus.support.map((s) => item(`s${s.id}`, { pathname: '/support/list', query: { id: String(s.id) } }, s.name))}
        {item('faq', '/support/index', t('faq'))}
      </ul>
    );
  } else {
    body = (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {menus.applications.map((a) => (
          <div key={a.id} className="min-w-0">
            <Link href={{ pathname: '/applications/list', query: { typeId: String(a.id) } }} className="mb-1 block px-2 text-sm font-semibold text-brand-700 hover:underline">{a.name}</Link>
            <ul>{a.cases.map((c) => item(`c${c.id}`, { pathname: '/applications/detail', query: { id: String(c.id) } }, c.name))}</ul>
          </div>
        ))}
      </div>
    );
  }

  return (
    <NavDropdown kind={kind} label={label} href={href} toggleLabel={t('open', { menu: label })} icon={<ChevronDown aria-hidden size={14} />}>
      {body}
    </NavDropdown>
  );
}
