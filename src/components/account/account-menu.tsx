'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/client-navigation';
import { activeAccountItem, type AccountMenuItem } from '@/lib/account-menu';

export type { AccountMenuItem } from '@/lib/account-menu';

/**
 * The account layout's left menu. The active item is the one `?default=` names, or else the one whose
 * pages hold the current path (docs/requirements/account.md#account-menu), so that a page opened
 * directly marks its own item.
 */
export function AccountMenu({ items }: { items: AccountMenuItem[] }) {
  const t = useTranslations('account');
  const active = activeAccountItem(items, usePathname(), useSearchParams().get('default'));
  return (
    <nav aria-label={t('menuLabel')} className="w-full shrink-0 md:w-52">
      <ul className="flex gap-1 overflow-x-auto rounded-lg border border-line bg-white p-2 md:flex-col">
        {items.map((item) => {
          const selected = item.id === active;
          return (
            <li key={item.id}>
              <Link
                href={`${item.href}${item.href.includes('?') ? '&' : '?'}default=${item.id}`}
                aria-current={selected ? 'page' : undefined}
                data-testid={`account-menu-${item.labelKey}`}
                className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm ${selected ? 'bg-brand-500 text-white' : 'hover:bg-brand-50'}`}
              >
                {t(item.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
