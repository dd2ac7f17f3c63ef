import 'server-only';
import type { BannerDto, ContentSummary, TextBlockDto } from '@/contracts/content';
import type { BrandCardDto, ProductCardDto } from '@/contracts/catalog';
import type { SiteContact } from '@/contracts/site-settings';
import type { Lang } from '@/lib/lang';
import { storefrontTags } from '@/server/cache/storefront';
import { getDb } from '@/server/db/client';
import { countCatalogue, listFlaggedProducts, listRecommendedBrands } from '@/server/modules/catalog/queries';
import { listBanners } from '@/server/modules/content/banners';
import { listLatestContent } from '@/server/modules/content/items';
import { getSiteBlock } from '@/server/modules/content/site-blocks';
import { getSiteContact } from '@/server/modules/site-settings/queries';
import { sharedCache } from '../../_lib/shared-cache';

export interface HomeData {
  slides: BannerDto[];
  why: BannerDto[];
  intro: TextBlockDto | null;
  products: { hot: ProductCardDto[]; new: ProductCardDto[]; special: ProductCardDto[] };
  brands: BrandCardDto[];
  news: ContentSummary[];
  literature: ContentSummary[];
  stats: { products: number; brands: number; authorisedBrands: number };
  contact: SiteContact;
}

/** Everything the home page shows, the same for every visitor of a language: from the shared cache (ADR 0025). */
export const loadHome = sharedCache('home', [storefrontTags.shell, storefrontTags.catalogue, storefrontTags.content], async (lang: Lang): Promise<HomeData> => {
  const db = await getDb();
  const [slides, why, intro, hot, fresh, special, brands, news, literature, stats, contact] = await Promise.all([
    listBanners(db, { position: 'home-slideshow', lang }),
    listBanners(db, { position: 'home-why', lang }),
    getSiteBlock(db, { key: 'home-intro', lang }),
    listFlaggedProducts(db, { flag: 'hot', limit: 8, lang }),
    listFlaggedProducts(db, { flag: 'new', limit: 8, lang }),
    listFlaggedProducts(db, { flag: 'special', limit: 8, lang }),
    listRecommendedBrands(db, { limit: 12, lang }),
    listLatestContent(db, { kind: 'news', limit: 6, lang }),
    listLatestContent(db, { kind: 'citation', limit: 4, lang }),
    countCatalogue(db),
    getSiteContact(db),
  ]);
  return { slides, why, intro, products: { hot, new: fresh, special }, brands, news, literature, stats, contact };
});
