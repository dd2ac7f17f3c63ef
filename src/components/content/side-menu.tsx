import { Link } from '@/i18n/navigation';

export interface SideMenuItem {
  key: string;
  label: string;
  href: string | { pathname: string; query?: Record<string, string> };
  active: boolean;
  count?: number;
}

/** The category menu beside a list: a column on wide screens, a scrolling row of chips on phones. */
export function SideMenu({ title, items }: { title: string; items: SideMenuItem[] }) {
  return (
    <nav aria-label={title} className="md:w-56 md:shrink-0" data-testid="side-menu">
      <h2 className="mb-2 hidden text-sm font-semibold text-muted md:block">{title}</h2>
      <ul className="flex gap-2 overflow-x-auto pb-1 md:flex-col md:gap-0 md:overflow-visible md:rounded-lg md:border md:border-line md:bg-white">
        {items.map((item) => (
          <li key={item.key} className="shrink-0">
            <Link
              href={item.href}
              aria-current={item.active ? 'page' : undefined}
              className={`flex items-center justify-between gap-2 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm md:rounded-none md:border-0 md:border-l-2 md:px-4 md:py-2.5 ${
                item.active ? 'border-brand-500 bg-brand-50 font-medium text-brand-700' : 'border-line bg-white hover:text-brand-600 md:border-transparent'
              }`}
            >
              <span>{item.label}</span>
              {item.count !== undefined && <span className="text-xs text-muted">{item.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
