/** Main navigation (docs/requirements/storefront.md#navigation); the footer links reuse part of it. */
export const NAV_ITEMS = [
  { key: 'home', href: '/' },
  { key: 'authorisedBrands', href: '/brand?type=1' },
  { key: 'brandOverview', href: '/brand?type=0' },
  { key: 'hotProducts', href: '/promotion/hot?type=1' },
  { key: 'product', href: '/product/index' },
  { key: 'resources', href: '/resources/index' },
  { key: 'support', href: '/support' },
  { key: 'applications', href: '/applications' },
  { key: 'news', href: '/news/index' },
  { key: 'about', href: '/about/index' },
  { key: 'contact', href: '/contact/contact' },
] as const;

export const FOOTER_NAV_KEYS = ['product', 'resources', 'support', 'applications', 'news', 'about'] as const;
