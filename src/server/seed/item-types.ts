import 'server-only';
import type { GhsBlock } from '@/server/db/schema';
import type { ProductLine, Shipping, Storage } from './lines';

/** A ready-made product that is not a single small molecule: antibodies, kits, media, plastics. */
export interface CatalogItem {
  nameZh: string;
  nameEn: string;
  line: ProductLine;
  category: string;
  /** Pack sizes from smallest to largest. */
  sizes: string[];
  /** List price of the smallest pack at the plainest grade, CNY. */
  basePrice: number;
  storage: Storage;
  shipping: Shipping;
  cas: string | null;
  synonyms: string[];
  ghs: GhsBlock | null;
}

interface ItemOptions {
  storage?: Storage;
  shipping?: Shipping;
  cas?: string;
  synonyms?: string;
  ghs?: GhsBlock;
}

export function shippingFor(storage: Storage): Shipping {
  if (storage === 'dry-ice') return 'dry-ice';
  return storage === 'rt' ? 'ambient' : 'ice-pack';
}

export function item(
  nameZh: string, nameEn: string, line: ProductLine, category: string, sizes: string, basePrice: number, options: ItemOptions = {},
): CatalogItem {
  const storage = options.storage ?? 'rt';
  return {
    nameZh, nameEn, line, category, sizes: sizes.split('|'), basePrice, storage,
    shipping: options.shipping ?? shippingFor(storage),
    cas: options.cas ?? null,
    synonyms: options.synonyms ? options.synonyms.split('; ') : [],
    ghs: options.ghs ?? null,
  };
}
