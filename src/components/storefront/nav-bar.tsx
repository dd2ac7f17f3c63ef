import { ChevronDown } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import type { NavMenusDto } from '@/contracts/content';
import { Link } from '@/i18n/navigation';
import { isContentMenuKey } from './content-menu-keys';
import { ContentNavMenu } from './content-nav-menu';
import { NAV_ITEMS } from './nav-items';
import { ProductMegaMenu } from './product-mega-menu';

export async function NavBar({ menus }: { menus: NavMenusDto }) {
  // The bar keeps the required labels (HOME, PRODUCT… in English, docs/requirements/storefront.md#navigation); titles and breadcrumbs use `nav`, in normal case.
  const t = await getTranslations('navBar');
  const tn = await getTranslations('nav');
  return (
    <nav aria-label={t('label')} className="hidden bg-brand-600 text-white md:block">
      <ul className="container-page flex items-stretch gap-0 overflow-x-auto whitespace-nowrap text-sm [scrollbar-width:none]">
        {NAV_ITEMS.map((item) => (
          <li key={item.key}>
            {item.key === 'product' ? <ProductMegaMenu label={t(item.key)} href={item.href} toggleLabel={tn('openProductMenu', { menu: t(item.key) })} icon={<ChevronDown aria-hidden size={14} />} /> : isContentMenuKey(item.key) ? <ContentNavMenu kind={item.key} label={t(item.key)} href={item.href} menus={menus} /> : (
            <Link href={item.href} className="block px-3 py-3 font-medium hover:bg-brand-700 lg:px-4">
              {t(item.key)}
            </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
