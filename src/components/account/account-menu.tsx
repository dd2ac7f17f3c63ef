'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

export interface AccountMenuItem {
  id: '1' | '2' | '3' | '5' | '6';
  labelKey: 'orders' | 'cart' | 'quotations' | 'system' | 'profile';
  href: string;
}

/** The account layout's left menu; `?default=` selects the active item (docs/requirements/account.md#account-menu). */
export function AccountMenu({ items }: { items: AccountMenuItem[] }) {
  const t = useTranslations('account');
  const active = useSearchParams().get('default') ?? '6';
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
