'use client';

import { ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { ContentMenuKey } from './content-menu-keys';
import { useNavMenus } from './nav-menus-context';
import { useNavPanel } from './use-nav-panel';


type Href = string | { pathname: string; query: Record<string, string> };

/**
 * A nav-bar entry with a dropdown (spec §2 "Other menus"): resource types, support types, or
 * application categories with their cases. Opens on hover and with its toggle button (keyboard,
 * touch); the panel is fixed below the bar so the bar's horizontal scrolling never clips it.
 */
export function ContentNavMenu({ kind, label, href }: { kind: ContentMenuKey; label: string; href: string }) {
  const menus = useNavMenus();
  const t = useTranslations('navMenus');
  const { open, setOpen, top, root, toggle, panelId, hideSoon, hoverOpen, toggleClick } = useNavPanel({ escapeCloses: true });

  const link = 'block rounded px-2 py-1.5 text-sm text-ink hover:bg-brand-50 hover:text-brand-700';
  const item = (key: string, to: Href, text: string) => (
    <li key={key}><Link href={to} className={link} onClick={() => setOpen(false)}>{text}</Link></li>
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
            <Link href={{ pathname: '/applications/list', query: { typeId: String(a.id) } }} className="mb-1 block px-2 text-sm font-semibold text-brand-700 hover:underline" onClick={() => setOpen(false)}>{a.name}</Link>
            <ul>{a.cases.map((c) => item(`c${c.id}`, { pathname: '/applications/detail', query: { id: String(c.id) } }, c.name))}</ul>
          </div>
        ))}
      </div>
    );
  }

  return (
    <div
      ref={root}
      className="flex items-stretch"
      onMouseEnter={hoverOpen}
      onMouseLeave={hideSoon}
      data-testid={`nav-menu-${kind}`}
    >
      <Link href={href} className="block py-3 pl-3 pr-1 font-medium hover:bg-brand-700 lg:pl-4">{label}</Link>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('open', { menu: label })}
        onClick={toggleClick}
        className="flex items-center pr-2 hover:bg-brand-700 lg:pr-3"
        data-testid={`nav-menu-toggle-${kind}`}
      >
        <ChevronDown aria-hidden size={14} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        style={{ top, maxHeight: `calc(100dvh - ${top}px)` }}
        className="scroll-shadows fixed inset-x-0 z-50 overflow-y-auto overscroll-contain whitespace-normal border-b border-line bg-white text-left shadow-xl"
        data-testid={`nav-panel-${kind}`}
      >
        <div className="container-page py-5">{body}</div>
      </div>
    </div>
  );
}
